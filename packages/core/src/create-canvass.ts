import { IttyRouter } from 'itty-router'
import type { IRequest } from 'itty-router'
import type { CanvassAdmin } from './admin/create-admin'
import { createAdmin } from './admin/create-admin'
import type { CanvassContext, CanvassRouter, Logger, ConnectionInfo } from './context'
import { errorResponse } from './http/boundary'
import { CLIENT_CORS_HEADERS, clientPreflight } from './http/cors'
import { CanvassError } from './http/errors'
import { parseQuery, requestTarget } from './http/request-target'
import type { RequestTarget } from './http/request-target'
import type { Storage } from './ports/storage'
import { registerClientResponseRoutes } from './routes/client/responses'
import { registerMeRoutes } from './routes/management/me'
import { registerManagementResponseRoutes } from './routes/management/responses'
import { registerSurveyRoutes } from './routes/management/surveys'
import { createId } from './services/ids'

export interface CanvassOptions {
  /** Where everything is kept, e.g. `createKyselyStorage({ db })` from `@canvass/storage-kysely`. */
  storage: Storage
  /**
   * Path prefix under which the handler is mounted; requests must include it.
   * @default ''
   */
  basePath?: string
  /**
   * External URL of `basePath` (scheme, host and any prefix a proxy strips), used for absolute `Link`
   * headers. When unset, the request URL is used.
   * @default undefined
   */
  publicUrl?: string
  /**
   * Receives unexpected errors (answered with a generic 500) and warnings.
   * @default console
   */
  logger?: Logger
}

export interface Canvass {
  /**
   * The whole HTTP API: hand it to any host that speaks the Fetch API. `info` carries what only the host
   * knows, such as the client's address; hosts that know nothing may omit it.
   */
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>
  /** Projects and API keys, which the HTTP API does not manage. */
  admin: CanvassAdmin
  /**
   * Every route the handler answers, as registered (`path` with `:name` parameters and the base path
   * included), in registration order; `OPTIONS` is answered on each path besides. For documentation,
   * route-table driven tests and proxies that need to know what to forward.
   */
  routes: ReadonlyArray<{ method: string; path: string }>
}

/** Creates the Canvass HTTP API over the given storage. */
export function createCanvass(options: CanvassOptions): Canvass {
  const basePath = normaliseBasePath(options.basePath ?? '')
  const ctx: CanvassContext = {
    storage: options.storage,
    publicUrl: options.publicUrl,
    basePath,
    logger: options.logger ?? console,
    now: () => new Date(),
    newId: createId,
  }
  const router: CanvassRouter = IttyRouter({ base: basePath })
  registerMeRoutes(router)
  registerSurveyRoutes(router)
  registerManagementResponseRoutes(router)
  registerClientResponseRoutes(router)
  const clientPrefix = `${basePath}/api/v1/client/`
  const routes = router.routes
  // Each distinct path pattern once, for preflights, which only ask whether a path exists.
  const patterns = [...new Map(routes.map(([, pattern]) => [pattern.source, pattern])).values()]

  /**
   * Runs the first route whose method and path match, as itty-router's own `fetch` would, but on the path
   * already split from the URL: itty-router would parse the URL again on every request.
   */
  async function dispatch(request: IRequest, target: RequestTarget, info: ConnectionInfo): Promise<Response | undefined> {
    let query: IRequest['query'] | undefined
    for (const [method, pattern, handlers, route] of routes) {
      if (method !== request.method && method !== 'ALL') continue
      const match = pattern.exec(target.pathname)
      if (!match) continue
      request.query = query ??= parseQuery(target.search)
      request.params = match.groups ?? {}
      request.route = route ?? ''
      for (const handler of handlers) {
        const response: Response | undefined = await handler(request.proxy ?? request, ctx, info)
        if (response != null) return response
      }
    }
    return undefined
  }

  /** What a request that no route answered gets: a preflight, the allowed methods, 405 or 404. */
  function miss(request: Request, pathname: string): Response {
    if (request.method === 'OPTIONS' && pathname.startsWith(clientPrefix) && patterns.some((p) => p.test(pathname))) {
      return clientPreflight(request)
    }
    const allowed = allowedMethods(router, pathname)
    if (allowed.length === 0) {
      throw new CanvassError('not_found', 'Route not found', { details: { resource_id: pathname, resource_type: 'Route' } })
    }
    const allow = [...allowed, 'OPTIONS'].join(', ')
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } })
    throw new CanvassError('method_not_allowed', `Method ${request.method} is not allowed on this route`, {
      headers: { allow },
    })
  }

  return {
    async fetch(request, info = NO_INFO) {
      let pathname = '/'
      try {
        const target = requestTarget(request.url)
        pathname = target.pathname
        // A route that matches path and method answers; only a miss pays for working out 404 against 405.
        const response = request.method === 'OPTIONS' ? undefined : await dispatch(request as IRequest, target, info)
        return response ?? miss(request, pathname)
      } catch (error) {
        // Client routes put their CORS headers on their answers; errors get them here.
        return errorResponse(error, ctx.logger, pathname.startsWith(clientPrefix) ? CLIENT_CORS_HEADERS : undefined)
      }
    },
    admin: createAdmin(ctx.storage, ctx.newId, ctx.now),
    routes: router.routes.map(([method, , , path]) => ({ method, path: path ?? '' })),
  }
}

const NO_INFO: ConnectionInfo = Object.freeze({})

/** The methods registered for a path, in registration order. */
function allowedMethods(router: CanvassRouter, pathname: string): string[] {
  const methods = new Set<string>()
  for (const [method, pattern] of router.routes) if (pattern.test(pathname)) methods.add(method)
  return [...methods]
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '')
  if (trimmed && !trimmed.startsWith('/')) throw new TypeError('basePath must start with "/", e.g. "/feedback"')
  return trimmed
}
