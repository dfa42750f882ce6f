/**
 * Waits after each failed attempt, in milliseconds (docs/design.md, "Events and webhooks"): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
 * 20 h, 24 h. After the attempt that finds no wait left, the delivery has failed for good.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
]

/** Jitter around each wait: ±20 %. */
export const WEBHOOK_RETRY_JITTER = 0.2

/**
 * When to try again after the `attempts`-th attempt failed, or `undefined` when no attempt is left.
 * The scheduled wait gets ±20 % jitter (`random` in [0, 1)); a receiver's `Retry-After` (seconds) is
 * honoured by never trying before it, capped at the schedule's longest wait.
 */
export function nextAttemptAt(input: {
  now: Date
  attempts: number
  schedule?: readonly number[]
  retryAfterSeconds?: number
  random?: () => number
}): Date | undefined {
  const schedule = input.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS
  const base = schedule[input.attempts - 1]
  if (base === undefined) return undefined
  const jitter = 1 + WEBHOOK_RETRY_JITTER * (2 * (input.random ?? Math.random)() - 1)
  let wait = Math.round(base * jitter)
  if (input.retryAfterSeconds !== undefined) {
    const longest = Math.max(...schedule)
    wait = Math.max(wait, Math.min(input.retryAfterSeconds * 1000, longest))
  }
  return new Date(input.now.getTime() + wait)
}
