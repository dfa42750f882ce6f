/**
 * Reads that tolerate a little lag go to a streaming replica; everything else, and every read while the replica is
 * down or too far behind, to the primary. On a primary and a real streaming replica of the test's own
 * (`pg_basebackup -R`); the replica's replay is paused to tell which one answered: a response created on the
 * primary is then missing from the replica's answers only. The reads are made with a key that writes nothing
 * (`reader`): a key that has just written reads the primary (read-your-writes.test.ts).
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { ownPostgresUnavailable } from '@canvass/test-bed'
import type { OwnPostgres, StreamingReplica } from '@canvass/test-bed'
import { skipSuiteUnless } from '@canvass/test-utils'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import { PGlite } from '@electric-sql/pglite'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, createReplicaReads } from '../src'
import type { ReplicaReads } from '../src'
import { replicaCaughtUp, replicaTestPool, startReplicaPair } from './replica-pair'
import type { ReplicaPair } from './replica-pair'

const test = skipSuiteUnless(suite('reads on a streaming replica'), ownPostgresUnavailable({ failUnderCi: true }))

let pair: ReplicaPair | undefined
let primary: OwnPostgres | undefined
let replica: StreamingReplica | undefined
let primaryDb: Kysely<unknown>
let replicaDb: Kysely<unknown>
/**
 * Reads within a minute of lag go to the replica; `strict`, within 300 ms. Both are probed only when a test says
 * (`probe()`), so that what each read finds is the test's doing, not a timer's.
 */
let reads: ReplicaReads
let strictReads: ReplicaReads
let canvass: Canvass
let strict: Canvass
let key = ''
/** A key of the same environment that never writes, so that its lag-tolerant reads may go to the replica. */
let reader = ''
let surveyId = ''
let environmentId = ''

test.before(async () => {
  pair = await startReplicaPair()
  ;({ primary, replica, primaryDb, replicaDb } = pair)
  reads = createReplicaReads({ primary: primaryDb, databases: [replicaDb], maxLagMs: 60_000, probeEveryMs: 600_000 })
  strictReads = createReplicaReads({ primary: primaryDb, databases: [replicaDb], maxLagMs: 300, probeEveryMs: 600_000 })
  canvass = createCanvass({ storage: createKyselyStorage({ db: primaryDb, replicas: reads }) })
  strict = createCanvass({ storage: createKyselyStorage({ db: primaryDb, replicas: strictReads }) })
  const project = await canvass.admin.createProject({ name: 'replicas' })
  environmentId = project.environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
  reader = (await canvass.admin.createApiKey({ environmentId, label: 'reader' })).key
  const survey = await call(canvass, 'POST', '/api/v1/management/surveys', {
    name: 'Replicated',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
  })
  surveyId = survey.data.id
})

test.after(async () => {
  reads?.close()
  strictReads?.close()
  await pair?.close()
})

// Each test starts with the replica running, replaying and caught up, and both routers knowing it.
test.before.each(async () => {
  await replicaCaughtUp(pair as ReplicaPair)
  await Promise.all([reads.probe(), strictReads.probe()])
})

async function call(on: Canvass, method: string, path: string, body?: unknown, as = key): Promise<any> {
  const response = await on.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': as, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  const text = await response.text()
  assert.is(response.status, 200, `${method} ${path}: ${text}`)
  return JSON.parse(text)
}

const createResponse = async () =>
  (await call(canvass, 'POST', '/api/v1/management/responses', { surveyId, finished: true, data: { q1: 'hi' } })).data.id as string

/** The ids of the survey's responses, the v3 count and the summary's count, as `on` answers them to `reader`. */
async function readAll(on: Canvass) {
  const list = await call(on, 'GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, undefined, reader)
  const count = await call(on, 'GET', `/api/v3/responses/count?workspaceId=${environmentId}&surveyId=${surveyId}`, undefined, reader)
  const summary = await call(on, 'GET', `/api/v1/management/surveys/${surveyId}/summary`, undefined, reader)
  return {
    ids: (list.data as { id: string }[]).map((response) => response.id),
    count: count.data.count as number,
    summarized: summary.data.responses.started as number,
  }
}

test('lists, counts and summaries come from the replica; a response by id from the primary', async () => {
  const before = reads.stats().replicas[0]?.reads ?? 0
  const seen = await readAll(canvass)
  await (replica as StreamingReplica).pauseReplay()
  const created = await createResponse()
  await reads.probe()
  const lagging = await readAll(canvass)
  assert.ok(!lagging.ids.includes(created), 'the list is the replica’s: the new response is not there yet')
  assert.is(lagging.count, seen.count, 'so is the count')
  assert.is(lagging.summarized, seen.summarized, 'and the summary')
  const byId = await call(canvass, 'GET', `/api/v1/management/responses/${created}`)
  assert.is(byId.data.id, created, 'a response by id is read on the primary')
  const stats = reads.stats()
  assert.is(stats.replicas[0]?.up, true)
  assert.is(stats.replicas[0]?.used, true)
  assert.ok((stats.replicas[0]?.reads ?? 0) >= before + 6, `the replica answered the reads: ${JSON.stringify(stats)}`)

  await (replica as StreamingReplica).resumeReplay()
  await (replica as StreamingReplica).waitUntilCaughtUp()
  const caughtUp = await readAll(canvass)
  assert.ok(caughtUp.ids.includes(created))
  assert.is(caughtUp.count, seen.count + 1)
  assert.is(caughtUp.summarized, seen.summarized + 1)
})

test('a summary read on the replica keeps the sums of its closed months on the primary, and they are used after', async () => {
  // Months that ended long ago: the summary computes them and keeps them, which a replica cannot take.
  const threeMonthsAgo = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 3, 10))
  for (let i = 0; i < 3; i++) {
    await call(canvass, 'POST', '/api/v1/management/responses', {
      surveyId,
      finished: true,
      data: { q1: `back then ${i}` },
      createdAt: new Date(threeMonthsAgo.getTime() + i * 60_000).toISOString(),
    })
  }
  const standby = replica as StreamingReplica
  await standby.waitUntilCaughtUp()
  await reads.probe()
  const before = reads.stats().replicas[0]?.reads ?? 0
  const first = await call(canvass, 'GET', `/api/v1/management/surveys/${surveyId}/summary`, undefined, reader)
  assert.ok((reads.stats().replicas[0]?.reads ?? 0) > before, 'the replica answered the summary')
  const kept = await primaryDb
    .withSchema('canvass')
    .selectFrom('summary_parts' as never)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('survey_id' as never, '=', surveyId as never)
    .executeTakeFirstOrThrow()
  assert.ok(Number(kept.n) >= 1, 'the sums of the closed month are kept on the primary')
  await standby.waitUntilCaughtUp()
  const again = await call(canvass, 'GET', `/api/v1/management/surveys/${surveyId}/summary`, undefined, reader)
  assert.equal(again.data.responses, first.data.responses)
})

test('a replica further behind than the bound is skipped: the primary answers, the stats say lagging', async () => {
  const seen = await readAll(strict)
  await (replica as StreamingReplica).pauseReplay()
  const created = await createResponse()
  // Past the bound of 300 ms, with nothing replayed since the pause.
  await new Promise((resolve) => setTimeout(resolve, 500))
  await strictReads.probe()
  const lagged = strictReads.stats()
  assert.is(lagged.replicas[0]?.up, true, 'the replica is up')
  assert.is(lagged.replicas[0]?.used, false, 'but not used')
  assert.ok((lagged.replicas[0]?.lagSeconds ?? 0) > 0.3, `its lag is said: ${JSON.stringify(lagged)}`)
  const primaryReads = lagged.primaryReads.lagging
  const fresh = await readAll(strict)
  assert.ok(fresh.ids.includes(created), 'the primary answered the list')
  assert.is(fresh.count, seen.count + 1)
  assert.is(fresh.summarized, seen.summarized + 1)
  assert.is(strictReads.stats().primaryReads.lagging, primaryReads + 3, 'each of the three reads counted as lagging')
})

test('a stopped replica: every read still answers, from the primary; started again, it is used again', async () => {
  const standby = replica as StreamingReplica
  const created = await createResponse()
  await standby.waitUntilCaughtUp()
  await reads.probe()
  standby.stop()
  // The router has not probed since: the first read fails on the replica and is run again on the primary.
  const retried = reads.stats().primaryReads.retried
  const first = await readAll(canvass)
  assert.ok(first.ids.includes(created))
  const afterStop = reads.stats()
  assert.ok(afterStop.primaryReads.retried > retried, `a read was run again on the primary: ${JSON.stringify(afterStop)}`)
  assert.is(afterStop.replicas[0]?.up, false, 'the replica is down at once')
  await reads.probe()
  const down = reads.stats().primaryReads.down
  const second = await readAll(canvass)
  assert.ok(second.ids.includes(created))
  const probed = reads.stats()
  assert.is(probed.replicas[0]?.up, false, 'the probe finds it down')
  assert.is(probed.replicas[0]?.lagSeconds, null)
  assert.is(probed.primaryReads.down, down + 3, 'each read counted as down')

  await standby.start()
  await standby.waitUntilCaughtUp()
  await reads.probe()
  const replicaReads = reads.stats().replicas[0]?.reads ?? 0
  const again = await readAll(canvass)
  assert.ok(again.ids.includes(created))
  assert.is(reads.stats().replicas[0]?.up, true)
  assert.is(reads.stats().replicas[0]?.reads, replicaReads + 3, 'the replica answers again')
})

test('reads take turns among the replicas in use; a database that is not in recovery is never used', async () => {
  const standby = replica as StreamingReplica
  const second = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: replicaTestPool(standby.url) }) })
  const notReplica = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: replicaTestPool((primary as OwnPostgres).url) }) })
  const both = createReplicaReads({ primary: primaryDb, databases: [replicaDb, second], names: ['a', 'b'], probeEveryMs: 600_000 })
  const wrong = createReplicaReads({ primary: primaryDb, databases: [notReplica], probeEveryMs: 600_000 })
  try {
    await Promise.all([both.probe(), wrong.probe()])
    const targets: Kysely<unknown>[] = []
    for (let i = 0; i < 4; i++) await both.run(async (db) => targets.push(db))
    assert.equal(targets, [replicaDb, second, replicaDb, second])
    assert.equal(
      both.stats().replicas.map(({ name, reads }) => ({ name, reads })),
      [
        { name: 'a', reads: 2 },
        { name: 'b', reads: 2 },
      ],
    )
    assert.is(await wrong.run(async (db) => db === primaryDb), true, 'the primary answers')
    assert.equal(wrong.stats().replicas[0]?.up, false, 'a database that is not a replica counts as down')
  } finally {
    both.close()
    wrong.close()
    await second.destroy()
    await notReplica.destroy()
  }
})

test("a read the replica cancels for a recovery conflict runs again on the primary; another error is the caller's", async () => {
  const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' })
  const answered = await reads.run(async (db) => {
    if (db === replicaDb) throw conflict
    return 'primary'
  })
  assert.is(answered, 'primary')
  assert.is(reads.stats().replicas[0]?.up, true, 'a conflict does not mark the replica down')
  const wrong = Object.assign(new Error('syntax error'), { code: '42601' })
  let ran = 0
  const failed = await reads
    .run(async () => {
      ran++
      throw wrong
    })
    .catch((error: unknown) => error)
  assert.is(failed, wrong)
  assert.is(ran, 1, 'run once, on the replica')
})

test('embedded PGlite has no replicas: the option is refused', async () => {
  const pglite = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: new PGlite() }) })
  try {
    assert.throws(() => createReplicaReads({ primary: pglite, databases: [replicaDb] }), /need a Postgres server/, 'as the primary')
    assert.throws(() => createReplicaReads({ primary: primaryDb, databases: [pglite] }), /need a Postgres server/, 'as a replica')
    assert.throws(() => createKyselyStorage({ db: pglite, replicas: reads }), /same db|Postgres server/)
  } finally {
    await pglite.destroy()
  }
})

test.run()
