import { effectiveSurveyStatus } from '../domain/surveys/survey-status'
import { eventSurveyOutput, responseEventData } from '../domain/responses/response-service'
import type { OutboxDelivery, OutboxEvent, Storage, WebhookDeliveryStore, WebhookEvent } from '../ports/storage'
import { eventDeliveries, webhookEnvelope } from './event-deliveries'
import type { EventDelivery } from './event-deliveries'

/** Events made into deliveries per transaction (`WebhookDeliveryStore.expandEvents`). */
export const EXPAND_BATCH = 1000

/** How often a read of deliveries takes events from the queue's very head rather than its recent end. */
const FULL_SCAN_INTERVAL_MS = 1000

/**
 * The deliveries a batch of recorded events makes (docs/architecture.md, "Background work", the outbox): for
 * each event, the webhooks it reaches among those its write saw (`eventDeliveries`), and each delivery's body
 * (`webhookEnvelope`) around the event's data, built once for all its deliveries. Pure: the storage runs it
 * inside the transaction that takes the events and inserts what it returns.
 */
export function outboxDeliveries(events: readonly OutboxEvent[]): OutboxDelivery[] {
  return events.flatMap((event) => {
    const data = eventData(event)
    return matches(event).map(({ webhookId, event: name }) => ({
      responseId: event.responseId,
      webhookId,
      event: name,
      payload: webhookEnvelope(webhookId, name, data),
      createdAt: event.writtenAt,
    }))
  })
}

/**
 * Makes every event recorded so far into its deliveries, a batch at a time, until a batch comes back short.
 * `full` takes from the queue's head; otherwise only events of about the last ten seconds (where new ones are,
 * and a scan skips the rows already taken that wait for vacuum).
 */
export async function expandOutbox(deliveries: Pick<WebhookDeliveryStore, 'expandEvents'>, full: boolean): Promise<void> {
  const from = full ? 'head' : 'recent'
  while ((await deliveries.expandEvents({ limit: EXPAND_BATCH, from }, outboxDeliveries)) >= EXPAND_BATCH) {
    // Another batch: a burst of writes left more than one.
  }
}

const EXPANDING = Symbol('canvass: outbox expanded before reads')

/**
 * The storage with its outbox made into deliveries before every read of deliveries: a claim and `standing`
 * take recent events (and, once a second, the whole queue, for events whose transaction committed late); a
 * list and a redelivery take the whole queue, since they must show every delivery of their webhook. Wrapping
 * twice changes nothing, and a storage without deliveries is returned as it is. `createCanvass` and
 * `createWebhookDispatcher` wrap the storage they are given.
 */
export function withOutboxExpansion<S extends Pick<Storage, 'webhookDeliveries'>>(storage: S): S {
  const store = storage.webhookDeliveries
  if (store === undefined || (store as { [EXPANDING]?: true })[EXPANDING]) return storage
  let lastFullScan = 0
  const expand = (full: boolean) => {
    const now = Date.now()
    const head = full || now - lastFullScan >= FULL_SCAN_INTERVAL_MS
    if (head) lastFullScan = now
    return expandOutbox(store, head)
  }
  const webhookDeliveries: WebhookDeliveryStore & { [EXPANDING]: true } = {
    ...store,
    [EXPANDING]: true,
    claim: async (query) => {
      await expand(false)
      return store.claim(query)
    },
    standing: async (now, limit) => {
      await expand(false)
      return store.standing(now, limit)
    },
    list: async (environmentId, webhookId, page) => {
      await expand(true)
      return store.list(environmentId, webhookId, page)
    },
    redeliver: async (environmentId, webhookId, deliveryId, now) => {
      await expand(true)
      return store.redeliver(environmentId, webhookId, deliveryId, now)
    },
  }
  return { ...storage, webhookDeliveries }
}

/** The webhooks an event reaches: core's match on what its write saw, or the matches an older event holds. */
function matches(event: OutboxEvent): EventDelivery[] {
  const { hooks } = event
  if ('matched' in hooks) {
    return Object.entries(hooks.matched).flatMap(([name, ids]) => ids.map((webhookId) => ({ webhookId, event: name as WebhookEvent })))
  }
  return eventDeliveries({
    write: hooks.write,
    surveyId: event.surveyId,
    finished: event.finished,
    wasFinished: hooks.wasFinished,
    webhooks: hooks.webhooks,
  })
}

/**
 * The `data` of an event: the response as it was written and its survey (`responseEventData`), the survey's
 * status the one it had at the write. An event recorded before migration `0031-events-written-with-responses`
 * holds its data built already: it gets the fields that data lacked (`contact`, `contactAttributes`, and the
 * survey in today's shape, its dates null).
 */
function eventData(event: OutboxEvent): Record<string, unknown> {
  if ('built' in event.written) {
    const data = event.written.built as Record<string, unknown> & { person?: { id: string; userId: string | null } | null }
    const person = data.person
    const survey = data.survey as { id: string; name: string; type: string; status: string } | undefined
    return {
      ...data,
      contact: typeof person === 'object' && person !== null ? { id: person.id, userId: person.userId } : null,
      contactAttributes: data.personAttributes ?? null,
      ...(survey ? { survey: eventSurveyOutput({ ...survey, createdAt: null, updatedAt: null }) } : {}),
    }
  }
  const { response, survey } = event.written
  return responseEventData(response, {
    id: survey.id,
    name: survey.name,
    type: survey.type,
    createdAt: survey.createdAt,
    updatedAt: survey.updatedAt,
    status: effectiveSurveyStatus(survey, event.writtenAt),
  })
}
