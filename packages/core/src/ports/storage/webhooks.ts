import type { PageQuery } from './common'

/** The events a webhook can listen to (docs/design.md, "Events and webhooks"). */
export type WebhookEvent = 'responseCreated' | 'responseUpdated' | 'responseFinished'

/** Webhooks: their definitions (`storage.webhooks`); what is sent to them is `storage.webhookDeliveries`. */
export interface WebhookStore {
  list(environmentId: string, page: PageQuery): Promise<WebhookRecord[]>
  /** A webhook by id in any environment: core compares `environmentId` to tell 401 from 404. */
  get(id: string): Promise<WebhookRecord | null>
  /** Stores a new webhook with its signing secret, which no read returns afterwards. */
  insert(webhook: NewWebhook): Promise<void>
  /**
   * Deletes the webhook of that environment and, in the same statement or transaction, every delivery of it
   * that is not sent yet (docs/design.md, "Events and webhooks": it stops firing at once). Returns it as it was, or null.
   */
  delete(environmentId: string, id: string): Promise<WebhookRecord | null>
  /**
   * Replaces the fields `changes` names (and `updatedAt`) of the webhook of that environment, in one
   * statement, and returns it as it is now, or null when there is none (another environment's, or deleted
   * meanwhile: a concurrent delete MUST give null, never an error). It MUST NOT change the secret, `createdAt`
   * or `disabledAt`. Deliveries already written keep going to the webhook as it is when they are sent.
   */
  update(environmentId: string, id: string, changes: WebhookChanges): Promise<WebhookRecord | null>
  /**
   * The signing secret of the webhook of that environment, or null when there is none: only the test route
   * (`POST /api/v1/webhooks/{id}/test`) reads it, to sign its test event as a delivery is signed. It MUST NOT
   * return the secret of another environment's webhook.
   */
  secret(environmentId: string, id: string): Promise<string | null>
}

/** What `WebhookStore.update` may replace: each field given replaces the stored one. */
export interface WebhookChanges {
  name?: string | null
  url?: string
  source?: string
  triggers?: WebhookEvent[]
  surveyIds?: string[]
  updatedAt: Date
}

export interface WebhookRecord {
  id: string
  environmentId: string
  name: string | null
  url: string
  source: string
  triggers: WebhookEvent[]
  /** Empty: every survey of the environment. */
  surveyIds: string[]
  createdAt: Date
  updatedAt: Date
  /** Set when a receiver answered 410 Gone: the webhook gets no more deliveries. */
  disabledAt: Date | null
}

export interface NewWebhook extends Omit<WebhookRecord, 'disabledAt'> {
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secret: string
}
