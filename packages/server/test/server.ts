import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callAt } from '@canvass/test-bed'
import type { Call } from '@canvass/test-bed'
import { spawnServer } from './processes'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A fresh key in Canvass's format, for `CANVASS_INIT_API_KEY`. */
export function newKey(): string {
  return `cvs_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`
}

export interface RunningServer {
  url: string
  output: () => string
  /** SIGTERM; resolves with the exit code once it exited, and removes a data folder it made. */
  stop(): Promise<number | null>
  /** Ends the process with SIGKILL (a crash: no shutdown runs) and keeps its data folder. */
  kill(): Promise<void>
}

/**
 * Starts the built standalone server as a real process on a free port and resolves once it listens.
 * `env` is added to a clean environment; DATA_DIR defaults to a fresh temporary folder, where the server's first
 * start copies the build's empty, migrated database, as a user's does.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'canvass-e2e-')))
  const removeDataDir = () => (env.DATA_DIR ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }))
  const server = spawnServer({ DATA_DIR: dataDir, ...env })
  const url = await server.listening.catch(async (error: unknown) => {
    await removeDataDir()
    throw error
  })
  return {
    url,
    output: server.output,
    async kill() {
      await server.stop('SIGKILL')
    },
    async stop() {
      const code = await server.stop()
      await removeDataDir()
      return code
    },
  }
}

export type { ApiResult } from '@canvass/test-bed'

/** Calls the server at `baseUrl` (the bed's `callAt`) and fails the test on any 5xx. */
export function client(baseUrl: string): Call {
  return callAt(baseUrl)
}
