import type { JsonObject } from './common'

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
  /** When it was last changed, for imports; `createdAt` when omitted (a response is new when created). */
  updatedAt?: Date
  /** Links (creating if absent) the contact with this userId in the checked environment. */
  userId: string | null
  /** Generates the id of a contact created for `userId`. */
  newId: () => string
  /**
   * Tags to link the response to, in the create's transaction: ids that name no tag of the survey's
   * environment are skipped. The webhook events the create records carry them. Callers bound it (at most a
   * hundred).
   */
  tagIds?: readonly string[]
}

export interface CreateResponseCheck {
  /** The environment the caller writes to: the survey must belong to it. */
  environmentId: string
  /** Refuse surveys whose effective status is `scheduled`, `paused` or `completed` (client routes). */
  requireAccepting: boolean
  /** Also report `environment_not_found` when the environment does not exist (client routes). */
  checkEnvironment: boolean
  /**
   * Whether the caller showed the survey's PIN (a respondent with a valid proof) or needs none (management
   * routes). When false, a survey with a `pin` MUST refuse the response as `pin_required`; a survey without
   * one ignores it.
   */
  pinProven: boolean
  /**
   * Refuse, as `single_use_id_required`, a response without `singleUseId` to a link survey whose `singleUse`
   * is enabled (the v1 client route, as the reference's asks; docs/api.md#single-use-ids).
   * @default false
   */
  requireSingleUseId?: boolean
  /**
   * The caller screens the created response against its survey's quotas after the write (core's client
   * routes; docs/architecture.md, "A response write"). When set and the survey has quotas (`hasQuotas`), the
   * write MUST mark the response unscreened, with its `updatedAt` as the mark, in the same statement or
   * transaction as the row (no further round trip), so that a screening that never comes (the database dropped
   * in between, the process died) is done later: `QuotaStore.screen` removes the mark it answers for, and
   * `QuotaStore.claimUnscreened` hands out the marks that stay. Without it nothing is marked (management
   * writes and imports are not screened).
   * @default false
   */
  screenQuotas?: boolean
}

export type CreateResponseResult =
  /**
   * `hasQuotas` MUST be present (`true`) when the survey had quotas as the write saw it, and absent otherwise:
   * core screens a client's create against its survey's quotas only then. Read with the write (e.g. an
   * `exists` in the insert's `returning`), so a survey without quotas costs no further round trip.
   */
  | { outcome: 'created'; id: string; hasQuotas?: true }
  | { outcome: 'environment_not_found' }
  | { outcome: 'survey_not_found' }
  | { outcome: 'survey_in_other_environment' }
  | { outcome: 'survey_not_accepting' }
  /**
   * `requireSingleUseId` was set, the survey is a single-use link survey and the create names no
   * `singleUseId`. Checked right after the survey's environment, before every other refusal.
   */
  | { outcome: 'single_use_id_required' }
  /** Another response of the survey has this `singleUseId` (refused atomically, e.g. by a unique index). */
  | { outcome: 'single_use_id_taken' }
  /** `displayId` names no display of this survey. */
  | { outcome: 'display_not_found' }
  /** The survey has a PIN and `pinProven` was false (checked after every other refusal). */
  | { outcome: 'pin_required' }
  /**
   * Another response names this `displayId`: a display has at most one response, as in the reference
   * (refused atomically, e.g. by a unique index, so that concurrent creates store one).
   */
  | { outcome: 'display_taken' }
  /**
   * The display was made for a contact and this response is not that contact's (no `userId`, or another).
   * Checked after `display_not_found`, before `pin_required`.
   */
  | { outcome: 'display_of_other_contact' }
  /**
   * An answer is a number off its question's scale (`AnswerScale`): the first such question in the survey's
   * order, with its scale. Checked after every other refusal but `survey_not_accepting`.
   */
  | { outcome: 'answer_out_of_range'; questionId: string; min: number; max: number }

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
  /**
   * Replaces the response's tags, in the update's transaction and before its webhook events are recorded (so
   * they carry the new tags): ids that name no tag of the response's environment are skipped. Callers bound
   * it (at most a hundred).
   */
  tagIds?: readonly string[]
}
