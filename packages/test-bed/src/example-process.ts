import { startProcess } from '@canvass/test-utils'
import type { RunningProcess } from '@canvass/test-utils'
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
  const started = await startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
