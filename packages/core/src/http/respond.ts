const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Sent on every answer (docs/design.md, "Answers and headers"): browsers must not sniff a JSON answer into HTML, and API answers are
 * not to be kept by caches (management answers carry keys' data). A route that may be cached sets its own
 * `cache-control`, which replaces the default.
 */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}

/**
 * A JSON response. Headers are a plain record, not a `Headers` object: hosts such as the Node adapter write
 * such a response straight to the socket without building one.
 */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': JSON_TYPE, ...SAFE_HEADERS, ...init.headers },
  })
}

/** The success envelope: status 200, `{ data }`. */
export const ok = (data: unknown, headers?: Record<string, string>): Response => json({ data }, headers ? { headers } : {})

/**
 * The success envelope around items already serialised as JSON (`{"data":[…]}`), for lists that measure
 * each item while they build the page.
 */
export function okItems(items: readonly string[], headers?: Record<string, string>): Response {
  return new Response(`{"data":[${items.join(',')}]}`, {
    status: 200,
    headers: { 'content-type': JSON_TYPE, ...SAFE_HEADERS, ...headers },
  })
}
