import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from '../http/request-id'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * Gives the request its id: the host's (`ConnectionInfo.requestId`), else a sane `x-request-id` it came with,
 * else a new one. The audit log and the problems a route answers read it from the request. The answer carries
 * it, unless the host gave it: a host that did sets the header itself, since changing `response.headers` would
 * make the Node adapter build a Headers object for an answer it otherwise writes straight from a plain record.
 */
export function requestId(): Middleware<RequestCall> {
  return (call, next) => {
    const { request, info } = call
    call.requestId = info.requestId ?? requestIdOf(request.headers.get(REQUEST_ID_HEADER))
    request.requestId = call.requestId
    // A host that named the id sets the header itself: the answer passes through without another await.
    if (info.requestId !== undefined) return next()
    return next().then((response) => withRequestId(response, call.requestId))
  }
}
