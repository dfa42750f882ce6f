import type { RateLimiter } from '../ports/rate-limiter'
import type { RateLimit } from './rate-limit-options'

/** Limits on wrong PINs of link surveys (`CanvassOptions.pinAttempts`). */
export interface PinAttemptOptions {
  /**
   * Where wrong PINs are counted: a limiter shared by every instance (`createPostgresRateLimiter`) makes a
   * lockout hold on all of them.
   * @default rateLimits.limiter, else createMemoryRateLimiter()
   */
  limiter?: RateLimiter
  /**
   * The request header a trusted proxy sets to the client's address, as `RateLimitOptions.clientAddressHeader`.
   * @default rateLimits.clientAddressHeader
   */
  clientAddressHeader?: string
  /**
   * Wrong PINs per client address, whatever survey they are for. Once an address has given `limit` wrong PINs
   * in a window, every PIN it sends is answered 429 until the window ends, right or wrong.
   * @default { limit: 10, windowMs: 900_000 }
   */
  address?: RateLimit
  /**
   * Wrong PINs per survey, from every address together: guessing from many addresses locks the survey's PIN
   * form (for everyone) until the window ends. Wrong PINs of an address that is itself locked out are not
   * counted here, so one address cannot lock a survey beyond its own budget.
   * @default { limit: 100, windowMs: 3_600_000 }
   */
  survey?: RateLimit
}

export const DEFAULT_PIN_ATTEMPTS = {
  address: { limit: 10, windowMs: 15 * 60_000 },
  survey: { limit: 100, windowMs: 60 * 60_000 },
} as const satisfies Required<Pick<PinAttemptOptions, 'address' | 'survey'>>

/** What an attempt gets: go ahead (the PIN is then judged), or locked out until the window ends. */
export type PinAttemptVerdict = { locked: false } | { locked: true; retryAfterSeconds: number; limit: 'address' | 'survey' }

/**
 * Counts one PIN attempt and says whether it is locked out. `right` is whether the PIN was right: the answer
 * to a locked-out attempt must not depend on it, or the lockout would still tell right from wrong.
 */
export type PinAttemptCounter = (attempt: { surveyId: string; address: string; right: boolean }, now: Date) => Promise<PinAttemptVerdict>

/**
 * Wrong PINs are counted in the shared `RateLimiter`, so that a lockout holds on every instance that shares
 * it. The port can only add one and read the sum, and right PINs must not be counted as failures (a survey
 * with many respondents would lock itself), so each scope keeps three counters per window: every attempt
 * (`all`), wrong ones (`wrong`) and right ones (`right`). A wrong attempt adds to `all` and `wrong` and reads
 * the failures from `wrong`; a right one adds to `all` and `right`, and reads the failures before it as
 * `all - right`, without adding to them. At most `limit` wrong PINs are judged per window: the attempt after
 * them is refused, right or wrong, and so is every one after it until the window ends.
 */
export function createPinAttemptCounter(options: PinAttemptOptions, limiter: RateLimiter): PinAttemptCounter {
  const address = checked(options.address ?? DEFAULT_PIN_ATTEMPTS.address)
  const survey = checked(options.survey ?? DEFAULT_PIN_ATTEMPTS.survey)

  async function count(scope: string, limit: RateLimit, right: boolean, now: Date): Promise<{ locked: boolean; resetAt: Date }> {
    const key = (kind: string) => ({ key: `pin:${scope}:${kind}:${limit.windowMs}`, windowMs: limit.windowMs })
    const [all, other] = await limiter.hit([key('all'), key(right ? 'right' : 'wrong')], now)
    if (!all || !other) throw new Error('the rate limiter answered fewer counts than it was asked for')
    const locked = right ? all.count - other.count >= limit.limit : other.count > limit.limit
    return { locked, resetAt: other.resetAt }
  }

  return async (attempt, now) => {
    // The address first: an address that is locked out adds nothing to the survey's count. Surveys are counted
    // by their whole id (at most 255 characters): only surveys that exist and have a PIN get here.
    for (const [name, scope, limit] of [
      ['address', `a:${bounded(attempt.address)}`, address],
      ['survey', `s:${attempt.surveyId}`, survey],
    ] as const) {
      const { locked, resetAt } = await count(scope, limit, attempt.right, now)
      if (locked)
        return { locked: true, limit: name, retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) }
    }
    return { locked: false }
  }
}

function checked(limit: RateLimit): RateLimit {
  if (!Number.isInteger(limit.limit) || limit.limit < 1 || !Number.isInteger(limit.windowMs) || limit.windowMs < 1000) {
    throw new TypeError('a PIN attempt limit needs a whole `limit` ≥ 1 and a whole `windowMs` ≥ 1000')
  }
  return limit
}

/** Addresses longer than any real one share one counter, so junk cannot make unbounded keys. */
function bounded(part: string): string {
  return part.length > 64 ? '~' : part
}
