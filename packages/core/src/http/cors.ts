/**
 * CORS for client routes (docs/design.md, "Answers and headers"): any origin, no credentials, on every answer; a script on another
 * origin may read the answer's `x-request-id` (to quote it in a report). Management routes send none.
 */
export const CLIENT_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  // `Retry-After` too: the widget's outbox (on another origin) waits as long as a 429 or 503 asks.
  'access-control-expose-headers': 'x-request-id, retry-after',
}

/**
 * The headers of the answer (204) to a preflight of a client route, echoing the requested headers, with
 * the request's id when given (as `Canvass.preflight` gives them to the host, which writes them as they
 * are). There, literals of fixed shape rather than one object grown by a key: every such preflight builds
 * this object, and a shape that changes from call to call sends property writes (and Node's reads of them)
 * down V8's slow path. Without an id (for `fetch`, whose `Response` copies them), copies of one record.
 */
export function clientPreflightHeaders(requestedHeaders: string | null | undefined, requestId?: string): Record<string, string> {
  if (requestId === undefined) {
    if (!requestedHeaders) return { ...PREFLIGHT_HEADERS }
    return { ...PREFLIGHT_HEADERS, 'access-control-allow-headers': requestedHeaders }
  }
  if (!requestedHeaders) {
    return {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
      'access-control-max-age': '86400',
      'x-content-type-options': 'nosniff',
      'x-request-id': requestId,
    }
  }
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
    'access-control-max-age': '86400',
    'x-content-type-options': 'nosniff',
    'access-control-allow-headers': requestedHeaders,
    'x-request-id': requestId,
  }
}

const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
  'access-control-max-age': '86400',
  'x-content-type-options': 'nosniff',
}

/** The answer to a preflight of a client route: 204 echoing the requested headers. */
export function clientPreflight(request: Request): Response {
  return new Response(null, { status: 204, headers: clientPreflightHeaders(request.headers.get('access-control-request-headers')) })
}

/**
 * CORS on the routes that take editor tokens (docs/editor.md#editor-tokens): the survey editor runs in the
 * app's page, often on another origin than Canvass. Any origin may call them, as the client routes: the
 * credential is a bearer header the page's script adds, never a cookie, so a page without a token gets nothing
 * (`access-control-allow-credentials` is never sent). The editor may read the request id, `Retry-After` and a
 * create's `Location`.
 */
export const EDITOR_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-request-id, retry-after, location',
}

/**
 * The answer to a preflight of a route that takes editor tokens: 204 allowing the methods and headers the
 * editor sends (`Authorization` for the token, `Content-Type` for JSON, `Idempotency-Key`, `x-request-id`);
 * not `x-api-key`, which no browser should hold.
 */
export function editorPreflight(): Response {
  return new Response(null, { status: 204, headers: EDITOR_PREFLIGHT_HEADERS })
}

const EDITOR_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, x-request-id',
  'access-control-max-age': '86400',
  'x-content-type-options': 'nosniff',
}
