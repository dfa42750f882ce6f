import { suite } from 'uvu'
import type { Test } from 'uvu'
import type { E2eBackend } from './backends'
import type { Backend } from './fixtures'
import { startBackend } from './fixtures'

/** Suites that each run against a standalone server of their own. */
export interface SuitesWithServer<S> {
  /**
   * A uvu suite whose `before` makes a fresh database with `database()` and starts a server on it, and whose
   * `after` stops that server and drops the database, also when a test failed.
   */
  suite(name: string): Test
  /** The server of the suite that is running. */
  server(): S
  /** The server variables (`DATABASE_URL` or none) of the running suite's database. */
  env(): Record<string, string>
}

/**
 * `database` returns a new backend per call (a database, or a store, of each suite's own); `start` starts
 * a server with that backend's variables.
 */
export function suitesWithServer<S extends { stop(): Promise<unknown> } = Backend>(
  database: () => E2eBackend,
  start: (env: Record<string, string>) => Promise<S> = startBackend as never,
): SuitesWithServer<S> {
  let current: { server: S; env: Record<string, string> } | undefined
  const running = () => {
    if (!current) throw new Error("no server: the suite's before hook did not start one")
    return current
  }
  return {
    suite(name) {
      const test = suite(name)
      let backend: E2eBackend | undefined
      let server: S | undefined
      test.before(async () => {
        backend = database()
        const env = await backend.env()
        server = await start(env)
        current = { server, env }
      })
      test.after(async () => {
        current = undefined
        await server?.stop()
        await backend?.dispose()
      })
      return test
    },
    server: () => running().server,
    env: () => running().env,
  }
}
