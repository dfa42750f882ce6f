import type { DispatchReport } from './dispatch-report'
import type { Dispatch } from './dispatch-state'
import { claimOrNote, flush, reachable } from './dispatch-claims'
import type { ClaimResult, PumpRun } from './pump-run'
import { newPumpRun, waitForSignal, wake } from './pump-run'

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
export async function pump(d: Dispatch, report: DispatchReport, once: boolean): Promise<void> {
  const run = newPumpRun(report, once)
  const notify = () => wake(run)
  d.shutdown.signal.addEventListener('abort', notify)
  const unsubscribe = once ? undefined : d.storage.webhookDeliveries.onWritten(notify)
  try {
    while (!d.shutdown.signal.aborted) {
      run.signalled = false
      const free = d.concurrency - run.attempts.size
      const claim = free > 0 ? await claimOrNote(d, run, free) : { claimed: 0, started: 0, failed: false }
      if (run.failure !== undefined) break
      const next = nextStep(d, run, free, claim)
      if (next === 'stop') break
      if (next === 'claim') continue
      await waitForWork(d, run, next)
    }
  } finally {
    unsubscribe?.()
    d.shutdown.signal.removeEventListener('abort', notify)
    await Promise.all(run.attempts)
    await flush(d, run)
  }
  if (run.failure !== undefined) throw run.failure
  if (run.recordError !== undefined) throw run.recordError
}

/**
 * What the loop does after a claim: `stop`; `claim` again at once; `wait` for an attempt to settle (runOnce);
 * or wait for a signal until the `poll` interval or until the next delivery comes `due`.
 */
export function nextStep(d: Dispatch, run: PumpRun, free: number, claim: ClaimResult): 'stop' | 'claim' | 'wait' | 'poll' | 'due' {
  const full = claim.claimed > 0 && claim.claimed === Math.min(free, d.batchSize)
  if (run.once) {
    // Nothing due, or nothing of what was claimed could be sent (the claim took most of the lease): the next
    // run tries again, instead of this loop claiming and handing back in a circle.
    if (run.attempts.size === 0 && (claim.claimed === 0 || claim.started === 0)) return 'stop'
    // A full claim with free slots left: more may be due. Otherwise wait for an attempt to settle.
    return full && run.attempts.size < d.concurrency ? 'claim' : 'wait'
  }
  if (full && run.attempts.size < d.concurrency) return 'claim'
  if (run.signalled) return 'claim'
  return claim.failed || free === 0 ? 'poll' : 'due'
}

/**
 * Waits until the loop should claim again: on a signal; when the next delivery the loop knows of comes due;
 * or, with nothing known due, after the poll interval, for what other instances wrote. Then one query asks
 * whether anything is due before a claim (an expansion of events and a claim, four statements) is made:
 * an idle dispatcher costs its database one query a poll, and its host's other requests nothing more.
 */
export async function waitForWork(d: Dispatch, run: PumpRun, next: 'wait' | 'poll' | 'due'): Promise<void> {
  if (next === 'wait') return waitForSignal(run, undefined)
  let ms = next === 'poll' ? d.pollIntervalMs : await untilNextDue(d)
  for (;;) {
    await waitForSignal(run, ms)
    if (run.signalled || ms < d.pollIntervalMs) return
    const due = await dueIn(d, run)
    if (due === 0) return
    ms = due === undefined ? d.pollIntervalMs : Math.min(due, d.pollIntervalMs)
  }
}

/**
 * Milliseconds until the earliest pending work (a delivery, or an event not yet turned into its deliveries)
 * is due, 0 when it is due already, undefined when nothing is pending. A failed read is 0: the claim that
 * follows says what is wrong, as it would have without this read.
 */
export async function dueIn(d: Dispatch, run: PumpRun): Promise<number | undefined> {
  try {
    const current = d.now()
    const due = await d.storage.webhookDeliveries.nextDue()
    reachable(d, run)
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
export async function untilNextDue(d: Dispatch): Promise<number> {
  try {
    const current = d.now()
    const due = await d.storage.webhookDeliveries.nextDue(current)
    if (!due) return d.pollIntervalMs
    return Math.max(1, Math.min(d.pollIntervalMs, due.getTime() - current.getTime() + 1))
  } catch {
    return d.pollIntervalMs
  }
}
