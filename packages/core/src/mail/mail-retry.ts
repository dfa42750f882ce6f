/**
 * When a mail is tried again (docs/mail.md, "Retries"): 30 s after the first failed attempt, the wait doubling
 * each time up to an hour, each wait ±20 % so that instances spread out; a day after the mail was queued it is
 * given up (`failed`). The last attempt is at that day's end.
 */
export interface MailRetrySchedule {
  /** The wait after the first failed attempt, in ms. */
  firstMs: number
  /** The longest wait, in ms. */
  maxMs: number
  /** How long after it was queued a mail is given up, in ms. */
  giveUpAfterMs: number
}

export const MAIL_RETRY_SCHEDULE: MailRetrySchedule = { firstMs: 30_000, maxMs: 3_600_000, giveUpAfterMs: 86_400_000 }

/** When to try again after the `attempts`-th attempt failed, or undefined when the mail is given up. */
export function mailRetryAt(input: {
  now: Date
  attempts: number
  createdAt: Date
  schedule?: MailRetrySchedule
  random?: () => number
}): Date | undefined {
  const schedule = input.schedule ?? MAIL_RETRY_SCHEDULE
  const end = input.createdAt.getTime() + schedule.giveUpAfterMs
  const now = input.now.getTime()
  if (now >= end) return undefined
  const base = Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.min(30, Math.max(0, input.attempts - 1)))
  const wait = Math.round(base * (1 + 0.2 * (2 * (input.random ?? Math.random)() - 1)))
  return new Date(Math.min(end, now + Math.max(1, wait)))
}
