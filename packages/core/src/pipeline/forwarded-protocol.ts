import type { RequestProtocols } from '../http/request-protocol'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * Notes what the host said about the request, so that `ctx.requestProtocol` can tell later whether a proxy of
 * `trustProxy` said the client came over https (the console's cookies are `Secure` then).
 */
export function forwardedProtocol(protocols: RequestProtocols): Middleware<RequestCall> {
  return (call, next) => {
    protocols.record(call.request, call.info)
    return next()
  }
}
