import { requestTarget } from '../http/request-target'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/** Splits the request's URL into the path and query the steps after it route by (without the URL parser where it can). */
export function target(): Middleware<RequestCall> {
  return (call, next) => {
    const { pathname, search } = requestTarget(call.request.url)
    call.pathname = pathname
    call.search = search
    return next()
  }
}
