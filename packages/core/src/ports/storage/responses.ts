import type { ResponseFilter, ResponseListQuery } from './response-filters'
import type { ResponsePatch, ResponseRecord } from './response-records'
import type { ResponseWrites } from './response-writes'
import type {
  LockedUpdate,
  LockedUpdateDecision,
  LockedUpdateOptions,
  ResponseForUpdate,
  ResponseUpdateOptions,
  UpdateGuard,
} from './response-updates'

/** How `ResponseStore.deleteMany` treats ids that are not the environment's. */
export interface DeleteManyOptions {
  /**
   * Skip them and delete the rest (the answer counts what was deleted; never `missing`), still in one
   * transaction with the rows locked first. @default false (all or none)
   */
  skipMissing?: boolean
}

/**
 * Responses, each read with its person, notes and tags. A create (`ResponseWrites`) is core's loop
 * (`createResponse`, `domain/responses/response-writes.ts`) over the primitives `keptFacts`, `writeFacts`,
 * `insertGuarded` and `createLocked`; an update is core's `updateResponse` (`domain/responses/response-updates.ts`) over
 * `readForUpdate`, `updateGuarded` and `updateLocked` (their types in `response-updates.ts`); an import is
 * core's `importResponses` over `importLocked`. Core decides, retries and chooses the lock; the adapter reads,
 * and writes what it is told, guarded, reporting what happened.
 */
export interface ResponseStore extends ResponseWrites {
  /** A response by id in any environment, with its person, notes and tags. */
  get(id: string): Promise<ResponseRecord | null>
  /**
   * Up to `limit + 1` responses of the environment in list order. Rows may be up to the stored-response
   * bound (1 MiB by default), so core asks for small batches and bounds a page in bytes itself.
   */
  list(environmentId: string, query: ResponseListQuery): Promise<ResponseRecord[]>
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
