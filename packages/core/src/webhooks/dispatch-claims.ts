import { CanvassError } from '../errors'
import type { WebhookAttemptObservation } from '../observer'
import { notify as tell } from '../observer'
import type { ClaimedDelivery, DeliveryAttempt, DeliveryOutcome } from '../ports/storage'
import { createId } from '../domain/ids'
import type { Dispatch } from './dispatch-state'
import { FORGET_AFTER_MS, paceOf } from './dispatch-state'
import type { ClaimResult, PumpRun } from './pump-run'
import { countOutcomes, wake } from './pump-run'
import { OUTCOMES, sendAttempt } from './send-attempt'
import { jobSpan, setWhenRecording } from '../tracing/tracer'

/**
 * Claims for the free slots. A failed claim ends `runOnce` (kept as the run's failure); a running dispatcher
 * says so (once while the database is away, not once per poll) and tries again on the next poll.
 */
export async function claimOrNote(d: Dispatch, run: PumpRun, free: number): Promise<ClaimResult> {
  try {
    // The claim's span: the outbox's expansion and the claim are its statements, the attempts it starts its
    // children (they end after it).
    const result = await jobSpan('webhooks', async (span) => {
      const claim = await claimAndStart(d, run, free)
      setWhenRecording(span, () => ({ 'canvass.job.claimed': claim.claimed, 'canvass.job.started': claim.started }))
      return claim
    })
    reachable(d, run)
    return { ...result, failed: false }
  } catch (error) {
    if (run.once) {
      run.failure = error
      return { claimed: 0, started: 0, failed: true }
    }
    if (error instanceof CanvassError && error.code === 'service_unavailable') {
      if (!run.away) d.logger.warn('Webhook dispatcher: the database is unreachable; deliveries resume when it is back')
      run.away = true
    } else {
      d.logger.error('Webhook dispatcher: a claim failed; retrying on the next poll', error)
    }
    return { claimed: 0, started: 0, failed: true }
  }
}

/** Says once that the database answers again, after a claim or a poll found it unreachable. */
export function reachable(d: Dispatch, run: PumpRun): void {
  if (run.away) d.logger.warn('Webhook dispatcher: the database is back; deliveries resume')
  run.away = false
}

/** Claims for the free slots and starts each delivery; says how many it claimed and how many it started. */
export async function claimAndStart(d: Dispatch, run: PumpRun, free: number): Promise<{ claimed: number; started: number }> {
  const claimToken = createId()
  const claimedAt = d.now()
  const claimed = await d.storage.webhookDeliveries.claim({
    now: claimedAt,
    limit: Math.min(free, d.batchSize),
    leaseMs: d.leaseMs,
    claimToken,
    perWebhook: d.paceBounds.initial,
    limits: limitsOf(d, run),
    inFlight: { ...run.inFlightByWebhook },
  })
  const leaseEnds = claimedAt.getTime() + d.leaseMs
  run.report.claimed += claimed.length
  let started = 0
  for (const delivery of claimed) {
    const startedAt = d.now()
    if (d.shutdown.signal.aborted || (!delivery.disabled && leaseEnds - startedAt.getTime() < d.timeoutMs + d.margin)) {
      // An attempt that starts too late for the rest of the lease would outlive it: another instance would
      // claim the delivery and send it a second time, and this attempt's record would be discarded. It is
      // handed back unsent instead, due at once (so is everything claimed while stopping).
      run.queued.push({ id: delivery.id, claimToken, next: { status: 'retry', at: startedAt }, now: startedAt })
      continue
    }
    started++
    paceOf(d, delivery.webhookId)
    startAttempt(d, run, delivery, claimToken)
  }
  if (started < claimed.length) void flush(d, run)
  // Each webhook's pace hears whether the claim filled every slot it has.
  for (const [webhookId, pace] of d.paces) pace.inFlight(run.inFlightByWebhook[webhookId] ?? 0)
  return { claimed: claimed.length, started }
}

/**
 * What each webhook heard from lately may have in flight (the others start at `paceBounds.initial`, the
 * claim's `perWebhook`). Webhooks gone quiet for `FORGET_AFTER_MS`, with nothing in flight, are forgotten here.
 */
export function limitsOf(d: Dispatch, run: PumpRun): Record<string, number> {
  const limits: Record<string, number> = {}
  const forgetBefore = Date.now() - FORGET_AFTER_MS
  for (const [webhookId, pace] of d.paces) {
    if (pace.lastHeard() < forgetBefore && run.inFlightByWebhook[webhookId] === undefined) d.paces.delete(webhookId)
    else limits[webhookId] = pace.limit()
  }
  return limits
}

/** Sends one claimed delivery in a slot of its own; its outcome is queued and written, then the slot frees. */
export function startAttempt(d: Dispatch, run: PumpRun, delivery: ClaimedDelivery, claimToken: string): void {
  run.inFlightByWebhook[delivery.webhookId] = (run.inFlightByWebhook[delivery.webhookId] ?? 0) + 1
  const running = sendAttempt(d, delivery, claimToken).then((outcome) => {
    if (outcome.attempt?.errorClass === 'aborted' && d.shutdown.signal.aborted) {
      // Shutdown cut the attempt short: that says nothing about the receiver, so it is not counted, and the
      // delivery is released at once for the next instance instead of waiting out the lease.
      const { attempt: _aborted, ...rest } = outcome
      run.queued.push({ ...rest, next: { status: 'retry', at: outcome.now } })
    } else {
      run.queued.push(outcome)
      if (outcome.attempt !== undefined) {
        paceOf(d, delivery.webhookId).settled(outcome.attempt)
        if (d.onAttempt !== undefined) tell(d.onAttempt, observation(delivery, outcome, outcome.attempt))
      }
    }
    // The slot frees once the outcome is written: a claim made before a 410's disable is recorded would send
    // the webhook's next delivery all the same.
    return flush(d, run)
  })
  const tracked = running.finally(() => {
    run.attempts.delete(tracked)
    settled(run, delivery)
  })
  run.attempts.add(tracked)
}

/** Frees the delivery's slot of its webhook and wakes the loop. */
export function settled(run: PumpRun, delivery: ClaimedDelivery): void {
  const left = (run.inFlightByWebhook[delivery.webhookId] ?? 1) - 1
  if (left > 0) run.inFlightByWebhook[delivery.webhookId] = left
  else delete run.inFlightByWebhook[delivery.webhookId]
  wake(run)
}

/**
 * Writes the queued outcomes, after the write before it: whatever finished while one write ran goes in the
 * next. Counts them in the report once written.
 */
export function flush(d: Dispatch, run: PumpRun): Promise<void> {
  run.writing = run.writing.then(async () => {
    if (run.queued.length === 0) return
    const outcomes = run.queued
    run.queued = []
    try {
      await d.storage.webhookDeliveries.record(outcomes)
    } catch (error) {
      // The deliveries stay claimed until their lease ends and are sent again then: nothing is lost.
      if (run.once) run.recordError ??= error
      else d.logger.error('Webhook dispatcher: recording outcomes failed; those deliveries are sent again when their lease ends', error)
      return
    }
    countOutcomes(run.report, outcomes)
  })
  return run.writing
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
