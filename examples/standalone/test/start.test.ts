/** The example as its README runs it (`node src/main.js`): the server of @canvass/server answers and stops. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnProcess } from '@canvass/test-utils'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url))

test('node src/main.js: the standalone server on embedded PGlite, /health answers, SIGTERM stops it with exit code 0', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-example-standalone-'))
  const server = spawnProcess(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    timeoutMs: 60_000,
  })
  try {
    const url = await server.listening
    const health = await fetch(`${url}/health`)
    assert.is(health.status, 200)
    assert.equal(await health.json(), { status: 'ok' })
    assert.is(await server.stop('SIGTERM'), 0, server.output())
  } finally {
    await server.stop('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  }
})

test.run()
