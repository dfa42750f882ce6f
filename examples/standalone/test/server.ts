import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A fresh key in Canvass's format, for `CANVASS_INIT_API_KEY`. */
export function newKey(): string {
  return `cvs_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`
}

export interface RunningServer {
  url: string
  output: () => string
  stop(): Promise<number | null>
  /** Ends the process with SIGKILL (a crash: no shutdown runs) and keeps its data folder. */
  kill(): Promise<void>
}

/**
 * Starts the built standalone server as a real process on a free port and resolves once it listens.
 * `env` is added to a clean environment; DATA_DIR defaults to a fresh temporary folder.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'canvass-e2e-')))
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    // Rate limits stay off unless a test turns them on: hostile sweeps send hundreds of requests.
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CANVASS_RATE_LIMITS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const removeDataDir = () => (env.DATA_DIR ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }))
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1].replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${output}`))
    })
  })
  const url = await listening.catch(async (error: unknown) => {
    child.kill('SIGKILL')
    await removeDataDir()
    throw error
  })
  return {
    url,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      const code = await exited
      await removeDataDir()
      return code
    },
  }
}

export interface ApiResult {
  status: number
  headers: Headers
  body: any
  text: string
}

/** Calls the server and fails the test on any 5xx: no input may produce a 500. */
export function client(baseUrl: string) {
  return async function call(
    method: string,
    path: string,
    options: { key?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<ApiResult> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key) headers['x-api-key'] = options.key
    let body: BodyInit | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(baseUrl + path, { method, headers, body, duplex: 'half' } as RequestInit)
    const text = await response.text()
    let parsed: unknown = undefined
    try {
      parsed = JSON.parse(text)
    } catch {}
    if (response.status >= 500) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
    return { status: response.status, headers: response.headers, body: parsed, text }
  }
}
