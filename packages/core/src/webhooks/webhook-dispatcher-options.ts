import type { Logger } from '../context'
import type { WebhookDispatcherObserver } from '../observer'
import type { Storage } from '../ports/storage'
import type { WebhookTransport } from '../ports/webhook-transport'

export interface WebhookDispatcherOptions {
  /** The storage whose outbox is sent (the one `createCanvass` was given): one that keeps webhooks. */
  storage: Storage
  /** Sends each attempt: `createNodeWebhookTransport()` on Node, `createFetchWebhookTransport()` elsewhere. */
  transport: WebhookTransport
  /**
   * The clock: attempt times, signatures' timestamps and the retry schedule read it.
   * @default () => new Date()
   */
  now?: () => Date
  /**
   * Source of the retry jitter, in [0, 1).
   * @default Math.random
   */
  random?: () => number
  /**
   * Milliseconds to wait after each failed attempt; the delivery fails for good after the attempt that finds
   * no entry left. Tests shorten it.
   * @default WEBHOOK_RETRY_SCHEDULE_MS (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h)
   */
  schedule?: readonly number[]
  /**
   * Most deliveries one claim takes (never more than the free slots).
   * @default 100
   */
  batchSize?: number
  /**
   * Attempts in flight at once, over all webhooks. A slot that frees is filled at once.
   * @default 256
   */
  concurrency?: number
  /**
   * The most attempts one webhook may have in flight at once. A webhook starts with 32 (or this, if fewer) and
   * its pace follows its receiver (`receiver-pace.ts`; docs/webhooks-and-uploads.md, "How fast a webhook is
   * sent"): one more slot for each attempt answered while it uses them all and its receiver's troubles stay
   * low, half as many (down to 4) when most of its recent attempts failed. So a slow receiver costs waiting,
   * not throughput, a failing one gets fewer requests, never more, and one webhook never takes the slots of the
   * others: half of `concurrency` at most by default.
   * @default 128
   */
  perWebhookConcurrency?: number
  /**
   * Milliseconds one attempt may take. A receiver that keeps timing out is given less (four times what nine in
   * ten of its recent answers took, at least 5 s or this if less), until it stops timing out.
   * @default WEBHOOK_TIMEOUT_MS (15 000)
   */
  timeoutMs?: number
  /**
   * Milliseconds a claim is held: after that another instance may claim the delivery again, so a delivery
   * whose claimer died is sent after at most this long. Attempts start as soon as they are claimed; one starts
   * only while the rest of the lease covers the whole attempt (`timeoutMs`) plus a margin for recording it (a
   * third of `timeoutMs`, at most 5 s); otherwise the delivery is handed back unsent, due at once, so that no
   * attempt is still in flight when another instance may claim it. Must be at least `timeoutMs` plus two
   * margins (one for the claim).
   * @default timeoutMs + 2 × margin (25 000 with the defaults)
   */
  leaseMs?: number
  /**
   * How often the loop looks for due deliveries when nothing woke it: deliveries written by other instances.
   * Writes of this process wake it at once, and it wakes when the next retry it knows of comes due. A poll is
   * one query (`nextDue`); the loop claims only when it says something is due.
   * @default 1000
   */
  pollIntervalMs?: number
  /** @default console */
  logger?: Logger
  /**
   * Hooks that see every attempt's outcome and duration, to feed an app's own metrics. How many deliveries
   * wait is the storage's to say: `storage.webhookDeliveries.backlog(now)`.
   * @default undefined
   */
  observe?: WebhookDispatcherObserver
}
