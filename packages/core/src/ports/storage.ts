/**
 * The storage port: everything Canvass keeps. An adapter (e.g. `@canvass/storage-kysely`) implements it;
 * core assigns ids and timestamps, validates input and decides every HTTP answer.
 *
 * Rules every implementation MUST follow:
 * - Every method that takes an `environmentId` MUST only read or change rows of that environment.
 * - A method that changes more than one row MUST do it atomically (one transaction or one statement).
 * - Lookups by id MUST accept any string: an id that cannot exist returns `null`, never throws.
 * - Timestamps are stored with millisecond precision and returned as `Date`.
 * - Lists are ordered by `createdAt` descending, then `id` descending, and return at most `limit + 1`
 *   rows so that core can tell whether another page exists.
 * - JSON values (survey parts, response data) are stored and returned unchanged.
 */
export interface Storage {
  /** Creates an organization. */
  createOrganization(org: OrganizationRecord): Promise<void>
  /**
   * Creates a project with its `production` and `development` environments and each environment's
   * default rows (contract §1), all in one transaction.
   */
  createProject(project: NewProject): Promise<void>
  /** The organization, project and environments that exist, for bootstrapping; empty when none. */
  listProjects(): Promise<ProjectSummary[]>
  getEnvironment(id: string): Promise<EnvironmentRecord | null>

  insertApiKey(key: ApiKeyRecord): Promise<void>
  /** The key with this SHA-256 hash (hex), if it exists and is not revoked. */
  findApiKeyByHash(hash: string): Promise<ApiKeyRecord | null>
  listApiKeys(environmentId: string): Promise<ApiKeyRecord[]>
  /** Marks the key revoked; returns false when no such live key exists. */
  revokeApiKey(id: string, revokedAt: Date): Promise<boolean>

  listSurveys(environmentId: string, page: PageQuery): Promise<SurveyRecord[]>
  /** A survey by id in any environment: core compares `environmentId` to tell 401 from 404. */
  getSurvey(id: string): Promise<SurveyRecord | null>
  insertSurvey(survey: SurveyRecord): Promise<void>
  /** Replaces the stored survey of that environment; returns false when there is none. */
  updateSurvey(survey: SurveyRecord): Promise<boolean>
  /** Deletes the survey with its responses, displays and files; returns the deleted survey. */
  deleteSurvey(environmentId: string, id: string): Promise<SurveyRecord | null>

  /**
   * Checks the survey and inserts the response in one round trip where the database allows it.
   * When `input.userId` is set, the contact with that userId in `environmentId` is linked (created if
   * absent) in the same transaction. Nothing is written unless the result is `created`. A finished response
   * that brings the survey's finished responses to its `autoComplete` also sets the survey `completed` (if
   * its effective status is `inProgress`), atomically with the insert.
   */
  createResponse(input: NewResponse, check: CreateResponseCheck): Promise<CreateResponseResult>
  /** A response by id in any environment, with its person, notes and tags. */
  getResponse(id: string): Promise<ResponseRecord | null>
  listResponses(environmentId: string, query: PageQuery & { surveyId?: string }): Promise<ResponseRecord[]>
  /**
   * Locks the response (if it exists in any environment), hands it and its survey's status fields to
   * `change`, and writes the patch it returns, in one transaction. If `change` throws, nothing is
   * written and the error propagates. Returns `null` when no response has that id. A response that becomes
   * finished completes its survey at `autoComplete`, as in `createResponse`, in the same transaction.
   */
  updateResponse(
    id: string,
    change: (current: ResponseRecord, survey: SurveyStatusFields) => ResponsePatch,
  ): Promise<ResponseRecord | null>
  /** Deletes the response of that environment; returns it as it was, or null. */
  deleteResponse(environmentId: string, id: string): Promise<ResponseRecord | null>

  /** Answers true when the database is reachable (health checks). */
  ping(): Promise<boolean>
}

export interface PageQuery {
  /** Rows to return; implementations return up to `limit + 1`. */
  limit: number
  /** Rows to skip (offset pagination). */
  skip?: number
  /** Keyset position: only rows strictly after this one in the list order. */
  after?: { createdAt: Date; id: string }
}

export interface OrganizationRecord {
  id: string
  name: string
  createdAt: Date
}

export interface NewProject {
  id: string
  organizationId: string
  name: string
  createdAt: Date
  /** Ids for the two environments the project gets. */
  environments: { production: string; development: string }
  /** Generates ids for the environments' default rows. */
  newId: () => string
}

export interface ProjectSummary {
  organizationId: string
  projectId: string
  projectName: string
  environments: { production: string; development: string }
}

export type EnvironmentType = 'production' | 'development'

export interface EnvironmentRecord {
  id: string
  type: EnvironmentType
  projectId: string
  projectName: string
  appSetupCompleted: boolean
  websiteSetupCompleted: boolean
  createdAt: Date
  updatedAt: Date
}

export interface ApiKeyRecord {
  id: string
  environmentId: string
  /** SHA-256 of the plain key, lowercase hex. */
  hash: string
  label: string | null
  createdAt: Date
  revokedAt: Date | null
}

export type SurveyStatus = 'draft' | 'scheduled' | 'inProgress' | 'paused' | 'completed'

/** A stored survey: the survey fields of the API plus ownership and timestamps. */
export interface SurveyRecord {
  id: string
  environmentId: string
  createdAt: Date
  updatedAt: Date
  name: string
  type: string
  status: SurveyStatus
  createdBy: string | null
  delay: number
  displayOption: string
  displayLimit: number | null
  displayPercentage: number | null
  autoClose: number | null
  autoComplete: number | null
  closeOnDate: Date | null
  runOnDate: Date | null
  recontactDays: number | null
  pin: string | null
  redirectUrl: string | null
  resultShareKey: string | null
  showLanguageSwitch: boolean | null
  isVerifyEmailEnabled: boolean
  segmentId: string | null
  /** JSON parts, stored as they are. */
  questions: unknown[]
  endings: unknown[]
  welcomeCard: unknown
  hiddenFields: unknown
  singleUse: unknown
  languages: unknown[]
  triggers: unknown[]
  styling: unknown
  surveyClosedMessage: unknown
  productOverwrites: unknown
}

/** The survey fields that decide whether it accepts submissions. */
export interface SurveyStatusFields {
  environmentId: string
  status: SurveyStatus
  runOnDate: Date | null
  closeOnDate: Date | null
}

export type JsonObject = Record<string, unknown>

export interface PersonRecord {
  id: string
  userId: string | null
  environmentId: string
  attributes: Record<string, string>
  createdAt: Date
  updatedAt: Date
}

/** What a respondent's answer holds, stored or about to be. */
export interface ResponseFields {
  id: string
  createdAt: Date
  surveyId: string
  finished: boolean
  data: JsonObject
  meta: JsonObject
  ttc: Record<string, number>
  variables: JsonObject
  language: string | null
  singleUseId: string | null
  displayId: string | null
  endingId: string | null
}

export interface ResponseRecord extends ResponseFields {
  updatedAt: Date
  environmentId: string
  /** The contact's attributes when the response was created. */
  personAttributes: Record<string, string> | null
  person: PersonRecord | null
  notes: unknown[]
  tags: unknown[]
}

export interface NewResponse extends ResponseFields {
  /** Links (creating if absent) the contact with this userId in the checked environment. */
  userId: string | null
  /** Generates the id of a contact created for `userId`. */
  newId: () => string
}

export interface CreateResponseCheck {
  /** The environment the caller writes to: the survey must belong to it. */
  environmentId: string
  /** Refuse surveys whose effective status is `scheduled`, `paused` or `completed` (client routes). */
  requireAccepting: boolean
  /** Also report `environment_not_found` when the environment does not exist (client routes). */
  checkEnvironment: boolean
}

export type CreateResponseResult =
  | { outcome: 'created'; id: string }
  | { outcome: 'environment_not_found' }
  | { outcome: 'survey_not_found' }
  | { outcome: 'survey_in_other_environment' }
  | { outcome: 'survey_not_accepting' }

/** Fields a response update replaces; omitted fields stay as they are. */
export interface ResponsePatch {
  updatedAt: Date
  finished?: boolean
  data?: JsonObject
  ttc?: Record<string, number>
  variables?: JsonObject
  meta?: JsonObject
  language?: string | null
  endingId?: string | null
}
