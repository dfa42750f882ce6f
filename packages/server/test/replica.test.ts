/**
 * The built server with `DATABASE_READ_URL`: lists come from the streaming replica while it keeps up, from the
 * primary while it is down, and `/metrics` says which; the key that has just written reads the primary. On a primary and a real streaming replica of the test's
 * own (`pg_basebackup -R`).
 */
import { ownPostgresUnavailable, startOwnPostgres, startStreamingReplica, waitFor } from '@canvass/test-bed'
import type { OwnPostgres, StreamingReplica } from '@canvass/test-bed'
import { closedPort, skipSuiteUnless } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newKey, startServer } from './server'
import type { RunningServer } from './server'

const test = skipSuiteUnless(suite('the server with a read replica'), ownPostgresUnavailable({ failUnderCi: true }))

const TOKEN = 'replica-metrics-token-0123456789'

let primary: OwnPostgres | undefined
let replica: StreamingReplica | undefined
let server: RunningServer | undefined
const key = newKey()

test.before(async () => {
  primary = await startOwnPostgres()
  replica = await startStreamingReplica(primary)
})

test.after(async () => {
  await server?.kill()
  await replica?.remove()
  await primary?.remove()
})

async function call(method: string, path: string, body?: unknown, as = key): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server?.url}${path}`, {
    method,
    headers: { 'x-api-key': as, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text }
}

async function metrics(): Promise<string> {
  const response = await fetch(`${server?.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  assert.is(response.status, 200)
  return response.text()
}

/** The value of the series `name{labels}` in `text`, or undefined. */
function series(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

test('lists come from the replica; with the replica stopped they still answer, from the primary; /metrics says so', async () => {
  const standby = replica as StreamingReplica
  server = await startServer({
    DATABASE_URL: (primary as OwnPostgres).url,
    DATABASE_READ_URL: standby.url,
    DATABASE_READ_MAX_LAG_MS: '60000',
    CANVASS_INIT_API_KEY: key,
    CANVASS_METRICS_TOKEN: TOKEN,
  })
  assert.match(server.output(), /lag-tolerant reads on a replica/)
  const name = `replica="127.0.0.1:${standby.port}/postgres"`
  const survey = await call('POST', '/api/v1/management/surveys', {
    name: 'Replicated',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
  })
  assert.is(survey.status, 200, JSON.stringify(survey.body))
  const surveyId = survey.body.data.id as string
  // Lists are read with a key that writes nothing: the key that has just written reads the primary.
  const made = await call('POST', '/api/v1/management/api-keys', { label: 'reader' })
  assert.is(made.status, 200, JSON.stringify(made.body))
  const reader = made.body.data.key as string
  const list = async (as = reader) => {
    const answer = await call('GET', `/api/v1/management/responses?surveyId=${surveyId}&limit=100`, undefined, as)
    assert.is(answer.status, 200, JSON.stringify(answer.body))
    return (answer.body.data as { id: string }[]).map((response) => response.id)
  }
  const create = async () => {
    const answer = await call('POST', '/api/v1/management/responses', { surveyId, finished: true, data: { q1: 'hi' } })
    assert.is(answer.status, 200, JSON.stringify(answer.body))
    return answer.body.data.id as string
  }

  const first = await create()
  await standby.waitUntilCaughtUp()
  await waitFor('the replica to be used', async () => series(await metrics(), 'canvass_db_replica_used', name) === 1, {
    timeoutMs: 15_000,
    everyMs: 100,
  })
  assert.equal(await list(), [first])

  // Paused, the replica misses the next response: a list without it is the replica's.
  await standby.pauseReplay()
  const second = await create()
  assert.equal(await list(), [first], 'the list is the replica’s')
  assert.equal(await list(key), [second, first], 'the key that wrote it reads the primary')
  assert.is((await call('GET', `/api/v1/management/responses/${second}`)).status, 200, 'a response by id is the primary’s')
  const paused = await metrics()
  assert.ok((series(paused, 'canvass_db_replica_reads_total', 'target="replica",reason="replica"') ?? 0) >= 2, paused)
  assert.is(series(paused, 'canvass_db_replica_up', name), 1)

  standby.stop()
  const listed = await list()
  assert.ok(listed.includes(first) && listed.includes(second), 'the primary answers while the replica is down')
  await waitFor('the replica to be seen down', async () => series(await metrics(), 'canvass_db_replica_up', name) === 0, {
    timeoutMs: 15_000,
    everyMs: 100,
  })
  assert.is((await list()).length, 2)
  const down = await metrics()
  assert.is(series(down, 'canvass_db_replica_used', name), 0)
  assert.ok(Number.isNaN(series(down, 'canvass_db_replica_lag_seconds', name)), 'no lag is said for a replica that is down')
  const onPrimary =
    (series(down, 'canvass_db_replica_reads_total', 'target="primary",reason="down"') ?? 0) +
    (series(down, 'canvass_db_replica_reads_total', 'target="primary",reason="retried"') ?? 0)
  assert.ok(onPrimary >= 2, down)
  assert.is((await fetch(`${server.url}/health`)).status, 200, 'a replica down leaves the server healthy')

  // Started again, it catches up and is used again.
  await standby.start()
  await standby.waitUntilCaughtUp()
  await waitFor('the replica to be used again', async () => series(await metrics(), 'canvass_db_replica_used', name) === 1, {
    timeoutMs: 15_000,
    everyMs: 100,
  })
  assert.is((await list()).length, 2)
  assert.not.match(server.output(), /Unhandled|at .*\.js:\d+/, `no crash, no stack trace:\n${server.output()}`)
  assert.is(await server.stop(), 0)
  server = undefined
})

test('a replica that is down when the server starts: a warning, and the server starts and answers from the primary', async () => {
  const nowhere = `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`
  server = await startServer({ DATABASE_URL: (primary as OwnPostgres).url, DATABASE_READ_URL: nowhere, CANVASS_INIT_API_KEY: key })
  assert.match(server.output(), /Read replica 127\.0\.0\.1:\d+\/postgres cannot be used now/)
  assert.is((await fetch(`${server.url}/health`)).status, 200)
  assert.is((await call('GET', '/api/v1/management/responses?limit=1')).status, 200)
  assert.is(await server.stop(), 0)
  server = undefined
})

test('DATABASE_READ_URL without DATABASE_URL is refused with a line that says why', async () => {
  const refused = await startServer({ DATABASE_READ_URL: (replica as StreamingReplica).url }).then(
    async (started) => {
      await started.stop()
      return undefined
    },
    (error: unknown) => String(error),
  )
  assert.ok(refused, 'the server did not start')
  assert.match(refused as string, /DATABASE_READ_URL is set but DATABASE_URL is not/)
})

test.run()
