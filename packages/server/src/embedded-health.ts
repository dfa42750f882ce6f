/**
 * `/health` on the embedded database, which never waits for a turn on it (docs/deploying.md, "The embedded
 * database"): the database is up while its thread runs, and how webhook delivery stands is the last reading,
 * taken again in the background lane when it is older than `maxAgeMs`. On a Postgres server `/health` asks the
 * database each time; here that question would wait behind whatever statement another caller's export or count
 * has running, and a load balancer would take a busy server for a dead one.
 */
import type { CanvassHealth } from '@canvass/core'

export interface EmbeddedHealthOptions {
  /** The full reading (`canvass.health()`), which asks the database. */
  read: () => Promise<CanvassHealth>
  /** Whether the database's thread still runs. */
  alive: () => boolean
  /** Runs a reading outside the request that asked (in the background lane). */
  inBackground: <T>(fn: () => T) => T
  /**
   * How old a reading may be before a request starts a new one (answering with the old one meanwhile).
   * @default 5000
   */
  maxAgeMs?: number
  /** @default Date.now */
  now?: () => number
}

/**
 * The health of a server on the embedded database. `health()` waits only for the first reading (taken before the
 * server listens, by `ready()`); after it, it answers at once.
 */
export function embeddedHealth(options: EmbeddedHealthOptions): { ready(): Promise<void>; health(): Promise<CanvassHealth> } {
  const maxAgeMs = options.maxAgeMs ?? 5000
  const now = options.now ?? Date.now
  let last: CanvassHealth | undefined
  let readAt = 0
  let reading: Promise<void> | undefined

  const refresh = (): Promise<void> => {
    reading ??= options
      .inBackground(() =>
        options.read().then(
          (health) => {
            last = health
            readAt = now()
          },
          // A failed reading keeps the last one; the next request tries again.
          () => {},
        ),
      )
      .finally(() => {
        reading = undefined
      })
    return reading
  }

  return {
    ready: refresh,
    async health() {
      if (last === undefined) await refresh()
      else if (now() - readAt >= maxAgeMs) void refresh()
      const background = last?.background ?? 'stopped'
      if (!options.alive() || last === undefined) {
        return { database: 'unavailable', background, webhooks: { oldestDueAt: null, status: 'ok', stalled: false } }
      }
      // The reading's own `database` may be older than the thread's state: a thread that runs answers.
      return { ...last, database: 'ok' }
    },
  }
}
