import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import { killHard, removeDir, spawnServer, stopGracefully } from './processes'
import { newKey } from './server'

const initKeys = suite('standalone init keys that cannot be used stop the start with what to do')

/**
 * Runs `work` with the admin API on the database of the servers started with `env`: its `DATABASE_URL`, or the
 * embedded database in its `DATA_DIR` (no server may have that open).
 */
async function withAdmin<T>(env: Record<string, string>, work: (canvass: Canvass) => Promise<T>): Promise<T> {
  const dialect = env.DATABASE_URL
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 }) })
    : new PGliteDialect({ pglite: await PGlite.create(join(env.DATA_DIR!, 'pgdata')) })
  const db = new Kysely<unknown>({ dialect })
  try {
    return await work(createCanvass({ storage: createKyselyStorage({ db }) }))
  } finally {
    await db.destroy()
  }
}

/**
 * Starts a server that must refuse to start; returns its output lines, less the start's warning about the
 * Postgres server's settings (autovacuum off), which depends on the server the tests run on.
 */
async function refusal(env: Record<string, string>): Promise<string[]> {
  const server = spawnServer(env)
  try {
    assert.equal(await server.exited, { code: 1, signal: null }, server.output())
    return server.output().trim().split('\n').filter((line) => !line.startsWith('Postgres runs with'))
  } finally {
    await killHard(server)
  }
}

async function startAndStop(env: Record<string, string>): Promise<string> {
  const server = spawnServer(env)
  try {
    const url = await server.listening
    const key = env.CANVASS_INIT_API_KEY
    if (key) assert.is((await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': key } })).status, 200)
    assert.is(await stopGracefully(server), 0)
    return server.output()
  } finally {
    await killHard(server)
  }
}

/**
 * Runs `work` with the settings of a server on a database of its own: the HTTP suites' backend, as what is
 * tested here is the same on either; DATA_DIR (the generated secret, or the embedded database) is fresh too.
 */
async function withDatabase(work: (env: Record<string, string>) => Promise<void>): Promise<void> {
  const database = httpBackend().database()
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-init-keys-'))
  try {
    await work({ DATA_DIR: dataDir, ...(await database.env()) })
  } finally {
    await removeDir(dataDir)
    await database.dispose()
  }
}

initKeys('a revoked key, or one of another environment, in CANVASS_INIT_*_API_KEY: one line, exit 1', async () => {
  await withDatabase(async (env) => {
    const revoked = newKey()
    await startAndStop({ ...env, CANVASS_INIT_API_KEY: revoked })
    await withAdmin(env, async (canvass) => {
      const [project] = await canvass.admin.listProjects()
      const keys = await canvass.admin.listApiKeys(project!.environments.production)
      const init = keys.find((key) => key.label === 'CANVASS_INIT_API_KEY')
      assert.ok(init)
      assert.ok(await canvass.admin.revokeApiKey(init!.id))
    })

    assert.equal(await refusal({ ...env, CANVASS_INIT_API_KEY: revoked }), [
      'Canvass could not start: CANVASS_INIT_API_KEY: This API key was revoked and cannot be used again. ' +
        'Set CANVASS_INIT_API_KEY to a new key (or unset it) and start again.',
    ])
    // The same revoked key for the other environment: its hash is taken there too.
    assert.equal(await refusal({ ...env, CANVASS_INIT_DEV_API_KEY: revoked }), [
      'Canvass could not start: CANVASS_INIT_DEV_API_KEY: This API key was revoked and cannot be used again. ' +
        'Set CANVASS_INIT_DEV_API_KEY to a new key (or unset it) and start again.',
    ])

    const fresh = newKey()
    await startAndStop({ ...env, CANVASS_INIT_API_KEY: fresh })
    assert.equal(await refusal({ ...env, CANVASS_INIT_DEV_API_KEY: fresh }), [
      'Canvass could not start: CANVASS_INIT_DEV_API_KEY: This API key already belongs to another environment. ' +
        'Set CANVASS_INIT_DEV_API_KEY to a new key (or unset it) and start again.',
    ])
    // Nothing was changed by the refusals: the working key still works, and only for production.
    await withAdmin(env, async (canvass) => {
      const [project] = await canvass.admin.listProjects()
      assert.is((await canvass.admin.listApiKeys(project!.environments.development)).length, 0)
      const production = await canvass.admin.listApiKeys(project!.environments.production)
      assert.equal(production.map((key) => key.revokedAt === null).sort(), [false, true])
    })
    await startAndStop({ ...env, CANVASS_INIT_API_KEY: fresh })
  })
})

initKeys('a project left without any key (an interrupted older first start) gets a key on the next start', async () => {
  await withDatabase(async (env) => {
    // The database as a first start that made the project but no key left it.
    const killed = spawnServer({ ...env, CANVASS_TEST_KILL_AFTER: 'key-printed' })
    await killed.exited
    await withAdmin(env, (canvass) => canvass.admin.createProject({ name: 'Default project' }))

    const server = spawnServer(env)
    try {
      const url = await server.listening
      const key = /\b(cvs_[0-9A-Za-z]{43})\b/.exec(server.output())?.[1]
      assert.ok(key, server.output())
      assert.is((await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': key! } })).status, 200)
      assert.is(await stopGracefully(server), 0)
    } finally {
      await killHard(server)
    }
    // Once a key exists, later starts print none.
    assert.not.match(await startAndStop(env), /cvs_/)
  })
})

initKeys.run()
