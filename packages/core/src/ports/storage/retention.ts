/**
 * Retention of responses (docs/data-rights.md, "Retention"): what the retention worker (`createRetention`)
 * needs. A survey's limit is its own `responseRetentionDays`, else its environment's, else none (kept). A
 * response has expired when its `createdAt` is earlier than `now` minus the limit's days.
 */
export interface RetentionStore {
  /**
   * Takes the lease `name` for `holder` until `until`, in one atomic statement, when nobody holds it (no row,
   * or a lease that ended at or before `now`) or `holder` holds it already (a renewal). Returns whether
   * `holder` holds it now. Two holders MUST never both get `true` for a lease that has not ended.
   */
  acquireLease(name: string, holder: string, until: Date, now: Date): Promise<boolean>
  /** Ends the lease `name` if `holder` holds it; a lease another holder took since is left alone. */
  releaseLease(name: string, holder: string): Promise<void>
  /**
   * Deletes one batch of expired responses (at most `limit`), oldest first, with their displays (those the
   * responses name and those naming them), and at most `limit` displays older than their survey's limit
   * that no response names; notes, tags' links and quota links go with their responses. One transaction:
   * the files the responses' answers name are recorded for deletion from the blob store in it (the
   * blob-deletion journal), so that a crash deletes all of it or none. MUST find the expired rows through
   * indexes, not by reading every response. Counts only rows this call deleted (a row deleted by another
   * call at the same time is counted once, by the call that deleted it). A batch that deletes nothing means
   * nothing has expired as of `now`.
   */
  deleteExpired(options: { now: Date; limit: number }): Promise<RetentionBatch>
  /**
   * Optional, for a storage that keeps responses in partitions by time: makes the partitions the months ahead
   * of `now` need, and drops those wholly before `now`'s month that hold no row (the rows went one by one
   * through `deleteExpired`, with their side effects). The retention worker calls it once a run, under its
   * lease, after the deletions. MUST NOT block writes for long, and MUST leave every date writable: a write
   * dated in a month it dropped still succeeds.
   */
  keepPartitions?(now: Date): Promise<void>
}

/** What one `deleteExpired` batch deleted, in all and per environment. */
export interface RetentionBatch {
  responses: number
  displays: number
  /** Files of the deleted responses recorded for deletion from the blob store. */
  files: number
  /** One entry per environment that lost a row in this batch. */
  environments: RetentionCount[]
}

export interface RetentionCount {
  environmentId: string
  responses: number
  displays: number
  files: number
}
