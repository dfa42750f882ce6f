import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * HEAD answered as GET is, without the body: each GET route is registered for HEAD too, and answers it as a
 * GET. The body's source (a file being read, an export being queried) is cancelled.
 */
export function headWithoutBody(): Middleware<RequestCall> {
  return (call, next) => (call.request.method === 'HEAD' ? next().then(withoutBody) : next())
}

/** A HEAD answer: the GET answer's status and headers, its body's source cancelled. */
function withoutBody(response: Response): Response {
  if (response.body === null) return response
  response.body.cancel().catch(() => {})
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers })
}
