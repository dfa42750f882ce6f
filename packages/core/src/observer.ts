import type { WebhookEvent } from './ports/storage'

/**
 * Hooks through which an embedding app sees what `createCanvass` answers, to feed its own metrics and logs
 * (`CanvassOptions.observe`). Each is called synchronously once the answer is built; a hook that throws, or
 * returns a promise that rejects, is ignored: it never changes or fails an answer. Keep them cheap (count,
 * enqueue): they run on the request's path.
 */
export interface CanvassObserver {
  /** Every answer `fetch` and `preflight` give, errors and refusals included. */
  request?(event: RequestObservation): void
  /** Every request a rate limit refused (answered 429), besides its `request` event. */
  rateLimited?(event: RateLimitObservation): void
  /**
   * An audit entry that could not be appended (the write it records was answered as usual): count it and
   * alert, as the log then misses a write.
   */
  auditFailed?(event: AuditFailureObservation): void
}

export interface AuditFailureObservation {
  /** The route as registered, without the base path, e.g. `/api/v1/management/surveys/:surveyId`. */
  route: string
  method: string
  /** The answer's `x-request-id`. */
  requestId: string | null
}

export interface RequestObservation {
  /**
   * The route as registered, base path included, e.g. `/api/v1/management/responses/:id`: the one that
   * answered, or for an answer no route gave (405, a preflight, a 429 before routing) the first whose path
   * matches. Null when no route's path matches (a 404). Never the raw path, so it can label a metric.
   */
  route: string | null
  method: string
  status: number
  /** From the call until the answer was built (a streamed body may still be on its way). */
  durationMs: number
  /** The answer's `x-request-id`. */
  requestId: string
}

export interface RateLimitObservation {
  /** The limit that refused the request (`RateLimitOptions`' names). */
  rule: 'address' | 'client' | 'environment' | 'management' | 'share'
  /** As in `RequestObservation.route`. */
  route: string | null
  method: string
  requestId: string
}

/**
 * A hook of `createWebhookDispatcher` (`WebhookDispatcherOptions.observe`): called once per attempt sent,
 * when its outcome is known. Deliveries dropped unsent (their webhook was disabled) and attempts cut short by
 * `stop()` (handed back, not counted) are not attempts. Throwing hooks are ignored, as for `CanvassObserver`.
 */
export interface WebhookDispatcherObserver {
  attempt?(event: WebhookAttemptObservation): void
}

export interface WebhookAttemptObservation {
  webhookId: string
  deliveryId: string
  event: WebhookEvent
  /**
   * What follows the attempt: `delivered` (the receiver answered 2xx), `retried` (scheduled again),
   * `failed` (no retry left), `disabled` (410 Gone: the webhook is disabled).
   */
  outcome: 'delivered' | 'retried' | 'failed' | 'disabled'
  /** The receiver's status code, or null when it did not answer. */
  status: number | null
  /** Why there was no answer (`WebhookErrorClass`), or null. */
  errorClass: string | null
  durationMs: number
}

/**
 * A hook of `createRetention` (`RetentionOptions.observe`): called once per run this instance made (it held
 * the lease), when the run ends. Throwing hooks are ignored, as for `CanvassObserver`.
 */
export interface RetentionObserver {
  retention?(event: RetentionObservation): void
}

export interface RetentionObservation {
  /** Expired responses the run deleted. */
  responses: number
  /** Displays it deleted: those of the responses, and those no response names that had expired. */
  displays: number
  /** Files of those responses recorded for deletion from the blob store. */
  files: number
  durationMs: number
}

/** Calls an observer's hook, if there is one, and ignores whatever it throws or rejects with. */
export function notify<E>(hook: ((event: E) => unknown) | undefined, event: E): void {
  if (hook === undefined) return
  try {
    const result = hook(event)
    // An async hook's rejection would otherwise be an unhandled rejection, which ends a Node process.
    if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
      ;(result as PromiseLike<unknown>).then(undefined, ignore)
    }
  } catch {}
}

const ignore = () => {}
