/**
 * The standalone server's own health routes, in-process. Hostile input, item 5: `/health` (src/health.ts, which
 * main.ts puts in front of Canvass) answers with nosniff and no-store, on a real database (the other findings run
 * on the test bed in packages/core/test/hostile-input-routes.test.ts). `/health/live` and `/health/ready`
 * (src/readiness.ts): each check that can fail says so in plain words; the drain, on a real process behind a load
 * balancer, is in drain.test.ts.
 */
import { suiteWithBed } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { healthAnswer } from '../src/health'
import { liveAnswer, readyAnswer } from '../src/readiness'
import type { ReadinessChecks } from '../src/readiness'
import { SERVER_VERSION } from '../src/server-version'

const { test, bed } = suiteWithBed('hostile input: the health route', { widgetBundles: false, blobs: false })

test('5: /health answers with nosniff and no-store, and the version', async () => {
  const health = await healthAnswer(bed().canvass)
  assert.equal([health.status, await health.json()], [200, { status: 'ok', version: SERVER_VERSION }])
  assert.is(health.headers.get('x-content-type-options'), 'nosniff')
  assert.is(health.headers.get('cache-control'), 'no-store')
})

test.run()

const ready = suite('/health/live and /health/ready')

const current: ReadinessChecks = { draining: () => false, schema: async () => ({ missing: [], unknown: [], newer: [] }) }

async function answer(
  checks: ReadinessChecks,
): Promise<{ status: number; body: { status: string; version: string; failed: string; reason: string } }> {
  const response = await readyAnswer(checks)
  assert.is(response.headers.get('cache-control'), 'no-store')
  return { status: response.status, body: await response.json() }
}

ready('the version in package.json, and live answers ok', async () => {
  const { version } = (await import('../package.json', { with: { type: 'json' } })).default
  assert.is(SERVER_VERSION, version)
  const live = liveAnswer()
  assert.equal([live.status, await live.json()], [200, { status: 'ok', version }])
  assert.is(live.headers.get('x-content-type-options'), 'nosniff')
})

ready('ready: 200 when the database answers with this version schema and the server is not draining', async () => {
  assert.equal(await answer(current), { status: 200, body: { status: 'ok', version: SERVER_VERSION } })
})

ready('draining: 503 at once, without asking the database', async () => {
  let asked = false
  const { status, body } = await answer({
    draining: () => true,
    schema: async () => {
      asked = true
      return { missing: [], unknown: [], newer: [] }
    },
  })
  assert.equal([status, body.failed], [503, 'draining'])
  assert.match(body.reason, /shutting down/)
  assert.not.ok(asked)
})

ready('a database that cannot be reached, or does not answer in time: 503 database, without its error', async () => {
  const down = await answer({ ...current, schema: async () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432')) })
  assert.equal([down.status, down.body.failed, down.body.reason], [503, 'database', 'The database cannot be reached.'])
  const slow = await answer({ ...current, timeoutMs: 50, schema: () => new Promise(() => {}) })
  assert.equal([slow.status, slow.body.failed, slow.body.reason], [503, 'database', 'The database did not answer within 0.05 s.'])
})

ready(
  'a schema behind this version, or one a newer version requires: 503 schema, naming the migrations; its expand steps: 200',
  async () => {
    const behind = await answer({
      ...current,
      schema: async () => ({ missing: ['0046-a', '0047-b', '0048-c', '0049-d'], unknown: [], newer: [] }),
    })
    assert.equal([behind.status, behind.body.failed], [503, 'schema'])
    assert.match(
      behind.body.reason,
      /lacks migrations of version .* \(0046-a, 0047-b, 0048-c and 1 more\): they run when the server starts/,
    )
    const newer = await answer({ ...current, schema: async () => ({ missing: [], unknown: ['9999-future'], newer: [] }) })
    assert.equal([newer.status, newer.body.failed], [503, 'schema'])
    assert.match(newer.body.reason, /^A newer version of Canvass migrated the database \(9999-future, unknown to version/)
    // During a rolling upgrade: the next release added, and this one serves beside it.
    const beside = await answer({ ...current, schema: async () => ({ missing: [], unknown: [], newer: ['9999-expand'] }) })
    assert.is(beside.status, 200)
  },
)

ready.run()
