import { STATUS_CODES } from 'node:http'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { pauseWatch } from './pause-watch'

/** A request refused before any handler saw it: status, the API's error code, and its message. */
interface Refusal {
  status: number
  code: string
  message: string
}

/** The headers of every refusal: the API's for an error (JSON, never cached, never sniffed). */
const REFUSAL_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
} as const

/** The API's error body (docs/design.md, "Errors"), `{"code","message","details":{}}`. */
function refusalBody(refusal: Refusal): string {
  return JSON.stringify({ code: refusal.code, message: refusal.message, details: {} })
}

/** The answer to a request whose URL cannot be built (a raw backslash in the path, a hostile `Host`). */
export function badRequestTarget(): Response {
  const body = refusalBody({ status: 400, code: 'bad_request', message: 'The request path or Host header is malformed' })
  return new Response(body, { status: 400, headers: REFUSAL_HEADERS })
}

/**
 * Makes `server` answer what Node's HTTP parser refuses, and the timeouts it enforces, with the API's
 * error body and headers instead of Node's empty one, then close the connection as Node does. A server that
 * already answers its `clientError`s (Fastify's does) is left alone.
 *
 * A timeout that fires just after the process itself was paused (`pause-watch.ts`) is not the client's doing:
 * the request may have arrived in full meanwhile, unread, and the connection is left to be read and served.
 */
export function answerClientErrors(server: Server): void {
  if (server.listenerCount('clientError') > 0) return
  const pauses = pauseWatch()
  server.on('clientError', (error: NodeJS.ErrnoException & { reason?: unknown }, socket: Duplex) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && pauses.pausedRecently()) {
      // Node checks a connection's timeouts once: it is the client's again from now, for one whole timeout.
      const recheck = setTimeout(() => {
        if (!socket.destroyed && responseOf(socket) === undefined) refuse(error, socket)
      }, server.requestTimeout || server.headersTimeout)
      recheck.unref()
      socket.once('close', () => clearTimeout(recheck))
      return
    }
    refuse(error, socket)
  })
}

/** Answers `error` with the API's error body while nothing of an answer went out, and closes the connection. */
function refuse(error: NodeJS.ErrnoException & { reason?: unknown }, socket: Duplex): void {
  // Only while nothing of an answer went out on this connection: writing more would corrupt it.
  if (error.code !== 'ECONNRESET' && socket.writable && !responseOf(socket)?.headersSent) {
    const refusal = refusalOf(error)
    const body = refusalBody(refusal)
    const head = [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
      ...Object.entries(REFUSAL_HEADERS).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ]
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`)
  }
  socket.destroy(error)
}

/** The answer Node is writing on `socket` (its request was read), if any. */
function responseOf(socket: Duplex): { headersSent?: boolean } | undefined {
  return (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage ?? undefined
}

/**
 * Makes `server` close a connection whose socket timed out (a keep-alive connection idle for longer than
 * `keepAliveTimeout`, or what `server.timeout` sets) as Node does, except just after the process itself was
 * paused: then the client may have sent its next request meanwhile, unread, and closing would reset it, so the
 * timeout starts again. A server that listens for its `timeout`s already is left alone.
 */
export function closeTimedOutSockets(server: Server): void {
  if (server.listenerCount('timeout') > 0) return
  const pauses = pauseWatch()
  server.on('timeout', (socket: Socket) => {
    const { parser, _httpMessage: response } = socket as Socket & {
      parser?: { incoming?: { complete?: boolean; listenerCount(event: string): number } | null } | null
      _httpMessage?: { listenerCount(event: string): number } | null
    }
    const request = parser?.incoming
    // What Node does when no server listens: a request or response that listens for its timeout handles it.
    if ((request && !request.complete && request.listenerCount('timeout') > 0) || (response && response.listenerCount('timeout') > 0))
      return
    if (pauses.pausedRecently()) socket.setTimeout(socket.timeout ?? server.keepAliveTimeout)
    else socket.destroy()
  })
}

/** What a parser error or timeout is answered with; the status codes are the ones Node itself sends. */
function refusalOf(error: NodeJS.ErrnoException & { reason?: unknown }): Refusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'request_header_fields_too_large', message: 'The request line and headers are too large' }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'payload_too_large', message: 'The chunk extensions are too large' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request did not arrive in time' }
    default: {
      // llhttp's reasons are fixed texts ("Invalid header token"); anything else is not repeated.
      const reason = typeof error.reason === 'string' && /^[\w ,.'-]{1,80}$/.test(error.reason) ? `: ${error.reason}` : ''
      return { status: 400, code: 'bad_request', message: `Malformed HTTP request${reason}` }
    }
  }
}
