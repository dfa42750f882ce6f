import type { JsonObject, PageQuery } from './common'
import type { PersonRecord } from './responses'
import type { SurveyStatusFields } from './surveys'
import type { WebhookEvent } from './webhooks'

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
