import type { DeliveryAttempt } from '../ports/storage'

/** The bounds of a webhook's pace (`WebhookDispatcherOptions`). */
export interface PaceBounds {
  /** Attempts in flight a webhook starts with. */
  initial: number
  /** The fewest it is ever held to. */
  floor: number
  /** The most it may reach. */
  ceiling: number
  /** An attempt's timeout while its receiver answers in time. */
  timeoutMs: number
  /** The shortest timeout a receiver that keeps timing out is given. */
  minTimeoutMs: number
}

/** How one attempt went, as the pace hears it: the attempt as recorded. */
export type PacedAttempt = Pick<DeliveryAttempt, 'status' | 'errorClass' | 'durationMs'>

/**
 * How hard the dispatcher may push one webhook's receiver, learnt from how it answers (docs/webhooks-and-uploads.md,
 * "How fast a webhook is sent"): how many attempts it may have in flight, and how long each may take.
 *
 * - **In flight**: while the receiver's troubles stay below a quarter of its recent attempts, a webhook that uses
 *   every slot it has gets one more for each attempt answered, up to the ceiling: slow answers then cost waiting,
 *   not throughput. Once troubles pass half of its recent attempts, it has half as many, down to the floor, at
 *   most once per round of its attempts: a receiver that is down or overloaded gets fewer requests, never more.
 *   A trouble is a 5xx, 408 or 429 answer, a timeout, or no answer (connection refused or reset, DNS); any other
 *   answer, a 4xx included, is the receiver doing its job.
 * - **Timeout**: a receiver that keeps timing out (two of its last 32 attempts) is given four times what nine in
 *   ten of its answers took lately, between `minTimeoutMs` and `timeoutMs`, so that an attempt it will not
 *   answer in time holds a slot for seconds rather than the whole timeout. One that stops timing out is given the
 *   whole timeout again.
 */
export interface ReceiverPace {
  /** Attempts the webhook may have in flight now. */
  limit(): number
  /** The timeout of its next attempt. */
  timeoutMs(): number
  /**
   * Hears, after a claim, how many attempts the webhook has in flight: as many as its limit, and it uses every
   * slot it has (it may grow) until the next claim says otherwise.
   */
  inFlight(count: number): void
  /** Hears an attempt settle. */
  settled(attempt: PacedAttempt): void
  /** When it last heard from an attempt (`Date.now()` ms), to forget webhooks gone quiet. */
  lastHeard(): number
}

/** Of the last attempts, the share of troubles is an average over about this many. */
const TROUBLE_MEMORY = 16
/** Below this share of troubles a webhook may grow; above `SHRINK_AT` it shrinks. */
const GROW_BELOW = 0.25
const SHRINK_AT = 0.5
/** Attempts whose outcome (timed out or not) is remembered. */
const RECENT_ATTEMPTS = 32
/** Timeouts among them that make a receiver one that keeps timing out. */
const TIMEOUTS_TO_SHORTEN = 2
/** Answer times remembered, and how many are needed before they shorten a timeout. */
const RECENT_ANSWERS = 64
const ANSWERS_TO_SHORTEN = 16
/** A shortened timeout is this many times what nine in ten answers took. */
const TIMEOUT_FACTOR = 4

export function createReceiverPace(bounds: PaceBounds, clock: () => number = Date.now): ReceiverPace {
  let limit = Math.min(bounds.ceiling, Math.max(bounds.floor, bounds.initial))
  let trouble = 0
  /** Attempts settled since the limit was last halved: at most one halving per round of them. */
  let sinceShrink = Number.POSITIVE_INFINITY
  const timedOut: boolean[] = []
  const answers: number[] = []
  let timeout = bounds.timeoutMs
  let heard = clock()
  let full = false

  const updateTimeout = () => {
    const timeouts = timedOut.filter(Boolean).length
    if (timeouts < TIMEOUTS_TO_SHORTEN || answers.length < ANSWERS_TO_SHORTEN) {
      timeout = bounds.timeoutMs
      return
    }
    const sorted = [...answers].sort((a, b) => a - b)
    const p90 = sorted[Math.floor(0.9 * (sorted.length - 1))] as number
    timeout = Math.round(Math.min(bounds.timeoutMs, Math.max(bounds.minTimeoutMs, TIMEOUT_FACTOR * p90)))
  }

  return {
    limit: () => Math.floor(limit),
    timeoutMs: () => timeout,
    lastHeard: () => heard,
    inFlight(count) {
      full = count >= Math.floor(limit)
    },
    settled(attempt) {
      heard = clock()
      if (attempt.errorClass === 'aborted') return
      const troubled = isTrouble(attempt)
      trouble += ((troubled ? 1 : 0) - trouble) / TROUBLE_MEMORY
      sinceShrink++
      if (!troubled && full && trouble < GROW_BELOW) limit = Math.min(bounds.ceiling, limit + 1)
      if (troubled && trouble >= SHRINK_AT && sinceShrink >= limit) {
        limit = Math.max(bounds.floor, limit / 2)
        sinceShrink = 0
      }
      timedOut.push(attempt.errorClass === 'timeout')
      if (timedOut.length > RECENT_ATTEMPTS) timedOut.shift()
      if (attempt.status !== null) {
        answers.push(attempt.durationMs)
        if (answers.length > RECENT_ANSWERS) answers.shift()
      }
      updateTimeout()
    },
  }
}

/** Whether an attempt says the receiver is in trouble (down, overloaded, or too slow), rather than answering. */
function isTrouble({ status, errorClass }: Pick<DeliveryAttempt, 'status' | 'errorClass'>): boolean {
  if (status !== null) return status >= 500 || status === 408 || status === 429
  return errorClass !== null && TROUBLES.has(errorClass)
}

/** What a request that got no answer says about its receiver: it is down, unreachable or too slow. */
const TROUBLES = new Set(['timeout', 'connect', 'network', 'dns', 'tls'])
