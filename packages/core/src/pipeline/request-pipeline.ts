import type { CanvassContext, CanvassRouter, ConnectionInfo } from '../context'
import type { RequestProtocols } from '../http/request-protocol'
import type { CanvassObserver } from '../observer'
import type { RateLimitGate } from '../rate-limit/rate-limit-gate'
import type { Middleware } from './compose'
import { compose } from './compose'
import { editorCors } from './editor-cors'
import { errorBoundary } from './error-boundary'
import { forwardedProtocol } from './forwarded-protocol'
import { headWithoutBody } from './head-without-body'
import { observeRequests } from './observe-requests'
import { preflight } from './preflight'
import { rateLimit } from './rate-limit'
import type { RequestCall } from './request-call'
import { requestCall } from './request-call'
import { requestId } from './request-id'
import { target } from './request-target'
import type { RouteIndex } from './route-index'
import { routeRequest } from './route-request'
import { shortPaths } from './short-paths'
import { traceRequests } from './trace-requests'

/** What `fetch`'s pipeline is built from. */
export interface RequestPipelineOptions {
  router: CanvassRouter
  ctx: CanvassContext
  routes: RouteIndex
  protocols: RequestProtocols
  /** The rate limits' gate, when `rateLimits` is given. */
  gate: RateLimitGate | undefined
  observe: CanvassObserver | undefined
}

/**
 * `canvass.fetch` (docs/architecture.md, "The path of a request"): the named steps every request takes, the
 * first outermost. What every answer gets (its span, its id, its duration told, editor CORS, no body for HEAD) sits
 * outside the error boundary, so that errors get it too; what may refuse a request sits inside it.
 */
export function createRequestPipeline(options: RequestPipelineOptions): (request: Request, info: ConnectionInfo) => Promise<Response> {
  const { router, ctx, routes, protocols, gate, observe } = options
  // The request's span outermost: every other step, and what the route does, runs inside it.
  const steps: Middleware<RequestCall>[] = [traceRequests(routes.routeOf)]
  if (observe?.request) steps.push(observeRequests(observe.request, routes.routeOf))
  steps.push(requestId(), forwardedProtocol(protocols), editorCors(routes.isEditorRoute), headWithoutBody())
  const v3Prefix = `${ctx.basePath}/api/v3/`
  steps.push(
    errorBoundary({
      logger: ctx.logger,
      v3Prefix,
      isClientPath: routes.isClientPath,
      onRateLimited: observe?.rateLimited,
      routeOf: routes.routeOf,
    }),
  )
  steps.push(target())
  if (gate) steps.push(rateLimit(gate, () => ctx.now()))
  steps.push(shortPaths(ctx.basePath), preflight(routes))
  const run = compose(steps, routeRequest(router, ctx, routes.allowedMethods))
  return (request, info) => run(requestCall(request, info))
}
