import { createHash, timingSafeEqual } from 'node:crypto'
import { serve } from '@canvass/host-node'
import type { FetchHandler, NodeServer } from '@canvass/host-node'
import type { Metrics } from './metrics'

/**
 * The answer to `/metrics`: the series to `GET` (and `HEAD`); with a token, only to a request with
 * `Authorization: Bearer <token>` (else 401 in the API's error shape), compared in constant time.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): (request: Request) => Promise<Response> {
  const expected = token === undefined ? undefined : digest(token)
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refusal(405, 'method_not_allowed', `Method ${request.method} is not allowed on this route`, {
        headers: { allow: 'GET, HEAD' },
      })
    }
    if (expected !== undefined && !bearerMatches(request.headers.get('authorization'), expected)) {
      return refusal(401, 'not_authenticated', 'The metrics need Authorization: Bearer <CANVASS_METRICS_TOKEN>', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      })
    }
    const { contentType, body } = await metrics.scrape()
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'content-type': contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    })
  }
}

/**
 * A listener of its own (`CANVASS_METRICS_PORT`) that serves `/metrics` and answers anything else 404: a
 * port for the scraper that a firewall can keep from the public. Closed by the caller; signals are the main
 * server's.
 */
export function serveMetrics(options: {
  port: number
  hostname: string
  answer: FetchHandler
  onError: (error: unknown) => void
}): Promise<NodeServer> {
  return serve({
    port: options.port,
    hostname: options.hostname,
    handleSignals: false,
    onError: options.onError,
    fetch: (request, info) => {
      const { pathname } = new URL(request.url)
      if (pathname === '/metrics') return options.answer(request, info)
      return refusal(404, 'not_found', 'Route not found', { details: { resource_id: pathname, resource_type: 'Route' } })
    },
  })
}

/** Whether `header` is `Bearer <token>` for the token whose digest is `expected`. */
function bearerMatches(header: string | null, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '')
  // Digests of equal length: comparing them takes the same time whatever the token given.
  return match !== null && timingSafeEqual(digest(match[1] as string), expected)
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

/** An error in the API's shape: `{"code","message","details"}`, never cached, never sniffed. */
function refusal(
  status: number,
  code: string,
  message: string,
  extra: { details?: Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify({ code, message, details: extra.details ?? {} }), {
    status,
    headers: {
      ...extra.headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
