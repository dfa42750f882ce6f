import type { DispatchReport } from './dispatch-report'
import { pump } from './dispatch-loop'
import { createDispatch } from './dispatch-state'
import type { WebhookDispatcherOptions } from './webhook-dispatcher-options'

export type { DispatchReport } from './dispatch-report'
export type { WebhookDispatcherOptions } from './webhook-dispatcher-options'

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
  const d = createDispatch(options)
  let running: Promise<void> | undefined
  return {
    async runOnce() {
      const report: DispatchReport = { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0 }
      await pump(d, report, true)
      return report
    },
    start() {
      if (running) return
      d.shutdown = new AbortController()
      const report: DispatchReport = { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0 }
      running = pump(d, report, false).catch((error) => d.logger.error('Webhook dispatcher: stopped on an error', error))
    },
    async stop() {
      if (!running) return
      d.shutdown.abort()
      for (const attempt of d.inFlight) attempt.abort()
      await running
      running = undefined
    },
  }
}
