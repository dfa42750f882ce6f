import { shortPathRedirect } from '../http/short-paths'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/** The reference's short paths answer their `308` before routing, for every method (`http/short-paths.ts`). */
export function shortPaths(basePath: string): Middleware<RequestCall> {
  return (call, next) => {
    const redirect = shortPathRedirect(basePath, call.pathname, call.search)
    return redirect === undefined ? next() : Promise.resolve(redirect)
  }
}
