/**
 * Issue 82, item 6: read your own writes with read replicas (docs/replicas.md, "Reading your own writes"). A key
 * that has just written reads the primary for the storage's window, so the response it created is in its lists,
 * counts, summary and export at once, while another key of the same environment still reads the replica; a
 * contact's data-rights export always reads the primary. On a primary and a real streaming replica of the test's
 * own whose replay is paused, so that a response the replica has not replayed tells which one answered. Postgres
 * only: embedded PGlite has no replicas.
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { ownPostgresUnavailable } from '@canvass/test-bed'
import type { StreamingReplica } from '@canvass/test-bed'
import { skipSuiteUnless } from '@canvass/test-utils'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, createReplicaReads } from '../src'
import type { ReplicaReads } from '../src'
import { replicaCaughtUp, startReplicaPair } from './replica-pair'
import type { ReplicaPair } from './replica-pair'

const test = skipSuiteUnless(suite('read your own writes with a streaming replica'), ownPostgresUnavailable({ failUnderCi: true }))

let pair: ReplicaPair | undefined
let replica: StreamingReplica | undefined
let primaryDb: Kysely<unknown>
let replicaDb: Kysely<unknown>
/** Probed only when a test says (`probe()`): what each read finds is the test's doing, not a timer's. */
let reads: ReplicaReads
let canvass: Canvass
/** Canvass's clock: the window after a write is counted on it. */
let clock = Date.now()
/** How long after a write its caller reads the primary: the storage's own bound. */
let windowMs = 0
let environmentId = ''
/** The key that writes in each test. */
let writer = ''
/** A key of the same environment that never writes. */
let other = ''

test.before(async () => {
  pair = await startReplicaPair()
  ;({ replica, primaryDb, replicaDb } = pair)
  reads = createReplicaReads({ primary: primaryDb, databases: [replicaDb], maxLagMs: 60_000, probeEveryMs: 600_000 })
  const storage = createKyselyStorage({ db: primaryDb, replicas: reads })
  windowMs = storage.laggingReads?.staleForMs ?? Number.NaN
  canvass = createCanvass({ storage, now: () => new Date(clock) })
  const project = await canvass.admin.createProject({ name: 'read your writes' })
  environmentId = project.environments.production
  writer = (await canvass.admin.createApiKey({ environmentId, label: 'writer' })).key
  other = (await canvass.admin.createApiKey({ environmentId, label: 'other' })).key
})

test.after(async () => {
  reads?.close()
  await pair?.close()
})

// Each test starts with the replica replaying and caught up, and the router knowing it.
test.before.each(async () => {
  await replicaCaughtUp(pair as ReplicaPair)
  await reads.probe()
})

async function send(key: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const response = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...(key === null ? {} : { 'x-api-key': key }), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: response.status, text: await response.text() }
}

async function call(key: string | null, method: string, path: string, body?: unknown): Promise<any> {
  const { status, text } = await send(key, method, path, body)
  assert.ok(status === 200 || status === 201, `${method} ${path}: ${status} ${text}`)
  return JSON.parse(text)
}

/** A survey of the environment, made by `writer` with the replica caught up after. */
async function newSurvey(): Promise<string> {
  const survey = await call(writer, 'POST', '/api/v1/management/surveys', {
    name: 'Replicated',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
  })
  await (replica as StreamingReplica).waitUntilCaughtUp()
  await reads.probe()
  return survey.data.id as string
}

/** What `key` reads of the survey's responses: the v1 and v3 lists, the v3 count, the summary and the export. */
async function readAll(key: string, surveyId: string) {
  const v1 = await call(key, 'GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`)
  const v3 = await call(key, 'GET', `/api/v3/responses?workspaceId=${environmentId}&surveyId=${surveyId}&limit=100`)
  const count = await call(key, 'GET', `/api/v3/responses/count?workspaceId=${environmentId}&surveyId=${surveyId}`)
  const summary = await call(key, 'GET', `/api/v1/management/surveys/${surveyId}/summary`)
  const exported = await send(key, 'GET', `/api/v1/management/responses/export?surveyId=${surveyId}`)
  assert.is(exported.status, 200, exported.text)
  return {
    v1: (v1.data as { id: string }[]).map((response) => response.id),
    v3: (v3.data as { id: string }[]).map((response) => response.id),
    count: count.data.count as number,
    summarized: summary.data.responses.started as number,
    exported: exported.text,
  }
}

function assertHas(seen: Awaited<ReturnType<typeof readAll>>, id: string, total: number, who: string) {
  assert.ok(seen.v1.includes(id), `${who}: the v1 list has the new response`)
  assert.ok(seen.v3.includes(id), `${who}: the v3 list has it`)
  assert.is(seen.count, total, `${who}: the count has it`)
  assert.is(seen.summarized, total, `${who}: the summary has it`)
  assert.ok(seen.exported.includes(id), `${who}: the export has it`)
}

function assertLacks(seen: Awaited<ReturnType<typeof readAll>>, id: string, total: number, who: string) {
  assert.ok(!seen.v1.includes(id), `${who}: the v1 list is the replica's, without the new response`)
  assert.ok(!seen.v3.includes(id), `${who}: so is the v3 list`)
  assert.is(seen.count, total, `${who}: and the count`)
  assert.is(seen.summarized, total, `${who}: and the summary`)
  assert.ok(!seen.exported.includes(id), `${who}: and the export`)
}

test('the key that created a response finds it at once everywhere; another key of the environment still reads the replica', async () => {
  const surveyId = await newSurvey()
  await call(writer, 'POST', '/api/v1/management/responses', { surveyId, finished: true, data: { q1: 'before' } })
  await (replica as StreamingReplica).waitUntilCaughtUp()
  await (replica as StreamingReplica).pauseReplay()
  await reads.probe()
  const created = (await call(writer, 'POST', '/api/v1/management/responses', { surveyId, finished: true, data: { q1: 'new' } })).data
    .id as string
  const before = reads.stats().replicas[0]?.reads ?? 0
  assertHas(await readAll(writer, surveyId), created, 2, 'the writer')
  assertLacks(await readAll(other, surveyId), created, 1, 'another key')
  assert.ok((reads.stats().replicas[0]?.reads ?? 0) > before, 'the replica still answers the other key')
})

test('a write through v3 counts too; the writer reads the replica again once the window has passed', async () => {
  const surveyId = await newSurvey()
  await (replica as StreamingReplica).pauseReplay()
  await reads.probe()
  const created = (await call(writer, 'POST', '/api/v3/responses', { surveyId, finished: true, data: { q1: 'v3' } })).data.id as string
  assert.ok(Number.isFinite(windowMs) && windowMs > 0, `the storage says how long a write may be missing: ${windowMs}`)
  clock += windowMs - 1
  assertHas(await readAll(writer, surveyId), created, 1, 'the writer, within the window')
  clock += 1
  assertLacks(await readAll(writer, surveyId), created, 0, 'the writer, once the window has passed')
})

test("a contact's data-rights export reads the primary whoever asks: the response it sent a moment ago is in it", async () => {
  const surveyId = await newSurvey()
  const userId = `rights-${surveyId}`
  const respond = async (answer: string) =>
    (await call(null, 'POST', `/api/v1/client/${environmentId}/responses`, { surveyId, userId, finished: true, data: { q1: answer } })).data
      .id as string
  const first = await respond('first')
  await (replica as StreamingReplica).waitUntilCaughtUp()
  await reads.probe()
  const contacts = await call(other, 'GET', `/api/v1/management/contacts?userId=${userId}`)
  const contactId = contacts.data[0]?.id as string
  assert.ok(contactId, 'the contact is listed')
  await (replica as StreamingReplica).pauseReplay()
  await reads.probe()
  // Through a client route: no caller wrote it, so only the export's own rule can find it.
  const newest = await respond('newest')
  const list = await call(other, 'GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`)
  assert.equal(
    (list.data as { id: string }[]).map((response) => response.id),
    [first],
    'the list is the replica’s',
  )
  const exported = await call(other, 'GET', `/api/v1/management/contacts/${contactId}/export`)
  assert.equal((exported.responses as { id: string }[]).map((response) => response.id).sort(), [first, newest].sort())
})

test.run()
