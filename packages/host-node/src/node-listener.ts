import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { REQUEST_ID_HEADER, requestIdOf } from '@canvass/core'
import type { ConnectionInfo, FetchHandler, PreflightAnswer } from '@canvass/core'
import { RequestError, getRequestListener } from '@hono/node-server'
import type { HttpBindings } from '@hono/node-server'
import { badRequestTarget } from './client-errors'

export type { FetchHandler }

/** A `node:http` request listener, for `http.createServer(listener)`, Express's `app.use` or Fastify. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void

export interface NodeListenerOptions {
  /**
   * Answers CORS preflights straight from the `node:http` request, with no `Request` or `Response` built:
   * pass `canvass.preflight`. `info` is what `fetch` would get (the client's address and the request's id).
   * Whatever it leaves undefined goes to `fetch`; an answer without `x-request-id` gets the request's.
   * Browsers send a preflight before most cross-origin client calls, and building the two objects costs a
   * preflight more than answering it.
   * @default undefined
   */
  preflight?: (target: string, requestedHeaders: string | undefined, info: ConnectionInfo) => PreflightAnswer | undefined
  /**
   * Replace the global `Request` and `Response` with `@hono/node-server`'s lightweight subclasses, which
   * build nothing until a handler asks for it and let a string or JSON body go straight to the socket. They
   * behave as the built-in ones (`instanceof` included). Without them every request pays for a full
   * `Request`, and every answer for a full `Response` read back as a stream.
   * @default true
   */
  overrideGlobalObjects?: boolean
  /**
   * Receives what the fetch handler threw or rejected with, unless it failed because the client went away;
   * the client gets an empty 500.
   * @default console.error
   */
  onError?: (error: unknown) => void
}

/**
 * A `node:http` listener that serves a fetch handler: the request body streams (nothing is buffered ahead
 * of the handler), responses respect backpressure, a client that goes away aborts `request.signal`, and the
 * handler gets `{ clientAddress, requestId }`: the socket's address, and the request's id (its own
 * `x-request-id` when sane, else a new one, as core picks it), which every answer carries as `x-request-id`.
 *
 * The request URL is built from `req.originalUrl` when a framework set one, so a handler mounted under a
 * prefix (Express's `app.use('/feedback', listener)`, which strips `/feedback` from `req.url`) still sees
 * the full path: give Canvass the same prefix as `basePath`.
 */
export function toNodeListener(fetch: FetchHandler, options: NodeListenerOptions = {}): NodeListener {
  const onError = options.onError ?? ((error: unknown) => console.error('Canvass: the fetch handler failed', error))
  const listener = getRequestListener(
    (request, env) => {
      const { incoming } = env as HttpBindings
      return fetch(request, (incoming as IncomingWithInfo)[CONNECTION_INFO])
    },
    {
      // HTTP/1.0 clients may omit Host; the URL still needs one.
      hostname: 'localhost',
      overrideGlobalObjects: options.overrideGlobalObjects ?? true,
      errorHandler: (error) => {
        // A request Node accepted but no URL can be built from (a raw backslash in the path, a hostile Host
        // header) is the client's fault.
        if (error instanceof RequestError) return badRequestTarget()
        // A handler that failed because its client went away (a body cut off mid-read) answers nobody.
        if (!clientWentAway(error)) onError(error)
        return new Response(null, { status: 500 })
      },
    },
  )
  const preflight = options.preflight
  return (req, res) => {
    const original = (req as IncomingMessage & { originalUrl?: unknown }).originalUrl
    if (typeof original === 'string' && original !== req.url) req.url = original
    const incoming = req.headers[REQUEST_ID_HEADER]
    // Node's `randomUUID` draws from a pool of random bytes: a quarter of the cost of `crypto.randomUUID()`.
    const requestId = requestIdOf(typeof incoming === 'string' ? incoming : undefined, randomUUID)
    // Read for every request, preflights included: Node keeps a socket's peer address as a property it adds to
    // the socket when first asked, and sockets of two shapes slow Node's HTTP code for every request (~2 % of
    // preflights per second; bench/README.md, "Reading the result").
    const address = req.socket.remoteAddress
    const info: ConnectionInfo = address === undefined ? { requestId } : { clientAddress: plainAddress(address), requestId }
    if (preflight !== undefined && req.method === 'OPTIONS') {
      let answer: PreflightAnswer | undefined
      try {
        answer = preflight(req.url ?? '/', req.headers['access-control-request-headers'], info)
      } catch (error) {
        onError(error)
      }
      // One record for `writeHead`, as `canvass.preflight` gives it (the id in it): a header set on the
      // response first would send Node down its slower path, which validates and copies every header a second
      // time. Node discards a body nobody read once the answer is sent, so the connection stays usable.
      if (answer !== undefined) {
        return void res.writeHead(answer.status, withRequestId(answer.headers, requestId)).end()
      }
    }
    ;(req as IncomingWithInfo)[CONNECTION_INFO] = info
    // Every answer carries the id, refusals included; one the answer names itself wins, as Node merges the
    // headers given to `writeHead` over those set before.
    res.setHeader(REQUEST_ID_HEADER, requestId)
    void listener(req, res)
  }
}

/** A preflight's headers with the request's id, unless they carry one (in any case) already. */
function withRequestId(headers: Record<string, string>, requestId: string): Record<string, string> {
  if (REQUEST_ID_HEADER in headers || Object.keys(headers).some((name) => name.toLowerCase() === REQUEST_ID_HEADER)) return headers
  return { ...headers, [REQUEST_ID_HEADER]: requestId }
}

/** Where the listener keeps a request's address and id for the fetch handler's call. */
const CONNECTION_INFO = Symbol('canvass.connectionInfo')
type IncomingWithInfo = IncomingMessage & { [CONNECTION_INFO]: ConnectionInfo }

/** `::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer, is `192.0.2.1`: one client, one address. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

function clientWentAway(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as NodeJS.ErrnoException).code
  return error.name === 'AbortError' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE'
}
