/**
 * The types of a response update's primitives (`ResponseStore.readForUpdate`, `updateGuarded`, `updateLocked`),
 * which core's `updateResponse` runs (docs/architecture.md, "A response write").
 */
import type { ResponsePatch, ResponseRecord } from './response-records'
import type { SurveyStatusFields } from './survey-records'

/** A response as an update is decided on (`ResponseStore.readForUpdate`). */
export interface ResponseForUpdate {
  response: ResponseRecord
  survey: ResponseSurveyFields
  /** The survey's `autoComplete`: a finishing update of a survey that has one is written under its lock. */
  autoComplete: number | null
  /** Changes on every write of the response row: a write decided on this read applies only while it holds. */
  version: string
}

/** What a guarded update holds to (`ResponseStore.updateGuarded`). */
export interface UpdateGuard {
  /** The `ResponseForUpdate.version` the decision read. */
  version: string
  /** Whether the response was finished as read: a patch that finishes it is guarded by the survey too. */
  wasFinished: boolean
  /** Mark the written response unscreened (`ResponseUpdateOptions.screenQuotas`, its survey having quotas). */
  screenQuotas: boolean
}

export interface LockedUpdateOptions {
  /** The survey to lock before the response (a finishing update), or null. */
  lockSurvey: string | null
  /** Hand `decide.patch` the survey's `answerScales`. */
  answerScales: boolean
  /** As `ResponseUpdateOptions.screenQuotas`. */
  screenQuotas: boolean
}

/** Core's decision of an update under its locks (`ResponseStore.updateLocked`). */
export interface LockedUpdateDecision {
  /**
   * The patch to write, null to write nothing, or `lock_survey`: the patch finishes the response and the
   * survey is not locked, so nothing is written and core runs the update again with the survey's lock.
   */
  patch(current: ResponseRecord, survey: ResponseSurveyFields): ResponsePatch | null | 'lock_survey'
  completes: AutoCompleteDecision
}

/** What a locked update did: the response is gone, was left as it is, was written, or needs the survey's lock. */
export type LockedUpdate =
  | { outcome: 'missing' }
  | { outcome: 'unchanged' | 'written'; response: ResponseRecord }
  | { outcome: 'lock_survey' }

/** What an update's decision is handed of the response's survey (`ResponseStore.readForUpdate`, `updateLocked`). */
export interface ResponseSurveyFields extends SurveyStatusFields {
  /** Whether the survey has a `pin`: a respondent's update must then carry a proof of it. */
  hasPin: boolean
  /**
   * Whether the survey has quotas, read with the response (the same statement, no extra round trip): core
   * screens a client's write against its survey's quotas only then, so a survey without quotas costs nothing.
   */
  hasQuotas: boolean
  /**
   * The survey's scale questions as they are now, in the survey's order (`AnswerScale`), read with the
   * response (the same statement): core refuses an update whose answers leave their scale. Present only when
   * the update asked for them (`ResponseUpdateOptions.answerScales`): an update of texts does not pay for
   * reading the survey's questions.
   */
  answerScales?: AnswerScale[]
}

export interface ResponseUpdateOptions {
  /** Hand `change` the survey's `answerScales`. @default false */
  answerScales?: boolean
  /**
   * The caller screens the written response against its survey's quotas (core's client routes). When `change`
   * was handed `hasQuotas: true` and its patch is written, the write MUST mark the response unscreened with the
   * patch's `updatedAt` (replacing an earlier mark), atomically with the write, as
   * `CreateResponseCheck.screenQuotas` says. @default false
   */
  screenQuotas?: boolean
}

/**
 * Core's judgement, under the survey's lock and after the write that finished a response, of whether the
 * survey's `finished` responses complete it at `now` (core's `autoCompletes`).
 */
export type AutoCompleteDecision = (
  survey: Pick<SurveyStatusFields, 'status' | 'runOnDate' | 'closeOnDate'> & { autoComplete: number | null },
  finished: number,
  now: Date,
) => boolean

/**
 * A question whose answers a summary aggregates as numbers (docs/design.md, "Limits and input": such numbers are bounded on input).
 * An answer to it that is a JSON number MUST be an integer from `min` to `max`; any other answer (the empty
 * string of a skipped question, a text) is not the scale's to judge. The scales are those `survey-summary.ts`
 * reads: `nps` 0–10; `rating` 1–`range` (10 when the question has no numeric `range`); `csat` and `ces`
 * 1–`range` (5 without one). A question without a string `id` has no scale.
 */
export interface AnswerScale {
  questionId: string
  min: number
  max: number
}
