/**
 * A response update that finishes the response takes its survey's row lock only when the survey has
 * `autoComplete` (the count it may reach needs it). Regression: every finishing update took it, so the finishing
 * updates of one survey ran one after another on every instance, and an instance stopped while it held the lock
 * (SIGSTOP for 20 s in `pnpm bench:freeze`) held every other finishing update of that survey, and with them
 * every pooled connection of both instances, for as long as it was stopped.
 *
 * Postgres server only: PGlite has one connection, so a second session cannot hold the lock meanwhile. The
 * lock is held by a transaction of the test; the update under test either completes, or is seen waiting on a
 * lock in `pg_stat_activity` (an event, not a timeout).
 */
import { createCanvass } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const server = backends().find((backend) => backend.name === 'Postgres')
const test = suite("a finishing response update and its survey's lock")
let open: OpenBackend | undefined
let db: Kysely<unknown>
let canvass: Canvass
let environmentId = ''
let key = ''

test.before(async () => {
  if (!server) return
  open = await server.open({ migrated: true })
  db = open.db
  await migrate(db)
  canvass = createCanvass({ storage: createKyselyStorage({ db }), logger: { error() {}, warn() {}, info() {} } as never })
  const project = await canvass.admin.createProject({ name: 'p' })
  environmentId = project.environments.production
  key = (await canvass.admin.createApiKey({ environmentId })).key
})
test.after(async () => {
  await open?.close()
})

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await canvass.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, body: await res.json().catch(() => null) }
}

/** An `inProgress` survey (with `autoComplete` when given) and an unfinished response to it. */
async function surveyWithResponse(autoComplete?: number): Promise<{ surveyId: string; responseId: string }> {
  const survey = await call('POST', '/api/v1/management/surveys', {
    environmentId,
    name: 'S',
    status: 'inProgress',
    ...(autoComplete === undefined ? {} : { autoComplete }),
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }],
  })
  assert.is(survey.status, 200, JSON.stringify(survey.body))
  const surveyId = survey.body.data.id as string
  const response = await call('POST', `/api/v1/client/${environmentId}/responses`, { surveyId, finished: false, data: { q1: 'a' } })
  assert.is(response.status, 200, JSON.stringify(response.body))
  return { surveyId, responseId: response.body.data.id as string }
}

/**
 * Holds the survey's row lock, as a finishing update or a survey update of another instance does, while
 * `update` runs; tells whether `update` finished without waiting for it. The lock is let go in any case.
 */
async function finishesWhileSurveyLocked(
  surveyId: string,
  update: () => Promise<{ status: number }>,
): Promise<{ waited: boolean; status: number }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let locked!: () => void
  const lockTaken = new Promise<void>((resolve) => (locked = resolve))
  const holder = db.transaction().execute(async (trx) => {
    await sql`select 1 from canvass.surveys where id = ${surveyId} for no key update`.execute(trx)
    locked()
    await released
  })
  try {
    await lockTaken
    let done = false
    const updated = update().finally(() => (done = true))
    let waited = false
    // Until the update is answered, or one of this database's sessions waits on a lock (the holder does not).
    while (!done && !waited) {
      const waiting = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
      waited = (waiting.rows[0]?.n ?? 0) > 0
      if (!waited && !done) await new Promise((resolve) => setImmediate(resolve))
    }
    release()
    return { waited, status: (await updated).status }
  } finally {
    release()
    await holder
  }
}

test("a survey without autoComplete: the finishing update does not wait for the survey's lock", async () => {
  if (!server) return
  const { surveyId, responseId } = await surveyWithResponse()
  const outcome = await finishesWhileSurveyLocked(surveyId, () =>
    call('PUT', `/api/v1/client/${environmentId}/responses/${responseId}`, { finished: true, data: { q1: 'b' } }),
  )
  assert.is(outcome.waited, false, "the update waited for the survey's lock")
  assert.is(outcome.status, 200)
  const read = await call('GET', `/api/v1/management/responses/${responseId}`)
  assert.is(read.body.data.finished, true)
  assert.equal(read.body.data.data, { q1: 'b' })
})

test("a survey with autoComplete: the finishing update counts under the survey's lock, and completes it", async () => {
  if (!server) return
  const { surveyId, responseId } = await surveyWithResponse(1)
  const outcome = await finishesWhileSurveyLocked(surveyId, () =>
    call('PUT', `/api/v1/client/${environmentId}/responses/${responseId}`, { finished: true, data: { q1: 'b' } }),
  )
  assert.is(outcome.waited, true, "the update did not wait for the survey's lock")
  assert.is(outcome.status, 200)
  const survey = await call('GET', `/api/v1/management/surveys/${surveyId}`)
  assert.is(survey.body.data.status, 'completed')
})

test.run()
