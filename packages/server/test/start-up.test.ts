/**
 * The standalone server's start as a process: settings checked before anything starts, the first start's
 * bootstrap and what a restart keeps, init keys that cannot be used, instances started together on an empty
 * Postgres database, and the shared HTTP suite against the server on the Node host.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage } from '@canvass/storage-kysely'
import { closedPort, skipSuiteUnless, testHttpApi } from '@canvass/test-utils'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpBackend, postgresBackend } from './backends'
import type { ServerProcess } from './processes'
import { killHard, removeDir, spawnServer, stopGracefully } from './processes'
import type { ApiResult, RunningServer } from './server'
import { client, newKey, startServer } from './server'
import { createResponse, createSurvey, errorOf, startBackend } from './fixtures'
import { suitesWithServer } from './suite-server'
import { startS3rver } from '@canvass/test-bed/s3rver'
import { waitFor } from '@canvass/test-bed'
import type { Backend } from './fixtures'
import type { E2eBackend } from './backends'
import { SERVER_VERSION } from '../src/server-version'

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))

/** Runs the built server with `env` on a clean environment until it exits (it must, within 30 s). */
async function run(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-start-'))
  try {
    const child = spawn(process.execPath, [MAIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
    clearTimeout(timer)
    return { code, stdout, stderr }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Exit code 1, nothing on stdout, and exactly one line on stderr naming `variable`, without a stack trace. */
async function assertRefused(env: Record<string, string>, variable: string, what: RegExp): Promise<string> {
  const { code, stdout, stderr } = await run(env)
  assert.is(code, 1, `exit code; stderr:\n${stderr}`)
  assert.is(stdout, '', 'nothing started, nothing printed')
  const lines = stderr.trimEnd().split('\n')
  assert.is(lines.length, 1, `one line, got:\n${stderr}`)
  const line = lines[0] as string
  assert.ok(line.startsWith(`Canvass could not start: ${variable} `), line)
  assert.match(line, what)
  assert.not.match(line, /\bat .*:\d+:\d+/, 'no stack trace')
  return line
}

const startUp = suite('start-up settings are checked before anything starts')

startUp('a PORT that is not a port number', async () => {
  await assertRefused({ PORT: 'eighty' }, 'PORT', /"eighty".*e\.g\. 3000/)
  await assertRefused({ PORT: '70000' }, 'PORT', /from 0 to 65535/)
})

startUp('a PORT already in use', async () => {
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = taken.address() as AddressInfo
    await assertRefused({ PORT: String(port) }, 'PORT', new RegExp(`${port} is already in use.*choose another PORT`))
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
})

startUp('a malformed DATABASE_URL', async () => {
  await assertRefused({ DATABASE_URL: 'localhost:5432/canvass' }, 'DATABASE_URL', /is not a Postgres URL: write it as postgres:\/\//)
  await assertRefused({ DATABASE_URL: 'http://db.example/canvass' }, 'DATABASE_URL', /is not a Postgres URL/)
})

startUp('an unreachable DATABASE_URL', async () => {
  // Port 1 on loopback: nothing listens there, the refusal is immediate.
  await assertRefused(
    { DATABASE_URL: 'postgres://canvass@127.0.0.1:1/canvass' },
    'DATABASE_URL',
    /nothing answers at 127\.0\.0\.1:1: start Postgres/,
  )
})

const postgresBase = process.env.TEST_DATABASE_URL
// Skipped, saying why, without a Postgres server to ask.
skipSuiteUnless(startUp, postgresBase ? undefined : 'TEST_DATABASE_URL is unset')(
  'a DATABASE_URL naming a database that does not exist',
  async () => {
    const url = new URL(postgresBase as string)
    url.pathname = '/canvass_no_such_database'
    await assertRefused({ DATABASE_URL: url.toString() }, 'DATABASE_URL', /database that does not exist.*create it/)
  },
)

skipSuiteUnless(startUp, postgresBase ? undefined : 'TEST_DATABASE_URL is unset')(
  'one warning line at the start when the Postgres server runs without autovacuum, none when it runs with it',
  async () => {
    const client = new pg.Client({ connectionString: postgresBase })
    await client.connect()
    const autovacuum = await client
      .query<{ on: boolean }>(`select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on`)
      .finally(() => client.end())
    const backend = postgresBackend()!
    try {
      const server = await startServer({ ...(await backend.env()), CANVASS_INIT_API_KEY: newKey() })
      const output = server.output()
      await server.stop()
      const warnings = output.split('\n').filter((line) => /autovacuum/.test(line))
      if (autovacuum.rows[0]?.on) assert.equal(warnings, [], output)
      else {
        assert.is(warnings.length, 1, output)
        assert.match(warnings[0]!, /^Postgres runs with autovacuum=off.*VACUUM ANALYZE.*docs\/deploying\.md/)
      }
    } finally {
      await backend.dispose()
    }
  },
)

startUp('a DATA_DIR that cannot be written', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'canvass-file-'))
  try {
    // A file where a folder should be: no user, root included, can create the folder.
    const file = join(folder, 'a-file')
    await writeFile(file, '')
    await assertRefused({ DATA_DIR: join(file, 'data') }, 'DATA_DIR', /cannot be written.*point DATA_DIR at a folder/)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

startUp('a malformed CANVASS_INIT_API_KEY or CANVASS_INIT_DEV_API_KEY, without printing it', async () => {
  const line = await assertRefused({ CANVASS_INIT_API_KEY: 'cvs_secret-but-short' }, 'CANVASS_INIT_API_KEY', /must be cvs_ followed by 43/)
  assert.not.ok(line.includes('secret-but-short'), 'the key is not echoed')
  await assertRefused({ CANVASS_INIT_API_KEY: newKey(), CANVASS_INIT_DEV_API_KEY: 'nope' }, 'CANVASS_INIT_DEV_API_KEY', /must be cvs_/)
  const same = newKey()
  await assertRefused({ CANVASS_INIT_API_KEY: same, CANVASS_INIT_DEV_API_KEY: same }, 'CANVASS_INIT_DEV_API_KEY', /must differ/)
})

startUp('a PUBLIC_URL that is not an http(s) URL', async () => {
  await assertRefused({ PUBLIC_URL: 'feedback.example.com' }, 'PUBLIC_URL', /must be an http\(s\) URL/)
})

startUp('a TRUST_PROXY that is not a list of addresses, CIDRs or loopback', async () => {
  await assertRefused({ TRUST_PROXY: 'loopback, 10.0.0.0/33' }, 'TRUST_PROXY', /"10\.0\.0\.0\/33".*addresses or CIDRs/)
  await assertRefused({ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY', /"proxy\.internal"/)
})

startUp('malformed or unknown CANVASS_PGLITE_SETTINGS', async () => {
  await assertRefused({ CANVASS_PGLITE_SETTINGS: 'shared_buffers=1MB;drop' }, 'CANVASS_PGLITE_SETTINGS', /must be name=value pairs/)
  await assertRefused(
    { CANVASS_PGLITE_SETTINGS: 'no_such_setting=1' },
    'CANVASS_PGLITE_SETTINGS',
    /\(no_such_setting\) kept the embedded database from starting/,
  )
})

startUp('a switch (CANVASS_PGLITE_OPTIMIZE, CANVASS_WEBHOOK_DISPATCHER) that is neither on nor off', async () => {
  await assertRefused(
    { CANVASS_PGLITE_OPTIMIZE: 'fast' },
    'CANVASS_PGLITE_OPTIMIZE',
    /must be 1, true, yes, on \(on\) or 0, false, no, off \(off\).*got "fast"/,
  )
  await assertRefused({ CANVASS_WEBHOOK_DISPATCHER: 'nope' }, 'CANVASS_WEBHOOK_DISPATCHER', /must be 1, true, yes, on .*got "nope"/)
})

// Issue 58, item 25: Node's recursive mkdir loops for ever on /proc/x (no output, a core busy): the folder is
// looked at before it is made. Without the check the server never exits and `run` kills it after 30 s.
skipSuiteUnless(startUp, process.platform === 'linux' ? undefined : 'pseudo file systems are looked for on Linux only')(
  'a DATA_DIR or BLOB_DIR on a pseudo file system, a file, or under a file: one line at once',
  async () => {
    await assertRefused(
      { DATA_DIR: '/proc/canvass' },
      'DATA_DIR',
      /"\/proc\/canvass" cannot be written \(\/proc is on the proc pseudo file system/,
    )
    await assertRefused({ DATA_DIR: '/sys/kernel/canvass/data' }, 'DATA_DIR', /on the sysfs pseudo file system.*point DATA_DIR at a folder/)
    await assertRefused({ BLOB_DIR: '/proc/self/canvass' }, 'BLOB_DIR', /on the proc pseudo file system.*point BLOB_DIR at a folder/)
    const folder = await mkdtemp(join(tmpdir(), 'canvass-file-'))
    try {
      const file = join(folder, 'a-file')
      await writeFile(file, '')
      await assertRefused({ DATA_DIR: file }, 'DATA_DIR', /a-file is a file, not a folder/)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  },
)

const S3_CREDENTIALS = { S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }

startUp('an S3_ENDPOINT that is not a URL is named (not a bare "Invalid URL")', async () => {
  await assertRefused(
    { ...S3_CREDENTIALS, S3_BUCKET: 'uploads', S3_ENDPOINT: 'not-a-url' },
    'S3_ENDPOINT',
    /must be the http\(s\) URL of the S3 API.*got "not-a-url"/,
  )
  await assertRefused({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET', /is set but S3_ACCESS_KEY_ID/)
})

startUp('an S3 store that cannot be reached, or has no such bucket, stops the start with one line', async () => {
  // A loopback port nothing listens on: the connection is refused at once.
  const port = await closedPort()
  await assertRefused(
    { ...S3_CREDENTIALS, S3_BUCKET: 'uploads', S3_ENDPOINT: `http://127.0.0.1:${port}` },
    'S3_ENDPOINT',
    new RegExp(`\\(http://127\\.0\\.0\\.1:${port}\\) cannot be reached \\(ECONNREFUSED\\): start the store there or fix S3_ENDPOINT`),
  )
  const s3 = await startS3rver(['canvass-start'])
  try {
    await assertRefused(
      { ...S3_CREDENTIALS, S3_BUCKET: 'no-such-bucket', S3_ENDPOINT: s3.endpoint },
      'S3_BUCKET',
      /"no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+: create it or fix S3_BUCKET/,
    )
  } finally {
    await s3.stop()
  }
})

startUp('arguments: --help prints the usage; any other argument is refused with a line naming it', async () => {
  const help = await run({}, ['--help'])
  assert.is(help.code, 0, help.stderr)
  assert.is(help.stderr, '')
  assert.match(help.stdout, /^Usage: pnpm start/)
  assert.match(help.stdout, /PORT\s+port to listen on/)
  assert.match(help.stdout, /docs\/configuration\.md/)

  const both = await run({}, ['--port', '1', '--help'])
  assert.is(both.code, 1, both.stderr)
  assert.is(
    both.stderr,
    'Canvass could not start: unknown arguments --port 1: the server takes its settings from environment variables (PORT=1 pnpm start); --help lists them\n',
  )
  assert.is(both.stdout, help.stdout, 'the usage asked for is printed too')

  const other = await run({}, ['serve'])
  assert.is(other.code, 1)
  assert.is(other.stdout, '', 'nothing started')
  assert.match(
    other.stderr,
    /^Canvass could not start: unknown argument serve: the server takes its settings from environment variables; --help lists them\n$/,
  )
})

startUp.run()

const bootstrap = suite('standalone bootstrap on embedded PGlite')

bootstrap("a first start copies the build's empty database; a copy a killed start left half-made is made again", async () => {
  // The build (scripts/pgdata-seed.mjs) makes it; without it every first start would run initdb.
  const seed = fileURLToPath(new URL('../dist/pgdata-seed', import.meta.url))
  assert.ok(existsSync(join(seed, 'PG_VERSION.gz')), 'the build made dist/pgdata-seed')
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
    assert.equal(
      (await readdir(dataDir)).filter((name) => name.startsWith('pgdata')),
      ['pgdata'],
      'the half-made copy is gone',
    )
    assert.is(
      await readFile(join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8'),
      gunzipSync(await readFile(join(seed, 'PG_VERSION.gz'))).toString('utf8'),
    )

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
    // Issue 69, item 15: what to do with the key, once the server listens: a request to try, the API reference.
    await waitFor('the line after the listening one', () => /^Try it: /m.test(first.output()))
    const tryIt = /^Try it: curl -H "x-api-key: (\S+)" (\S+)\/api\/v1\/me {2}\(every route: (\S+)\)$/m.exec(first.output())
    assert.ok(tryIt, first.output())
    assert.is(tryIt?.[1], key)
    assert.is(tryIt?.[2], first.url)
    const tried = await fetch(`${tryIt?.[2]}/api/v1/me`, { headers: { 'x-api-key': tryIt?.[1] ?? '' } })
    assert.is(tried.status, 200)
    assert.is(((await tried.json()) as { type?: string }).type, 'production')
    const reference = await fetch(tryIt?.[3] ?? '')
    assert.is(reference.status, 200)
    assert.match(reference.headers.get('content-type') ?? '', /^text\/html/)
    await reference.arrayBuffer()
    // The survey editor's module, for pages that embed <canvass-survey-editor> (docs/editor.md).
    const editor = await fetch(`${first.url}/js/editor.js`)
    assert.is(editor.status, 200)
    assert.match(editor.headers.get('content-type') ?? '', /^text\/javascript/)
    assert.match(await editor.text(), /canvass-survey-editor/)
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
    assert.not.match(second.output(), /Try it/)
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
    return server
      .output()
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('Postgres runs with'))
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

/*
 * Instances started together on an empty Postgres database (docs/deploying.md, "Running several instances"):
 * each creates the schema, migrates and finds no project at once; all of them must come up, and exactly one
 * project be made. Each round is a database with nothing in it (not the migrated template the other suites
 * copy), and the race is run several times, since one round in many lost it; the schema's race itself is
 * reproduced in-process by the migrate suite of @canvass/storage-kysely. Needs TEST_DATABASE_URL.
 */
const ROUNDS = 3
const INSTANCES = 3

const serverUrl = process.env.TEST_DATABASE_URL
const together = skipSuiteUnless(
  suite('instances started together on an empty database'),
  serverUrl ? undefined : 'TEST_DATABASE_URL is unset: the instances share a Postgres server',
)

async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(statement)).rows
  } finally {
    await client.end()
  }
}

function togetherDatabaseUrl(name: string): string {
  const url = new URL(serverUrl as string)
  url.pathname = `/${name}`
  return url.href
}

together(`${ROUNDS} rounds of ${INSTANCES} instances at once: all come up, and exactly one project is made`, async () => {
  const upIn: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = Date.now()
    const name = `canvass_together_${randomBytes(6).toString('hex')}`
    await adminQuery(serverUrl as string, `CREATE DATABASE ${name}`)
    const dataRoot = await mkdtemp(join(tmpdir(), 'canvass-together-'))
    let servers: ServerProcess[] = []
    try {
      // Every other round with an initial key, which only the instance that makes the project may take.
      const env: Record<string, string> = {
        DATABASE_URL: togetherDatabaseUrl(name),
        ...(round % 2 === 1 ? { CANVASS_INIT_API_KEY: newKey() } : {}),
      }
      servers = Array.from({ length: INSTANCES }, (_, i) => spawnServer({ ...env, DATA_DIR: join(dataRoot, `instance-${i}`) }))
      const started = await Promise.allSettled(servers.map((server) => server.listening))
      started.forEach((result, i) => {
        if (result.status === 'rejected') assert.unreachable(`round ${round}, instance ${i} did not come up: ${String(result.reason)}`)
      })
      upIn.push(Date.now() - t0)
      const projects = await adminQuery<{ n: number }>(togetherDatabaseUrl(name), 'select count(*)::int as n from canvass.projects')
      assert.is(projects[0]?.n, 1, `round ${round}: one project, whichever instance made it`)
    } finally {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')))
      await adminQuery(serverUrl as string, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await removeDir(dataRoot)
    }
  }
  console.log(`  [start-together] all ${INSTANCES} up in ${upIn.join(', ')} ms`)
})

together.run()

/* The shared HTTP suite against the standalone server on the Node host, as a real process on PGlite. */
let server: RunningServer | undefined
const apiKey = newKey()

testHttpApi({
  name: 'standalone server on the Node host',
  start: async () => {
    server = await startServer({ CANVASS_INIT_API_KEY: apiKey })
    return { baseUrl: server.url, apiKey }
  },
  stop: async () => {
    await server?.stop()
  },
})

// The server process's own routes around Canvass's (`/health`, which main.ts answers) and a clean stop on
// SIGTERM, after serving the API, with the webhook dispatcher on and off. The API itself is tested on the test
// bed (packages/core/test/{e2e,management,client-api}-routes.test.ts).
{
  const http = httpBackend()
  const servers = suitesWithServer(http.database)
  const b = servers.server
  const routing = servers.suite(`${http.label}: routing, health and shutdown`)
  routing('unknown route 404, wrong method 405 with Allow, health 200', async () => {
    const x = await b()
    const unknown = await x.call('GET', '/api/v1/nothing-here', { key: x.keyA })
    assert.equal(errorOf(unknown), {
      status: 404,
      body: { code: 'not_found', message: 'Route not found', details: { resource_id: '/api/v1/nothing-here', resource_type: 'Route' } },
    })
    const wrong = await x.call('PATCH', '/api/v1/management/surveys', { key: x.keyA })
    assert.is(wrong.status, 405)
    assert.is(wrong.body.code, 'method_not_allowed')
    assert.is(wrong.headers.get('allow'), 'GET, HEAD, POST, OPTIONS')
    const noKey = await x.call('DELETE', '/api/v1/me')
    assert.is(noKey.status, 405, 'the route is checked before the key')
    const health = await x.call('GET', '/health')
    assert.equal({ status: health.status, body: health.body }, { status: 200, body: { status: 'ok', version: SERVER_VERSION } })
  })
  routing('SIGTERM stops the server cleanly', async () => {
    const x = await b()
    assert.is(await x.stop(), 0)
  })
  routing.run()

  const clientServers = suitesWithServer(http.database)
  const clientShutdown = clientServers.suite(`${http.label}: a server that answered the client API stops cleanly`)
  clientShutdown('SIGTERM stops the server cleanly', async () => {
    const x = clientServers.server()
    const created = await createSurvey(x, { status: 'inProgress' })
    await createResponse(x, created.id as string)
    assert.is(await x.stop(), 0)
  })
  clientShutdown.run()

  const quietServers = suitesWithServer(http.database, (env) => startBackend({ ...env, CANVASS_WEBHOOK_DISPATCHER: 'off' }))
  const shutdown = quietServers.suite(`${http.label}: shutdown with the webhook dispatcher off`)
  shutdown('the server stops cleanly', async () => {
    assert.is(await quietServers.server().stop(), 0)
  })
  shutdown.run()
}

// Uploads configured (a folder store, and S3 on s3rver): the server stops cleanly on SIGTERM (the upload routes are
// tested on the test bed: packages/core/test/uploads-routes.test.ts).
{
  const SECRET = 'e2e-upload-secret-0123456789abcdef'
  const MAX_BYTES = 256 * 1024

  function defineSuites(label: string, database: () => E2eBackend, s3 = false) {
    const servers = suitesWithServer(database, async (env): Promise<Backend> => {
      const blobDir = s3 ? undefined : await mkdtemp(join(tmpdir(), 'canvass-e2e-blobs-'))
      const started = await startBackend({
        ...env,
        ...(blobDir ? { BLOB_DIR: blobDir } : {}),
        CANVASS_SECRET: SECRET,
        CANVASS_UPLOAD_MAX_BYTES: String(MAX_BYTES),
      })
      return {
        ...started,
        async stop() {
          const code = await started.stop()
          if (blobDir) await rm(blobDir, { recursive: true, force: true })
          return code
        },
      }
    })

    const shutdown = servers.suite(`${label}: uploads shutdown`)
    shutdown('SIGTERM stops the server cleanly', async () => {
      assert.is(await servers.server().stop(), 0)
    })
    shutdown.run()
  }

  const http = httpBackend()
  defineSuites(http.label, http.database)

  // The blob store is what this file tests: the same suites on S3 (s3rver), on the same database as above.
  defineSuites(
    `${http.label} on S3`,
    () => {
      const database = http.database()
      let s3rver: Awaited<ReturnType<typeof startS3rver>> | undefined
      return {
        label: `${http.label} on S3`,
        async env() {
          s3rver = await startS3rver(['canvass-e2e'])
          return {
            ...(await database.env()),
            S3_BUCKET: 'canvass-e2e',
            S3_ENDPOINT: s3rver.endpoint,
            S3_REGION: 'us-east-1',
            S3_FORCE_PATH_STYLE: '1',
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
          }
        },
        async dispose() {
          await s3rver?.stop()
          await database.dispose()
        },
      }
    },
    true,
  )
}

// Rate limit settings as a server reads them: a malformed CANVASS_RATE_LIMITS stops it, unset applies the
// defaults, off turns limits off, and servers with limits on (counting in memory, or two sharing counters through
// Postgres) stop with exit code 0 (the limits themselves are tested on the test bed: packages/core/test/rate-
// limits.test.ts).
{
  const LIMITS = 'client=5/2s,environment=8/2s,management=6/2s'

  interface Cluster {
    stop(): Promise<void>
  }

  async function startCluster(env: Record<string, string>, processes: number): Promise<Cluster> {
    const settings = {
      ...env,
      CANVASS_RATE_LIMITS: LIMITS,
      CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
      CANVASS_INIT_API_KEY: newKey(),
      CANVASS_INIT_DEV_API_KEY: newKey(),
    }
    // One after the other: the first one migrates and bootstraps.
    const servers = [await startServer(settings)]
    for (let i = 1; i < processes; i++) servers.push(await startServer(settings))
    return {
      async stop() {
        for (const server of servers) assert.is(await server.stop(), 0)
      },
    }
  }

  function defineSuites(label: string, processes: number, env: () => Promise<Record<string, string>>, dispose = async () => {}) {
    const servers = suitesWithServer(
      () => ({ label, env, dispose }),
      (e) => startCluster(e, processes),
    )
    const test = servers.suite(`${label}: rate limits`)
    test('every server process stops with exit code 0', async () => {
      await servers.server().stop()
    })
    test.run()
  }

  const startup = suite('rate limit settings')
  startup('a malformed CANVASS_RATE_LIMITS stops the server with a message', async () => {
    const error = await startServer({ CANVASS_RATE_LIMITS: 'client=lots' }).then(
      async (server) => {
        await server.stop()
        return undefined
      },
      (caught: Error) => caught,
    )
    assert.ok(error, 'the server started')
    assert.match(error!.message, /CANVASS_RATE_LIMITS/)
  })
  startup.run()

  /**
   * A server with `env` on a database of its own (the HTTP suites' backend: the limits are the same on either),
   * counting in memory, so that a burst takes a fraction of a second; stops it, asserting exit code 0, and drops
   * the database after `work`.
   */
  async function withServer(env: Record<string, string>, work: (url: string) => Promise<void>): Promise<void> {
    const database = httpBackend().database()
    try {
      const server = await startServer({ ...(await database.env()), CANVASS_RATE_LIMIT_STORE: 'memory', ...env })
      try {
        await work(server.url)
      } finally {
        assert.is(await server.stop(), 0)
      }
    } finally {
      await database.dispose()
    }
  }

  const defaults = suite('rate limits on by default')
  /**
   * The client limit per (environment, address) is reached within one 60 s window, which must not end mid-burst;
   * a burst takes well under a second, so 10 s left is room enough.
   */
  async function burst(url: string, requests: number): Promise<ApiResult[]> {
    const left = 60_000 - (Date.now() % 60_000)
    // Real time: the server process counts on its own clock, which no test can move; wait for the next window.
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
    const call = client(url)
    const results: ApiResult[] = []
    // A path no route answers: the gate counts it before routing, and the miss costs no database work.
    for (let i = 0; i < requests; i += 50) {
      const batch = Array.from({ length: Math.min(50, requests - i) }, () => call('GET', '/api/v1/client/someenv/nothing'))
      results.push(...(await Promise.all(batch)))
    }
    return results
  }
  defaults('CANVASS_RATE_LIMITS unset: the default client limit (1000/min per environment and address) applies', async () => {
    // Both helpers turn limits off unless told otherwise; an undefined value leaves the variable out of the
    // child's environment altogether (Node skips undefined entries).
    await withServer({ CANVASS_RATE_LIMITS: undefined as unknown as string }, async (url) => {
      const results = await burst(url, 1000)
      assert.equal([...new Set(results.map((r) => r.status))], [404])
      const limited = await client(url)('GET', '/api/v1/client/someenv/nothing')
      assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
      assert.is(limited.headers.get('ratelimit-policy'), '"client";q=1000;w=60')
    })
  })
  defaults('CANVASS_RATE_LIMITS=off: no request is limited', async () => {
    await withServer({ CANVASS_RATE_LIMITS: 'off' }, async (url) => {
      const results = await burst(url, 1001)
      assert.equal([...new Set(results.map((r) => r.status))], [404])
    })
  })
  defaults.run()

  // One process counting in memory, on the HTTP suites' database.
  const http = httpBackend()
  const memory = http.database()
  defineSuites(
    `${http.label} (in-process counters)`,
    1,
    async () => ({ ...(await memory.env()), CANVASS_RATE_LIMIT_STORE: 'memory' }),
    memory.dispose,
  )

  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const name = `canvass_limits_${randomBytes(6).toString('hex')}`
    const admin = () => new pg.Client({ connectionString: serverUrl })
    defineSuites(
      'postgres (two processes share counters)',
      2,
      async () => {
        const c = admin()
        await c.connect()
        await c.query(`CREATE DATABASE ${name}`)
        await c.end()
        const url = new URL(serverUrl)
        url.pathname = `/${name}`
        return { DATABASE_URL: url.href }
      },
      async () => {
        const c = admin()
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await c.end()
      },
    )
  }
}
