import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { client, startServer } from './server'

const bootstrap = suite('standalone bootstrap on embedded PGlite')

bootstrap('a first start copies the build\'s empty database; a copy a killed start left half-made is made again', async () => {
  // The build (scripts/pgdata-seed.mjs) makes it; without it every first start would run initdb.
  const seed = fileURLToPath(new URL('../dist/pgdata-seed', import.meta.url))
  assert.ok(existsSync(join(seed, 'PG_VERSION')), 'the build made dist/pgdata-seed')
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-seed-'))
  try {
    // What a start killed during the copy leaves: an empty data folder and part of the copy beside it.
    await mkdir(join(dataDir, 'pgdata'))
    await mkdir(join(dataDir, 'pgdata.seeding', 'base'), { recursive: true })
    await writeFile(join(dataDir, 'pgdata.seeding', 'PG_VERSION'), 'half')
    const first = await startServer({ DATA_DIR: dataDir })
    const key = /\b(cvs_[0-9A-Za-z]{43})\b/.exec(first.output())?.[1]
    assert.ok(key, first.output())
    assert.is((await client(first.url)('GET', '/api/v1/me', { key })).status, 200)
    assert.is(await first.stop(), 0)
    assert.equal((await readdir(dataDir)).filter((name) => name.startsWith('pgdata')), ['pgdata'], 'the half-made copy is gone')
    assert.is(await readFile(join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8'), await readFile(join(seed, 'PG_VERSION'), 'utf8'))

    // A database that exists is opened, never replaced by the seed; V8 may optimize it on request.
    const second = await startServer({ DATA_DIR: dataDir, CANVASS_PGLITE_OPTIMIZE: '1' })
    assert.not.match(second.output(), /cvs_/, 'no second key is printed')
    assert.is((await client(second.url)('GET', '/api/v1/me', { key })).status, 200)
    assert.is(await second.stop(), 0)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})

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
