import type { ConnectionInfo } from '@canvass/core'
import { denoRuntime } from './deno-runtime'
import type { DenoServeHandlerInfo, DenoSignal } from './deno-runtime'

/** A fetch handler as hosts call it: the request, and what only the host knows about it (`canvass.fetch`). */
export type FetchHandler = (request: Request, info: ConnectionInfo) => Response | Promise<Response>

export interface ServeOptions {
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
   * How long shutdown waits for in-flight requests, in ms. Deno cannot cut them once shutdown has begun:
   * `close()` stops waiting, and a signal-driven shutdown exits the process, which ends them.
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
  const hostname = options.hostname ?? '0.0.0.0'
  const onError = options.onError ?? ((error: unknown) => console.error('Canvass: the fetch handler failed', error))
  let listening: (port: number) => void = () => {}
  const listened = new Promise<number>((resolve) => (listening = resolve))
  const server = deno.serve(
    {
      port: options.port ?? 3000,
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
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  let closing: Promise<void> | undefined
  let forgetSignals = () => {}

  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Deno's shutdown() stops accepting connections, closes idle ones and waits for requests in flight.
      // Deno offers no way to cut those once it has begun (aborting its signal then throws), so after the
      // limit this stops waiting; a signal-driven shutdown then exits, which ends them.
      const shutdown = server.shutdown()
      shutdown.catch(() => {})
      let timer: ReturnType<typeof setTimeout> | undefined
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.shutdownTimeoutMs ?? 10_000)))
      try {
        await Promise.race([shutdown, limit])
      } finally {
        clearTimeout(timer)
      }
      try {
        await options.onShutdown?.()
      } finally {
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
    const listeners = new Map<DenoSignal, () => void>()
    forgetSignals = () => {
      for (const [signal, listener] of listeners) deno.removeSignalListener(signal, listener)
      listeners.clear()
    }
    // Windows delivers SIGINT (Ctrl-C) only.
    const signals: DenoSignal[] = deno.build.os === 'windows' ? ['SIGINT'] : ['SIGTERM', 'SIGINT']
    for (const signal of signals) {
      const listener = () => {
        forgetSignals()
        close().then(
          () => {
            console.log(`Canvass stopped (${signal})`)
            deno.exit(0)
          },
          (error: unknown) => {
            console.error(`Canvass: shutdown after ${signal} failed`, error)
            deno.exit(1)
          },
        )
      }
      listeners.set(signal, listener)
      deno.addSignalListener(signal, listener)
    }
  }

  return { port, url: `http://${shownHost}:${port}`, close }
}

function connectionInfo(info: DenoServeHandlerInfo): ConnectionInfo {
  const address = info.remoteAddr.hostname
  if (address === undefined) return {}
  // `::ffff:192.0.2.1`, as a dual-stack socket reports an IPv4 peer, is `192.0.2.1`: one client, one address.
  return { clientAddress: address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address }
}
