import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from './free-port'
import { onServerCpu } from './pinning'
import type { Pinning } from './pinning'

export interface ChildServerOptions {
  /** Shown in messages and the result table. */
  name: string
  /** Script to run with the bench's own node (`process.execPath`). */
  script: string
  /**
   * Node flags before the script, e.g. `['--import', 'tsx']` for a TypeScript script.
   * @default []
   */
  nodeArgs?: string[]
  /** Environment on top of the bench's own; `PORT` and `HOST` are added. */
  env?: Record<string, string>
  /**
   * Working directory of the child.
   * @default process.cwd()
   */
  cwd?: string
  /**
   * Path that answers 200 once the server is ready.
   * @default '/health'
   */
  healthPath?: string
  /**
   * How long the server may take to become ready, in ms (migrations run on the first start).
   * @default 60000
   */
  readyTimeoutMs?: number
  /**
   * Runs the server on the pinning's server core.
   * @default undefined
   */
  pinning?: Pinning
}

export interface ChildServer {
  name: string
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** The last lines the child printed on stdout and stderr, to show when something went wrong. */
  output(): string
  /** The child's process id, to watch its memory. */
  pid: number | undefined
  /** SIGTERM, then SIGKILL if it does not exit within 5 s. Idempotent. */
  stop(): Promise<void>
}

/** Node flags for every server the benches start (`BENCH_NODE_ARGS`, space-separated), e.g. to trace its GC. */
export const benchNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)

/** Starts a server in its own process on a free loopback port and resolves once its health path answers 200. */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const [command, args] = onServerCpu(options.pinning, process.execPath, [...(options.nodeArgs ?? []), ...benchNodeArgs, options.script])
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  exited.then(() => live.delete(child))

  let stopping: Promise<void> | undefined
  const server: ChildServer = {
    name: options.name,
    url,
    pid: child.pid,
    output: () => lines.join('\n'),
    stop: () => {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return
        child.kill('SIGTERM')
        const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
        if (!killed) {
          child.kill('SIGKILL')
          await exited
        }
      })()
      return stopping
    },
  }

  try {
    await waitUntilReady(url + (options.healthPath ?? '/health'), exited, options.readyTimeoutMs ?? 60_000)
  } catch (error) {
    await server.stop()
    const output = server.output()
    throw new Error(`${options.name} did not start: ${(error as Error).message}${output ? `\n--- its output ---\n${output}` : ''}`)
  }
  return server
}

async function waitUntilReady(healthUrl: string, exited: Promise<void>, timeoutMs: number): Promise<void> {
  let hasExited = false
  exited.then(() => (hasExited = true))
  const deadline = Date.now() + timeoutMs
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (hasExited) throw new Error('the process exited')
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) })
      await response.body?.cancel()
      if (response.status === 200) return
      last = `GET ${healthUrl} answered ${response.status}`
    } catch (error) {
      last = `GET ${healthUrl} failed: ${(error as Error).message}`
    }
    await sleep(100)
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s (${last})`)
}

// Last resort for paths that skip the orderly stop (an uncaught error, process.exit elsewhere): a
// server left running would hold its port and its database connections.
const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})
