import type { IRequest } from 'itty-router'
import type { ConnectionInfo } from '../context'

/** What the steps of `fetch`'s pipeline share about one request (`pipeline/request-pipeline.ts`). */
export interface RequestCall {
  /** The request; itty-router's fields (`params`, `route`) and `requestId` are set on it on the way. */
  request: IRequest
  /** What the host said about it. */
  info: ConnectionInfo
  /** Its id (`x-request-id`), set by the `requestId` step. */
  requestId: string
  /** Its path as `requestTarget` splits it; `/` until the `target` step has. */
  pathname: string
  /** Its query, without `?`; `''` when there is none. */
  search: string
}

/** A fresh call for `request`, before any step has run. */
export function requestCall(request: Request, info: ConnectionInfo): RequestCall {
  return { request: request as IRequest, info, requestId: '', pathname: '/', search: '' }
}
