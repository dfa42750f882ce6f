import type { RateLimitGate } from '../rate-limit/rate-limit-gate'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * Counts the request against the rate limits (`rate-limit/rate-limit-gate.ts`), which throw a 429 past one.
 * A preflight is never counted: browsers send one before many calls, and it costs nothing to answer.
 */
export function rateLimit(gate: RateLimitGate, now: () => Date): Middleware<RequestCall> {
  return async (call, next) => {
    if (call.request.method !== 'OPTIONS') await gate(call.request, call.pathname, call.info, now())
    return next()
  }
}
