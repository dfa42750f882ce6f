import type { Logger } from '../context'
import { jobSpan, setWhenRecording } from '../tracing/tracer'

/** How often the purge runs by default: an hour. */
export const AUDIT_LOG_PURGE_INTERVAL_MS = 60 * 60 * 1000

export interface AuditLogPurge {
  /** Stops the schedule and waits for a purge under way. */
  stop(): Promise<void>
}

/**
 * Runs `purge` (the instance's `purgeAuditLog`) now and then every `intervalMs`, on every instance (concurrent
 * purges skip each other's rows). A failed purge is logged and tried again at the next interval.
 */
export function startAuditLogPurge(
  purge: () => Promise<number>,
  log: Logger,
  intervalMs: number = AUDIT_LOG_PURGE_INTERVAL_MS,
): AuditLogPurge {
  if (!Number.isInteger(intervalMs) || intervalMs < 1)
    throw new TypeError(`auditLogPurge.intervalMs must be a positive integer, got ${intervalMs}`)
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = jobSpan('audit-log-purge', async (span) => {
      const deleted = await purge()
      setWhenRecording(span, () => ({ 'canvass.job.done': deleted }))
    }).then(
      () => {},
      (error: unknown) => log.error('Canvass: purging the audit log failed', error),
    )
  }
  run()
  const timer = setInterval(run, intervalMs)
  // The schedule never keeps a process alive on its own: `close()` is how it ends, and a process may exit before.
  ;(timer as { unref?: () => void }).unref?.()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
