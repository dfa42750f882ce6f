import type { PageQuery } from './common'

/** Surveys. */
export interface SurveyStore {
  list(environmentId: string, page: PageQuery): Promise<SurveyRecord[]>
  /** A survey by id in any environment: core compares `environmentId` to tell 401 from 404. */
  get(id: string): Promise<SurveyRecord | null>
  insert(survey: SurveyRecord): Promise<void>
  /** Replaces the stored survey of that environment; returns false when there is none. */
  update(survey: SurveyRecord): Promise<boolean>
  /** Deletes the survey with its responses, displays and files; returns the deleted survey. */
  delete(environmentId: string, id: string): Promise<SurveyRecord | null>
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
