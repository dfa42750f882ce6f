import type { WebhookAttemptRequest, WebhookErrorClass } from '../ports/webhook-transport'
import { checkWebhookUrl } from './check-webhook-url'
import type { CheckWebhookUrlOptions, WebhookUrlCheck } from './check-webhook-url'
import { WEBHOOK_TIMEOUT_MS } from './webhook-limits'

/** An attempt that may be sent, or the error result's class and message. */
export type WebhookRequestCheck =
  | { ok: true; target: Extract<WebhookUrlCheck, { ok: true }>; timeoutMs: number }
  | { ok: false; errorClass: WebhookErrorClass; message: string }

export interface CheckWebhookRequestOptions extends CheckWebhookUrlOptions {
  /**
   * Used when the request names no `timeoutMs`.
   * @default WEBHOOK_TIMEOUT_MS
   */
  timeoutMs?: number
}

/**
 * The checks every transport makes before it touches the network, so that they refuse alike: the URL
 * (`checkWebhookUrl`), the headers (valid names and values, none that the transport owns, no name twice
 * in different case) and the timeout (a positive number of milliseconds).
 */
export function checkWebhookRequest(request: WebhookAttemptRequest, options: CheckWebhookRequestOptions = {}): WebhookRequestCheck {
  const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) {
    return { ok: false, errorClass: 'invalid_request', message: `timeoutMs ${timeoutMs} is not a positive number` }
  }
  const seen = new Set<string>()
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase()
    if (!TOKEN.test(name)) return invalidHeader(`header name ${JSON.stringify(name)} is not an HTTP token`)
    if (OWNED.has(lower) || lower.startsWith('proxy-')) return invalidHeader(`header ${name} is set by the transport`)
    if (seen.has(lower)) return invalidHeader(`header ${name} is given twice`)
    seen.add(lower)
    // fetch trims surrounding whitespace and both fetch and node:http refuse control characters and code
    // points above U+00FF: refusing them here keeps "sent byte for byte" true on every transport.
    if (typeof value !== 'string' || !FIELD_VALUE.test(value))
      return invalidHeader(`header ${name} has a value that cannot be sent unchanged`)
  }
  const target = checkWebhookUrl(request.url, options)
  if (!target.ok) return target
  return { ok: true, target, timeoutMs }
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Visible ASCII, tab, space and Latin-1 octets, not starting or ending with whitespace. */
const FIELD_VALUE = /^(?:[!-~\x80-\xff](?:[\t -~\x80-\xff]*[!-~\x80-\xff])?)?$/
/** Headers that frame the message or the connection: the transport sets them (or must not send them). */
const OWNED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect'])

function invalidHeader(message: string): WebhookRequestCheck {
  return { ok: false, errorClass: 'invalid_request', message }
}
