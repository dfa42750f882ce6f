import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { client, startServer } from './server'

const bootstrap = suite('standalone bootstrap on embedded PGlite')

bootstrap('first start prints a working key once; a restart keeps data, key and secret', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-boot-'))
  try {
    const first = await startServer({ DATA_DIR: dataDir })
    const key = /\b(cvs_[0-9A-Za-z]{43})\b/.exec(first.output())?.[1]
    assert.ok(key, first.output())
    const call = client(first.url)
    const me = await call('GET', '/api/v1/me', { key })
    assert.is(me.status, 200)
    assert.is(me.body.type, 'production')
    const survey = await call('POST', '/api/v1/management/surveys', {
      key,
      body: { environmentId: me.body.id, name: 'Kept', questions: [{ id: 'q', type: 'openText', headline: { default: 'Q' } }] },
    })
    assert.is(survey.status, 200)
    const secret = await readFile(join(dataDir, 'secret'), 'utf8')
    assert.is(await first.stop(), 0)

    const second = await startServer({ DATA_DIR: dataDir })
    assert.not.match(second.output(), /cvs_/, 'no second key is printed')
    const again = client(second.url)
    const kept = await again('GET', `/api/v1/management/surveys/${survey.body.data.id}`, { key })
    assert.is(kept.status, 200)
    assert.is(kept.body.data.name, 'Kept')
    assert.is(await readFile(join(dataDir, 'secret'), 'utf8'), secret)
    assert.is(await second.stop(), 0)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})

bootstrap('an init key of the wrong format stops the server with a clear message', async () => {
  try {
    const server = await startServer({ CANVASS_INIT_API_KEY: 'not-a-key' })
    await server.stop()
    assert.unreachable('the server must not start')
  } catch (error) {
    assert.match(String(error), /Canvass could not start: CANVASS_INIT_API_KEY is not an API key: it must be cvs_/)
  }
})

bootstrap.run()
