import { validationError } from '../../errors'

/**
 * How far past the server's clock a `createdAt` or `updatedAt` that a caller gives may lie: enough for clocks
 * that disagree a little, too little to keep a response from retention for ever. See
 * docs/api.md#responses-apiv1managementresponses.
 */
export const FUTURE_SKEW_MS = 5 * 60 * 1000

/** A 400 naming each given time that lies more than `FUTURE_SKEW_MS` after `now`. */
export function checkNotInFuture(times: { createdAt?: Date | undefined; updatedAt?: Date | undefined }, now: Date): void {
  const latest = now.getTime() + FUTURE_SKEW_MS
  const problems: Record<string, string> = {}
  for (const field of ['createdAt', 'updatedAt'] as const) {
    const time = times[field]
    if (time !== undefined && time.getTime() > latest) problems[field] = 'Must not lie more than 5 minutes in the future'
  }
  if (Object.keys(problems).length > 0) throw validationError(problems)
}
