/**
 * The part of the `Deno` global this package uses, described structurally so that it type-checks with the
 * Node toolchain and ships no dependency on Deno's own type definitions.
 */
export interface DenoNetAddr {
  transport: 'tcp' | 'udp'
  hostname: string
  port: number
}

/** What `Deno.serve` hands a handler besides the request. */
export interface DenoServeHandlerInfo {
  /** A `DenoNetAddr` for TCP; other transports (Unix sockets) have no `hostname`. */
  remoteAddr: { transport: string; hostname?: string }
}

export interface DenoServeOptions {
  port: number
  hostname: string
  onListen: (addr: DenoNetAddr) => void
  onError: (error: unknown) => Response | Promise<Response>
}

export interface DenoHttpServer {
  addr: DenoNetAddr
  /** Resolves once the server has stopped. */
  finished: Promise<void>
  /** Stops accepting connections and resolves once in-flight requests have finished. */
  shutdown(): Promise<void>
}

export type DenoSignal = 'SIGTERM' | 'SIGINT'

export interface DenoRuntime {
  serve(options: DenoServeOptions, handler: (request: Request, info: DenoServeHandlerInfo) => Response | Promise<Response>): DenoHttpServer
  addSignalListener(signal: DenoSignal, handler: () => void): void
  removeSignalListener(signal: DenoSignal, handler: () => void): void
  exit(code?: number): never
  build: { os: string }
}

/** The running Deno, or a clear error when this package is loaded anywhere else. */
export function denoRuntime(): DenoRuntime {
  const deno = (globalThis as { Deno?: DenoRuntime }).Deno
  if (!deno || typeof deno.serve !== 'function') {
    throw new Error('@canvass/host-deno runs on Deno (it serves with Deno.serve); on Node.js use @canvass/host-node')
  }
  return deno
}
