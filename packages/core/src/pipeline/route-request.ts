import type { CanvassContext, CanvassRouter } from '../context'
import { CanvassError } from '../errors'
import { SAFE_HEADERS } from '../http/respond'
import { routeNotFound } from '../http/route-not-found'
import type { RequestCall } from './request-call'

/**
 * The pipeline's last step: the router tries the routes in the order they were registered, and only a miss pays
 * for working out 404 against 405. An OPTIONS request that is no preflight is told the methods its path allows.
 */
export function routeRequest(
  router: CanvassRouter,
  ctx: CanvassContext,
  allowedMethods: (pathname: string) => string[],
): (call: RequestCall) => Promise<Response> {
  return async ({ request, info, pathname }) => {
    const response = request.method === 'OPTIONS' ? undefined : await router.fetch(request, ctx, info)
    return response ?? miss(request.method, allowedMethods(pathname), pathname)
  }
}

/** What a request no route answered gets: the allowed methods, 405 or 404. */
function miss(method: string, allowed: readonly string[], pathname: string): Response {
  if (allowed.length === 0) {
    throw routeNotFound(pathname)
  }
  const allow = [...allowed, 'OPTIONS'].join(', ')
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow, ...SAFE_HEADERS } })
  throw new CanvassError('method_not_allowed', `Method ${method} is not allowed on this route`, { headers: { allow } })
}
