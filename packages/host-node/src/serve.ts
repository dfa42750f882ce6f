import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { toNodeListener } from './node-listener'
import type { FetchHandler, NodeListenerOptions } from './node-listener'
import { applyServerLimits } from './server-limits'
import type { ServerLimits } from './server-limits'

export interface ServeOptions extends ServerLimits, NodeListenerOptions {
  /** The fetch handler to serve, e.g. `createCanvass(...).fetch`; it gets `(request, { clientAddress })`. */
  fetch: FetchHandler
  /**
   * Port to listen on; 0 picks a free one.
   * @default 3000
   */
  port?: number
  /**
   * Address to listen on.
   * @default '0.0.0.0'
   */
  hostname?: string
  /**
   * On SIGTERM and SIGINT: close gracefully, print `Canvass stopped`, then exit the process (0, or 1 when
   * `onShutdown` failed). A second signal during the shutdown ends the process at once.
   * @default true
   */
  handleSignals?: boolean
  /**
   * How long in-flight requests may take to finish on shutdown before their connections are cut, in ms.
   * @default 10000
   */
  shutdownTimeoutMs?: number
  /** Runs after the server stopped, before the process exits on a signal (e.g. close the database). */
  onShutdown?: () => Promise<void> | void
  /**
   * Closes the server gracefully when aborted, as `close()` does.
   * @default undefined
   */
  signal?: AbortSignal
}

export interface NodeServer {
  /** The underlying `node:http` server. */
  server: Server
  /** The port actually listened on. */
  port: number
  /** `http://host:port`. */
  url: string
  /**
   * Stops accepting connections, closes idle keep-alive connections, lets in-flight requests finish (up to
   * `shutdownTimeoutMs`), then runs `onShutdown`. Idempotent.
   */
  close(): Promise<void>
}

/** Serves a fetch handler on Node.js with safe timeouts and limits, and resolves once it listens. */
export async function serve(options: ServeOptions): Promise<NodeServer> {
  const hostname = options.hostname ?? '0.0.0.0'
  const server = applyServerLimits(createServer(toNodeListener(options.fetch, options)), options)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 3000, hostname, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  let closing: Promise<void> | undefined
  let forgetSignals = () => {}

  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Connections that finish a request from now on close right after it rather than idling in keep-alive
      // until their timeout, and requests still arriving on open connections are told so.
      server.keepAliveTimeout = 1
      server.keepAliveTimeoutBuffer = 0
      server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'))
      await new Promise<void>((resolve) => {
        // Node's close() also closes the connections idle right now.
        server.close(() => resolve())
        const force = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs ?? 10_000)
        force.unref()
      })
      try {
        await options.onShutdown?.()
      } finally {
        // Once stopped, the server no longer holds the process's signals.
        forgetSignals()
      }
    })()
    return closing
  }

  if (options.signal) {
    if (options.signal.aborted) void close()
    else options.signal.addEventListener('abort', () => void close(), { once: true })
  }

  if (options.handleSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      forgetSignals()
      close().then(
        () => {
          console.log(`Canvass stopped (${signal})`)
          process.exit(0)
        },
        (error: unknown) => {
          console.error(`Canvass: shutdown after ${signal} failed`, error)
          process.exit(1)
        },
      )
    }
    forgetSignals = () => {
      process.off('SIGTERM', onSignal)
      process.off('SIGINT', onSignal)
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)
  }

  return { server, port, url: `http://${shownHost}:${port}`, close }
}
