import type { ClaimedDelivery, DeliveryOutcome } from '../ports/storage'
import type { WebhookAttemptResult } from '../ports/webhook-transport'
import type { Dispatch } from './dispatch-state'
import { paceOf } from './dispatch-state'
import { nextAttemptAt } from './retry-schedule'
import { signWebhook } from './sign-webhook'

/**
 * Signs and sends one claimed delivery, within its webhook's paced timeout, and says what happens next:
 * delivered; retried per the schedule with jitter and `Retry-After`; failed; or, on 410 Gone, the webhook disabled.
 */
export async function sendAttempt(d: Dispatch, delivery: ClaimedDelivery, claimToken: string): Promise<DeliveryOutcome> {
  const started = d.now()
  if (delivery.disabled) return { id: delivery.id, claimToken, next: { status: 'failed' }, now: started }
  const headers = signWebhook({ id: delivery.id, timestamp: started.getTime() / 1000, body: delivery.body, secret: delivery.secret })
  const abort = new AbortController()
  if (d.shutdown.signal.aborted) abort.abort()
  d.inFlight.add(abort)
  let result: WebhookAttemptResult
  try {
    const paced = paceOf(d, delivery.webhookId).timeoutMs()
    result = await d.transport.send({ url: delivery.url, headers, body: delivery.body, timeoutMs: paced, signal: abort.signal })
  } finally {
    d.inFlight.delete(abort)
  }
  const finished = d.now()
  const record = {
    at: started.toISOString(),
    status: result.kind === 'response' ? result.status : null,
    durationMs: result.durationMs,
    errorClass: result.kind === 'error' ? result.errorClass : null,
  }
  const base = { id: delivery.id, claimToken, attempt: record, now: finished }
  if (result.kind === 'response' && result.status >= 200 && result.status < 300) return { ...base, next: { status: 'delivered' } }
  if (result.kind === 'response' && result.status === 410) return { ...base, next: { status: 'disable' } }
  const at = nextAttemptAt({
    now: finished,
    attempts: delivery.attempts + 1,
    schedule: d.schedule,
    ...(result.kind === 'response' && result.retryAfter !== undefined ? { retryAfterSeconds: result.retryAfter } : {}),
    ...(d.random ? { random: d.random } : {}),
  })
  return { ...base, next: at ? { status: 'retry', at } : { status: 'failed' } }
}
