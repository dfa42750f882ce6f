import type { WebhookAttemptResult, WebhookErrorClass, WebhookTransport } from '../ports/webhook-transport'
import { checkWebhookRequest } from './check-webhook-request'
import { parseRetryAfter } from './parse-retry-after'
import { WEBHOOK_RESPONSE_BODY_LIMIT, WEBHOOK_TIMEOUT_MS } from './webhook-limits'

export interface FetchWebhookTransportOptions {
  /**
   * The `fetch` that sends attempts. Looked up at each attempt when not given, so test interceptors that
   * replace the global one apply.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch
  /**
   * Accepts URLs whose host is a literal loopback, private or otherwise non-public address, or `localhost`
   * (local development, tests).
   * @default false
   */
  allowPrivateAddresses?: boolean
  /**
   * Milliseconds an attempt may take when the request names none.
   * @default WEBHOOK_TIMEOUT_MS (15 000)
   */
  timeoutMs?: number
}

/**
 * A `WebhookTransport` over the runtime's `fetch`, for runtimes that enforce egress rules themselves
 * (Cloudflare Workers, Deno with an `--allow-net` list, a platform's egress proxy).
 *
 * It has NO DNS guard: it refuses non-http(s) URLs and URLs whose host is a literal non-public address or
 * `localhost`, but a host NAME that resolves to an internal address is fetched, because fetch offers no way
 * to see or pin the address it connects to. On Node, use `createNodeWebhookTransport` from
 * `@canvass/host-node`, which resolves, checks and pins every address.
 *
 * Redirects are not followed (`redirect: 'manual'`), at most 64 KiB of the answer body is read before the
 * body is cancelled, and one timer covers the whole attempt. Error classes other than `timeout` and
 * `aborted` are read from the runtime's error (its `cause.code` on Node) and fall back to `network`.
 */
export function createFetchWebhookTransport(options: FetchWebhookTransportOptions = {}): WebhookTransport {
  const { allowPrivateAddresses = false, timeoutMs = WEBHOOK_TIMEOUT_MS } = options
  return {
    async send(request): Promise<WebhookAttemptResult> {
      const started = performance.now()
      const elapsed = () => Math.round(performance.now() - started)
      const check = checkWebhookRequest(request, { allowPrivateAddresses, timeoutMs })
      if (!check.ok) return { kind: 'error', errorClass: check.errorClass, message: check.message, durationMs: elapsed() }

      const controller = new AbortController()
      let stopped: 'timeout' | 'aborted' | undefined
      const stop = (why: 'timeout' | 'aborted') => {
        stopped ??= why
        controller.abort()
      }
      const timer = setTimeout(() => stop('timeout'), check.timeoutMs)
      const onAbort = () => stop('aborted')
      if (request.signal?.aborted) onAbort()
      else request.signal?.addEventListener('abort', onAbort, { once: true })
      try {
        let response: Response
        try {
          response = await (options.fetch ?? globalThis.fetch)(check.target.url.href, {
            method: 'POST',
            headers: request.headers,
            body: request.body,
            redirect: 'manual',
            signal: controller.signal,
          })
        } catch (error) {
          const failure =
            stopped === 'timeout'
              ? { errorClass: 'timeout' as const, message: `no answer within ${check.timeoutMs} ms` }
              : stopped === 'aborted'
                ? { errorClass: 'aborted' as const, message: 'the attempt was aborted' }
                : classifyFetchError(error)
          return { kind: 'error', ...failure, durationMs: elapsed() }
        }
        if (response.type === 'opaqueredirect') {
          controller.abort()
          return { kind: 'error', errorClass: 'redirect', message: 'the runtime hid a redirect answer', durationMs: elapsed() }
        }
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
        await discardBody(response.body)
        return { kind: 'response', status: response.status, ...(retryAfter === undefined ? {} : { retryAfter }), durationMs: elapsed() }
      } finally {
        clearTimeout(timer)
        request.signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}

/** Reads up to the body limit, then cancels the rest, which closes the connection. */
async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return
  const reader = body.getReader()
  let read = 0
  try {
    while (read < WEBHOOK_RESPONSE_BODY_LIMIT) {
      const chunk = await reader.read()
      if (chunk.done) return
      read += chunk.value.byteLength
    }
  } catch {
    // Timed out, aborted or broken while reading: the status has arrived and counts.
  } finally {
    reader.cancel().catch(() => {})
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL', 'ENODATA'])
const CONNECT_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EHOSTDOWN', 'ENETDOWN'])

/** Node's fetch (undici) puts the system error in `cause`; other runtimes only say it in the message. */
function classifyFetchError(error: unknown): { errorClass: WebhookErrorClass; message: string } {
  const outer = error as { message?: unknown; cause?: { code?: unknown; message?: unknown; errors?: { code?: unknown }[] } } | undefined
  const cause = outer?.cause
  const code = String(cause?.code ?? cause?.errors?.[0]?.code ?? '')
  const message = [outer?.message, cause?.message].filter((part) => typeof part === 'string' && part !== '').join(': ') || String(error)
  const errorClass: WebhookErrorClass = DNS_CODES.has(code)
    ? 'dns'
    : CONNECT_CODES.has(code)
      ? 'connect'
      : code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT'
        ? 'timeout'
        : /CERT|TLS|SSL|HOSTNAME_MISMATCH/.test(code)
          ? 'tls'
          : code !== ''
            ? 'network'
            : /certificate|tls|ssl/i.test(message)
              ? 'tls'
              : /dns|name resolution|not known|lookup/i.test(message)
                ? 'dns'
                : /refused|unreachable/i.test(message)
                  ? 'connect'
                  : 'network'
  return { errorClass, message }
}
