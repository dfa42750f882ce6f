import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'

export interface ServeOptions {
  /** The fetch handler to serve, e.g. `createCanvass(...).fetch`. */
  fetch: (request: Request) => Promise<Response>
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
   * Close gracefully on SIGTERM and SIGINT, then exit the process.
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
}

export interface NodeServer {
  /** The underlying `node:http` server. */
  server: Server
  /** The port actually listened on. */
  port: number
  /** `http://host:port`. */
  url: string
  /** Stops accepting connections, lets in-flight requests finish, then runs `onShutdown`. Idempotent. */
  close(): Promise<void>
}

/** Serves a fetch handler on Node.js and resolves once it listens. */
export async function serve(options: ServeOptions): Promise<NodeServer> {
  const hostname = options.hostname ?? '0.0.0.0'
  const server = createAdaptorServer({ fetch: options.fetch, hostname }) as Server
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

  const close = (): Promise<void> => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Idle keep-alive connections would hold close() open; busy ones finish their request first.
        server.closeIdleConnections()
        const force = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs ?? 10_000)
        force.unref()
      })
      await options.onShutdown?.()
    })()
    return closing
  }

  if (options.handleSignals ?? true) {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', onSignal)
      process.off('SIGINT', onSignal)
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Canvass: shutdown after ${signal} failed`, error)
          process.exit(1)
        },
      )
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)
  }

  return { server, port, url: `http://${shownHost}:${port}`, close }
}
