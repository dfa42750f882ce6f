import type { PreflightAnswer } from '../canvass'
import type { ConnectionInfo } from '../context'
import { clientPreflightHeaders } from '../http/cors'
import { requestIdOf } from '../http/request-id'
import type { CanvassObserver } from '../observer'
import { notify } from '../observer'
import type { RouteIndex } from './route-index'

/**
 * `canvass.preflight`: the answer `fetch` gives to a CORS preflight of a client route, without a `Request` or a
 * `Response`, for hosts that can skip building them. A path the URL parser would change, or no client route's,
 * is `fetch`'s to answer (undefined). Preflights are never rate limited, so this skips nothing `fetch` would do.
 */
export function preflightAnswer(
  routes: RouteIndex,
  onRequest: CanvassObserver['request'],
): (target: string, requestedHeaders: string | null | undefined, info?: ConnectionInfo) => PreflightAnswer | undefined {
  return (target, requestedHeaders, info = NO_INFO) => {
    const started = onRequest === undefined ? 0 : performance.now()
    const query = target.indexOf('?')
    const pathname = query === -1 ? target : target.slice(0, query)
    if (!routes.plainClientRoute.test(pathname)) return undefined
    const requestId = info.requestId ?? requestIdOf(undefined)
    const headers = clientPreflightHeaders(requestedHeaders, requestId)
    if (onRequest !== undefined) {
      const route = routes.routeOfPath(pathname)
      notify(onRequest, { route, method: 'OPTIONS', status: 204, durationMs: performance.now() - started, requestId })
    }
    return { status: 204, headers }
  }
}

const NO_INFO: ConnectionInfo = Object.freeze({})
