import type { WebhookEvent } from './webhooks'

export type DeliveryStatus = 'pending' | 'delivered' | 'failed'

/** Which deliveries a list takes. */
export interface DeliveryFilter {
  status?: DeliveryStatus
  event?: WebhookEvent
}

/** One attempt as recorded: never the receiver's body. */
export interface DeliveryAttempt {
  /** When the attempt started (ISO). */
  at: string
  /** The receiver's status code, when it answered. */
  status: number | null
  durationMs: number
  /** Why there was no answer (`WebhookErrorClass`), when there was none. */
  errorClass: string | null
}

export interface DeliveryRecord {
  id: string
  webhookId: string
  responseId: string | null
  event: WebhookEvent
  status: DeliveryStatus
  attempts: DeliveryAttempt[]
  /** The next attempt's time while pending; null once delivered or failed. */
  nextAttemptAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export interface ClaimedDelivery {
  id: string
  webhookId: string
  event: WebhookEvent
  url: string
  secret: string
  /** The exact bytes to send (JSON text). */
  body: string
  /** Attempts made before this one. */
  attempts: number
  /** True when the webhook was disabled after the delivery was written. */
  disabled: boolean
  createdAt: Date
}

export interface DeliveryOutcome {
  id: string
  claimToken: string
  /** The attempt made, or undefined when the delivery is dropped without one (webhook disabled). */
  attempt?: DeliveryAttempt
  /** `retry` schedules the next attempt; `disable` also disables the webhook and fails its pending deliveries. */
  next: { status: 'delivered' } | { status: 'failed' } | { status: 'retry'; at: Date } | { status: 'disable' }
  now: Date
}
