import type { Span } from '@opentelemetry/api'
import { SpanKind, SpanStatusCode, context, propagation } from '@opentelemetry/api'
import type { ClaimedDelivery, DeliveryOutcome } from '../ports/storage'
import type { WebhookAttemptResult } from '../ports/webhook-transport'
import { setWhenRecording, tracer } from '../tracing/tracer'
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
  // The attempt's span, a child of the claim's; the receiver gets its context as `traceparent` (docs/deploying.md,
  // "OpenTelemetry"). The header is outside what the signature covers, so a receiver's check is the same.
  return tracer().startActiveSpan('webhook delivery', { kind: SpanKind.CLIENT }, async (span) => {
    try {
      const outcome = await sendTraced(d, delivery, claimToken, started)
      describeAttempt(span, delivery, outcome)
      return outcome
    } finally {
      span.end()
    }
  })
}

async function sendTraced(d: Dispatch, delivery: ClaimedDelivery, claimToken: string, started: Date): Promise<DeliveryOutcome> {
  const headers = signWebhook({ id: delivery.id, timestamp: started.getTime() / 1000, body: delivery.body, secret: delivery.secret })
  propagation.inject(context.active(), headers)
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

/**
 * What the delivery span records: the webhook, the delivery, the attempt's number, its outcome and the receiver's
 * status or error class. The receiver's host and port, never its full URL (its path or query may hold a token).
 */
function describeAttempt(span: Span, delivery: ClaimedDelivery, outcome: DeliveryOutcome): void {
  const attempt = outcome.attempt
  const failed = outcome.next.status !== 'delivered'
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR })
  setWhenRecording(span, () => ({
    'http.request.method': 'POST',
    ...receiverOf(delivery.url),
    'canvass.webhook.id': delivery.webhookId,
    'canvass.webhook.delivery.id': delivery.id,
    'canvass.webhook.event': delivery.event,
    'canvass.webhook.attempt': delivery.attempts + 1,
    'canvass.webhook.outcome': OUTCOMES[outcome.next.status],
    ...(attempt?.status != null ? { 'http.response.status_code': attempt.status } : {}),
    ...(failed ? { 'error.type': attempt?.errorClass ?? String(attempt?.status ?? 'unsent') } : {}),
  }))
}

function receiverOf(url: string): { 'server.address'?: string; 'server.port'?: number } {
  try {
    const { hostname, port, protocol } = new URL(url)
    return { 'server.address': hostname, 'server.port': port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port) }
  } catch {
    return {}
  }
}

/** An outcome's next status as the `attempt` hook and the delivery span name it. */
export const OUTCOMES = { delivered: 'delivered', retry: 'retried', failed: 'failed', disable: 'disabled' } as const
