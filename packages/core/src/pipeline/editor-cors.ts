import { EDITOR_CORS_HEADERS } from '../http/cors'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * CORS headers on every answer on a path of a route that takes editor tokens, errors included (the editor runs
 * on the app's origin and must read them too). Preflights have their own (`preflight`).
 */
export function editorCors(isEditorRoute: (pathname: string) => boolean): Middleware<RequestCall> {
  return (call, next) => {
    if (call.request.method === 'OPTIONS') return next()
    return next().then((response) => (isEditorRoute(call.pathname) ? withHeaders(response, EDITOR_CORS_HEADERS) : response))
  }
}

/** `response` with `headers` added (a copy: the answer's own headers may be immutable). */
function withHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  const copy = new Headers(response.headers)
  for (const [name, value] of Object.entries(headers)) copy.set(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: copy })
}
