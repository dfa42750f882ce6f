import type { Logger } from '../context'
import { CanvassError } from '../errors'
import type { WebhookAttemptObservation, WebhookDispatcherObserver } from '../observer'
import { notify as tell } from '../observer'
import type { ClaimedDelivery, DeliveryAttempt, DeliveryOutcome, Storage } from '../ports/storage'
import type { WebhookAttemptResult, WebhookTransport } from '../ports/webhook-transport'
import { createId } from '../domain/ids'
import { createReceiverPace } from './receiver-pace'
import type { ReceiverPace } from './receiver-pace'
import { WEBHOOK_RETRY_SCHEDULE_MS, nextAttemptAt } from './retry-schedule'
import type { ClaimResult, PumpRun } from './pump-run'
import { countOutcomes, newPumpRun, waitForSignal, wake } from './pump-run'
import { signWebhook } from './sign-webhook'
import { WEBHOOK_TIMEOUT_MS } from './webhook-limits'
import { withOutboxExpansion } from './outbox-expansion'

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
   * Most deliveries one claim takes (never more than the free slots).
   * @default 100
   */
  batchSize?: number
  /**
   * Attempts in flight at once, over all webhooks. A slot that frees is filled at once.
   * @default 256
   */
  concurrency?: number
  /**
   * The most attempts one webhook may have in flight at once. A webhook starts with 32 (or this, if fewer) and
   * its pace follows its receiver (`receiver-pace.ts`; docs/webhooks-and-uploads.md, "How fast a webhook is
   * sent"): one more slot for each attempt answered while it uses them all and its receiver's troubles stay
   * low, half as many (down to 4) when most of its recent attempts failed. So a slow receiver costs waiting,
   * not throughput, a failing one gets fewer requests, never more, and one webhook never takes the slots of the
   * others: half of `concurrency` at most by default.
   * @default 128
   */
  perWebhookConcurrency?: number
  /**
   * Milliseconds one attempt may take. A receiver that keeps timing out is given less (four times what nine in
   * ten of its recent answers took, at least 5 s or this if less), until it stops timing out.
   * @default WEBHOOK_TIMEOUT_MS (15 000)
   */
  timeoutMs?: number
  /**
   * Milliseconds a claim is held: after that another instance may claim the delivery again, so a delivery
   * whose claimer died is sent after at most this long. Attempts start as soon as they are claimed; one starts
   * only while the rest of the lease covers the whole attempt (`timeoutMs`) plus a margin for recording it (a
   * third of `timeoutMs`, at most 5 s); otherwise the delivery is handed back unsent, due at once, so that no
   * attempt is still in flight when another instance may claim it. Must be at least `timeoutMs` plus two
   * margins (one for the claim).
   * @default timeoutMs + 2 × margin (25 000 with the defaults)
   */
  leaseMs?: number
  /**
   * How often the loop looks for due deliveries when nothing woke it: deliveries written by other instances.
   * Writes of this process wake it at once, and it wakes when the next retry it knows of comes due. A poll is
   * one query (`nextDue`); the loop claims only when it says something is due.
   * @default 1000
   */
  pollIntervalMs?: number
  /** @default console */
  logger?: Logger
  /**
   * Hooks that see every attempt's outcome and duration, to feed an app's own metrics. How many deliveries
   * wait is the storage's to say: `storage.webhookDeliveries.backlog(now)`.
   * @default undefined
   */
  observe?: WebhookDispatcherObserver
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
 * The webhook dispatcher (docs/design.md, "Events and webhooks"): claims due deliveries from the outbox, signs and sends them through
 * the transport, and records each attempt with what happens next (delivered; retried per the schedule with
 * jitter and `Retry-After`; failed; or, on 410 Gone, the webhook disabled).
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { transport } = options
  // A dispatcher made on its own (a worker, a test) makes the outbox's events into deliveries before it claims.
  const storage = withOutboxExpansion(options.storage)
  const now = options.now ?? (() => new Date())
  const schedule = options.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS
  const batchSize = options.batchSize ?? 100
  const concurrency = options.concurrency ?? 256
  const perWebhook = options.perWebhookConcurrency ?? 128
  for (const [name, value] of [
    ['batchSize', batchSize],
    ['concurrency', concurrency],
    ['perWebhookConcurrency', perWebhook],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`)
  }
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const margin = recordingMarginMs(timeoutMs)
  // Every attempt starts as soon as it is claimed: one margin covers the claim, the other recording it.
  const leaseMs = options.leaseMs ?? timeoutMs + 2 * margin
  if (!(leaseMs >= timeoutMs + 2 * margin)) {
    // A shorter lease leaves no time for the claim itself: the lease left when the first attempt of a batch
    // starts could not cover it, so every claimed delivery would be handed back unsent, for ever.
    throw new TypeError(`leaseMs must be at least timeoutMs + ${2 * margin} (${timeoutMs + 2 * margin}), got ${leaseMs}`)
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const logger = options.logger ?? console
  const paceBounds = {
    initial: Math.min(INITIAL_PER_WEBHOOK, perWebhook),
    floor: Math.min(FLOOR_PER_WEBHOOK, perWebhook),
    ceiling: perWebhook,
    timeoutMs,
    minTimeoutMs: Math.min(MIN_TIMEOUT_MS, timeoutMs),
  }
  /** Each webhook's pace, by id, while it is heard from; one not heard from for a while starts afresh. */
  const paces = new Map<string, ReceiverPace>()
  const paceOf = (webhookId: string): ReceiverPace => {
    let pace = paces.get(webhookId)
    if (pace === undefined) {
      pace = createReceiverPace(paceBounds)
      paces.set(webhookId, pace)
    }
    return pace
  }
  const onAttempt = options.observe?.attempt
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
      const paced = paceOf(delivery.webhookId).timeoutMs()
      result = await transport.send({ url: delivery.url, headers, body: delivery.body, timeoutMs: paced, signal: abort.signal })
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

  /**
   * Sends what is due through a pool of `concurrency` slots, at most `perWebhook` of them per webhook: claims
   * as many deliveries as there are free slots, starts each at once, and claims again whenever an attempt
   * settles (one claim at a time: attempts that settle during a claim are filled by the next). Outcomes are
   * recorded in groups: whatever finished while the previous write ran goes in the next one.
   *
   * With `once`, it returns when a claim finds nothing and no attempt is in flight (`runOnce`). Otherwise it
   * runs until `stop()`, also waking when this process writes a delivery (`onWritten`), when the next pending
   * delivery it knows of comes due, and at least every `pollIntervalMs`.
   */
  async function pump(report: DispatchReport, once: boolean): Promise<void> {
    const run = newPumpRun(report, once)
    const notify = () => wake(run)
    shutdown.signal.addEventListener('abort', notify)
    const unsubscribe = once ? undefined : storage.webhookDeliveries.onWritten(notify)
    try {
      while (!shutdown.signal.aborted) {
        run.signalled = false
        const free = concurrency - run.attempts.size
        const claim = free > 0 ? await claimOrNote(run, free) : { claimed: 0, started: 0, failed: false }
        if (run.failure !== undefined) break
        const next = nextStep(run, free, claim)
        if (next === 'stop') break
        if (next === 'claim') continue
        await waitForWork(run, next)
      }
    } finally {
      unsubscribe?.()
      shutdown.signal.removeEventListener('abort', notify)
      await Promise.all(run.attempts)
      await flush(run)
    }
    if (run.failure !== undefined) throw run.failure
    if (run.recordError !== undefined) throw run.recordError
  }

  /**
   * What the loop does after a claim: `stop`; `claim` again at once; `wait` for an attempt to settle (runOnce);
   * or wait for a signal until the `poll` interval or until the next delivery comes `due`.
   */
  function nextStep(run: PumpRun, free: number, claim: ClaimResult): 'stop' | 'claim' | 'wait' | 'poll' | 'due' {
    const full = claim.claimed > 0 && claim.claimed === Math.min(free, batchSize)
    if (run.once) {
      // Nothing due, or nothing of what was claimed could be sent (the claim took most of the lease): the next
      // run tries again, instead of this loop claiming and handing back in a circle.
      if (run.attempts.size === 0 && (claim.claimed === 0 || claim.started === 0)) return 'stop'
      // A full claim with free slots left: more may be due. Otherwise wait for an attempt to settle.
      return full && run.attempts.size < concurrency ? 'claim' : 'wait'
    }
    if (full && run.attempts.size < concurrency) return 'claim'
    if (run.signalled) return 'claim'
    return claim.failed || free === 0 ? 'poll' : 'due'
  }

  /**
   * Claims for the free slots. A failed claim ends `runOnce` (kept as the run's failure); a running dispatcher
   * says so (once while the database is away, not once per poll) and tries again on the next poll.
   */
  async function claimOrNote(run: PumpRun, free: number): Promise<ClaimResult> {
    try {
      const result = await claimAndStart(run, free)
      reachable(run)
      return { ...result, failed: false }
    } catch (error) {
      if (run.once) {
        run.failure = error
        return { claimed: 0, started: 0, failed: true }
      }
      if (error instanceof CanvassError && error.code === 'service_unavailable') {
        if (!run.away) logger.warn('Webhook dispatcher: the database is unreachable; deliveries resume when it is back')
        run.away = true
      } else {
        logger.error('Webhook dispatcher: a claim failed; retrying on the next poll', error)
      }
      return { claimed: 0, started: 0, failed: true }
    }
  }

  /** Says once that the database answers again, after a claim or a poll found it unreachable. */
  function reachable(run: PumpRun): void {
    if (run.away) logger.warn('Webhook dispatcher: the database is back; deliveries resume')
    run.away = false
  }

  /** Claims for the free slots and starts each delivery; says how many it claimed and how many it started. */
  async function claimAndStart(run: PumpRun, free: number): Promise<{ claimed: number; started: number }> {
    const claimToken = createId()
    const claimedAt = now()
    const claimed = await storage.webhookDeliveries.claim({
      now: claimedAt,
      limit: Math.min(free, batchSize),
      leaseMs,
      claimToken,
      perWebhook: paceBounds.initial,
      limits: limitsOf(run),
      inFlight: { ...run.inFlightByWebhook },
    })
    const leaseEnds = claimedAt.getTime() + leaseMs
    run.report.claimed += claimed.length
    let started = 0
    for (const delivery of claimed) {
      const startedAt = now()
      if (shutdown.signal.aborted || (!delivery.disabled && leaseEnds - startedAt.getTime() < timeoutMs + margin)) {
        // An attempt that starts too late for the rest of the lease would outlive it: another instance would
        // claim the delivery and send it a second time, and this attempt's record would be discarded. It is
        // handed back unsent instead, due at once (so is everything claimed while stopping).
        run.queued.push({ id: delivery.id, claimToken, next: { status: 'retry', at: startedAt }, now: startedAt })
        continue
      }
      started++
      paceOf(delivery.webhookId)
      start(run, delivery, claimToken)
    }
    if (started < claimed.length) void flush(run)
    // Each webhook's pace hears whether the claim filled every slot it has.
    for (const [webhookId, pace] of paces) pace.inFlight(run.inFlightByWebhook[webhookId] ?? 0)
    return { claimed: claimed.length, started }
  }

  /**
   * What each webhook heard from lately may have in flight (the others start at `paceBounds.initial`, the
   * claim's `perWebhook`). Webhooks gone quiet for `FORGET_AFTER_MS`, with nothing in flight, are forgotten here.
   */
  function limitsOf(run: PumpRun): Record<string, number> {
    const limits: Record<string, number> = {}
    const forgetBefore = Date.now() - FORGET_AFTER_MS
    for (const [webhookId, pace] of paces) {
      if (pace.lastHeard() < forgetBefore && run.inFlightByWebhook[webhookId] === undefined) paces.delete(webhookId)
      else limits[webhookId] = pace.limit()
    }
    return limits
  }

  /** Sends one claimed delivery in a slot of its own; its outcome is queued and written, then the slot frees. */
  function start(run: PumpRun, delivery: ClaimedDelivery, claimToken: string): void {
    run.inFlightByWebhook[delivery.webhookId] = (run.inFlightByWebhook[delivery.webhookId] ?? 0) + 1
    const running = attempt(delivery, claimToken).then((outcome) => {
      if (outcome.attempt?.errorClass === 'aborted' && shutdown.signal.aborted) {
        // Shutdown cut the attempt short: that says nothing about the receiver, so it is not counted, and the
        // delivery is released at once for the next instance instead of waiting out the lease.
        const { attempt: _aborted, ...rest } = outcome
        run.queued.push({ ...rest, next: { status: 'retry', at: outcome.now } })
      } else {
        run.queued.push(outcome)
        if (outcome.attempt !== undefined) {
          paceOf(delivery.webhookId).settled(outcome.attempt)
          if (onAttempt !== undefined) tell(onAttempt, observation(delivery, outcome, outcome.attempt))
        }
      }
      // The slot frees once the outcome is written: a claim made before a 410's disable is recorded would send
      // the webhook's next delivery all the same.
      return flush(run)
    })
    const tracked = running.finally(() => {
      run.attempts.delete(tracked)
      settled(run, delivery)
    })
    run.attempts.add(tracked)
  }

  /** Frees the delivery's slot of its webhook and wakes the loop. */
  function settled(run: PumpRun, delivery: ClaimedDelivery): void {
    const left = (run.inFlightByWebhook[delivery.webhookId] ?? 1) - 1
    if (left > 0) run.inFlightByWebhook[delivery.webhookId] = left
    else delete run.inFlightByWebhook[delivery.webhookId]
    wake(run)
  }

  /**
   * Writes the queued outcomes, after the write before it: whatever finished while one write ran goes in the
   * next. Counts them in the report once written.
   */
  function flush(run: PumpRun): Promise<void> {
    run.writing = run.writing.then(async () => {
      if (run.queued.length === 0) return
      const outcomes = run.queued
      run.queued = []
      try {
        await storage.webhookDeliveries.record(outcomes)
      } catch (error) {
        // The deliveries stay claimed until their lease ends and are sent again then: nothing is lost.
        if (run.once) run.recordError ??= error
        else logger.error('Webhook dispatcher: recording outcomes failed; those deliveries are sent again when their lease ends', error)
        return
      }
      countOutcomes(run.report, outcomes)
    })
    return run.writing
  }

  /**
   * Waits until the loop should claim again: on a signal; when the next delivery the loop knows of comes due;
   * or, with nothing known due, after the poll interval, for what other instances wrote. Then one query asks
   * whether anything is due before a claim (an expansion of events and a claim, four statements) is made:
   * an idle dispatcher costs its database one query a poll, and its host's other requests nothing more.
   */
  async function waitForWork(run: PumpRun, next: 'wait' | 'poll' | 'due'): Promise<void> {
    if (next === 'wait') return waitForSignal(run, undefined)
    let ms = next === 'poll' ? pollIntervalMs : await untilNextDue()
    for (;;) {
      await waitForSignal(run, ms)
      if (run.signalled || ms < pollIntervalMs) return
      const due = await dueIn(run)
      if (due === 0) return
      ms = due === undefined ? pollIntervalMs : Math.min(due, pollIntervalMs)
    }
  }

  /**
   * Milliseconds until the earliest pending work (a delivery, or an event not yet turned into its deliveries)
   * is due, 0 when it is due already, undefined when nothing is pending. A failed read is 0: the claim that
   * follows says what is wrong, as it would have without this read.
   */
  async function dueIn(run: PumpRun): Promise<number | undefined> {
    try {
      const current = now()
      const due = await storage.webhookDeliveries.nextDue()
      reachable(run)
      return due === null ? undefined : Math.max(0, due.getTime() - current.getTime())
    } catch {
      return 0
    }
  }

  /**
   * Milliseconds until the next pending delivery comes due, at most the poll interval. What is due already
   * but was not claimed (held by another instance, or its webhook's slots are full) is left to the poll and
   * to the wake-up of a slot freeing; it must not keep a retry due sooner waiting for the poll.
   */
  async function untilNextDue(): Promise<number> {
    try {
      const current = now()
      const due = await storage.webhookDeliveries.nextDue(current)
      if (!due) return pollIntervalMs
      return Math.max(1, Math.min(pollIntervalMs, due.getTime() - current.getTime() + 1))
    } catch {
      return pollIntervalMs
    }
  }

  async function runOnce(): Promise<DispatchReport> {
    const report: DispatchReport = { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0 }
    await pump(report, true)
    return report
  }

  let running: Promise<void> | undefined

  return {
    runOnce,
    start() {
      if (running) return
      shutdown = new AbortController()
      const report: DispatchReport = { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0 }
      running = pump(report, false).catch((error) => logger.error('Webhook dispatcher: stopped on an error', error))
    },
    async stop() {
      if (!running) return
      shutdown.abort()
      for (const attempt of inFlight) attempt.abort()
      await running
      running = undefined
    },
  }
}

/** What the `attempt` hook is told of an attempt sent. */
function observation(delivery: ClaimedDelivery, outcome: DeliveryOutcome, attempt: DeliveryAttempt): WebhookAttemptObservation {
  return {
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    event: delivery.event,
    outcome: OUTCOMES[outcome.next.status],
    status: attempt.status,
    errorClass: attempt.errorClass,
    durationMs: attempt.durationMs,
  }
}

const OUTCOMES = { delivered: 'delivered', retry: 'retried', failed: 'failed', disable: 'disabled' } as const

/** Attempts in flight a webhook starts with, and the fewest it is held to (`perWebhookConcurrency`). */
const INITIAL_PER_WEBHOOK = 32
const FLOOR_PER_WEBHOOK = 4
/** The shortest timeout a receiver that keeps timing out is given (`timeoutMs`). */
const MIN_TIMEOUT_MS = 5_000
/** A webhook not heard from for this long starts afresh at its next delivery. */
const FORGET_AFTER_MS = 10 * 60_000

/** Time an attempt's outcome may take to be recorded after its deadline, kept free before the lease ends. */
function recordingMarginMs(timeoutMs: number): number {
  return Math.min(5_000, Math.ceil(timeoutMs / 3))
}
