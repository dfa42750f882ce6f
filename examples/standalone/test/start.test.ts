/** The example as its README runs it (`node src/main.js`): the server of @canvass/server answers and stops. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assertServesHealthAndStops } from '@canvass/test-bed'
import { test } from 'uvu'

const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url))

test('node src/main.js: the standalone server on embedded PGlite, /health answers, SIGTERM stops it with exit code 0', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-example-standalone-'))
  try {
    await assertServesHealthAndStops([MAIN], dataDir)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})

test.run()
