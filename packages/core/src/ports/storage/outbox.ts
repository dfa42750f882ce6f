/**
 * The webhook outbox's events and the deliveries core makes of them (`WebhookDeliveryStore.expandEvents`,
 * core's `outboxDeliveries`; docs/architecture.md, "Background work").
 */
import type { JsonObject } from './common'
import type { PersonRecord } from './response-records'
import type { SurveyStatusFields } from './survey-records'
import type { WebhookEvent } from './webhooks'

/**
 * Core's choice of the deliveries a batch of recorded events makes (`outboxDeliveries`), handed to
 * `WebhookDeliveryStore.expandEvents`: a pure function, so that the adapter's transaction holds only its take
 * and its insert.
 */
export type OutboxBuild = (events: readonly OutboxEvent[]) => OutboxDelivery[]

/**
 * A webhook as a response write saw it (docs/architecture.md, "The webhook outbox, in two stages"): an adapter
 * records the environment's active webhooks with the write, and core matches them when the event is made into
 * its deliveries, so that a webhook changed in between is judged as it was at the write.
 */
export interface EventWebhook {
  id: string
  triggers: readonly string[]
  /** Empty: every survey of the environment. */
  surveyIds: readonly string[]
}

/** A response write's event as the outbox recorded it (`WebhookDeliveryStore.expandEvents`). */
export interface OutboxEvent {
  responseId: string
  surveyId: string
  /** Whether the response is finished after the write. */
  finished: boolean
  /** When the write was made (the response's `updatedAt`): the time of its deliveries. */
  writtenAt: Date
  /**
   * What the write recorded for core's match: its kind, whether an updated response was finished before, and
   * the environment's webhooks not disabled at the write. An event recorded before the match was core's holds
   * its matches instead (event name → webhook ids), taken as they are.
   */
  hooks: { write: 'create' | 'update'; wasFinished: boolean; webhooks: EventWebhook[] } | { matched: Record<string, string[]> }
  /**
   * The response as written and its survey as it was then; or, for an event recorded before migration
   * `0031-events-written-with-responses`, its data as it was built then (`built`).
   */
  written: { response: OutboxResponse; survey: OutboxSurvey } | { built: Record<string, unknown> }
}

/** The response of an `OutboxEvent`, as it was written. */
export interface OutboxResponse {
  id: string
  createdAt: Date
  updatedAt: Date
  surveyId: string
  finished: boolean
  data: JsonObject
  variables: JsonObject
  ttc: Record<string, number>
  meta: JsonObject
  language: string | null
  singleUseId: string | null
  displayId: string | null
  endingId: string | null
  notes: unknown[]
  tags: unknown[]
  person: PersonRecord | null
  personAttributes: Record<string, string> | null
}

/** The survey of an `OutboxEvent` as it was at the write (its stored status; core judges the effective one). */
export interface OutboxSurvey extends Omit<SurveyStatusFields, 'environmentId'> {
  id: string
  name: string
  type: string
  createdAt: Date | null
  updatedAt: Date | null
}

/** A delivery core made of an event, for `expandEvents` to insert. */
export interface OutboxDelivery {
  responseId: string
  webhookId: string
  event: WebhookEvent
  /** The body (`webhookEnvelope`), stored as JSON and sent as it is on every attempt. */
  payload: unknown
  /** The event's `writtenAt`: the delivery is due from then. */
  createdAt: Date
}
