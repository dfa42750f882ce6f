import { SERVE_DEFAULTS, createServeLifecycle, lifecycleOf, serverUrl } from '@canvass/core'
import type { ConnectionInfo, FetchHandler, HostServeOptions } from '@canvass/core'
import { denoRuntime } from './deno-runtime'
import type { DenoServeHandlerInfo, DenoSignal } from './deno-runtime'

export type { FetchHandler }

export interface ServeOptions extends HostServeOptions {
  /**
   * How long shutdown waits for in-flight requests, in ms. Deno cannot cut them once shutdown has begun:
   * `close()` stops waiting, and a signal-driven shutdown exits the process, which ends them.
   * @default 10000
   */
  shutdownTimeoutMs?: number
  /**
   * Receives what the fetch handler threw or rejected with; the client gets an empty 500.
   * @default console.error
   */
  onError?: (error: unknown) => void
}

export interface DenoServer {
  /** The port actually listened on. */
  port: number
  /** `http://host:port`. */
  url: string
  /**
   * Stops accepting connections, closes idle ones, waits for in-flight requests (at most
   * `shutdownTimeoutMs`), then runs `onShutdown`. Idempotent.
   */
  close(): Promise<void>
}

/** Serves a fetch handler with `Deno.serve` and resolves once it listens. */
export async function serve(options: ServeOptions): Promise<DenoServer> {
  const deno = denoRuntime()
  const hostname = options.hostname ?? SERVE_DEFAULTS.hostname
  const onError = options.onError ?? ((error: unknown) => console.error('Canvass: the fetch handler failed', error))
  let listening: (port: number) => void = () => {}
  const listened = new Promise<number>((resolve) => (listening = resolve))
  const server = deno.serve(
    {
      port: options.port ?? SERVE_DEFAULTS.port,
      hostname,
      // Deno prints its own "Listening on" line unless told where to report; the caller prints ours.
      onListen: (addr) => listening(addr.port),
      onError: (error) => {
        onError(error)
        return new Response(null, { status: 500 })
      },
    },
    (request, info) => options.fetch(request, connectionInfo(info)),
  )
  const port = await listened
  const lifecycle = lifecycleOf(options)
  const { close } = createServeLifecycle<DenoSignal>({
    ...options,
    lifecycle,
    stop: async () => {
      // Deno's shutdown() stops accepting connections, closes idle ones and waits for requests in flight.
      // Deno offers no way to cut those once it has begun (aborting its signal then throws), so after the
      // limit this stops waiting; a signal-driven shutdown then exits, which ends them.
      const shutdown = server.shutdown()
      shutdown.catch(() => {})
      let timer: ReturnType<typeof setTimeout> | undefined
      const limit = new Promise<void>(
        (resolve) => (timer = setTimeout(resolve, options.shutdownTimeoutMs ?? SERVE_DEFAULTS.shutdownTimeoutMs)),
      )
      try {
        await Promise.race([shutdown, limit])
      } finally {
        clearTimeout(timer)
      }
    },
    signals: {
      // Windows delivers SIGINT (Ctrl-C) only.
      names: deno.build.os === 'windows' ? ['SIGINT'] : ['SIGTERM', 'SIGINT'],
      add: (signal, listener) => deno.addSignalListener(signal, listener),
      remove: (signal, listener) => deno.removeSignalListener(signal, listener),
      exit: (code) => deno.exit(code),
    },
  })
  // The instance's background work and pages start once the server listens; a start that fails closes it.
  try {
    await lifecycle?.start()
  } catch (error) {
    await close()
    throw error
  }
  return { port, url: serverUrl(hostname, port), close }
}

function connectionInfo(info: DenoServeHandlerInfo): ConnectionInfo {
  const address = info.remoteAddr.hostname
  if (address === undefined) return {}
  // `::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer, is `192.0.2.1`: one client, one address.
  return { clientAddress: address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address }
}
