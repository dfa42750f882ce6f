import type { Server } from 'node:http'
import { answerClientErrors, closeTimedOutSockets } from './client-errors'

/**
 * How long a client may take and how many may connect. Node's own defaults let a client that sends its body
 * slowly hold a connection for five minutes; these close it after 30 seconds.
 */
export interface ServerLimits {
  /**
   * Time a client has to send the request line and headers, in ms; then it gets a 408 and the connection
   * closes. 0 disables it (not recommended).
   * @default 15000
   */
  headersTimeoutMs?: number
  /**
   * Time a client has to send the whole request, headers and body, in ms; then it gets a 408 and the
   * connection closes, so a slow or stalled upload cannot hold a connection. The handler's own time does not
   * count once the body is in. At least `headersTimeoutMs`; 0 disables it (not recommended).
   * @default 30000
   */
  requestTimeoutMs?: number
  /**
   * How long an idle keep-alive connection stays open for the client's next request, in ms. Behind a load
   * balancer, make it longer than the balancer's idle timeout (e.g. 65000 behind one that waits 60 s).
   * @default 5000
   */
  keepAliveTimeoutMs?: number
  /**
   * Most open connections at once; a connection beyond it is closed as soon as it is accepted. Keep it below
   * the process's open-file limit (`ulimit -n`), which also counts database connections and files.
   * `Infinity` removes the cap.
   * @default 10000
   */
  maxConnections?: number
}

export const SERVER_LIMIT_DEFAULTS: Readonly<Required<ServerLimits>> = Object.freeze({
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 10_000,
})

/**
 * Applies `limits` (the defaults above for what is left out) to a `node:http` server you own, e.g. the one
 * Express's `app.listen()` returns. Call it before the server starts listening or in the same tick as
 * `listen()`: Node reads how often it checks the timeouts when listening begins. Returns the server.
 *
 * What these timeouts cut (408) and what Node's HTTP parser refuses (400, 413, 431) is answered with the
 * API's JSON error body, unless the server already answers its `clientError`s itself. No timeout cuts a
 * connection just after the process itself was paused (stopped, or its event loop held): a request that arrived
 * in full meanwhile is read and served, not reset.
 */
export function applyServerLimits<S extends Server>(server: S, limits: ServerLimits = {}): S {
  const headersTimeout = limits.headersTimeoutMs ?? SERVER_LIMIT_DEFAULTS.headersTimeoutMs
  const requestTimeout = limits.requestTimeoutMs ?? SERVER_LIMIT_DEFAULTS.requestTimeoutMs
  const keepAliveTimeout = limits.keepAliveTimeoutMs ?? SERVER_LIMIT_DEFAULTS.keepAliveTimeoutMs
  const maxConnections = limits.maxConnections ?? SERVER_LIMIT_DEFAULTS.maxConnections
  for (const [name, value] of Object.entries({
    headersTimeoutMs: headersTimeout,
    requestTimeoutMs: requestTimeout,
    keepAliveTimeoutMs: keepAliveTimeout,
  })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`${name} must be a whole number of ms, 0 or more, got ${value}`)
  }
  // Node takes 0 literally here (every connection is refused), so "no cap" is spelt Infinity.
  if (!(maxConnections === Number.POSITIVE_INFINITY || (Number.isSafeInteger(maxConnections) && maxConnections > 0))) {
    throw new TypeError(`maxConnections must be a whole number above 0 or Infinity, got ${maxConnections}`)
  }
  if (requestTimeout > 0 && headersTimeout > requestTimeout) {
    throw new TypeError(`headersTimeoutMs (${headersTimeout}) must not exceed requestTimeoutMs (${requestTimeout})`)
  }
  server.headersTimeout = headersTimeout
  server.requestTimeout = requestTimeout
  server.keepAliveTimeout = keepAliveTimeout
  server.maxConnections = maxConnections
  answerClientErrors(server)
  closeTimedOutSockets(server)
  // Node checks both timeouts every 30 s by default, so a 30 s limit would really be up to 60 s. A quarter
  // of the shortest one (at most a second) keeps them close to what was asked, for the cost of a timer.
  const shortest = Math.min(...[headersTimeout, requestTimeout].filter((ms) => ms > 0))
  if (Number.isFinite(shortest)) {
    // Read by Node when listening starts; absent from @types/node as a property.
    Object.assign(server, { connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(shortest / 4))) })
  }
  return server
}
