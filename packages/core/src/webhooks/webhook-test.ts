import * as v from 'valibot'
import type { WebhookRecord } from '../ports/storage'
import type { WebhookAttemptResult, WebhookErrorClass, WebhookTransport } from '../ports/webhook-transport'
import { signWebhook } from './sign-webhook'
import { webhookEnvelope } from './event-deliveries'

/**
 * The event a test sends (docs/webhooks-and-uploads.md, "Testing a webhook"): the name Formbricks' own test
 * of a webhook's URL uses, so that a receiver built for it recognises it and ignores it.
 */
export const WEBHOOK_TEST_EVENT = 'testEndpoint'

/** What `POST /api/v1/webhooks/{id}/test` answers: the attempt's outcome, 200 whatever the receiver did. */
export const webhookTestAnswer = v.object({
  ok: v.boolean(),
  status: v.nullable(v.number()),
  error: v.nullable(v.string()),
  durationMs: v.number(),
})

export type WebhookTestOutcome = v.InferOutput<typeof webhookTestAnswer>

/**
 * Sends one test event to the webhook's URL through `transport`, signed as a delivery is (`signWebhook`), and
 * says what happened in words a caller may see: never the transport's `message`, which may name internal
 * addresses. One attempt, bounded by the transport's timeout; nothing is stored and nothing is retried.
 */
export async function sendWebhookTest(
  transport: WebhookTransport,
  input: { webhook: WebhookRecord; secret: string; id: string; now: Date },
): Promise<WebhookTestOutcome> {
  const body = JSON.stringify(webhookEnvelope(input.webhook.id, WEBHOOK_TEST_EVENT, { test: true, sentAt: input.now.toISOString() }))
  const headers = signWebhook({ id: input.id, timestamp: input.now.getTime() / 1000, body, secret: input.secret })
  const result = await transport.send({ url: input.webhook.url, headers, body })
  return testOutcome(result)
}

/** A transport's result as the test route shows it: a 2xx is `ok`; anything else says why in `error`. */
export function testOutcome(result: WebhookAttemptResult): WebhookTestOutcome {
  const durationMs = Math.max(0, Math.round(result.durationMs))
  if (result.kind === 'response') {
    const ok = result.status >= 200 && result.status < 300
    return { ok, status: result.status, error: ok ? null : answeredWith(result.status), durationMs }
  }
  return { ok: false, status: null, error: ERROR_WORDS[result.errorClass], durationMs }
}

function answeredWith(status: number): string {
  if (status >= 300 && status < 400) return `The receiver answered ${status}, a redirect: redirects are not followed`
  if (status === 410) return 'The receiver answered 410 Gone: a delivery answered so disables the webhook'
  return `The receiver answered ${status}, not a 2xx status`
}

/** Each failure without an answer, in words (`WebhookErrorClass`). */
const ERROR_WORDS: Record<WebhookErrorClass, string> = {
  invalid_url: 'The URL is not an absolute http or https URL without credentials',
  invalid_request: 'The request could not be sent as built',
  blocked_address: 'The URL points to, or its name resolves to, a private, loopback or link-local address',
  dns: 'The host name does not resolve',
  connect: 'No connection could be opened to the receiver (refused or unreachable)',
  tls: 'The TLS handshake failed (certificate not trusted, wrong name or protocol)',
  timeout: 'The receiver did not answer in time',
  network: 'The connection broke, or the answer was not valid HTTP',
  redirect: 'The receiver answered a redirect, which is not followed',
  aborted: 'The attempt was abandoned (the server is shutting down)',
}
