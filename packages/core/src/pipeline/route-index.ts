import type { CanvassRouter } from '../context'
import type { RouteEntry } from '../http/route-doc'
import { plainPathsPattern } from '../http/request-target'

/** What the pipeline asks of the registered routes, answered from itty-router's table of them. */
export interface RouteIndex {
  /** Whether a path is under a client prefix (`/api/v1/client/`, `/api/v2/client/`). */
  isClientPath(pathname: string): boolean
  /** Whether a path is one of a client route's: an OPTIONS request on it is a preflight. */
  isClientRoute(pathname: string): boolean
  /** Whether a path is one of a route that takes editor tokens (all of them are under /api/v3/). */
  isEditorRoute(pathname: string): boolean
  /** `preflight`'s whole test of a request target's path, in one pattern: it runs for most client calls. */
  plainClientRoute: RegExp
  /** The route an answer no route gave (405, a preflight, a 429 before routing) is counted under. */
  routeOfPath(pathname: string): string | null
  /** The route a request is counted under: the one that answered, else the first whose path matches. */
  routeOf(request: Request, pathname: string): string | null
  /** The methods registered for a path, in registration order (HEAD after GET, as the route table adds it). */
  allowedMethods(pathname: string): string[]
}

/** The index of `router`'s routes, registered under `basePath` from `entries`. Built once, after every route is. */
export function createRouteIndex(router: CanvassRouter, entries: readonly RouteEntry[], basePath: string): RouteIndex {
  // itty-router's public `routes` (its `RouteEntry`s: method, pattern, handlers, path), in registration order.
  const routes = router.routes
  const clientPrefixes = [`${basePath}/api/v1/client/`, `${basePath}/api/v2/client/`]
  const isClientPath = (pathname: string) => clientPrefixes.some((prefix) => pathname.startsWith(prefix))
  const clientRoutes = routes.filter(([, , , path]) => isClientPath(path ?? ''))
  // The patterns of client routes, each once: only they can match a path under a client prefix.
  const clientPatterns = uniquePatterns(clientRoutes)
  // The routes that take editor tokens (`RouteDoc.editorToken`): every answer on their paths carries CORS headers.
  const editorPaths = new Set(entries.filter((entry) => entry.editorToken !== undefined).map((entry) => entry.path))
  const editorPatterns = uniquePatterns(routes.filter(([, , , path]) => editorPaths.has(path?.slice(basePath.length) ?? '')))
  const v3Prefix = `${basePath}/api/v3/`
  const routeOfPath = (pathname: string): string | null => {
    for (const [, pattern, , path] of routes) if (pattern.test(pathname)) return path ?? null
    return null
  }
  return {
    isClientPath,
    isClientRoute: (pathname) => isClientPath(pathname) && clientPatterns.some((pattern) => pattern.test(pathname)),
    isEditorRoute: (pathname) => pathname.startsWith(v3Prefix) && editorPatterns.some((pattern) => pattern.test(pathname)),
    plainClientRoute: plainPathsPattern(clientRoutes.map(([, , , path]) => path ?? '')),
    routeOfPath,
    routeOf: (request, pathname) => (request as { route?: string }).route || routeOfPath(pathname),
    allowedMethods(pathname) {
      const methods = new Set<string>()
      for (const [method, pattern] of routes) if (pattern.test(pathname)) methods.add(method)
      return [...methods]
    },
  }
}

/** The patterns of `routes`, each once. */
function uniquePatterns(routes: CanvassRouter['routes']): RegExp[] {
  return [...new Map(routes.map(([, pattern]) => [pattern.source, pattern])).values()]
}
