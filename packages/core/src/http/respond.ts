/** A JSON response. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { ...init, headers })
}

/** The success envelope: status 200, `{ data }`. */
export const ok = (data: unknown, headers?: HeadersInit): Response => json({ data }, headers ? { headers } : {})
