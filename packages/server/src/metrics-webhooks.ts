import type { CanvassHealth, DeliveryBacklog, DeliveryStanding } from '@canvass/core'
import type { Registry } from 'prom-client'

/** Webhooks whose waiting deliveries the metrics name, those waiting longest. */
const WAITING_LISTED = 10

/** What a scrape reads of the outbox (see `Metrics.readOnScrape`). */
export interface WebhookScrapeSources {
  backlog: (now: Date) => Promise<DeliveryBacklog>
  health?: () => Promise<CanvassHealth>
  standing?: (now: Date, limit: number) => Promise<DeliveryStanding>
}

/**
 * The webhooks' series: attempts by outcome with their latency (counted as they happen), and what a scrape
 * reads of the outbox over the whole database: its backlog, whether dispatch stalls or falls behind, what is
 * being sent, and the webhooks whose deliveries have waited longest.
 */
export function webhookSeries(client: typeof import('prom-client'), registers: Registry[]) {
  const { Counter, Gauge, Histogram } = client
  const deliveries = new Counter({
    name: 'canvass_webhook_deliveries_total',
    help: 'Webhook attempts sent by this process, by what followed: delivered, retried, failed (no retry left), disabled (410).',
    labelNames: ['outcome'] as const,
    registers,
  })
  const attemptSeconds = new Histogram({
    name: 'canvass_webhook_attempt_duration_seconds',
    help: "Time of a webhook attempt, from sending to the receiver's answer or the error, by outcome.",
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers,
  })
  const backlog = new Gauge({
    name: 'canvass_webhook_backlog',
    help: 'Webhook deliveries not yet delivered or failed for good, over the whole database (every instance reports the same).',
    registers,
  })
  const backlogDue = new Gauge({
    name: 'canvass_webhook_backlog_due',
    help: 'Of those, the ones due now and not being sent.',
    registers,
  })
  const stalled = new Gauge({
    name: 'canvass_webhook_dispatch_stalled',
    help: '1 when a webhook delivery has waited past its due time longer than webhooks.stalledAfterMs and none is being sent (no dispatcher runs on this database), else 0.',
    registers,
  })
  const behind = new Gauge({
    name: 'canvass_webhook_dispatch_behind',
    help: '1 when a webhook delivery has waited past its due time longer than webhooks.stalledAfterMs while deliveries are being sent (the dispatchers do not keep up), else 0.',
    registers,
  })
  const sending = new Gauge({
    name: 'canvass_webhook_sending',
    help: 'Webhook deliveries held by a claim now (attempts in flight), on every instance.',
    registers,
  })
  const waitingDue = new Gauge({
    name: 'canvass_webhook_waiting_due',
    help: `Of the ${WAITING_LISTED} webhooks whose deliveries have waited longest, the deliveries due and not being sent, by webhook and environment.`,
    labelNames: ['webhook', 'environment'] as const,
    registers,
  })
  const waitingOldest = new Gauge({
    name: 'canvass_webhook_waiting_oldest_seconds',
    help: `Of the ${WAITING_LISTED} webhooks whose deliveries have waited longest, seconds since the oldest due one became due, by webhook and environment.`,
    labelNames: ['webhook', 'environment'] as const,
    registers,
  })
  const oldestDue = new Gauge({
    name: 'canvass_webhook_oldest_due_seconds',
    help: 'Seconds since the delivery that has waited longest became due (0 when none waits), over the whole database.',
    registers,
  })
  // Every known label value from the first scrape on, so that a rate over it is defined before its first event.
  for (const outcome of ['delivered', 'retried', 'failed', 'disabled']) deliveries.inc({ outcome }, 0)
  return {
    deliveries,
    attemptSeconds,
    async read(sources: WebhookScrapeSources) {
      try {
        const counts = await sources.backlog(new Date())
        backlog.set(counts.pending)
        backlogDue.set(counts.due)
      } catch {
        // The database is away (its own series say so): no number rather than a stale one.
        backlog.set(Number.NaN)
        backlogDue.set(Number.NaN)
      }
      if (sources.health) {
        const health = await sources.health().catch(() => undefined)
        const oldest = health?.webhooks.oldestDueAt
        stalled.set(health === undefined ? Number.NaN : health.webhooks.status === 'stalled' ? 1 : 0)
        behind.set(health === undefined ? Number.NaN : health.webhooks.status === 'behind' ? 1 : 0)
        oldestDue.set(health === undefined ? Number.NaN : oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0)
      }
      if (sources.standing) {
        const now = new Date()
        const standing = await sources.standing(now, WAITING_LISTED).catch(() => undefined)
        // The webhooks listed change from scrape to scrape: only those waiting now have a series.
        waitingDue.reset()
        waitingOldest.reset()
        sending.set(standing?.sending ?? Number.NaN)
        for (const webhook of standing?.webhooks ?? []) {
          const labels = { webhook: webhook.webhookId, environment: webhook.environmentId }
          waitingDue.set(labels, webhook.due)
          waitingOldest.set(labels, Math.max(0, (now.getTime() - webhook.oldestDueAt.getTime()) / 1000))
        }
      }
    },
  }
}
