import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { serverDatabase } from '@canvass/test-bed'
import { startProcess, testMountedCanvass } from '@canvass/test-utils'
import type { RunningProcess } from '@canvass/test-utils'
import * as assert from 'uvu/assert'

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url))
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const apiKey = `cvs_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`

/**
 * The example as its README starts it (`pnpm start` runs `tsx src/main.ts`), on a free port. The process the
 * shared HTTP suite and the app's tests use (the one given a key) runs on a database of its own on
 * TEST_DATABASE_URL's server when the run has one (`serverDatabase`): what it tests is the mount, and the
 * example's in-memory PGlite costs an initdb and every migration per start. The start without a key is the
 * README's, on PGlite.
 */
const start = async (key?: string): Promise<RunningProcess> => {
  const database = key ? await serverDatabase() : undefined
  const started = await startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: EXAMPLE,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...database?.env, ...(key ? { CANVASS_API_KEY: key } : {}) },
  }).catch(async (error: unknown) => {
    await database?.drop()
    throw error
  })
  if (!database) return started
  return {
    ...started,
    async stop(signal) {
      try {
        return await started.stop(signal)
      } finally {
        await database.drop()
      }
    },
  }
}

testMountedCanvass({
  name: 'express example',
  basePath: '/feedback',
  apiKey,
  start,
  additionalTests: {
    "the app's own routes and body parser work next to Canvass, and its middleware runs for both": async ({ url }) => {
      const home = await fetch(`${url}/`)
      assert.is(home.status, 200)
      assert.match(await home.text(), /The app itself/)
      const posted = await fetch(`${url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"note":"hi"}',
      })
      assert.is(posted.status, 201)
      assert.equal(await posted.json(), { notes: ['hi'] })
      const canvass = await fetch(`${url}/feedback/api/v1/me`, { headers: { 'x-api-key': apiKey } })
      assert.is(canvass.status, 200)
      assert.is(canvass.headers.get('x-served-by'), 'example-app')
    },
  },
})
