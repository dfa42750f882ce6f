/**
 * Where rate-limit counters live. Canvass counts each request against one or more keys (per environment
 * and client address, per environment, per API key) in fixed windows; the limiter only counts.
 *
 * Rules every implementation MUST follow:
 * - `hit` MUST add one to the counter of each check's key in the window that contains `now`, and report the
 *   count after that addition, atomically per key: concurrent hits, from any number of processes sharing
 *   the limiter, are all counted.
 * - A window of `windowMs` starts at a multiple of `windowMs` since the Unix epoch; counts of past windows
 *   MUST NOT be added to the current one, and MAY be forgotten once their window has ended.
 * - Keys are opaque strings of at most a few hundred characters; they MUST NOT be interpreted.
 */
export interface RateLimiter {
  hit(checks: readonly RateLimitCheck[], now: Date): Promise<RateLimitCount[]>
}

export interface RateLimitCheck {
  key: string
  /** Length of the fixed window, in milliseconds. */
  windowMs: number
}

/** One result per check, in the order of the checks. */
export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  count: number
  /** When the current window ends. */
  resetAt: Date
}

/** The start of the fixed window of `windowMs` that contains `now`. */
export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs)
}
