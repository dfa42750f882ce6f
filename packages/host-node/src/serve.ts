import type { AddressInfo } from 'node:net'
import { SERVE_DEFAULTS, createServeLifecycle, lifecycleOf, serverUrl } from '@canvass/core'
import type { HostServeOptions } from '@canvass/core'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { toNodeListener } from './node-listener'
import { createNodeWebhookTransport } from './webhook-transport'
import type { NodeListenerOptions } from './node-listener'
import { applyServerLimits } from './server-limits'
import type { ServerLimits } from './server-limits'

export interface ServeOptions extends HostServeOptions, ServerLimits, NodeListenerOptions {
  /**
   * How long in-flight requests may take to finish on shutdown before their connections are cut, in ms.
   * @default 10000
   */
  shutdownTimeoutMs?: number
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
  const hostname = options.hostname ?? SERVE_DEFAULTS.hostname
  const server = applyServerLimits(createServer(toNodeListener(options.fetch, options)), options)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? SERVE_DEFAULTS.port, hostname, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const lifecycle = lifecycleOf(options)
  const { close } = createServeLifecycle<NodeJS.Signals>({
    ...options,
    lifecycle,
    stop: async () => {
      // Connections that finish a request from now on close right after it rather than idling in keep-alive
      // until their timeout, and requests still arriving on open connections are told so.
      server.keepAliveTimeout = 1
      server.keepAliveTimeoutBuffer = 0
      server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'))
      await new Promise<void>((resolve) => {
        // Node's close() also closes the connections idle right now.
        server.close(() => resolve())
        const force = setTimeout(() => server.closeAllConnections(), options.shutdownTimeoutMs ?? SERVE_DEFAULTS.shutdownTimeoutMs)
        force.unref()
      })
    },
    signals: {
      names: ['SIGTERM', 'SIGINT'],
      add: (signal, listener) => process.on(signal, listener),
      remove: (signal, listener) => process.off(signal, listener),
      exit: (code) => process.exit(code),
    },
  })
  // The instance's background work and pages start once the server listens; a start that fails closes it.
  try {
    await lifecycle?.start({ webhookTransport: createNodeWebhookTransport })
  } catch (error) {
    await close()
    throw error
  }
  return { server, port, url: serverUrl(hostname, port), close }
}
