import type { ConnectionInfo } from '../context'
import type { WebhookTransport } from '../ports/webhook-transport'

/**
 * What a host starts when its server listens and stops when it closes: a Canvass instance (its background work,
 * its pages). `start` is told what the host offers, such as a webhook transport fit for its runtime.
 */
export interface HostLifecycle {
  start(host?: HostOffer): Promise<void> | void
  close(): Promise<void>
}

/** What a host offers the instance it serves. */
export interface HostOffer {
  /** Makes the transport webhooks are sent through, unless the instance was given one (`webhooks.transport`). */
  webhookTransport?: (settings: { allowPrivateAddresses: boolean }) => WebhookTransport
}

/** Where `canvass.fetch` carries its instance's lifecycle, so that `serve({ fetch: canvass.fetch })` finds it. */
const LIFECYCLE = Symbol.for('canvass.lifecycle')

/** Ties `lifecycle` to `fetch`: a host given only the function finds it. */
export function withLifecycle<F extends object>(fetch: F, lifecycle: HostLifecycle): F {
  Object.defineProperty(fetch, LIFECYCLE, { value: lifecycle })
  return fetch
}

/** The lifecycle a host starts: the one given, else the one `fetch` carries (`canvass.fetch` does). */
export function lifecycleOf(options: Pick<HostServeOptions, 'fetch' | 'lifecycle'>): HostLifecycle | undefined {
  if (options.lifecycle !== undefined) return options.lifecycle || undefined
  return (options.fetch as unknown as { [LIFECYCLE]?: HostLifecycle })[LIFECYCLE]
}

/**
 * A fetch handler as hosts call it: the request, and what only the host knows about it. `canvass.fetch` is
 * one; so is any `(request) => Response` function.
 */
export type FetchHandler = (request: Request, info: ConnectionInfo) => Response | Promise<Response>

/** What every host's `serve()` takes (`@canvass/host-node`, `@canvass/host-deno`); each adds its own. */
export interface HostServeOptions {
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
   * How long in-flight requests may take to finish on shutdown, in ms.
   * @default 10000
   */
  shutdownTimeoutMs?: number
  /**
   * On SIGTERM (what orchestrators send), how long the server goes on serving, new connections included, before
   * it stops, in ms: time for a load balancer that polls a readiness check to see it fail (`onDrain`) and route
   * elsewhere, so that no request meets a closed port. SIGINT, `close()` and an aborted `signal` stop at once.
   * @default 0
   */
  drainMs?: number
  /**
   * Called once, at once, when the server begins to shut down (a signal, `close()`, an aborted `signal`),
   * before the drain: the moment a readiness check should start answering 503.
   */
  onDrain?: () => void
  /**
   * Started once the server listens and closed when it stops, before `onShutdown`: the Canvass instance whose
   * background work and pages the server runs (docs/embedding.md, "Lifecycle"). `canvass.fetch` carries its
   * instance, so it needs naming only when `fetch` is another function (one wrapping `canvass.fetch`); `false`
   * starts nothing.
   * @default the instance of `fetch`, when it is `canvass.fetch`
   */
  lifecycle?: HostLifecycle | false
  /** Runs after the server stopped, before the process exits on a signal (e.g. close the database). */
  onShutdown?: () => Promise<void> | void
  /**
   * Closes the server gracefully when aborted, as `close()` does.
   * @default undefined
   */
  signal?: AbortSignal
}

/** The defaults of `HostServeOptions`, which every host applies. */
export const SERVE_DEFAULTS = { port: 3000, hostname: '0.0.0.0', shutdownTimeoutMs: 10_000 } as const

/** A runtime's process signals and exit, as a host's graceful shutdown uses them. */
export interface HostSignals<Signal extends string = string> {
  /** The signals that shut the server down. */
  names: readonly Signal[]
  add(signal: Signal, listener: () => void): void
  remove(signal: Signal, listener: () => void): void
  exit(code: number): void
}

export interface ServeLifecycleOptions<Signal extends string = string>
  extends Pick<HostServeOptions, 'handleSignals' | 'onShutdown' | 'signal' | 'drainMs' | 'onDrain'> {
  /** Closed after the server stopped, before `onShutdown` (the host started it: `startLifecycle`). */
  lifecycle?: HostLifecycle | undefined
  /** Stops the server: no new connections, and requests in flight finished (or given up after the timeout). */
  stop: () => Promise<void>
  /** The runtime's signals, used unless `handleSignals` is false. */
  signals: HostSignals<Signal>
}

/**
 * The shutdown half of a host's `serve()`: `close()` calls `onDrain`, stops the server once, then closes the `lifecycle` and runs
 * `onShutdown`; an aborted `signal` closes it; unless `handleSignals` is false, each signal closes it (SIGTERM after
 * `drainMs` of serving on), prints `Canvass stopped` and exits.
 */
export function createServeLifecycle<Signal extends string>(options: ServeLifecycleOptions<Signal>): { close(): Promise<void> } {
  let closing: Promise<void> | undefined
  let draining = false
  let forgetSignals = () => {}

  const drain = () => {
    if (draining) return
    draining = true
    options.onDrain?.()
  }

  const close = (): Promise<void> => {
    closing ??= (async () => {
      drain()
      await options.stop()
      try {
        try {
          await options.lifecycle?.close()
        } finally {
          await options.onShutdown?.()
        }
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
    const { signals } = options
    const listeners = new Map<Signal, () => void>()
    forgetSignals = () => {
      for (const [signal, listener] of listeners) signals.remove(signal, listener)
      listeners.clear()
    }
    for (const signal of signals.names) {
      const listener = () => {
        forgetSignals()
        const drainMs = signal === 'SIGTERM' && !closing ? (options.drainMs ?? 0) : 0
        let drained: Promise<unknown> = Promise.resolve()
        if (drainMs > 0) {
          drain()
          console.log(`Canvass draining (${signal}): not ready, stopping in ${drainMs / 1000} s`)
          // Real time on purpose: what ends the drain is a load balancer's polls, not an event of this process.
          drained = new Promise((resolve) => setTimeout(resolve, drainMs))
        }
        drained.then(close).then(
          () => {
            console.log(`Canvass stopped (${signal})`)
            signals.exit(0)
          },
          (error: unknown) => {
            console.error(`Canvass: shutdown after ${signal} failed`, error)
            signals.exit(1)
          },
        )
      }
      listeners.set(signal, listener)
      signals.add(signal, listener)
    }
  }

  return { close }
}

/** `http://host:port` of a server, naming a wildcard address (`0.0.0.0`, `::`) `localhost`. */
export function serverUrl(hostname: string, port: number): string {
  const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname
  return `http://${shownHost}:${port}`
}
