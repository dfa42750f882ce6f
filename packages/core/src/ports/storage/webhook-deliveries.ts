import type { PageQuery } from './common'
import type { OutboxBuild } from './outbox'
import type { ClaimedDelivery, DeliveryFilter, DeliveryOutcome, DeliveryRecord } from './webhook-delivery-records'

/**
 * The webhook outbox. Deliveries are written by a response create (`responses.insertGuarded`,
 * `responses.createLocked`, `responses.importLocked`) and update (`responses.updateGuarded`,
 * `responses.updateLocked`), in the same
 * statement or transaction as the response change; the dispatcher (core) claims, sends and records them.
 *
 * Rules every implementation MUST follow:
 * - A response create writes a delivery for `responseCreated`, and for `responseFinished` when the response
 *   is finished; an update writes one for `responseUpdated`, and for `responseFinished` when the
 *   update made the response finished (core's `writeEvents`). One delivery per webhook that core's
 *   `eventDeliveries` picks from the webhooks of the response's environment that were not disabled at the write,
 *   as they were then (it lists the event in `triggers`, and has empty `surveyIds` or lists the response's
 *   survey), and that still exists and is not disabled when the delivery is made. The write records what the
 *   choice needs at the cost of at most one indexed lookup; core makes the events into their deliveries
 *   (`expandEvents`), the adapter chooses nothing.
 * - A delivery's `body` is core's `webhookEnvelope`: `{"webhookId","event","data"}`, `data` being the response
 *   as the API shows it (core's `responseEventData`, as the response was after the write) plus its survey.
 *   It is fixed when the delivery is written: every attempt sends the same bytes.
 * - Two concurrent `claim` calls, in one process or many, never return the same delivery; a claimed
 *   delivery is claimable again only once its lease has passed (its claimer is presumed dead).
 * - `record` only applies while the claim it names is the delivery's latest: a claimer whose lease ran
 *   out must not overwrite what a later claimer did.
 */
export interface WebhookDeliveryStore {
  /**
   * Makes up to `query.limit` recorded events into their deliveries, in one transaction: takes them from the
   * queue (deleting them, skipping those another caller holds; with `from: 'recent'`, only events of about the
   * last ten seconds, cheap to reach), hands them to `build` (core's `outboxDeliveries`: which webhooks each
   * reaches and each delivery's body; pure, no I/O), and inserts the deliveries it returns whose webhook still
   * exists and is not disabled, each with a new id (the `webhook-id` of every attempt). Returns how many events
   * were taken. An event is thus made into its deliveries exactly once, whatever runs at the same time: the
   * take and the insert commit together or not at all. Core runs it until a batch comes back short
   * (`expandOutbox`) before every read of deliveries; the other methods here read only deliveries made.
   */
  expandEvents(query: { limit: number; from: 'recent' | 'head' }, build: OutboxBuild): Promise<number>
  /**
   * Claims up to `limit` pending deliveries whose next attempt is due at `now`, oldest due first, each for
   * `leaseMs`. Deliveries of a disabled webhook are returned with `disabled` set so the caller can drop them.
   * With `perWebhook`, at most that many of one webhook (or what `limits` gives for it), less the attempts the
   * caller has in flight for it (`inFlight`, by webhook id): one slow receiver's backlog never takes the slots of
   * the others.
   */
  claim(query: ClaimQuery): Promise<ClaimedDelivery[]>
  /**
   * Records attempts of claimed deliveries and what happens next to each, in as few statements as the
   * database allows (the dispatcher hands over what finished together).
   */
  record(outcomes: DeliveryOutcome[]): Promise<void>
  /** The deliveries of one webhook of that environment, newest first (a list page), of `status` and `event` when given. */
  list(environmentId: string, webhookId: string, page: PageQuery & DeliveryFilter): Promise<DeliveryRecord[]>
  /**
   * Sends a delivery of that environment's webhook again: a delivered or failed one becomes pending and due
   * at `now` (its id, and so its `webhook-id`, stay; the attempt is recorded beside the earlier ones); a pending
   * one not being sent becomes due at `now`; one being sent is left to its attempt. One statement. Returns the
   * delivery as it now is, `disabled` when its webhook is disabled (nothing changes), or null when no such
   * delivery exists there.
   */
  redeliver(environmentId: string, webhookId: string, deliveryId: string, now: Date): Promise<DeliveryRecord | 'disabled' | null>
  /**
   * When the next pending delivery is due (claimed ones included), or null when nothing is pending. With
   * `after`, the first due later than it: what is due already but waits for a slot does not hide it.
   */
  nextDue(after?: Date): Promise<Date | null>
  /**
   * How many deliveries wait, for metrics and alerts: every delivery written and neither delivered nor failed
   * for good (`pending`: being sent, waiting for a retry, or due), and of those the ones due at `now` and not
   * held by a claim (`due`). Counts over the whole outbox, every environment's. It MUST NOT lock or change
   * anything; it MAY, for a moment, count a delivery of a webhook disabled since the response was written, and it
   * MAY count a write whose deliveries are not made yet as one delivery per webhook its environment had then.
   */
  backlog(now: Date): Promise<DeliveryBacklog>
  /**
   * How the outbox stands at `now`, for health answers and metrics: how many deliveries a claim holds (being
   * sent), when a delivery was last delivered, and the webhooks with deliveries due and not held by a claim, those
   * whose oldest due delivery has waited longest first, at most `limit` of them. Over every environment; each
   * count MAY stop at 100,000. It MUST NOT change a delivery.
   */
  standing(now: Date, limit: number): Promise<DeliveryStanding>
  /**
   * Deletes up to `limit` deliveries that ended (delivered, or failed for good) before `before`, with their
   * payloads and attempts, and returns how many went; pending ones (a redelivery makes one pending again) stay,
   * whatever their age. One statement; concurrent purges never count one delivery twice. The retention worker
   * runs it (docs/webhooks-and-uploads.md, "How long deliveries are kept").
   */
  purgeEnded(query: { before: Date; limit: number }): Promise<number>
  /**
   * Calls `listener` after this storage committed a write that created deliveries, so that a dispatcher in
   * the same process wakes at once. Returns the function that removes the listener.
   */
  onWritten(listener: () => void): () => void
}

/** What `standing` answers. */
export interface DeliveryStanding {
  /** Deliveries held by a claim now: attempts in flight, on any instance. */
  sending: number
  /** When a delivery was last delivered, or null. */
  lastDeliveredAt: Date | null
  /** Webhooks whose deliveries wait, those waiting longest first. */
  webhooks: WaitingWebhook[]
}

/** A webhook with deliveries due and not being sent (`standing`). */
export interface WaitingWebhook {
  webhookId: string
  environmentId: string
  /** Its deliveries due now and not held by a claim. */
  due: number
  /** Its deliveries neither delivered nor failed for good. */
  pending: number
  /** When the one of them that has waited longest became due. */
  oldestDueAt: Date
}

/** What `backlog` counts. */
export interface DeliveryBacklog {
  /** Deliveries neither delivered nor failed for good. */
  pending: number
  /** Of those, the ones due now and not held by a claim. */
  due: number
}

export interface ClaimQuery {
  now: Date
  limit: number
  leaseMs: number
  claimToken: string
  /** At most this many deliveries of one webhook, counting those of `inFlight`. */
  perWebhook?: number
  /**
   * With `perWebhook`: the webhooks whose limit is another, by webhook id (the dispatcher's pace of each). A
   * webhook not named here has `perWebhook`.
   */
  limits?: Readonly<Record<string, number>>
  /** Attempts the caller has in flight, by webhook id. */
  inFlight?: Readonly<Record<string, number>>
}
