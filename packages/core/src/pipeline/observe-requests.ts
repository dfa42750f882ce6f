import type { CanvassObserver } from '../observer'
import { notify } from '../observer'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * Tells `observe.request` of every answer `fetch` gives, with its route, status and duration. Outermost, so
 * that the duration covers every other step and the status is the one the host writes.
 */
export function observeRequests(
  onRequest: NonNullable<CanvassObserver['request']>,
  routeOf: (request: Request, pathname: string) => string | null,
): Middleware<RequestCall> {
  return async (call, next) => {
    const started = performance.now()
    const response = await next()
    const { request, pathname, requestId } = call
    notify(onRequest, {
      route: routeOf(request, pathname),
      method: request.method,
      status: response.status,
      durationMs: performance.now() - started,
      requestId,
    })
    return response
  }
}
