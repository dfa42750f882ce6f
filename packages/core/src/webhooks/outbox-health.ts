import type { Logger } from '../context'
import type { WebhookDeliveryStore } from '../ports/storage'

/** What `Canvass.health()` says of webhook delivery (docs/deploying.md, "Health and shutdown"). */
export interface WebhookHealth {
  /** When the delivery that has waited longest became due (ISO 8601), or null when none waits. */
  oldestDueAt: string | null
  /**
   * `ok`; `behind` when a delivery has waited longer than `webhooks.stalledAfterMs` while deliveries are being
   * sent (the dispatchers run but do not keep up); `stalled` when it has and none is being sent (no dispatcher
   * runs on this database: every instance has background work off and no worker runs).
   */
  status: 'ok' | 'behind' | 'stalled'
  /** `status` is `stalled`. */
  stalled: boolean
  /** Behind or stalled: the deliveries being sent now, on every instance. */
  sending?: number
  /** Behind or stalled: the webhooks whose deliveries wait, those waiting longest first (at most ten). */
  waiting?: Array<{ webhookId: string; environmentId: string; due: number; pending: number; oldestDueAt: string }>
}

/** Webhooks `health()` lists when deliveries wait too long. */
const LISTED = 10

/**
 * Reads how webhook delivery stands for `health()`, and logs when it starts to stall or fall behind, and when it
 * has caught up, once each. The everyday read is one query (`nextDue`); the outbox is looked at more closely
 * only once a delivery has waited longer than `stalledAfterMs`.
 */
export function createOutboxHealth(options: {
  deliveries: WebhookDeliveryStore
  now: () => Date
  stalledAfterMs: number
  logger: Logger
}): (backgroundHere: 'running' | 'stopped' | 'off') => Promise<WebhookHealth> {
  const { deliveries, stalledAfterMs, logger } = options
  let logged: WebhookHealth['status'] = 'ok'
  return async (backgroundHere) => {
    const now = options.now()
    const oldest = await deliveries.nextDue().catch(() => null)
    if (oldest === null || now.getTime() - oldest.getTime() <= stalledAfterMs) {
      if (logged !== 'ok') logger.warn('Canvass: webhook deliveries have caught up: none has waited longer than webhooks.stalledAfterMs')
      logged = 'ok'
      return { oldestDueAt: oldest?.toISOString() ?? null, status: 'ok', stalled: false }
    }
    const standing = await deliveries.standing(now, LISTED).catch(() => undefined)
    if (standing === undefined) {
      // Late, and whether anything is being sent cannot be read now: behind, not a claim that nothing runs.
      return { oldestDueAt: oldest.toISOString(), status: 'behind', stalled: false }
    }
    const sending =
      standing.sending > 0 || (standing.lastDeliveredAt !== null && now.getTime() - standing.lastDeliveredAt.getTime() <= stalledAfterMs)
    const status = sending ? 'behind' : 'stalled'
    const waiting = standing.webhooks.map((webhook) => ({ ...webhook, oldestDueAt: webhook.oldestDueAt.toISOString() }))
    if (status !== logged) {
      const longest = waiting
        .slice(0, 3)
        .map(
          (webhook) =>
            `webhook ${webhook.webhookId} (environment ${webhook.environmentId}): ${webhook.due} due since ${webhook.oldestDueAt}`,
        )
        .join('; ')
      logger.warn(
        status === 'stalled'
          ? `Canvass: webhook deliveries have waited since ${oldest.toISOString()} and none is being sent: no webhook dispatcher runs on this database (background work is ${backgroundHere === 'running' ? 'running here, but sends nothing' : 'not running here'}; see docs/embedding.md, "Background work")${longest ? `. Waiting longest: ${longest}` : ''}`
          : `Canvass: webhook deliveries fall behind: the oldest due has waited since ${oldest.toISOString()}, while ${standing.sending} are being sent (receivers too slow, or too few slots for them: docs/webhooks-and-uploads.md, "How fast a webhook is sent")${longest ? `. Waiting longest: ${longest}` : ''}`,
      )
      logged = status
    }
    return { oldestDueAt: oldest.toISOString(), status, stalled: status === 'stalled', sending: standing.sending, waiting }
  }
}
