import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import type { Middleware } from './compose'

/** What the steps the route table puts around a handler share: the handler's own arguments. */
export interface RouteCall {
  request: IRequest
  /** A step may hand the steps inside it another context (the primary's storage, to read one's own writes). */
  ctx: CanvassContext
  info: ConnectionInfo
}

/** A step around one route's handler, as its description asks (`http/route-table.ts`). */
export type RouteMiddleware = Middleware<RouteCall>
