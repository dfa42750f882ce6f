import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { fromBase64, toBase64 } from '../bytes'

/** Prefix of a Standard Webhooks signing secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** A new signing secret: `whsec_` + base64 of 32 CSPRNG bytes (docs/design.md, "Events and webhooks"). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)))
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the delivery's id, the same on every attempt),
 * `webhook-timestamp` (unix seconds of this attempt) and `webhook-signature`, `v1,` + base64 of
 * HMAC-SHA256 over `{id}.{timestamp}.{body}` keyed with the secret's base64-decoded bytes.
 */
export function signWebhook(input: { id: string; timestamp: number; body: string; secret: string }): Record<string, string> {
  const key = fromBase64(input.secret.startsWith(WEBHOOK_SECRET_PREFIX) ? input.secret.slice(WEBHOOK_SECRET_PREFIX.length) : input.secret)
  const timestamp = String(Math.floor(input.timestamp))
  const signature = hmac(sha256, key, utf8ToBytes(`${input.id}.${timestamp}.${input.body}`))
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${toBase64(signature)}`,
  }
}
