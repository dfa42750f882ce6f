import type { RateLimitCount, RateLimiter } from '../ports/rate-limiter'
import { windowStart } from '../ports/rate-limiter'

/**
 * Counters in this process's memory: the default, right for one instance. Several instances behind one
 * address need a shared limiter (`createPostgresRateLimiter` of `@canvass/storage-kysely`).
 *
 * Memory stays bounded by the keys seen in the current windows: counters of ended windows are dropped
 * while counting.
 */
export function createMemoryRateLimiter(): RateLimiter {
  const counters = new Map<string, { start: number; end: number; count: number }>()
  let nextSweep = 0

  function sweep(now: number): void {
    let earliestEnd = Number.POSITIVE_INFINITY
    for (const [key, counter] of counters) {
      if (counter.end <= now) counters.delete(key)
      else earliestEnd = Math.min(earliestEnd, counter.end)
    }
    nextSweep = earliestEnd
  }

  return {
    async hit(checks, now) {
      const time = now.getTime()
      if (time >= nextSweep) sweep(time)
      return checks.map(({ key, windowMs }): RateLimitCount => {
        const start = windowStart(now, windowMs).getTime()
        let counter = counters.get(key)
        if (!counter || counter.start !== start) {
          counter = { start, end: start + windowMs, count: 0 }
          counters.set(key, counter)
          if (counter.end < nextSweep) nextSweep = counter.end
        }
        counter.count += 1
        return { count: counter.count, resetAt: new Date(counter.end) }
      })
    },
  }
}
