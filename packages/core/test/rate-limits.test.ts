/**
 * Rate limits (docs/design.md, "Limits and input") on the test bed: 429 with its headers after the limit, recovery after the window,
 * no effect on another environment; counted in one Canvass's memory, and counted in the database by two
 * Canvass instances on one database (Postgres, when TEST_DATABASE_URL is set). Limits are small, and windows
 * pass on the bed's clock; the client address comes from `x-forwarded-for` (`clientAddressHeader`) so that
 * one test can play several clients.
 */
import { generateApiKey } from '@canvass/core'
import { createSurvey, createTestClock, skipSuiteUnless, suiteWithBed } from '@canvass/test-bed'
import type { Call, TestBackend, TestCanvass, TestClock } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const WINDOW_MS = 2000
const rule = (limit: number) => ({ limit, windowMs: WINDOW_MS })
const LIMITS = { client: rule(5), environment: rule(8), management: rule(6), clientAddressHeader: 'x-forwarded-for' }

/** Moves the clock to the start of the next fixed window, so that a burst of requests falls into one window. */
function nextWindow(clock: TestClock): void {
  clock.advance(WINDOW_MS - (clock.now().getTime() % WINDOW_MS) + 100)
}

function defineSuites(label: string, instances: number, backend?: TestBackend, skipReason?: string) {
  const name = `${label}: rate limits`
  const { test, bed } = skipReason
    ? { test: skipSuiteUnless(suite(name), skipReason), bed: (): TestCanvass => assert.unreachable('skipped') as never }
    : suiteWithBed(name, () => ({
        clock: createTestClock(),
        rateLimits: LIMITS,
        databaseRateLimiter: instances > 1,
        ...(backend ? { backend } : {}),
      }))
  /** Callers of each instance; all share one database. */
  let calls: Call[] = []
  test.before(() => {
    calls = [bed().call, ...Array.from({ length: instances - 1 }, () => bed().instance().call)]
  })
  const c = (): { calls: Call[]; x: TestCanvass; clock: TestClock } => ({ calls, x: bed(), clock: bed().clock! })

  test('client routes: 429 with headers after the limit per address, then per environment; another environment is unaffected; recovery after the window', async () => {
    const { calls, x, clock } = c()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const surveyB = await createSurvey(x, { status: 'inProgress' }, 'B')
    const display = (i: number, ip: string, env = x.envA, surveyId = survey.id) =>
      calls[i % calls.length]!('POST', `/api/v1/client/${env}/displays`, { body: { surveyId }, headers: { 'x-forwarded-for': ip } })
    nextWindow(clock)
    for (let i = 0; i < 5; i++) assert.is((await display(i, '10.0.0.1')).status, 200, `request ${i + 1}`)
    const limited = await display(5, '10.0.0.1')
    assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
    const retryAfter = Number(limited.headers.get('retry-after'))
    assert.ok(retryAfter >= 1 && retryAfter <= WINDOW_MS / 1000, `Retry-After ${retryAfter}`)
    assert.is(limited.headers.get('ratelimit-policy'), `"client";q=5;w=${WINDOW_MS / 1000}`)
    assert.match(limited.headers.get('ratelimit') ?? '', /^"client";r=0;t=\d+$/)
    assert.is(limited.headers.get('access-control-allow-origin'), '*')
    // A second address of the same environment has its own limit, until the environment's (8) is reached;
    // the refused request above used none of it.
    for (let i = 0; i < 3; i++) assert.is((await display(i, '10.0.0.2')).status, 200)
    const flooded = await display(0, '10.0.0.3')
    assert.is(flooded.status, 429)
    assert.is(flooded.headers.get('ratelimit-policy'), `"environment";q=8;w=${WINDOW_MS / 1000}`)
    assert.is((await display(1, '10.0.0.1', x.envB, surveyB.id)).status, 200, 'another environment is unaffected')
    const preflight = await calls[0]!('OPTIONS', `/api/v1/client/${x.envA}/displays`, {
      headers: { 'access-control-request-method': 'POST', 'x-forwarded-for': '10.0.0.1' },
    })
    assert.is(preflight.status, 204, 'preflights are never limited')
    clock.advance(retryAfter * 1000 + 100)
    assert.is((await display(0, '10.0.0.1')).status, 200, 'the next window accepts again')
  })

  test('management routes: limited per key', async () => {
    const { calls, x, clock } = c()
    nextWindow(clock)
    for (let i = 0; i < 6; i++)
      assert.is((await calls[i % calls.length]!('GET', '/api/v1/management/surveys', { key: x.keyA })).status, 200)
    const limited = await calls[0]!('GET', '/api/v1/management/surveys', { key: x.keyA })
    assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
    assert.is(limited.headers.get('ratelimit-policy'), `"management";q=6;w=${WINDOW_MS / 1000}`)
    assert.is(limited.headers.get('access-control-allow-origin'), null)
    assert.is((await calls[calls.length - 1]!('GET', '/api/v1/management/surveys', { key: x.keyB })).status, 200, 'another key')
  })

  test('management routes: made-up keys count per address (401, then 429); a live key from that address keeps its own limit', async () => {
    const { calls, x, clock } = c()
    const from = (ip: string, key?: string) =>
      calls[Math.floor(Math.random() * calls.length)]!('GET', '/api/v1/management/surveys', { key, headers: { 'x-forwarded-for': ip } })
    nextWindow(clock)
    // A fresh key per request: made-up keys share their address's counter, so that a key of its own for every
    // request does not escape the limit.
    for (let i = 0; i < 6; i++) assert.is((await from('10.9.9.9', generateApiKey())).status, 401, `made-up key ${i + 1}`)
    const limited = await from('10.9.9.9', generateApiKey())
    assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
    assert.is(limited.headers.get('ratelimit-policy'), `"management";q=6;w=${WINDOW_MS / 1000}`)
    assert.is((await from('10.9.9.9')).status, 429, 'no key counts in the same bucket')
    assert.is((await from('10.9.9.8', generateApiKey())).status, 401, 'another address')
    assert.is((await from('10.9.9.9', x.keyA)).status, 200, 'a live key is counted per key')
  })

  test.run()
}

// In-process counters: one Canvass counting in its memory.
defineSuites('in-process counters', 1)

defineSuites(
  'postgres (two instances share counters)',
  2,
  'postgres',
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset',
)
