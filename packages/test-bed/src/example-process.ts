import { TEST_NODE_FLAGS, spawnProcess, startProcess } from '@canvass/test-utils'
import type { RunningProcess } from '@canvass/test-utils'
import * as assert from 'uvu/assert'
import { serverDatabase } from './database'

/**
 * A mount example (`examples/mount-*`) as its README starts it (`pnpm start` runs `tsx src/main.ts`), from the
 * folder `exampleDir`, on a free port. A start given `key` (the one the shared HTTP suite and the app's tests
 * use) runs on a database of its own on TEST_DATABASE_URL's server when the run has one (`serverDatabase`): what
 * it tests is the mount, and the example's in-memory PGlite costs an initdb and every migration per start. The
 * start without a key is the README's, on PGlite. Stopping the process releases its database.
 */
export async function startMountExample(exampleDir: string, key?: string): Promise<RunningProcess> {
  const database = key ? await serverDatabase() : undefined
  const started = await startProcess(process.execPath, [...TEST_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'], {
    cwd: exampleDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...database?.env, ...(key ? { CANVASS_API_KEY: key } : {}) },
  }).catch(async (error: unknown) => {
    await database?.release()
    throw error
  })
  if (!database) return started
  return {
    ...started,
    async stop(signal) {
      try {
        return await started.stop(signal)
      } finally {
        await database.release()
      }
    },
  }
}

/**
 * Runs `node <args>` as a server on a clean environment (PORT 0 on loopback, `DATA_DIR` given) and checks the
 * life every way of starting the standalone server must have: it listens, /health answers 200 `{ status: 'ok', version }`,
 * and SIGTERM stops it with exit code 0. The process is killed if a check fails.
 */
export async function assertServesHealthAndStops(args: string[], dataDir: string): Promise<void> {
  const server = spawnProcess(process.execPath, args, {
    // No drain on SIGTERM: the stop is what is checked, not the load balancer's view (drain.test.ts of the server).
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CANVASS_DRAIN_SECONDS: '0' },
    timeoutMs: 60_000,
  })
  try {
    const url = await server.listening
    const health = await fetch(`${url}/health`)
    assert.is(health.status, 200)
    const body = (await health.json()) as { status: string; version: string }
    assert.equal(Object.keys(body), ['status', 'version'])
    assert.is(body.status, 'ok')
    assert.match(body.version, /^\d+\.\d+\.\d+/)
    assert.is(await server.stop('SIGTERM'), 0, server.output())
  } finally {
    await server.stop('SIGKILL')
  }
}
