import type { Canvass, Logger } from '@canvass/core'

/** How often the purge runs. */
export const AUDIT_LOG_PURGE_INTERVAL_MS = 60 * 60 * 1000

export interface AuditLogPurge {
  /** Stops the schedule and waits for a purge under way. */
  stop(): Promise<void>
}

/**
 * Deletes the audit entries older than Canvass's `auditLog.retentionDays` now and then every hour, on every
 * instance (concurrent purges skip each other's rows). A failed purge is logged and tried again at the next hour.
 */
export function startAuditLogPurge(canvass: Pick<Canvass, 'purgeAuditLog'>, log: Logger): AuditLogPurge {
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = canvass.purgeAuditLog().then(
      () => {},
      (error: unknown) => log.error('Canvass: purging the audit log failed', error),
    )
  }
  run()
  const timer = setInterval(run, AUDIT_LOG_PURGE_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
