import {
  createVerifiedWebhook,
  createVerifyingReceiver,
  ownPostgresUnavailable,
  startOwnPostgres,
  uploadFile,
  webhookDeliveries,
} from '@canvass/test-bed'
import type { VerifyingReceiverMode } from '@canvass/test-bed'
import { skipSuiteUnless } from '@canvass/test-utils'
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { LoadResult } from './processes'
import { emptyDatabaseInto, killHard, reconcile, removeDir, spawnServer, startLoad, stopGracefully } from './processes'
import { httpBackend, postgresBackend } from './backends'
import { startS3rver } from '@canvass/test-bed/s3rver'
import { question, surveyThroughApi } from './fixtures'
import { client, newKey, startServer } from './server'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { text } from 'node:stream/consumers'
import type { RunningServer } from './server'

const faults = suite('faults with real processes: nothing acknowledged is lost, the server rides them out')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `condition` until it holds or `timeoutMs` passed; the caller asserts what it waited for. */
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const start = Date.now()
  while (!condition() && Date.now() - start < timeoutMs) await sleep(20)
}

/** The production environment of `key` and a new survey in it that accepts any number of responses. */
function prepare(url: string, key: string): Promise<{ environmentId: string; surveyId: string }> {
  return surveyThroughApi(url, key, 'Faults', [
    { id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' },
  ])
}

const MARKERS_SQL = `select data->>'q1' as marker, count(*)::int as n from canvass.responses where survey_id = $1 group by 1`

function toCounts(rows: { marker: string; n: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.marker, Number(row.n)]))
}

/** Reads the markers stored in an embedded database folder (no server may have it open). */
async function storedInDataDir(dataDir: string, surveyId: string): Promise<Map<string, number>> {
  const pglite = await PGlite.create(join(dataDir, 'pgdata'))
  try {
    return toCounts((await pglite.query<{ marker: string; n: number }>(MARKERS_SQL, [surveyId])).rows)
  } finally {
    await pglite.close()
  }
}

function report(name: string, load: LoadResult, figures: Record<string, unknown>) {
  const statuses = Object.fromEntries(load.statuses)
  console.log(`  [${name}] ${JSON.stringify({ ...figures, statuses, noAnswer: load.noAnswer, timedOut: load.timedOut })}`)
}

function assertOnly200And503(load: LoadResult) {
  for (const status of load.statuses.keys()) assert.ok(status === 200 || status === 503, `unexpected status ${status}`)
}

const skipPostgres = ownPostgresUnavailable()
// Skipped, saying why, on a machine without Postgres 15's binaries.
const faultsWithPostgres = skipSuiteUnless(faults, skipPostgres)
faultsWithPostgres(
  'Postgres stopped mid-load with pg_ctl -m immediate and started again: 503 meanwhile, nothing acknowledged lost',
  async () => {
    const postgres = await startOwnPostgres()
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-faults-'))
    const key = newKey()
    const server = spawnServer({ DATABASE_URL: postgres.url, DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key })
    try {
      const url = await server.listening
      const { environmentId, surveyId } = await prepare(url, key)
      const load = startLoad(url, environmentId, surveyId, { prefix: 'pg' })
      await until(() => load.result.acknowledged.size >= 200)
      assert.ok(load.result.acknowledged.size > 0, 'the load is answered before the outage')

      postgres.stopImmediately()
      // Until every client has met the outage several times: the server must keep answering through it.
      await until(() => load.result.unavailableTimes.length >= 100)
      const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) })
      assert.is(health.status, 503)
      assert.ok(health.headers.get('retry-after'), '/health says when to retry')
      const down503 = load.result.unavailableTimes.length
      assert.ok(down503 >= 100, 'requests are answered 503 while the database is away')

      postgres.start()
      const back = Date.now()
      let recovered: number | undefined
      while (Date.now() - back < 20_000) {
        recovered = load.result.okTimes.find((time) => time > back)
        if (recovered !== undefined) break
        await sleep(50)
      }
      assert.ok(recovered !== undefined, 'creates succeed again after the database returned')
      // The load runs on after the first success, on the new connections.
      await until(() => load.result.okTimes.filter((time) => time > back).length >= 200)
      const result = await load.stop()
      assert.is((await fetch(`${url}/health`)).status, 200)
      assert.ok(server.running(), 'the server stayed up')

      const client = new pg.Client({ connectionString: postgres.url })
      await client.connect()
      const stored = toCounts((await client.query(MARKERS_SQL, [surveyId])).rows)
      await client.end()
      const figures = reconcile(stored, result)
      report('postgres restart', result, {
        ...figures,
        '503s': result.unavailableTimes.length,
        recoveryMs: recovered - back,
      })
      assert.is(figures.lost, 0, 'no acknowledged response is lost')
      assert.is(figures.duplicated, 0, 'no response is stored twice')
      assert.is(figures.foreign, 0, 'nothing else is stored')
      assert.is(result.timedOut, 0, 'no request hangs')
      assert.is(result.noAnswer, 0, 'every request is answered')
      assertOnly200And503(result)
      assert.match(server.output(), /Database connection lost/)
      assert.not.match(server.output(), /Unhandled|at .*\.js:\d+/, `no crash, no stack trace:\n${server.output()}`)
      assert.is(await stopGracefully(server), 0)
    } finally {
      await killHard(server)
      await postgres.remove()
      await removeDir(dataDir)
    }
  },
)

faults('the embedded server SIGKILLed mid-load and restarted: nothing acknowledged is lost', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-faults-'))
  await emptyDatabaseInto(dataDir)
  const key = newKey()
  const first = spawnServer({ DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key })
  let second: ReturnType<typeof spawnServer> | undefined
  try {
    const url = await first.listening
    const { environmentId, surveyId } = await prepare(url, key)
    const load = startLoad(url, environmentId, surveyId, { prefix: 'kill' })
    // Hundreds of creates answered, so that the kill lands on batches in flight.
    await until(() => load.result.acknowledged.size >= 300)
    await killHard(first)
    const result = await load.stop()
    assert.ok(result.acknowledged.size > 0, 'the load was answered before the kill')
    // The dead server's lock socket is still there as a file, and is no lock.
    assert.is(readdirSync(join(dataDir, 'lock')).length, 1)

    second = spawnServer({ DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key })
    const again = await second.listening
    assert.is((await fetch(`${again}/api/v1/me`, { headers: { 'x-api-key': key } })).status, 200)
    assert.is(readdirSync(join(dataDir, 'lock')).length, 1, 'the stale socket was replaced')
    assert.is(await stopGracefully(second), 0)

    const figures = reconcile(await storedInDataDir(dataDir, surveyId), result)
    report('PGlite SIGKILL', result, figures)
    assert.is(figures.lost, 0, 'no acknowledged response is lost')
    assert.is(figures.duplicated, 0, 'no response is stored twice')
    assert.is(figures.foreign, 0, 'nothing else is stored')
    assert.is(result.timedOut, 0, 'no request hangs')
  } finally {
    await killHard(first)
    if (second) await killHard(second)
    await removeDir(dataDir)
  }
})

faults('a second server on the same DATA_DIR exits 1 with one line; the first goes on unharmed', async () => {
  const base = await mkdtemp(join(tmpdir(), 'canvass-faults-'))
  // Longer than a socket address may be: the lock must work through its short link as well.
  const dataDir = join(base, 'a-data-folder-with-a-name-long-enough-that-no-socket-path-in-it-fits')
  await emptyDatabaseInto(dataDir)
  const key = newKey()
  const first = spawnServer({ DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key })
  const second = { server: undefined as ReturnType<typeof spawnServer> | undefined }
  try {
    const url = await first.listening
    const { environmentId, surveyId } = await prepare(url, key)
    const load = startLoad(url, environmentId, surveyId, { prefix: 'lock', concurrency: 4 })
    second.server = spawnServer({ DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key })
    assert.ok(join(dataDir, 'lock', '000000000000.sock').length > 108, 'the path is too long for a socket address')
    const exit = await second.server.exited
    assert.equal(exit, { code: 1, signal: null })
    assert.equal(second.server.output().trim().split('\n'), [
      `Canvass could not start: DATA_DIR ${dataDir} is in use by another Canvass server (pid ${first.pid}); ` +
        'stop it or start this one with another DATA_DIR',
    ])
    // The first server goes on answering creates after the refused start.
    const before = load.result.acknowledged.size
    await until(() => load.result.acknowledged.size >= before + 100)
    const result = await load.stop()
    assert.ok(result.acknowledged.size >= before + 100, 'creates are answered after the refused start')
    assert.is((await fetch(`${url}/health`)).status, 200)
    assert.ok(first.running(), 'the first server is still running')
    assert.is(await stopGracefully(first), 0)

    const figures = reconcile(await storedInDataDir(dataDir, surveyId), result)
    report('second server', result, figures)
    assert.ok(result.acknowledged.size > 0)
    assert.is(figures.lost, 0)
    assert.is(figures.duplicated, 0)
    assert.is(figures.foreign, 0)
    assert.is(figures.unacknowledgedStored, 0, 'every create was answered')
    assert.equal([...result.statuses.keys()], [200])
  } finally {
    await killHard(first)
    if (second.server) await killHard(second.server)
    await removeDir(base)
  }
})

const STEPS = ['key-printed', 'project-created', 'project-printed', 'init-keys-ensured'] as const

/*
 * The bootstrap's steps are the same code on either database, so they run on the HTTP suites' backend (a
 * Postgres database of their own when TEST_DATABASE_URL is set, a start in a fraction of PGlite's time); what a
 * SIGKILL does to the embedded database itself is the subject of the PGlite tests above and below.
 */
const bootstrapBackend = httpBackend()

faults(
  `the first start killed after each step of the bootstrap (${bootstrapBackend.label}): the next start ends with a usable key`,
  async () => {
    // Two steps at a time: each is a first start and a restart, mostly CPU.
    await Promise.all(
      [STEPS.slice(0, 2), STEPS.slice(2)].map(async (steps) => {
        for (const step of steps) await killedBootstrap(step)
      }),
    )
  },
)

async function killedBootstrap(step: (typeof STEPS)[number]): Promise<void> {
  const database = bootstrapBackend.database()
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-faults-'))
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(await database.env()) }
  if (!env.DATABASE_URL) await emptyDatabaseInto(dataDir)
  const first = spawnServer({ ...env, CANVASS_TEST_KILL_AFTER: step })
  let next: ReturnType<typeof spawnServer> | undefined
  try {
    assert.equal(await first.exited, { code: null, signal: 'SIGKILL' }, `killed after ${step}`)
    next = spawnServer(env)
    const url = await next.listening
    // Distinct keys, in order: a start that prints a key shows it again in its "Try it" line.
    const printed = [...new Set([...`${first.output()}\n${next.output()}`.matchAll(/\b(cvs_[0-9A-Za-z]{43})\b/g)].map((m) => m[1]!))]
    // Killed before its commit, the first start's key never worked and the next start prints another.
    assert.is(printed.length, step === 'key-printed' ? 2 : 1, `keys printed (${step})`)
    const last = printed.at(-1)!
    const me = await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': last } })
    assert.is(me.status, 200, `the last printed key works (${step})`)
    assert.is(((await me.json()) as { type: string }).type, 'production')
    // A key printed before an interrupted commit never worked: its project was never created.
    for (const earlier of printed.slice(0, -1)) {
      assert.is((await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': earlier } })).status, 401)
    }
    assert.is(await stopGracefully(next), 0)
    const counts = `select (select count(*)::int from canvass.organizations) as organizations,
                (select count(*)::int from canvass.projects) as projects,
                (select count(*)::int from canvass.environments) as environments`
    assert.equal(await queryOne(env, counts), { organizations: 1, projects: 1, environments: 2 }, `one of each (${step})`)
  } finally {
    await killHard(first)
    if (next) await killHard(next)
    await removeDir(dataDir)
    await database.dispose()
  }
}

/** The first row of `statement` on a stopped server's database: its `DATABASE_URL`, or the embedded one in `DATA_DIR`. */
async function queryOne(env: Record<string, string>, statement: string): Promise<unknown> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      return (await client.query(statement)).rows[0]
    } finally {
      await client.end()
    }
  }
  const pglite = await PGlite.create(join(env.DATA_DIR!, 'pgdata'))
  try {
    return (await pglite.query(statement)).rows[0]
  } finally {
    await pglite.close()
  }
}

faults.run()

/*
 * Ingest: response creates are written in batches: a server killed (SIGKILL) while batches are in flight loses no
 * response it acknowledged, and stores none twice. PGlite in DATA_DIR always; the Postgres server too when
 * TEST_DATABASE_URL is set.
 */

/** The built server as a child process, once it listens. */
async function start(env: Record<string, string>) {
  const server = spawnServer(env)
  return { ...server, url: await server.listening }
}

function defineKillTest(name: string, setup: () => Promise<Record<string, string>>, teardown: () => Promise<void>) {
  const kill = suite(`ingest (${name}): SIGKILL mid-load`)
  kill('every acknowledged create is stored exactly once after the server is killed mid-batch', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-kill-'))
    const key = newKey()
    const env = { ...(await setup()), DATA_DIR: dataDir, CANVASS_INIT_API_KEY: key }
    try {
      const first = await start(env)
      const call = client(first.url)
      const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
      const survey = await call('POST', '/api/v1/management/surveys', {
        key,
        body: { environmentId, name: 'Load', status: 'inProgress', questions: [question()] },
      })
      assert.is(survey.status, 200)
      const surveyId = survey.body.data.id as string

      // Concurrent creates (so batches of several rows) until the server dies under them.
      const acknowledged: string[] = []
      let sent = 0
      let killed = false
      const worker = async () => {
        while (!killed) {
          const marker = randomUUID()
          sent++
          try {
            const response = await fetch(`${first.url}/api/v1/client/${environmentId}/responses`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ surveyId, finished: false, data: { q1: marker } }),
            })
            if (response.status === 200) acknowledged.push(marker)
            else assert.unreachable(`create answered ${response.status}: ${await response.text()}`)
          } catch {
            // The connection died with the server: not acknowledged.
            return
          }
          if (acknowledged.length >= 300 && !killed) {
            killed = true
            first.signal('SIGKILL')
          }
        }
      }
      await Promise.all(Array.from({ length: 32 }, worker))
      await first.exited
      assert.ok(acknowledged.length >= 300)

      // The same database, opened again: reconcile the acknowledged markers against what it holds.
      const second = await start(env)
      try {
        const read = client(second.url)
        const stored = new Map<string, number>()
        for (let skip = 0; ; skip += 100) {
          const page = await read('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100&skip=${skip}`, { key })
          assert.is(page.status, 200)
          const rows = page.body.data as { data: { q1: string } }[]
          for (const row of rows) stored.set(row.data.q1, (stored.get(row.data.q1) ?? 0) + 1)
          if (rows.length < 100) break
        }
        for (const marker of acknowledged) assert.is(stored.get(marker), 1, `acknowledged ${marker} stored once`)
        for (const [marker, count] of stored) assert.is(count, 1, `${marker} stored once`)
        // Creates in flight at the kill may or may not have committed; none beyond those sent.
        assert.ok(stored.size >= acknowledged.length && stored.size <= sent)
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await teardown()
    }
  })
  kill.run()
}

defineKillTest(
  'pglite',
  async () => ({}),
  async () => {},
)

const postgres = postgresBackend()
if (postgres) defineKillTest('postgres', postgres.env, postgres.dispose)

// Erasure across a SIGKILL: the blob store hangs (s3rver frozen with SIGSTOP) when the erasure is answered, the
// server is killed right after the answer, the store comes back, and the next start removes the erased file
// through the journal the erasure wrote in its transaction (the erasure itself is tested on the test bed:
// packages/core/test/contact-erasure.test.ts).
{
  const { label, database } = httpBackend()
  const METRICS_TOKEN = 'erasure-metrics-token-0123456789'

  /** Checks `check` every 50 ms until it holds: a file's removal and the journal emit no event of their own. */
  async function poll(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
    const end = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
      await sleep(50)
    }
  }

  const erasure = suite(`erasure (${label}): SIGKILL right after the answer, with the blob store frozen`)
  erasure('the erased file is removed after the restart, and the journal is empty', async () => {
    const backend = database()
    const s3 = await startS3rver(['canvass-erasure'])
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-erasure-'))
    const key = newKey()
    const env = {
      ...(await backend.env()),
      DATA_DIR: dataDir,
      CANVASS_INIT_API_KEY: key,
      CANVASS_INIT_DEV_API_KEY: newKey(),
      CANVASS_RATE_LIMITS: 'off',
      CANVASS_METRICS_TOKEN: METRICS_TOKEN,
      // A deletion claimed by the killed server is claimed again after this lease, looked for this often.
      CANVASS_BLOB_JANITOR_LEASE_MS: '2000',
      CANVASS_BLOB_JANITOR_INTERVAL_MS: '250',
      S3_BUCKET: 'canvass-erasure',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }
    let server: RunningServer | undefined
    try {
      server = await startServer(env)
      let call = client(server.url)
      const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
      const survey = await call('POST', '/api/v1/management/surveys', {
        key,
        body: {
          environmentId,
          name: 'Erasure',
          status: 'inProgress',
          questions: [{ id: 'doc', type: 'fileUpload', headline: { default: 'Your file' }, required: false, allowMultipleFiles: false }],
        },
      })
      assert.is(survey.status, 200, survey.text)
      const { presigned: p, upload } = await uploadFile(call, {
        environmentId,
        surveyId: survey.body.data.id,
        elementId: 'doc',
        fileName: 'erase me.txt',
        text: 'a respondent’s file\n',
      })
      assert.is(upload.status, 200, upload.text)
      const filePath = new URL(p.fileUrl, server.url).pathname
      const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
        body: { surveyId: survey.body.data.id, userId: 'to-erase', finished: true, data: { doc: [p.fileUrl] } },
      })
      assert.is(response.status, 200, response.text)
      assert.is((await call('GET', filePath, { key })).status, 200, 'the file is there')
      const contactId = (await call('GET', '/api/v1/management/contacts?userId=to-erase', { key })).body.data[0].id as string

      s3.pause()
      const erased = await call('DELETE', `/api/v1/management/contacts/${contactId}?erase=true`, { key })
      assert.is(erased.status, 200, erased.text)
      assert.is(erased.body.data.files, 1)
      await server.kill()
      s3.resume()

      server = await startServer(env)
      call = client(server.url)
      await poll('the file removed after the restart', async () => (await call('GET', filePath, { key })).status === 404)
      const pending = async () => {
        const metrics = await call('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        return Number(/^canvass_blob_deletions_pending (\S+)$/m.exec(metrics.text)?.[1])
      }
      await poll('the journal empty', async () => (await pending()) === 0)
    } finally {
      s3.resume()
      await server?.stop()
      await s3.stop()
      await rm(dataDir, { recursive: true, force: true })
      await backend.dispose()
    }
  })
  erasure.run()
}

// Issue 58, item 25: an S3 store that went away after the start. An upload was a 500 whose log held a stack
// trace; it is a 503 in the API's error shape with Retry-After, as a download is, with a log line naming the
// cause, and the rest of the API works.
{
  const { label, database } = httpBackend()
  const unreachable = suite(`the S3 store stops after the start (${label}): uploads and files answer 503`)
  unreachable('an upload and a download answer 503 in their shapes; responses are still taken', async () => {
    const backend = database()
    const s3 = await startS3rver(['canvass-unreachable'])
    let s3Stopped = false
    const key = newKey()
    let server: RunningServer | undefined
    try {
      server = await startServer({
        ...(await backend.env()),
        CANVASS_INIT_API_KEY: key,
        S3_BUCKET: 'canvass-unreachable',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      })
      const call = client(server.url)
      const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
      // A respondent's file answers a survey's fileUpload question.
      const files = await call('POST', '/api/v1/management/surveys', {
        key,
        body: {
          environmentId,
          name: 'Files',
          questions: [{ id: 'doc', type: 'fileUpload', headline: { default: 'A file?' }, required: false, allowMultipleFiles: false }],
        },
      })
      assert.is(files.status, 200, files.text)
      const element = { surveyId: files.body.data.id as string, elementId: 'doc' }
      const upload = async (name: string) => {
        const { presigned, upload: answer } = await uploadFile(call, {
          environmentId,
          ...element,
          fileName: name,
          text: 'some text\n',
          allow5xx: true,
        })
        return { answer, path: new URL(presigned.fileUrl, server!.url).pathname }
      }
      const stored = await upload('before.txt')
      assert.is(stored.answer.status, 200, stored.answer.text)

      // The store's process ends: its loopback port is closed, every connection is refused.
      await s3.stop()
      s3Stopped = true
      const refused = await upload('during.txt')
      assert.is(refused.answer.status, 503, refused.answer.text)
      assert.is(refused.answer.body.code, 'service_unavailable', refused.answer.text)
      assert.type(refused.answer.body.message, 'string')
      assert.ok(Number(refused.answer.headers.get('retry-after')) > 0, 'Retry-After')
      const download = await call('GET', stored.path, { key, allow5xx: true })
      assert.is(download.status, 503, download.text)
      assert.is(download.body.code, 'service_unavailable')
      assert.ok(Number(download.headers.get('retry-after')) > 0, 'Retry-After')

      const survey = await prepare(server.url, key)
      const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
        body: { surveyId: survey.surveyId, finished: true, data: { q1: 'still taken' } },
      })
      assert.is(response.status, 200, response.text)

      const output = server.output()
      assert.match(output, /An upload was answered 503, to be tried again: .*ECONNREFUSED/)
      assert.not.match(output, /^\s+at /m, 'no stack trace in the log')
    } finally {
      await server?.stop()
      if (!s3Stopped) await s3.stop()
      await backend.dispose()
    }
  })
  unreachable.run()
}

// Webhooks across a SIGKILL: a delivery acknowledged before the kill is sent after the restart by the server's own
// dispatcher loop and Node transport to a real receiver on loopback that verifies it with standardwebhooks (the
// routes, signing and retries are tested on the test bed: packages/core/test/webhooks.test.ts).
{
  /** A webhook receiver on loopback that verifies every request with `standardwebhooks` (the bed's verifier). */
  async function startReceiver() {
    const verifier = createVerifyingReceiver()
    let mode: VerifyingReceiverMode = 'ok'
    let server: Server | undefined
    let port = 0
    const listen = () =>
      new Promise<void>((resolve) => {
        server = createServer((req, res) => {
          void text(req).then(
            (body) => {
              const answer = verifier.answer({ body, headers: req.headers as Record<string, string> })
              if ('status' in answer) res.writeHead(answer.status).end()
              else res.destroy()
            },
            () => {},
          )
        })
        server.listen(port, '127.0.0.1', () => {
          port = (server?.address() as { port: number }).port
          resolve()
        })
      })
    const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    await listen()
    return {
      got: verifier.got,
      url: () => `http://127.0.0.1:${port}/hook`,
      setSecret: verifier.setSecret,
      async setMode(next: VerifyingReceiverMode) {
        if (next === 'refuse' && mode !== 'refuse') {
          server?.closeAllConnections()
          await close()
        }
        if (next !== 'refuse' && mode === 'refuse') await listen()
        mode = next
        verifier.setMode(next)
      },
      async close() {
        server?.closeAllConnections()
        await close()
      },
    }
  }

  /** Checks `check` every 25 ms until it holds: the receiver and the deliveries API emit no event of their own. */
  async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
    const end = Date.now() + ms
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  const question = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }

  function defineSuites(name: string, database: () => Promise<Record<string, string>>, dispose: () => Promise<void> = async () => {}) {
    const test = suite(`webhooks e2e (${name})`)
    let dataDir = ''
    let server: RunningServer
    let call: ReturnType<typeof client>
    let receiver: Awaited<ReturnType<typeof startReceiver>>
    let env: Record<string, string>
    const key = newKey()
    const devKey = newKey()
    let environmentId = ''
    let surveyId = ''

    const start = async () => {
      server = await startServer(env)
      call = client(server.url)
    }

    test.before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'canvass-webhooks-'))
      env = {
        ...(await database()),
        DATA_DIR: dataDir,
        CANVASS_INIT_API_KEY: key,
        CANVASS_INIT_DEV_API_KEY: devKey,
        CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
        CANVASS_RATE_LIMITS: 'off',
        CANVASS_WEBHOOK_RETRY_SCHEDULE_MS: '300,300,500,500,1000,1000,1000,1000,1000',
        // A delivery claimed when the server was killed is sent again after this lease.
        CANVASS_WEBHOOK_LEASE_MS: '3000',
      }
      await start()
      receiver = await startReceiver()
      environmentId = (await call('GET', '/api/v1/me', { key })).body.id
      const survey = await call('POST', '/api/v1/management/surveys', {
        key,
        body: { environmentId, name: 'Webhook survey', status: 'inProgress', questions: [question] },
      })
      surveyId = survey.body.data.id
    })
    test.after(async () => {
      await server?.stop()
      await receiver?.close()
      await rm(dataDir, { recursive: true, force: true })
      await dispose()
    })

    const createHook = (body: Record<string, unknown> = {}) => createVerifiedWebhook(call, key, receiver, receiver.url(), body)
    const deliveriesOf = (hookId: string) => webhookDeliveries(call, key, hookId)
    const respond = async (finished = false) => {
      const res = await call('POST', `/api/v1/client/${environmentId}/responses`, { body: { surveyId, finished, data: { q1: 'hi' } } })
      assert.is(res.status, 200, res.text)
      return res.body.data.id as string
    }

    test('SIGKILL after the acknowledgement: the event arrives after the restart, with the same webhook-id', async () => {
      receiver.got.length = 0
      const hook = await createHook({ triggers: ['responseCreated'] })
      await receiver.setMode('refuse')
      const responseId = await respond()
      await server.kill()
      await receiver.setMode('ok')
      await start()
      await until('the event after the restart', () => receiver.got.length >= 1)
      const deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })
      assert.is(deliveries.body.data.length, 1)
      assert.is(receiver.got[0]?.id, deliveries.body.data[0].id, 'the webhook-id is the delivery’s, stable across restarts')
      assert.is(receiver.got[0]?.payload.data.id, responseId)
      await until('the delivery recorded', async () => (await deliveriesOf(hook.id))[0]?.status === 'delivered')
      assert.is(receiver.got.length, 1)
      await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
    })

    test.run()
  }

  const http = httpBackend().database()
  defineSuites(http.label, http.env, http.dispose)
}
