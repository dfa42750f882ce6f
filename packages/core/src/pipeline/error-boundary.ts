import type { Logger } from '../context'
import { errorResponse } from '../http/boundary'
import { CLIENT_CORS_HEADERS } from '../http/cors'
import { v3ErrorResponse } from '../http/v3'
import type { CanvassObserver } from '../observer'
import { notify } from '../observer'
import { refusedBy } from '../rate-limit/rate-limit-gate'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/** What the error boundary needs to know of the instance. */
export interface ErrorBoundaryOptions {
  logger: Logger
  /** Errors under this prefix are problems, as the reference's v3 answers them (a 429 of the gate included). */
  v3Prefix: string
  /** Whether a path is under a client prefix: its errors carry the client routes' CORS headers. */
  isClientPath: (pathname: string) => boolean
  /** Told of every refusal of the rate limits. */
  onRateLimited: CanvassObserver['rateLimited']
  /** The route a refused request is counted under. */
  routeOf: (request: Request, pathname: string) => string | null
}

/**
 * Turns whatever the steps inside it throw into the contract's error answer: a problem on v3 paths, else the
 * error body (`http/boundary.ts`), with CORS headers on client paths (client routes put them on their own
 * answers). Unexpected errors are logged with the route as registered (`/…/:id`), never the query, which may
 * carry anything a client sent.
 */
export function errorBoundary(options: ErrorBoundaryOptions): Middleware<RequestCall> {
  const { logger, v3Prefix, isClientPath, onRateLimited, routeOf } = options
  return async (call, next) => {
    try {
      return await next()
    } catch (error) {
      const { request, pathname, requestId } = call
      const rule = onRateLimited === undefined ? undefined : refusedBy(error)
      if (rule !== undefined) notify(onRateLimited, { rule, route: routeOf(request, pathname), method: request.method, requestId })
      const route = `${request.method} ${request.route || pathname}`
      return pathname.startsWith(v3Prefix)
        ? v3ErrorResponse(error, logger, route, requestId)
        : errorResponse(error, logger, isClientPath(pathname) ? CLIENT_CORS_HEADERS : undefined, route, requestId)
    }
  }
}
