import type { PathGroup } from '@canvass/core'

/**
 * The sums a summary adds up and how a kept period's times are bucketed: shared by the summary's statements
 * (`response-summary-sql.ts`) and the periods it keeps (`summary-parts.ts`), which each read the other's work.
 */

/**
 * A kept period's times are counted by value up to this many distinct values; past it, in buckets
 * (`timeBucket`): a month of a million responses timed to the millisecond would otherwise keep as many entries,
 * and every summary would parse them.
 */
export const EXACT_TIMES = 2048
/** A kept part's base with more distinct keys of answers than this is not kept (read every time). */
export const MAX_KEYS = 1000
/** Past a second, each bucket of times is 0.1 % wider than the one before it. */
const BUCKET_STEP = Math.log1p(0.001)

/**
 * A time's bucket: under a second, its millisecond (exact for times in whole milliseconds); past it, the bucket
 * of 0.1 % relative width that holds it, so that a median read from buckets is within 0.05 % of the exact one.
 */
export function timeBucket(ttc: number): number {
  return ttc < 1000 ? Math.floor(ttc) : 1000 + Math.floor(Math.log(ttc / 1000) / BUCKET_STEP)
}

/** The time a bucket stands for: its millisecond, or the middle of its range (geometrically). */
export function bucketTime(bucket: number): number {
  return bucket < 1000 ? bucket : 1000 * Math.exp((bucket - 1000 + 0.5) * BUCKET_STEP)
}

/** A copy of `sums`' times, all in buckets, with the exact sum of the times they hold. */
export function bucketedTimes(sums: Sums): { buckets: Map<number, number>; bucketedSum: number } {
  const buckets = new Map(sums.buckets)
  let bucketedSum = sums.bucketedSum
  for (const [ttc, count] of sums.times) {
    const bucket = timeBucket(ttc)
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + count)
    bucketedSum += ttc * count
  }
  return { buckets, bucketedSum }
}

/**
 * The sums a summary adds up, statement by statement (and period by period, `summary-parts.ts`): the times either
 * counted by value (`times`, and in `buckets` those of a kept period with many distinct times, with their exact
 * sum) or, on Postgres without parts, as the mean's sum and count and the median.
 */
export interface Sums {
  /**
   * A kept part's computation only (`summary-parts.ts`): the unfinished responses by the keys they answered (a
   * JSON list, marked `u`), every key of an answer (marked `k`, counted 0), and the responses by a counted
   * question's answer (marked `g`, then the JSON list of its id and the answer's JSON text); empty otherwise.
   */
  sets: Map<string, number>
  started: number
  finished: number
  ttcSum: number
  ttcCount: number
  droppedNone: number
  dropped: number[]
  answered: Map<string, number>
  values: Map<string, { id: string; value: string; count: number }>
  cells: Map<string, { id: string; row: string; column: string; count: number }>
  positions: Map<string, { id: string; value: string; count: number; positionSum: number }>
  median: number | null
  times: Map<number, number>
  buckets: Map<number, number>
  bucketedSum: number
  /** The responses' groups for the walk of their paths, by group (`response-paths-sql.ts`). */
  paths: Map<string, PathGroup>
}

/** Sums of no response. */
export function emptySums(): Sums {
  return {
    sets: new Map(),
    started: 0,
    finished: 0,
    ttcSum: 0,
    ttcCount: 0,
    droppedNone: 0,
    dropped: [],
    answered: new Map(),
    values: new Map(),
    cells: new Map(),
    positions: new Map(),
    median: null,
    times: new Map(),
    buckets: new Map(),
    bucketedSum: 0,
    paths: new Map(),
  }
}
