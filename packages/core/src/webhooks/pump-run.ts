import type { DeliveryOutcome } from '../ports/storage'
import type { DispatchReport } from './dispatch-report'

/** The state of one `pump`: its slots, the outcomes waiting to be written, and what woke it. */
export interface PumpRun {
  report: DispatchReport
  /** `runOnce`: return when nothing is left to do. */
  once: boolean
  /** Attempts in flight per webhook, for the claim's `perWebhook` limit. */
  inFlightByWebhook: Record<string, number>
  /** Attempts in flight, each settling once its outcome is written. */
  attempts: Set<Promise<void>>
  /** Outcomes not yet handed to a write. */
  queued: DeliveryOutcome[]
  /** The last write of outcomes; the next one starts after it. */
  writing: Promise<void>
  /** The first failed write of `runOnce`, thrown when it ends. */
  recordError: unknown
  /** The claim that ended `runOnce`, thrown when it ends. */
  failure: unknown
  /** Something to do since the loop last looked: an attempt settled, a delivery was written, or stop(). */
  signalled: boolean
  /** Ends the wait the loop is in, if any. */
  wakeUp: (() => void) | undefined
  /** The database was unreachable at the last claim (said once, not once per poll). */
  away: boolean
}

/** What one claim of the loop came to. */
export interface ClaimResult {
  claimed: number
  started: number
  failed: boolean
}

export function newPumpRun(report: DispatchReport, once: boolean): PumpRun {
  return {
    report,
    once,
    inFlightByWebhook: {},
    attempts: new Set(),
    queued: [],
    writing: Promise.resolve(),
    recordError: undefined,
    failure: undefined,
    signalled: false,
    wakeUp: undefined,
    away: false,
  }
}

/** Tells the loop there is something to do, ending its wait if it is in one. */
export function wake(run: PumpRun): void {
  run.signalled = true
  run.wakeUp?.()
}

/** Waits until `wake`, or `ms` (none: no timer); returns at once when woken since the loop last looked. */
export async function waitForSignal(run: PumpRun, ms: number | undefined): Promise<void> {
  if (run.signalled) return
  await new Promise<void>((resolve) => {
    const timer = ms === undefined ? undefined : setTimeout(resolve, ms)
    run.wakeUp = () => {
      if (timer !== undefined) clearTimeout(timer)
      resolve()
    }
  })
  run.wakeUp = undefined
}

/** Counts written outcomes in the report: an outcome without an attempt that is due again was released unsent. */
export function countOutcomes(report: DispatchReport, outcomes: DeliveryOutcome[]): void {
  for (const outcome of outcomes) {
    const status = outcome.next.status
    if (outcome.attempt === undefined && status === 'retry') report.released++
    else if (status === 'delivered') report.delivered++
    else if (status === 'retry') report.retried++
    else report.failed++
  }
}
