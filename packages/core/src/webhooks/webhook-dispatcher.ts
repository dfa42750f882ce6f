import type { Logger } from '../context'
import { CanvassError } from '../http/errors'
import type { ClaimedDelivery, DeliveryOutcome, Storage } from '../ports/storage'
import type { WebhookAttemptResult, WebhookTransport } from '../ports/webhook-transport'
import { createId } from '../services/ids'
import { WEBHOOK_RETRY_SCHEDULE_MS, nextAttemptAt } from './retry-schedule'
import { signWebhook } from './sign-webhook'
import { WEBHOOK_TIMEOUT_MS } from './webhook-limits'

export interface WebhookDispatcherOptions {
  /** The storage whose outbox is sent (the one `createCanvass` was given). */
  storage: Storage
  /** Sends each attempt: `createNodeWebhookTransport()` on Node, `createFetchWebhookTransport()` elsewhere. */
  transport: WebhookTransport
  /**
   * The clock: attempt times, signatures' timestamps and the retry schedule read it.
   * @default () => new Date()
   */
  now?: () => Date
  /**
   * Source of the retry jitter, in [0, 1).
   * @default Math.random
   */
  random?: () => number
  /**
   * Milliseconds to wait after each failed attempt; the delivery fails for good after the attempt that finds
   * no entry left. Tests shorten it.
   * @default WEBHOOK_RETRY_SCHEDULE_MS (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h)
   */
  schedule?: readonly number[]
  /**
   * Deliveries claimed per batch.
   * @default 100
   */
  batchSize?: number
  /**
   * Attempts in flight at once.
   * @default 32
   */
  concurrency?: number
  /**
   * Milliseconds one attempt may take.
   * @default WEBHOOK_TIMEOUT_MS (15 000)
   */
  timeoutMs?: number
  /**
   * Milliseconds a claim is held: after that another instance may claim the delivery again, so a delivery
   * whose claimer died is sent after at most this long. A worker starts an attempt only while the rest of the
   * lease covers the whole attempt (`timeoutMs`) plus a margin for recording it (a third of `timeoutMs`, at
   * most 5 s); otherwise it hands the delivery back unsent, due at once, so that no attempt is still in flight
   * when another instance may claim it. Must be at least `timeoutMs` plus two margins (one for the claim).
   * @default enough for every round of a batch to run to its timeout: ceil(batchSize / concurrency) ×
   * timeoutMs + 2 × margin (70 000 with the defaults: 4 × 15 s + 2 × 5 s)
   */
  leaseMs?: number
  /**
   * How often the loop looks for due deliveries when nothing woke it: retries coming due, and deliveries
   * written by other instances (writes of this process wake it at once).
   * @default 1000
   */
  pollIntervalMs?: number
  /** @default console */
  logger?: Logger
}

export interface DispatchReport {
  claimed: number
  delivered: number
  retried: number
  failed: number
  /** Claimed but handed back unsent (the lease could not cover another attempt, or shutdown): due again at once. */
  released: number
}

export interface WebhookDispatcher {
  /**
   * Sends every delivery that is due now, batch after batch, then resolves: for serverless hosts and cron
   * jobs. Safe to run in several processes at once (claims never overlap).
   */
  runOnce(): Promise<DispatchReport>
  /** Starts the loop for long-running hosts: it wakes at once when this process writes a delivery. */
  start(): void
  /**
   * Stops the loop: in-flight attempts are aborted and their deliveries handed back unsent, due at once for the
   * next instance (an attempt counts only when the receiver was given the chance to answer).
   */
  stop(): Promise<void>
}

/**
 * The webhook dispatcher (contract §7): claims due deliveries from the outbox, signs and sends them through
 * the transport, and records each attempt with what happens next (delivered; retried per the schedule with
 * jitter and `Retry-After`; failed; or, on 410 Gone, the webhook disabled).
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { storage, transport } = options
  const now = options.now ?? (() => new Date())
  const schedule = options.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS
  const batchSize = options.batchSize ?? 100
  const concurrency = options.concurrency ?? 32
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const margin = recordingMarginMs(timeoutMs)
  // A worker runs its share of a batch one attempt after another: ceil(batchSize / concurrency) rounds, each
  // up to the timeout. One margin covers recording the last round, the other the small gaps between rounds.
  const leaseMs = options.leaseMs ?? Math.ceil(batchSize / concurrency) * timeoutMs + 2 * margin
  if (!(leaseMs >= timeoutMs + 2 * margin)) {
    // A shorter lease leaves no time for the claim itself: the lease left when the first attempt of a batch
    // starts could not cover it, so every claimed delivery would be handed back unsent, for ever.
    throw new TypeError(`leaseMs must be at least timeoutMs + ${2 * margin} (${timeoutMs + 2 * margin}), got ${leaseMs}`)
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const logger = options.logger ?? console
  let shutdown = new AbortController()
  /**
   * The attempts in flight, each with a signal of its own that `stop()` aborts. Handing every attempt the
   * shutdown signal itself would hang one abort listener per attempt in flight on that one long-lived signal.
   */
  const inFlight = new Set<AbortController>()

  async function attempt(delivery: ClaimedDelivery, claimToken: string): Promise<DeliveryOutcome> {
    const started = now()
    if (delivery.disabled) return { id: delivery.id, claimToken, next: { status: 'failed' }, now: started }
    const headers = signWebhook({ id: delivery.id, timestamp: started.getTime() / 1000, body: delivery.body, secret: delivery.secret })
    const abort = new AbortController()
    if (shutdown.signal.aborted) abort.abort()
    inFlight.add(abort)
    let result: WebhookAttemptResult
    try {
      result = await transport.send({ url: delivery.url, headers, body: delivery.body, timeoutMs, signal: abort.signal })
    } finally {
      inFlight.delete(abort)
    }
    const finished = now()
    const record = {
      at: started.toISOString(),
      status: result.kind === 'response' ? result.status : null,
      durationMs: result.durationMs,
      errorClass: result.kind === 'error' ? result.errorClass : null,
    }
    const base = { id: delivery.id, claimToken, attempt: record, now: finished }
    if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { ...base, next: { status: 'delivered' } }
    if (result.kind === 'response' && result.status === 410) return { ...base, next: { status: 'disable' } }
    const at = nextAttemptAt({
      now: finished,
      attempts: delivery.attempts + 1,
      schedule,
      ...(result.kind === 'response' && result.retryAfter !== undefined ? { retryAfterSeconds: result.retryAfter } : {}),
      ...(options.random ? { random: options.random } : {}),
    })
    return { ...base, next: at ? { status: 'retry', at } : { status: 'failed' } }
  }

  /** Claims one batch and works through it; says how many were claimed and how many of those were sent. */
  async function runBatch(report: DispatchReport): Promise<{ claimed: number; attempted: number }> {
    const claimToken = createId()
    const claimedAt = now()
    const claimed = await storage.webhookDeliveries.claim({ now: claimedAt, limit: batchSize, leaseMs, claimToken })
    const leaseEnds = claimedAt.getTime() + leaseMs
    report.claimed += claimed.length
    let attempted = 0
    // Outcomes are recorded in groups: whatever finished while the previous write ran goes in the next one.
    let queued: DeliveryOutcome[] = []
    let writing: Promise<void> = Promise.resolve()
    const flush = () => {
      writing = writing.then(async () => {
        if (queued.length === 0) return
        const outcomes = queued
        queued = []
        await storage.webhookDeliveries.record(outcomes)
        for (const outcome of outcomes) {
          const status = outcome.next.status
          if (outcome.attempt === undefined && status === 'retry') report.released++
          else if (status === 'delivered') report.delivered++
          else if (status === 'retry') report.retried++
          else report.failed++
        }
      })
      return writing
    }
    let next = 0
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++] as ClaimedDelivery
        const started = now()
        if (!delivery.disabled && leaseEnds - started.getTime() < timeoutMs + margin) {
          // Regression (issue 8): the last rounds of a batch of slow receivers used to start so late that the
          // lease ran out mid-attempt; another instance then claimed the delivery and sent it a second time
          // (and this attempt's record was discarded). Hand it back unsent instead, due at once.
          queued.push({ id: delivery.id, claimToken, next: { status: 'retry', at: started }, now: started })
          void flush().catch(() => {})
          continue
        }
        attempted++
        const outcome = await attempt(delivery, claimToken)
        if (outcome.attempt?.errorClass === 'aborted' && shutdown.signal.aborted) {
          // Shutdown cut the attempt short: that says nothing about the receiver, so it is not counted, and
          // the delivery is released at once for the next instance instead of waiting out the lease.
          const { attempt: _aborted, ...rest } = outcome
          queued.push({ ...rest, next: { status: 'retry', at: outcome.now } })
        } else {
          queued.push(outcome)
        }
        void flush().catch(() => {})
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker))
    await flush()
    return { claimed: claimed.length, attempted }
  }

  async function runOnce(): Promise<DispatchReport> {
    const report: DispatchReport = { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0 }
    while (!shutdown.signal.aborted) {
      const before = report.released
      const batch = await runBatch(report)
      const handedBack = report.released > before
      // Nothing of this batch could be sent (the claim itself took most of the lease): the next poll tries
      // again, instead of this loop claiming and handing back in a circle.
      if (handedBack && batch.attempted === 0) break
      // A full batch: more may be due. Deliveries handed back are due at once: claim them again, with a fresh
      // lease, now.
      if (batch.claimed < batchSize && !handedBack) break
    }
    return report
  }

  let running: Promise<void> | undefined
  let wake: (() => void) | undefined
  let woken = false
  let unsubscribe: (() => void) | undefined

  async function loop(): Promise<void> {
    // While the database is away every poll fails the same way: say so once, not once per poll.
    let away = false
    while (!shutdown.signal.aborted) {
      woken = false
      try {
        await runOnce()
        away = false
      } catch (error) {
        if (error instanceof CanvassError && error.code === 'service_unavailable') {
          if (!away) logger.warn('Webhook dispatcher: the database is unreachable; deliveries resume when it is back')
          away = true
        } else {
          logger.error('Webhook dispatcher: a batch failed; retrying on the next poll', error)
        }
      }
      if (woken || shutdown.signal.aborted) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollIntervalMs)
        function done() {
          clearTimeout(timer)
          wake = undefined
          resolve()
        }
        wake = done
      })
    }
  }

  return {
    runOnce,
    start() {
      if (running) return
      shutdown = new AbortController()
      unsubscribe = storage.webhookDeliveries.onWritten(() => {
        woken = true
        wake?.()
      })
      running = loop()
    },
    async stop() {
      if (!running) return
      shutdown.abort()
      for (const attempt of inFlight) attempt.abort()
      wake?.()
      unsubscribe?.()
      await running
      running = undefined
    },
  }
}

/** Time an attempt's outcome may take to be recorded after its deadline, kept free before the lease ends. */
function recordingMarginMs(timeoutMs: number): number {
  return Math.min(5_000, Math.ceil(timeoutMs / 3))
}
