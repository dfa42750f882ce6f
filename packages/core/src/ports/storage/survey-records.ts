import type { StoredCustomCss } from './projects'

export type SurveyStatus = 'draft' | 'scheduled' | 'inProgress' | 'paused' | 'completed'

/**
 * Where a survey's date stands against the moment of a read: `passed` (set, and not after it) or `notPassed`
 * (unset, or after it).
 */
export type DateStanding = 'passed' | 'notPassed'

/** A stored state a filter asks for: the stored status, and where its dates must stand (absent: either way). */
export interface StoredStatusCase {
  status: SurveyStatus
  runOnDate?: DateStanding
  closeOnDate?: DateStanding
}

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
  /** The widget shows no back button. */
  isBackButtonHidden: boolean
  /** A question answered by one choice moves on without a click on Next. */
  isAutoProgressingEnabled: boolean
  segmentId: string | null
  /**
   * Days this survey's responses are kept (1 to 36 500), counted from each response's `createdAt`; `null`
   * follows the environment's default (`EnvironmentRecord.responseRetentionDays`). A Canvass field.
   */
  responseRetentionDays: number | null
  /**
   * JSON parts, stored as they are. `blocks` is the survey's structure (pages of elements); `questions` the
   * same elements as the reference's v1 questions, derived from the blocks by core and written with them.
   * Surveys written before blocks have `blocks: []`, and core derives their blocks from `questions`.
   */
  blocks: unknown[]
  questions: unknown[]
  endings: unknown[]
  /** The survey's variables (`{id, name, type, value}`), validated by the survey schema. */
  variables: unknown[]
  welcomeCard: unknown
  hiddenFields: unknown
  singleUse: unknown
  languages: unknown[]
  triggers: unknown[]
  styling: unknown
  surveyClosedMessage: unknown
  productOverwrites: unknown
  /**
   * When the survey was archived through the v3 routes, `null` while it is active. Reads MUST set it; a write
   * whose record leaves it out (`undefined`, as the v1 routes' writes do) MUST keep the stored value.
   */
  archivedAt?: Date | null
  /** The v3 document's free-form `metadata`, stored as sent; reads MUST set it, writes leaving it out keep it. */
  metadata?: Record<string, unknown>
  /**
   * The survey's own custom CSS (docs/api.md, "Survey custom CSS in v3"): its source, what core compiled from it
   * and the processor's version, `null` when it has none. Reads MUST set it, returned as stored; writes leaving
   * it out (`undefined`, as every write but the v3 create and patch) MUST keep the stored value.
   */
  customCss?: StoredCustomCss | null
}

/** The survey fields that decide whether it accepts submissions. */
export interface SurveyStatusFields {
  environmentId: string
  status: SurveyStatus
  runOnDate: Date | null
  closeOnDate: Date | null
}
