import { STATUS_CODES } from 'node:http'
import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'

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
 */
export function answerClientErrors(server: Server): void {
  if (server.listenerCount('clientError') > 0) return
  server.on('clientError', (error: NodeJS.ErrnoException & { reason?: unknown }, socket: Duplex) => {
    // Only while nothing of an answer went out on this connection: writing more would corrupt it.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
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
