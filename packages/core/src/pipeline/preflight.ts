import { clientPreflight, editorPreflight } from '../http/cors'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/** Which paths answer CORS preflights. */
export interface PreflightRoutes {
  /** Whether a path is one of a client route's (any origin calls them). */
  isClientRoute: (pathname: string) => boolean
  /** Whether a path is one of a route that takes editor tokens. */
  isEditorRoute: (pathname: string) => boolean
}

/**
 * Answers the CORS preflight of a client route or a route that takes editor tokens, each with its own headers
 * (`http/cors.ts`). Any other OPTIONS request goes on, to be told the methods its path allows.
 */
export function preflight(routes: PreflightRoutes): Middleware<RequestCall> {
  return (call, next) => {
    if (call.request.method !== 'OPTIONS') return next()
    if (routes.isClientRoute(call.pathname)) return Promise.resolve(clientPreflight(call.request))
    if (routes.isEditorRoute(call.pathname)) return Promise.resolve(editorPreflight())
    return next()
  }
}
