/** The header that carries a request's id, in and out: every answer has it. */
export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * The id of a request: the `x-request-id` it came with when that is sane (1 to 128 letters, digits and
 * `-_.:`, as proxies and tracing systems make them: anything else could forge log lines or grow them
 * without bound), else a new random UUID (`newId`). Hosts that give the id themselves
 * (`ConnectionInfo.requestId`) use this to pick it.
 */
export function requestIdOf(incoming: string | null | undefined, newId: () => string = () => crypto.randomUUID()): string {
  return incoming != null && SANE_ID.test(incoming) ? incoming : newId()
}

const SANE_ID = /^[\w.:-]{1,128}$/

/**
 * `response` with `x-request-id` set. Canvass's own answers have mutable headers; one whose headers are
 * immutable (a `Response.redirect`, a fetched one) is copied first.
 */
export function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.set(REQUEST_ID_HEADER, requestId)
    return copy
  }
}
