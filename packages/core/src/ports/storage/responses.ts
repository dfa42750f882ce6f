import type { JsonObject, PageQuery } from './common'
import type { ResponseCondition } from './response-conditions'
import type { SurveyStatusFields } from './surveys'

/** How `ResponseStore.deleteMany` treats ids that are not the environment's. */
export interface DeleteManyOptions {
  /**
   * Skip them and delete the rest (the answer counts what was deleted; never `missing`), still in one
   * transaction with the rows locked first. @default false (all or none)
   */
  skipMissing?: boolean
}

/** A field responses are sorted and filtered by. */
export type ResponseDateField = 'createdAt' | 'updatedAt'

/** Which responses of an environment a list or count takes; every field narrows it. */
export interface ResponseFilter {
  surveyId?: string
  /** The contact linked to the response. */
  contactId?: string
  /** The `userId` of the contact linked to the response. */
  userId?: string
  finished?: boolean
  /** The field `startDate` and `endDate` bound. @default 'createdAt' */
  dateField?: ResponseDateField
  /** Only responses whose `dateField` is at or after this. */
  startDate?: Date
  /** Only responses whose `dateField` is at or before this. */
  endDate?: Date
  /** `startDate` excludes its own instant (strictly after). @default false */
  startExclusive?: boolean
  /** `endDate` excludes its own instant (strictly before). @default false */
  endExclusive?: boolean
  /** Only responses with one of these ids (callers bound the list: at most a few hundred). */
  ids?: readonly string[]
  /** Only responses in one of these languages, each as `language` takes it (`default` included). */
  languages?: readonly string[]
  /**
   * Only responses in this language: its code as the response stores it. `default` also takes the responses
   * that store no language (they were answered in the survey's default language).
   */
  language?: string
  /** Conditions on what the response holds, all of which hold (at most a few dozen, each bounded by core). */
  where?: ResponseCondition[]
}

/**
 * A page of responses: `filter`'s responses ordered by `sortBy` then `id`, both `order`. `after` is a keyset
 * position in that order: its `createdAt` holds the value of the `sortBy` field (the name is `PageQuery`'s).
 */
export interface ResponseListQuery extends PageQuery, ResponseFilter {
  /** @default 'createdAt' */
  sortBy?: ResponseDateField
  /** @default 'desc' */
  order?: 'asc' | 'desc'
}

/** Which answers `ResponseStore.listAnswers` reads: one field of a survey's responses, a page of them. */
export interface AnswerListQuery
  extends PageQuery,
    Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'> {
  /** `data` holds answers and hidden fields, `variables` the survey's variables. */
  source: 'data' | 'variables'
  key: string
}

/** One answer as `ResponseStore.listAnswers` reads it. */
export interface AnswerRow {
  responseId: string
  createdAt: Date
  value: unknown
}

/** A response as an export reads it (`ResponseStore.listForExport`). */
export interface ResponseExportRow
  extends Pick<
    ResponseRecord,
    | 'id'
    | 'createdAt'
    | 'updatedAt'
    | 'finished'
    | 'data'
    | 'meta'
    | 'ttc'
    | 'variables'
    | 'language'
    | 'singleUseId'
    | 'displayId'
    | 'endingId'
  > {
  /** The linked contact's id and `userId`, or null. */
  contactId: string | null
  userId: string | null
  /** The names of the response's tags, by name. */
  tagNames: string[]
  /** The names of the quotas the response is counted in, when the export asked (`QuotaStore.namesByResponse`). */
  quotas?: string[]
}

/** What a summary aggregates: the survey's questions in order, each with how its answers are counted. */
export interface SummaryQuery extends Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'> {
  questions: Array<{
    id: string
    /**
     * `values`: a count per answer value; `elements`: per element of an array answer (multiple choice);
     * `cells`: per matrix row and column; `positions`: per element of an array answer in rank order, with the
     * sum of its 1-based positions (ranking).
     */
    count: 'values' | 'elements' | 'cells' | 'positions' | 'none'
  }>
  /**
   * The largest `ttc._total` the mean takes, in ms. A `_total` that is not a number from 0 to it (a row stored
   * before the bounds, or edited by hand) is left out; whatever a row holds, the mean MUST NOT fail.
   */
  maxTimeToComplete: number
}

export interface SummaryAggregates {
  /** Displays of the survey in the date range (by their `createdAt`). */
  displays: number
  started: number
  finished: number
  /** Mean `ttc._total` of the finished responses (see `maxTimeToComplete`), in ms, or null without one. */
  averageTimeToComplete: number | null
  /** Median `ttc._total` of the same responses as the mean, in ms, or null without one. */
  medianTimeToComplete: number | null
  /** Responses that answered each question (a non-empty value), by question id. */
  answered: Record<string, number>
  /**
   * Per question counted by `values` or `elements`: each answered value with its count. A value is the text of
   * the JSON answer (a string's own text, a number's or a boolean's JSON text: `7`, `true`), so that the
   * database groups texts rather than JSON.
   */
  values: Record<string, Array<{ value: string; count: number }>>
  /** Per question counted by `cells`: each row and column with its count. */
  cells: Record<string, Array<{ row: string; column: string; count: number }>>
  /**
   * Per question counted by `positions`: each element ranked with how many responses ranked it and the sum of
   * its 1-based positions.
   */
  positions: Record<string, Array<{ value: string; count: number; positionSum: number }>>
  /**
   * Unfinished responses by the last question they answered, as its index in `questions` (null: none).
   */
  lastAnswered: Array<{ index: number | null; count: number }>
}

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

/**
 * Responses, each read with its person, notes and tags. A create is core's loop (`createResponse`,
 * `domain/response-writes.ts`) over the primitives `keptFacts`, `writeFacts`, `insertGuarded` and
 * `createLocked`; an update is core's `updateResponse` (`domain/response-updates.ts`) over `readForUpdate`,
 * `updateGuarded` and `updateLocked`; an import is core's `importResponses` over `importLocked`. Core decides,
 * retries and chooses the lock; the adapter reads, and writes what it is told, guarded, reporting what happened.
 */
export interface ResponseStore {
  /**
   * The write facts this storage keeps of a survey (those `writeFacts` or `createLocked` read last), or
   * undefined. No I/O: core decides a create on them and writes it with `insertGuarded`, whose guard says
   * whether they still hold (docs/architecture.md, "A response write"). An adapter MAY keep none. Kept facts
   * MUST never be more than a guard's loss wrong: their `version` is the one they were read at.
   */
  keptFacts(surveyId: string): SurveyWriteFacts | undefined
  /**
   * What a create is decided from, read now (and kept for `keptFacts`): the survey's facts (null: no survey has
   * that id), the display `displayId` names (null: none has it; absent when `displayId` is null), and whether
   * `environmentId`, when given, names an environment (it MAY be reported true without a read when the survey is
   * in that environment; true when not given). Reads of one survey that arrive together MAY share one query.
   */
  writeFacts(query: WriteFactsQuery): Promise<ResponseCreateFacts>
  /**
   * Inserts the response (and its webhook events, in the same statement) only while `guard` holds: the survey
   * is at `guard.version` and the display the create names, if any, is that survey's and made for
   * `guard.displayContactId`. `written` when the row committed (with whether its survey has quotas, as
   * `CreateResponseResult` asks); `lost` when a guard failed (or the survey or display went meanwhile, or an id
   * cannot be stored) and nothing was written; the unique indexes' refusals as their outcomes. With
   * `input.userId`, the contact is linked (created if absent) by the same write; with `check.screenQuotas`, the
   * response is marked unscreened as `CreateResponseCheck.screenQuotas` says. One round trip; an adapter MAY
   * write inserts that arrive together in one statement, each guarded on its own. Tags (`tagIds`) are
   * `createLocked`'s: core never hands them here.
   */
  insertGuarded(input: NewResponse, check: CreateResponseCheck, guard: WriteGuard): Promise<GuardedInsert>
  /**
   * The locked write, in one transaction: takes the survey row's lock, reads the facts as `writeFacts` would
   * (with `environmentId` when `check.checkEnvironment`), and hands them to `decide` (core's rule, free of
   * side effects). A refusal is returned and nothing written. Otherwise it inserts as `insertGuarded` would,
   * guarded by what it read (only the display can have changed under the lock; `lost` then), links
   * `input.tagIds` (ids that name no tag of the survey's environment skipped) before the events record them, and,
   * when the response is finished and the survey has `autoComplete`, counts the survey's finished responses and
   * completes it when `completes` (core's `autoCompletes`) says so. Concurrent locked writes of one survey run one after
   * another, each seeing the completion of the one before.
   */
  createLocked(
    input: NewResponse,
    check: CreateResponseCheck,
    decide: CreateDecision,
    completes: AutoCompleteDecision,
  ): Promise<LockedCreate>
  /**
   * Imports, in one transaction: locks the surveys `inputs` name (in id order) and the ids they keep, throws (writing
   * nothing) when an id names a stored response, and then, for each input in
   * order, reports a single-use id or display already taken, or reads the facts as `createLocked` does, hands
   * them with the input to `decide` and writes the create as `createLocked` writes it (`completes` deciding `autoComplete`).
   * Without `webhooks`, the events the inserts recorded are deleted in the same transaction. `lost` when a
   * create committed meanwhile took a single-use id or display the import found free: nothing was written, and
   * `cause` is the database's refusal. Any other error writes nothing and propagates.
   */
  importLocked(
    inputs: NewResponse[],
    check: CreateResponseCheck,
    options: { webhooks: boolean },
    decide: ImportDecision,
    completes: AutoCompleteDecision,
  ): Promise<LockedImport>
  /** A response by id in any environment, with its person, notes and tags. */
  get(id: string): Promise<ResponseRecord | null>
  /**
   * Up to `limit + 1` responses of the environment in list order. Rows may be up to the stored-response
   * bound (1 MiB by default), so core asks for small batches and bounds a page in bytes itself.
   */
  list(environmentId: string, query: ResponseListQuery): Promise<ResponseRecord[]>
  /**
   * Up to `limit` responses of the environment in list order, with only what a CSV export shows: no notes, no
   * contact attributes. Read without the per-row work of `list`, for exports of millions of rows.
   */
  listForExport(environmentId: string, query: ResponseListQuery): Promise<ResponseExportRow[]>
  /**
   * How many responses of the environment match `filter`, exactly. With `upTo`, counting MUST stop once more
   * than `upTo` match (it reads at most `upTo + 1` rows): a result above `upTo` means "more than `upTo`".
   */
  count(environmentId: string, filter: ResponseFilter, options?: { upTo?: number }): Promise<number>
  /**
   * The aggregates of a survey's summary, computed by the database over the responses (and displays) of the
   * survey in `environmentId` that `filter`'s dates take; never the responses themselves.
   */
  summarize(environmentId: string, surveyId: string, query: SummaryQuery): Promise<SummaryAggregates>
  /**
   * The non-empty values of one field (`data` or `variables`, by key) of a survey's responses in
   * `environmentId`: newest first (`createdAt` desc, then `id` desc), from after the keyset position
   * `query.after`, up to `limit + 1`. Empty means missing, null, "", [] or {}, as in `summarize`'s answered count.
   */
  listAnswers(environmentId: string, surveyId: string, query: AnswerListQuery): Promise<AnswerRow[]>
  /**
   * The response (in any environment) as an update is decided on: with its survey's status fields (and its
   * `answerScales` only when `options.answerScales`), its survey's `autoComplete`, and the row's version, in
   * one query, without a lock. Null when no response has that id.
   */
  readForUpdate(id: string, options?: Pick<ResponseUpdateOptions, 'answerScales'>): Promise<ResponseForUpdate | null>
  /**
   * Writes `patch` (never with `tagIds`: core hands tags to `updateLocked`) and, in the same statement, its
   * webhook event, only while the row is still at `guard.version`, and, when the patch finishes a response that
   * `guard.wasFinished` says was not, only while its survey has no `autoComplete` (such a write counts towards
   * it under the survey's lock). With `guard.screenQuotas` the same statement marks the response unscreened as
   * `ResponseUpdateOptions.screenQuotas` says. Returns the response as written, or null when a guard failed
   * (or the response went): nothing was written. One round trip.
   */
  updateGuarded(id: string, patch: ResponsePatch, guard: UpdateGuard): Promise<ResponseRecord | null>
  /**
   * The locked update, in one transaction: locks the survey `options.lockSurvey` names (when not null) before
   * the response, then the response row, and hands the response and its survey's fields as they now are to
   * `decide.patch` (core's rule, free of side effects; a throw rolls back and propagates). `lock_survey` and
   * `null` write nothing. A patch is written as `updateGuarded` writes it (marking the response unscreened when
   * `options.screenQuotas` and the survey has quotas), its `tagIds` replacing the response's tags before the
   * event records them; when it finishes the response and the survey has `autoComplete`, the survey's finished
   * responses are counted and the survey completed when `decide.completes` says so, at the patch's `updatedAt`.
   * Concurrent locked updates of one response (or, with `lockSurvey`, of one survey) run one after another.
   */
  updateLocked(id: string, options: LockedUpdateOptions, decide: LockedUpdateDecision): Promise<LockedUpdate>
  /** Deletes the response of that environment; returns it as it was, or null. */
  delete(environmentId: string, id: string): Promise<ResponseRecord | null>
  /**
   * Deletes the responses `ids` names, all or none, in one transaction: when every id (duplicates count once)
   * is a response of `environmentId`, each goes as `delete` deletes one (its files into the blob-deletion
   * journal, its notes and tag links with it) and the answer counts them; when any is not (unknown, or another
   * environment's), nothing is deleted and the answer lists those ids, in the order given. Callers bound `ids`
   * (a few thousand at most). The rows MUST be locked before they are counted, so that a concurrent delete
   * cannot make the count wrong.
   */
  deleteMany(
    environmentId: string,
    ids: readonly string[],
    options?: DeleteManyOptions,
  ): Promise<{ deleted: number } | { missing: string[] }>
  /**
   * Anonymizes the responses of `environmentId` that `selection` names (ids of other environments and unknown
   * ids are left alone): each loses its contact (`contact_id` null), the contact's attributes it stored
   * (`personAttributes`), the `ANONYMIZED_META_KEYS` of its `meta`, and its `displayId` when that display was
   * made for a contact (the display then no longer names the response). Answers, `ttc`, `variables`,
   * `language`, `finished`, the ending and the dates stay; `updatedAt` too, so no `responseUpdated` event is
   * recorded (like a contact's deletion detaching its responses).
   *
   * The work MUST be done by the database in keyset batches of at most `batchSize` responses (by id), each
   * batch one atomic statement or transaction, never reading the responses into memory nor holding one
   * transaction over a whole survey. A crash between batches leaves the earlier ones anonymized; a repeated call
   * finishes the rest (idempotent). Each change MUST apply to the response as it is when written (e.g. an
   * `UPDATE` whose expressions read the row), so a concurrent `update` keeps its effect and this one too.
   */
  anonymize(environmentId: string, selection: AnonymizeSelection, options?: AnonymizeOptions): Promise<AnonymizeResult>
}

/**
 * What a response write needs to know of its survey, read by an adapter in one query (`writeFacts`) or kept by
 * the survey's `version` (`keptFacts`). Every rule of a write is decided from it by core
 * (`domain/response-write-rules.ts`); the write is then guarded by `version` (docs/architecture.md, "A response
 * write").
 */
export interface SurveyWriteFacts extends SurveyStatusFields {
  id: string
  autoComplete: number | null
  hasPin: boolean
  /** The survey's type (`link`, `app`). */
  type: string
  /** Whether its `singleUse` setting is enabled (core's `isSingleUse`). */
  singleUse: boolean
  /** The survey's scale questions in its order (core's `answerScalesOf`). */
  answerScales: AnswerScale[]
  /** Changes on every write of the survey row: a write decided on these facts applies only while it holds. */
  version: string
}

/** The display a create names, as the write reads it. */
export interface DisplayWriteFacts {
  surveyId: string
  /** The contact the display was made for (its id, `userId` and environment), or null. */
  contact: { id: string; userId: string | null; environmentId: string } | null
}

/** What a create decision reads: the survey (null: none has that id) and the display it names. */
export interface ResponseCreateFacts {
  survey: SurveyWriteFacts | null
  /** Whether `check.environmentId` names an environment; read only when the survey is not in it. */
  environmentFound: boolean
  /** The display `displayId` names (null: none; absent: the create names none). */
  display?: DisplayWriteFacts | null
}

/** What `ResponseStore.writeFacts` reads. */
export interface WriteFactsQuery {
  surveyId: string
  /** The display the create names, or null. */
  displayId: string | null
  /** Report whether this environment exists (`environmentFound`). */
  environmentId?: string
}

/** What a guarded insert holds to (`ResponseStore.insertGuarded`). */
export interface WriteGuard {
  /** The survey's `SurveyWriteFacts.version` the decision read. */
  version: string
  /** The id of the contact the named display was made for, as the decision read it (null: none, or no display). */
  displayContactId: string | null
}

/** What a guarded insert did (`ResponseStore.insertGuarded`). */
export type GuardedInsert =
  | { outcome: 'written'; hasQuotas: boolean }
  /** A guard failed: nothing was written. */
  | { outcome: 'lost' }
  | { outcome: 'single_use_id_taken' }
  | { outcome: 'display_taken' }

/** Core's decision of a create on the facts read under the survey's lock: null to write it, or the refusal. */
export type CreateDecision = (facts: ResponseCreateFacts) => Exclude<CreateResponseResult, { outcome: 'created' }> | null

/** What a locked write did (`ResponseStore.createLocked`): its insert's outcome, or the decision's refusal. */
export type LockedCreate = GuardedInsert | Exclude<CreateResponseResult, { outcome: 'created' }>

/**
 * Core's judgement, under the survey's lock and after the write that finished a response, of whether the
 * survey's `finished` responses complete it at `now` (core's `autoCompletes`).
 */
export type AutoCompleteDecision = (
  survey: Pick<SurveyWriteFacts, 'status' | 'runOnDate' | 'closeOnDate' | 'autoComplete'>,
  finished: number,
  now: Date,
) => boolean

/** Core's decision of one import's create on the facts read under the survey's lock: null to write it, or the refusal. */
export type ImportDecision = (facts: ResponseCreateFacts, input: NewResponse) => ReturnType<CreateDecision>

/** What an import's locked transaction did (`ResponseStore.importLocked`): each create's outcome in order, or lost. */
export type LockedImport = { outcome: 'written'; results: LockedCreate[] } | { outcome: 'lost'; cause: unknown }

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

/** The keys of a response's `meta` that anonymizing drops: what tells where and on what the respondent was. */
export const ANONYMIZED_META_KEYS = ['url', 'userAgent', 'country', 'city', 'region', 'ipAddress'] as const

/** Which responses `ResponseStore.anonymize` changes: these ids (at most a few thousand), or a filter's. */
export type AnonymizeSelection = { ids: string[] } | { filter: ResponseFilter }

export interface AnonymizeOptions {
  /** Responses changed per statement (per transaction). @default 5000 */
  batchSize?: number
}

export interface AnonymizeResult {
  /** The responses of the environment selected, all now anonymous (already anonymous ones included). */
  anonymized: number
  /** With `ids`: those that name no response of the environment (unknown, or another environment's). */
  missing: string[]
}

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
