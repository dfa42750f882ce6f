const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * A JSON response. Headers are a plain record, not a `Headers` object: hosts such as the Node adapter write
 * such a response straight to the socket without building one.
 */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': JSON_TYPE, ...init.headers },
  })
}

/** The success envelope: status 200, `{ data }`. */
export const ok = (data: unknown, headers?: Record<string, string>): Response => json({ data }, headers ? { headers } : {})
