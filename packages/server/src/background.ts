import type { BackgroundOptions } from '@canvass/core'
import type { StandaloneConfig } from './config'
import type { Metrics } from './metrics'

/**
 * Canvass's background work as the settings shape it (docs/configuration.md): the server passes it to
 * `createCanvass`, `canvass worker` to `startCanvassWorker`. `CANVASS_BACKGROUND=off` leaves all of it to a worker.
 */
export function backgroundOptions(
  config: StandaloneConfig,
  metrics?: Pick<Metrics, 'attempt' | 'blobJanitorRun' | 'retention'>,
  worker = false,
): BackgroundOptions | false {
  if (!config.runBackground && !worker) return false
  return {
    webhooks: config.runWebhookDispatcher && {
      ...(config.webhookRetryScheduleMs ? { schedule: config.webhookRetryScheduleMs } : {}),
      ...(config.webhookLeaseMs ? { leaseMs: config.webhookLeaseMs, timeoutMs: Math.min(15_000, config.webhookLeaseMs / 2) } : {}),
      observe: { attempt: metrics?.attempt },
    },
    blobJanitor: config.runBlobJanitor && {
      ...(config.blobJanitorLeaseMs ? { leaseMs: config.blobJanitorLeaseMs } : {}),
      ...(config.blobJanitorIntervalMs ? { intervalMs: config.blobJanitorIntervalMs } : {}),
      observe: { run: metrics?.blobJanitorRun },
    },
    retention: config.runRetention && {
      ...(config.retentionIntervalMs ? { intervalMs: config.retentionIntervalMs } : {}),
      observe: { retention: metrics?.retention },
    },
  }
}
