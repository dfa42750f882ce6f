import type { IRequest, IttyRouterType } from 'itty-router'
import type { Storage } from './ports/storage'

/** Where Canvass reports what it cannot answer to a caller (unexpected errors). */
export interface Logger {
  error(message: string, cause?: unknown): void
  warn(message: string): void
}

/** What every route handler gets besides the request. */
export interface CanvassContext {
  storage: Storage
  /** External URL of the base path, for absolute `Link` headers; the request URL when unset. */
  publicUrl: string | undefined
  basePath: string
  logger: Logger
  now: () => Date
  newId: () => string
}

/**
 * What the host knows about a request beyond the `Request` itself, handed to `canvass.fetch` as its second
 * argument. Every field is optional: a host that knows nothing passes nothing.
 */
export interface ConnectionInfo {
  /**
   * The address of the peer that sent the request (the socket's remote address: an IP, without port), as the
   * host saw it. Rate limits and logs use it. `@canvass/host-node` and `@canvass/host-deno` fill it in;
   * `Deno.serve` gives it as `info.remoteAddr.hostname`, Node as `req.socket.remoteAddress`.
   */
  clientAddress?: string
}

export type Handler = (request: IRequest, ctx: CanvassContext, info: ConnectionInfo) => Promise<Response>

/** The URL a client used, rebased on `publicUrl` when one is configured. */
export function externalUrl(request: Request, ctx: CanvassContext): URL {
  const url = new URL(request.url)
  if (!ctx.publicUrl) return url
  const rest = url.pathname.startsWith(ctx.basePath) ? url.pathname.slice(ctx.basePath.length) : url.pathname
  return new URL(ctx.publicUrl.replace(/\/+$/, '') + rest + url.search)
}

/** A path parameter, percent-decoded; a malformed escape is kept as is, so it matches nothing. */
export function param(request: IRequest, name: string): string {
  const raw = request.params[name] ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

export type CanvassRouter = IttyRouterType<IRequest, [CanvassContext, ConnectionInfo]>
