import type { CreateResponseCheck, CreateResponseResult, NewResponse } from './response-records'
import type { AnswerScale, AutoCompleteDecision } from './response-updates'
import type { SurveyStatusFields } from './survey-records'

/**
 * The write primitives of responses (part of `ResponseStore`). A create is core's loop (`createResponse`,
 * `domain/responses/response-writes.ts`) over the primitives `keptFacts`, `writeFacts`, `insertGuarded` and
 * `createLocked`: core decides, retries and chooses the lock; the adapter reads, and writes what it is told,
 * guarded, reporting what happened.
 */
export interface ResponseWrites {
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
   * Imports, in one transaction: locks the surveys `inputs` name (in id order) and the ids they keep, throws
   * (writing nothing) when an id names a stored response, and then, for each input in order, reports a
   * single-use id or display already taken, or reads the facts as `createLocked` does, hands them with the
   * input to `decide` and writes the create as `createLocked` writes it (`completes` deciding `autoComplete`).
   * Without `webhooks`, the events the inserts recorded are deleted in the same transaction. `lost` when a
   * create committed meanwhile took a single-use id or display the import found free: nothing was written, and
   * `cause` is the database's refusal. Any other error writes nothing and propagates. Core's `importResponses`
   * runs it.
   */
  importLocked(
    inputs: NewResponse[],
    check: CreateResponseCheck,
    options: { webhooks: boolean },
    decide: ImportDecision,
    completes: AutoCompleteDecision,
  ): Promise<LockedImport>
}

/**
 * What a response write needs to know of its survey, read by an adapter in one query (`writeFacts`) or kept by
 * the survey's `version` (`keptFacts`). Every rule of a write is decided from it by core
 * (`domain/responses/response-write-rules.ts`); the write is then guarded by `version` (docs/architecture.md, "A response
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

/** Core's decision of one import's create on the facts read under the survey's lock: null to write it, or the refusal. */
export type ImportDecision = (facts: ResponseCreateFacts, input: NewResponse) => ReturnType<CreateDecision>

/** What an import's locked transaction did (`ResponseStore.importLocked`): each create's outcome in order, or lost. */
export type LockedImport = { outcome: 'written'; results: LockedCreate[] } | { outcome: 'lost'; cause: unknown }
