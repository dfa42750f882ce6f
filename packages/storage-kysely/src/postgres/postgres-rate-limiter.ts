import type { RateLimitCount, RateLimiter } from '@canvass/core'
import { windowStart } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from './database'
import { schemaNames } from './schema-names'
import { withUnavailableErrors } from './connection-error'

export interface PostgresRateLimiterOptions<DB = unknown> {
  /** A migrated Kysely instance, as for `createKyselyStorage`. */
  db: Kysely<DB>
  /**
   * The schema `migrate` was given.
   * @default 'canvass'
   */
  schema?: string
  /**
   * How often this process deletes counters of ended windows, in milliseconds.
   * @default 60_000
   */
  purgeEveryMs?: number
}

/**
 * Rate-limit counters in Postgres (the `rate_limit_counters` table), shared by every instance on the
 * database. Each request's hits are one statement: an upsert that adds one to each key's counter of the
 * current window and returns the new counts, atomic under concurrency. Ended windows are purged now and
 * then by whichever instance gets there.
 */
export function createPostgresRateLimiter<DB = unknown>(options: PostgresRateLimiterOptions<DB>): RateLimiter {
  const names = schemaNames(options.schema)
  const db = (options.db as unknown as Kysely<Database>).withSchema(names.schema)
  const purgeEveryMs = options.purgeEveryMs ?? 60_000
  let longestWindow = 0
  let nextPurge = 0

  function purge(now: Date): void {
    nextPurge = now.getTime() + purgeEveryMs
    const before = new Date(now.getTime() - longestWindow)
    // Off the request's path; a failed purge is retried at the next one.
    db.deleteFrom('rate_limit_counters')
      .where('window_start', '<', before)
      .execute()
      .catch(() => {})
  }

  // A counter that cannot be reached rejects with core's `service_unavailable`, as the storage does.
  return withUnavailableErrors({
    async hit(checks, now) {
      if (checks.length === 0) return []
      // One row per distinct (key, window): an upsert may not touch a row twice.
      const rows = new Map<string, { key: string; start: Date; end: Date }>()
      for (const { key, windowMs } of checks) {
        longestWindow = Math.max(longestWindow, windowMs)
        const start = windowStart(now, windowMs)
        rows.set(`${key}\u0000${start.getTime()}`, { key, start, end: new Date(start.getTime() + windowMs) })
      }
      const result = await db
        .insertInto('rate_limit_counters')
        .values([...rows.values()].map((row) => ({ key: row.key, window_start: row.start, count: 1 })))
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', 1) })))
        .returning(['key', 'window_start', 'count'])
        .execute()
      const counts = new Map(result.map((row) => [`${row.key}\u0000${new Date(row.window_start).getTime()}`, Number(row.count)]))
      if (now.getTime() >= nextPurge) purge(now)
      return checks.map(({ key, windowMs }): RateLimitCount => {
        const start = windowStart(now, windowMs)
        return {
          count: counts.get(`${key}\u0000${start.getTime()}`) ?? 1,
          resetAt: new Date(start.getTime() + windowMs),
        }
      })
    },
  })
}
