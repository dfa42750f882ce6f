import type { HttpMethod, RouteDoc } from '../http/route-doc'
import type { RouteMiddleware } from '../pipeline/route-call'
import { recordRoute } from './console-auth'
import { allowEditorTokens } from './editor-auth'

/**
 * What `authenticate` needs to know of the route, set on the request before anything inside asks who sent it:
 * the route as registered (the console's role check reads it), and whether and how an editor token may stand
 * for a key (`RouteDoc.editorToken`). Who the caller is stays the handler's to ask, when its order of checks
 * reaches the caller (a 404 of a path may come first).
 */
export function authentication(method: HttpMethod, path: string, doc: RouteDoc): RouteMiddleware {
  const scope = doc.editorToken
  const readOnly = doc.readOnly === true
  return (call, next) => {
    recordRoute(call.request, method, path)
    if (scope !== undefined) allowEditorTokens(call.request, scope, readOnly)
    return next()
  }
}
