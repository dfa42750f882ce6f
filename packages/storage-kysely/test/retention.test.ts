import { createCanvass, createDisplay, createResponse, createRetention } from '@canvass/core'
import type { RetentionObservation, RetentionReport, Storage } from '@canvass/core'
import { createPostgresTestDatabase } from '@canvass/test-bed'
import { makeResponse, skipSuiteUnless } from '@canvass/test-utils'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import type { KyselyStorage } from '../src'
import { backends } from './backends'
import { api } from './api'

// The retention worker over the real storage: what it deletes (exactly the responses older than their limit,
// with their displays), how several instances on one Postgres database share the work (three storages, each
// with its own pool, running at once: one at a time holds the lease, each response is deleted and counted
// once), and the same on PGlite with one instance.

const DAY = 86_400_000

interface Seeded {
  /** The responses older than their limit, and the displays they name. */
  expired: Set<string>
  expiredDisplays: Set<string>
  kept: Set<string>
  production: string
  development: string
}

/**
 * Two environments through the API: production with a default of 30 days and surveys that follow it, cut it
 * (10) and extend it (100); development with no default, a survey that keeps everything and one of 5 days.
 * Responses at both sides of each boundary (a second before and after `now` minus the days), and `old` more
 * of the default survey, each with a display, so that a run takes several batches.
 */
async function seed(storage: Storage, now: Date, old = 40): Promise<Seeded> {
  const canvass = createCanvass({ storage })
  const project = await canvass.admin.createProject({ name: 'Retention' })
  const { production, development } = project.environments
  const prodKey = (await canvass.admin.createApiKey({ environmentId: production })).key
  const devKey = (await canvass.admin.createApiKey({ environmentId: development })).key
  const env = await api(canvass, prodKey, 'PUT', '/api/v1/management/environment', { responseRetentionDays: 30 })
  assert.is(env.data.responseRetentionDays, 30)
  const survey = async (key: string, responseRetentionDays?: number | null) => {
    const body = {
      name: 'Retained',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
      ...(responseRetentionDays === undefined ? {} : { responseRetentionDays }),
    }
    const created = await api(canvass, key, 'POST', '/api/v1/management/surveys', body)
    assert.is(created.data.responseRetentionDays, responseRetentionDays ?? null)
    return created.data.id as string
  }
  const byDefault = await survey(prodKey)
  const shorter = await survey(prodKey, 10)
  const longer = await survey(prodKey, 100)
  const keptAll = await survey(devKey, null)
  const ownOnly = await survey(devKey, 5)
  const seeded: Seeded = { expired: new Set(), expiredDisplays: new Set(), kept: new Set(), production, development }
  const respond = async (environmentId: string, surveyId: string, createdAt: Date, withDisplay = false) => {
    let displayId: string | null = null
    if (withDisplay) {
      displayId = `d${crypto.randomUUID().replaceAll('-', '')}`
      const made = await createDisplay(storage, {
        id: displayId,
        environmentId,
        surveyId,
        userId: null,
        responseId: null,
        createdAt,
        newId: () => crypto.randomUUID(),
      })
      assert.equal(made, { outcome: 'created', id: displayId })
    }
    const response = makeResponse(surveyId, { createdAt, displayId })
    const result = await createResponse(storage.responses, response, {
      environmentId,
      requireAccepting: false,
      checkEnvironment: false,
      pinProven: true,
    })
    assert.is(result.outcome, 'created')
    return { id: response.id, displayId }
  }
  const ago = (days: number, ms: number) => new Date(now.getTime() - days * DAY + ms)
  const expire = async (environmentId: string, surveyId: string, days: number, withDisplay = false) => {
    const { id, displayId } = await respond(environmentId, surveyId, ago(days, -1000), withDisplay)
    seeded.expired.add(id)
    if (displayId) seeded.expiredDisplays.add(displayId)
  }
  const keep = async (environmentId: string, surveyId: string, days: number) => {
    seeded.kept.add((await respond(environmentId, surveyId, ago(days, 1000))).id)
  }
  // Just over and just under each limit.
  await expire(production, byDefault, 30, true)
  await keep(production, byDefault, 30)
  await expire(production, shorter, 10)
  await keep(production, shorter, 10)
  await expire(production, longer, 100)
  await keep(production, longer, 100)
  // The survey's 100 days beat the environment's 30.
  await keep(production, longer, 40)
  await keep(development, keptAll, 3000)
  await expire(development, ownOnly, 5)
  await keep(development, ownOnly, 5)
  for (let i = 0; i < old; i++) await expire(production, byDefault, 31 + i, i % 2 === 0)
  return seeded
}

/** Which of `ids` are still there. */
async function present(storage: Storage, ids: Iterable<string>): Promise<string[]> {
  const found: string[] = []
  for (const id of ids) if (await storage.responses.get(id)) found.push(id)
  return found
}

async function displaysPresent(storage: Storage, environmentId: string, ids: Iterable<string>): Promise<string[]> {
  const found: string[] = []
  for (const id of ids) if (await storage.displays.responseOf(environmentId, id)) found.push(id)
  return found
}

const serverUrl = process.env.TEST_DATABASE_URL
const instances = skipSuiteUnless(
  suite('retention across three instances on one Postgres database'),
  serverUrl ? undefined : 'TEST_DATABASE_URL is not set (no Postgres server to share)',
)
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined
let dbs: Kysely<unknown>[] = []

instances.before(async () => {
  database = await createPostgresTestDatabase(serverUrl)
  dbs = [0, 1, 2].map(() => {
    const pool = new pg.Pool({ connectionString: database!.url, max: 4 })
    // The release at the end ends idle connections (57P01): not the test's failure.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error(error)
    })
    return new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) })
  })
})
instances.after(async () => {
  for (const db of dbs) await db.destroy()
  await database?.release()
})

/**
 * When each instance held the lease, as its storage saw it: from a granted acquisition's answer (after the
 * database granted it) to the start of its release (before the database let it go). Another instance can only be
 * granted the lease after that release, so these spans of two instances never overlap unless the lease failed;
 * times taken around `runOnce` would, as the next instance may be granted the lease before the last one's
 * `runOnce` has resumed.
 */
function recordHolds(storage: KyselyStorage, instance: number, holds: Array<{ instance: number; from: number; to: number }>): Storage {
  let from: number | undefined
  const retention: Storage['retention'] = {
    ...storage.retention,
    async acquireLease(...args) {
      const granted = await storage.retention.acquireLease(...args)
      if (granted) from ??= performance.now()
      return granted
    },
    async releaseLease(...args) {
      if (from !== undefined) holds.push({ instance, from, to: performance.now() })
      from = undefined
      return storage.retention.releaseLease(...args)
    },
  }
  return { ...storage, retention }
}

instances('three workers running at once delete exactly the expired responses, each once, one run at a time', async () => {
  const holds: Array<{ instance: number; from: number; to: number }> = []
  const storages = dbs.map((db, instance) => recordHolds(createKyselyStorage({ db }), instance, holds))
  const now = new Date()
  const seeded = await seed(storages[0]!, now)
  const runs: Array<{ instance: number; report: RetentionReport }> = []
  const workers = storages.map((storage) => createRetention({ storage, batch: 7 }))
  // Every worker runs three times, all at once: whoever holds the lease works, the others find it taken.
  await Promise.all(
    workers.map(async (worker, instance) => {
      for (let round = 0; round < 3; round++) runs.push({ instance, report: await worker.runOnce(now) })
    }),
  )
  const ran = runs.filter((run) => run.report.ran)
  const deleted = ran.reduce((sum, run) => sum + run.report.responses, 0)
  assert.is(deleted, seeded.expired.size, 'every expired response deleted and counted once over all instances')
  assert.ok(
    ran.some((run) => run.report.batches > 1),
    'a run took several batches',
  )
  assert.is(holds.length, ran.length, 'one hold of the lease per run that ran')
  for (const a of holds) {
    for (const b of holds) {
      if (a !== b) assert.ok(a.to <= b.from || b.to <= a.from, `runs of instances ${a.instance} and ${b.instance} overlapped`)
    }
  }
  assert.equal(await present(storages[1]!, seeded.expired), [], 'no expired response is left')
  assert.equal((await present(storages[2]!, seeded.kept)).sort(), [...seeded.kept].sort(), 'every newer response is kept')
  assert.equal(await displaysPresent(storages[0]!, seeded.production, seeded.expiredDisplays), [], 'their displays went with them')
  const byEnvironment = (environmentId: string) =>
    ran
      .flatMap((run) => run.report.environments)
      .filter((entry) => entry.environmentId === environmentId)
      .reduce((sum, entry) => sum + entry.responses, 0)
  assert.is(byEnvironment(seeded.development), 1)
  assert.is(byEnvironment(seeded.production), seeded.expired.size - 1)
})

instances('three storages deleting batches at once (no lease) never delete or count a response twice', async () => {
  const storages = dbs.map((db) => createKyselyStorage({ db }))
  const now = new Date()
  const seeded = await seed(storages[0]!, now, 60)
  const counts = await Promise.all(
    storages.map(async (storage) => {
      let responses = 0
      for (;;) {
        const batch = await storage.retention.deleteExpired({ now, limit: 5 })
        // The test before left responses a second inside their limits, which have expired by this test's now.
        for (const entry of batch.environments) {
          if (entry.environmentId === seeded.production || entry.environmentId === seeded.development) responses += entry.responses
        }
        if (batch.responses === 0 && batch.displays === 0) return responses
      }
    }),
  )
  assert.is(
    counts.reduce((sum, count) => sum + count, 0),
    seeded.expired.size,
    `each response counted once (per instance: ${counts.join(', ')})`,
  )
  assert.equal(await present(storages[0]!, seeded.expired), [])
  assert.is((await present(storages[0]!, seeded.kept)).length, seeded.kept.size)
})

instances(
  'with an expired response go its files (to the journal) and its webhook copies; each environment that lost rows gets one audit entry',
  async () => {
    const [storage] = dbs.map((db) => createKyselyStorage({ db }))
    const db = dbs[0]!
    const now = new Date()
    const canvass = createCanvass({ storage: storage!, webhooks: { allowPrivateAddresses: true } })
    const project = await canvass.admin.createProject({ name: 'Retention files' })
    const environmentId = project.environments.production
    const key = (await canvass.admin.createApiKey({ environmentId })).key
    await api(canvass, key, 'POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', triggers: ['responseCreated'] })
    const created = await api(canvass, key, 'POST', '/api/v1/management/surveys', {
      name: 'Files',
      status: 'inProgress',
      responseRetentionDays: 10,
      questions: [{ id: 'f', type: 'fileUpload', headline: { default: 'File' }, required: false, allowMultipleFiles: false }],
    })
    const surveyId = created.data.id as string
    const respond = async (days: number) => {
      const fileName = `cv--fid--${crypto.randomUUID()}.png`
      await storage!.uploads.recordFile({
        id: crypto.randomUUID(),
        environmentId,
        surveyId,
        forResponse: true,
        accessType: 'private',
        fileName,
        contentType: 'image/png',
        size: 3,
        createdAt: now,
      })
      const response = makeResponse(surveyId, {
        createdAt: new Date(now.getTime() - days * DAY),
        data: { f: [`http://canvass.test/storage/${environmentId}/private/${fileName}`] },
      })
      const result = await createResponse(storage!.responses, response, {
        environmentId,
        requireAccepting: false,
        checkEnvironment: false,
        pinProven: true,
      })
      assert.is(result.outcome, 'created')
      return { id: response.id, fileName }
    }
    const expired = await respond(11)
    const kept = await respond(9)
    const events = async (responseId: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from canvass.webhook_events where response_id = ${responseId}`.execute(db)).rows[0]
          ?.n,
      )
    const journaled = async (fileName: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from canvass.blob_deletions where blob_key like '%' || ${fileName}`.execute(db))
          .rows[0]?.n,
      )
    assert.is(await events(expired.id), 1, 'an event to delete')
    const report = await createRetention({ storage: storage! }).runOnce(now)
    assert.is(report.files, 1)
    assert.equal(await present(storage!, [expired.id, kept.id]), [kept.id])
    assert.is(await events(expired.id), 0, 'its webhook event went')
    assert.is(await events(kept.id), 1, 'the kept one stays')
    assert.is(await journaled(expired.fileName), 1)
    assert.is(await journaled(kept.fileName), 0)
    const entries = await storage!.reporting.auditLog.list(environmentId, { limit: 10 })
    const retained = entries.filter((entry) => entry.action === 'retention')
    assert.is(retained.length, 1)
    assert.equal(retained[0]!.summary, { result: { responses: 1, displays: 0, files: 1 } })
  },
)

instances.run()

for (const backend of backends()) {
  const single = suite(`the retention worker on ${backend.name}`)
  let open: Awaited<ReturnType<(typeof backend)['open']>> | undefined
  single.before(async () => {
    open = await backend.open({ migrated: true })
  })
  single.after(async () => open?.close())

  single('one run deletes the expired responses and their displays, reports them per environment, and tells the hooks', async () => {
    const storage = createKyselyStorage({ db: open!.db })
    const now = new Date()
    const seeded = await seed(storage, now, 4)
    const observed: RetentionObservation[] = []
    const reports: RetentionReport[] = []
    const worker = createRetention({
      storage,
      batch: 3,
      observe: { retention: (event) => observed.push(event) },
      onRun: (report) => {
        reports.push(report)
      },
    })
    const report = await worker.runOnce(now)
    assert.ok(report.ran)
    assert.is(report.responses, seeded.expired.size)
    assert.ok(report.batches >= 3, `batches of 3: ${report.batches}`)
    assert.equal(await present(storage, seeded.expired), [])
    assert.is((await present(storage, seeded.kept)).length, seeded.kept.size)
    assert.equal(await displaysPresent(storage, seeded.production, seeded.expiredDisplays), [])
    assert.is(report.displays, seeded.expiredDisplays.size)
    const counts = Object.fromEntries(report.environments.map((entry) => [entry.environmentId, entry.responses]))
    assert.equal(counts, { [seeded.production]: seeded.expired.size - 1, [seeded.development]: 1 })
    assert.equal(reports, [report], 'onRun sees the report')
    assert.is(observed.length, 1)
    assert.equal({ ...observed[0], durationMs: 0 }, { responses: report.responses, displays: report.displays, files: 0, durationMs: 0 })
    const again = await worker.runOnce(now)
    assert.equal([again.ran, again.responses, again.displays], [true, 0, 0], 'a second run finds nothing')
  })

  single('a started worker runs at once and hands the lease back when stopped; a held lease makes a run wait its turn', async () => {
    const storage = createKyselyStorage({ db: open!.db })
    const now = new Date()
    const seeded = await seed(storage, now, 2)
    const stops: Array<() => Promise<void>> = []
    const done = new Promise<RetentionReport>((resolve) => {
      const worker = createRetention({ storage, intervalMs: 3_600_000, onRun: resolve })
      worker.start()
      stops.push(() => worker.stop())
    })
    const report = await done
    for (const stop of stops) await stop()
    assert.ok(report.responses >= seeded.expired.size, 'the first run came at start')
    assert.equal(await present(storage, seeded.expired), [])
    // Another holder's lease: a run finds it taken and deletes nothing.
    const later = new Date()
    assert.ok(await storage.retention.acquireLease('retention', 'someone-else', new Date(later.getTime() + 60_000), later))
    // The boundary cases are a second from the limit: the runs use the seed's now, not the clock's, and it is the
    // first seed's now, so that its responses kept a second inside the limit stay kept however long the steps
    // above took (a later now made them expired, and the last run deleted them too).
    const more = await seed(storage, now, 1)
    const blocked = await createRetention({ storage }).runOnce(now)
    assert.is(blocked.ran, false)
    assert.is((await present(storage, more.expired)).length, more.expired.size, 'nothing deleted while another holds the lease')
    await storage.retention.releaseLease('retention', 'someone-else')
    assert.is((await createRetention({ storage }).runOnce(now)).responses, more.expired.size)
  })

  single.run()
}
