/**
 * The journal of blob deletions: uploaded files whose record went with a response, a survey or an erased
 * contact. A row is written in the same transaction as the change that orphaned the file (so a crash never
 * leaves a file that nothing will delete), and removed once the blob store removed the object; the blob
 * janitor of core (`createBlobJanitor`) claims rows, deletes the blobs and finishes them.
 *
 * Rules every implementation MUST follow:
 * - Two concurrent `claim` calls, in one process or many, never return the same row; a claimed row is not due
 *   again until its lease (`leaseMs` from the claim's `now`) has passed, and is then claimable by anyone (its
 *   claimer is presumed dead).
 * - `finish` and `retry` only apply while the claim they name is the row's latest: a claimer whose lease ran
 *   out must not undo what a later claimer did.
 * - Rows are not scoped to an environment: the janitor serves every environment, and a row outlives its
 *   environment (no foreign key).
 */
export interface BlobDeletionStore {
  /**
   * Claims up to `limit` rows due at `now` (`nextAttemptAt <= now`), oldest due first, each for `leaseMs`,
   * stamped with `claimToken`. One statement.
   */
  claim(query: BlobDeletionClaimQuery): Promise<ClaimedBlobDeletion[]>
  /** Deletes the rows of `ids` still held by the claim `claimToken` (their blobs are gone). */
  finish(ids: readonly string[], claimToken: string): Promise<void>
  /**
   * Records a failed attempt of a row still held by `claimToken`: one more attempt, the error, and when it is
   * due again; the claim is released.
   */
  retry(id: string, claimToken: string, next: { nextAttemptAt: Date; error: string }): Promise<void>
  /** How many rows wait, claimed or not: for a metric or a health check. */
  pending(): Promise<number>
}

export interface BlobDeletionClaimQuery {
  now: Date
  limit: number
  leaseMs: number
  claimToken: string
}

export interface ClaimedBlobDeletion {
  id: string
  /** The blob store's key, `{environmentId}/{public|private}/{fileName}`. */
  blobKey: string
  environmentId: string
  /** Failed attempts before this claim. */
  attempts: number
  createdAt: Date
}
