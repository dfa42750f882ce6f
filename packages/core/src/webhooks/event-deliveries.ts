import type { EventWebhook, WebhookEvent } from '../ports/storage'

/** A response write as its webhook events are made from it. */
export interface WrittenResponseEvent {
  /** A create (`responseCreated`) or an update (`responseUpdated`). */
  write: 'create' | 'update'
  surveyId: string
  /** Whether the response is finished after the write. */
  finished: boolean
  /** Whether it was finished before the write (an update's; false for a create). */
  wasFinished: boolean
  /** The environment's webhooks that were not disabled at the write. */
  webhooks: readonly EventWebhook[]
}

/** One delivery to make: to which webhook, for which event. */
export interface EventDelivery {
  webhookId: string
  event: WebhookEvent
}

/**
 * The events a write makes: `responseCreated` or `responseUpdated`, and `responseFinished` when the write
 * finished the response (a finished create, or an update of an unfinished response that finishes it).
 */
export function writeEvents(write: Pick<WrittenResponseEvent, 'write' | 'finished' | 'wasFinished'>): WebhookEvent[] {
  const first: WebhookEvent = write.write === 'create' ? 'responseCreated' : 'responseUpdated'
  return write.finished && !write.wasFinished ? [first, 'responseFinished'] : [first]
}

/** Whether `webhook` wants `event` of a response to `surveyId`: it lists the event, and no survey or that one. */
export const webhookWants = (webhook: EventWebhook, event: WebhookEvent, surveyId: string): boolean =>
  webhook.triggers.includes(event) && (webhook.surveyIds.length === 0 || webhook.surveyIds.includes(surveyId))

/**
 * The deliveries a write's events make: for each event (`writeEvents`, in that order), one per webhook that
 * wants it, by webhook id. The adapter writes them only for webhooks that still exist and are not disabled.
 */
export function eventDeliveries(written: WrittenResponseEvent): EventDelivery[] {
  const webhooks = [...written.webhooks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return writeEvents(written).flatMap((event) =>
    webhooks.filter((webhook) => webhookWants(webhook, event, written.surveyId)).map((webhook) => ({ webhookId: webhook.id, event })),
  )
}

/**
 * The body of a delivery (and of a webhook test): `{"webhookId","event","data"}`, fixed when the delivery is
 * made, so that every attempt sends the same bytes.
 */
export function webhookEnvelope<Event extends string, Data>(webhookId: string, event: Event, data: Data) {
  return { webhookId, event, data }
}
