import type { PageQuery } from './common'

/** Displays: a widget showing a survey to a respondent (`POST /client/{environmentId}/displays`). */
export interface DisplayStore {
  /**
   * The guarded insert of a display (core's `createDisplay`, `domain/responses/display-writes.ts`, decides and retries):
   * inserts it, in one statement, only when the environment exists, the survey belongs to it, the survey is still
   * at `guard.version` (its `SurveyWriteFacts.version`, read by `storage.responses`), `guard.accepting` is true,
   * and `responseId`, when set, is a response of that survey. With `userId`, the contact with that userId in the
   * environment is linked, created if absent, atomically with the insert. Nothing is written unless the outcome is
   * `written`; otherwise the answer says what the statement saw, for core to name the refusal (a survey deleted
   * while the statement ran is reported as no survey).
   *
   * With `responseGuard`, the display is inserted only if the named response is still as core read it when it
   * decided (see `responseClaim`), checked under a lock on that response taken before the check, so that of
   * concurrent inserts claiming one anonymous response at most one is `written`.
   */
  insertGuarded(input: NewDisplay, guard: DisplayGuard): Promise<DisplayInsert>
  /**
   * What core needs to decide whether a display may name this response: the response of that environment
   * (null for an unknown id, another environment's included), its contact and that contact's `userId`, and
   * whether a display names it already (a display whose `responseId` it is, or the display the response
   * was created with).
   */
  responseClaim(environmentId: string, responseId: string): Promise<ResponseClaim | null>
  /**
   * The display of that environment (null for an unknown id, another environment's included) and the id of
   * its response: the response created with this `displayId`, else the `responseId` the display was created
   * with, else null.
   */
  responseOf(environmentId: string, displayId: string): Promise<{ responseId: string | null } | null>
  /**
   * A page of the displays of that environment made for `contactId` (a contact's data export): oldest first
   * (`createdAt`, then `id`, both ascending), strictly after the keyset position `page.after`, up to
   * `page.limit + 1`. Another environment's contact MUST get none. `responseId` is as `responseOf` gives it.
   */
  listByContact(environmentId: string, contactId: string, page: PageQuery): Promise<DisplayRecord[]>
}

/** What a display insert holds to (`DisplayStore.insertGuarded`): the survey's facts core decided on. */
export interface DisplayGuard {
  /** The survey's `SurveyWriteFacts.version` the decision read (null: no survey was found). */
  version: string | null
  /** Whether core found the survey taking submissions at the display's time. */
  accepting: boolean
}

/** What a display insert did: written, or what the statement saw instead. */
export type DisplayInsert =
  | { outcome: 'written' }
  | {
      outcome: 'refused'
      environmentFound: boolean
      /** The environment of the survey `surveyId` names, or null for no survey. */
      surveyEnvironmentId: string | null
      /** Whether the survey was at `guard.version`. */
      surveyCurrent: boolean
      /** Whether `responseId` names a response of the survey. */
      responseFound: boolean
    }

/** A stored display, as a contact's export shows it. */
export interface DisplayRecord {
  id: string
  surveyId: string
  contactId: string | null
  responseId: string | null
  createdAt: Date
  updatedAt: Date
}

export interface NewDisplay {
  id: string
  environmentId: string
  surveyId: string
  userId: string | null
  responseId: string | null
  createdAt: Date
  /** Generates the id of a contact created for `userId`. */
  newId: () => string
  /**
   * What the named response must still be at the write: `{ contactId }` linked to that contact (whose `userId`
   * is the display's), or `{ contactId: null }` anonymous and named by no display. Absent: no condition
   * beyond being a response of the survey.
   */
  responseGuard?: { contactId: string | null }
}

/** A response as a display create sees it (`DisplayStore.responseClaim`). */
export interface ResponseClaim {
  surveyId: string
  contactId: string | null
  contactUserId: string | null
  /** A display names it already. */
  named: boolean
}

export type CreateDisplayResult =
  | { outcome: 'created'; id: string }
  | { outcome: 'environment_not_found' }
  | { outcome: 'survey_not_found' }
  | { outcome: 'survey_in_other_environment' }
  | { outcome: 'survey_not_accepting' }
  /** `responseId` names no response of this survey (one of another survey, environment or project included). */
  | { outcome: 'response_not_found' }
  /** The response is no longer as `responseGuard` expects (another display claimed it meanwhile). */
  | { outcome: 'response_not_claimable' }
