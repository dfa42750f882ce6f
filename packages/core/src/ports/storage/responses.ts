import type { ResponseFilter, ResponseListQuery } from './response-filters'
import type { ResponsePatch, ResponseRecord } from './response-records'
import type { AnswerScale, ResponseWrites } from './response-writes'
import type { SurveyStatusFields } from './survey-records'

/** How `ResponseStore.deleteMany` treats ids that are not the environment's. */
export interface DeleteManyOptions {
  /**
   * Skip them and delete the rest (the answer counts what was deleted; never `missing`), still in one
   * transaction with the rows locked first. @default false (all or none)
   */
  skipMissing?: boolean
}

/** What `ResponseStore.update` hands `change` of the response's survey. */
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
   * `update` was asked for them (`ResponseUpdateOptions.answerScales`): an update of texts does not pay for
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
 * Responses, each read with its person, notes and tags. A create (`ResponseWrites`) is core's loop (`createResponse`,
 * `domain/response-writes.ts`) over the primitives `keptFacts`, `writeFacts`, `insertGuarded` and
 * `createLocked`: core decides, retries and chooses the lock; the adapter reads, and writes what it is told,
 * guarded, reporting what happened.
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
   * Read-modify-write of one response (in any environment): hands it and its survey's status fields to
   * `change`, and writes the patch it returns atomically, so concurrent updates each see the last write: under
   * a lock, or with a write that applies only if the response is still as it was read, reading again and
   * calling `change` again when it is not. `change` must therefore be free of side effects. If it throws,
   * nothing is written and the error propagates. Returns `null` when no response has that id, without calling
   * `change`. When `change` returns `null` (nothing to change), nothing is written, no webhook event is
   * recorded, and the response is returned as `change` was handed it. A response that becomes finished completes its survey at `autoComplete`, as in `createLocked`, in the
   * same transaction. When the patch finishes the response, `change` MUST be handed the survey as the last
   * finishing update or create of that survey left it (e.g. the survey row locked before the response is read),
   * so that a status check in `change` counts exactly: N concurrent finishing updates against `autoComplete: k`
   * with k < N pass the check k times. Updates that do not finish a response need no such lock (the hot path).
   */
  update(
    id: string,
    change: (current: ResponseRecord, survey: ResponseSurveyFields) => ResponsePatch | null,
    options?: ResponseUpdateOptions,
  ): Promise<ResponseRecord | null>
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
