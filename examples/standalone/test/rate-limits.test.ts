/**
 * Rate limits of the standalone server (contract §9) over HTTP: 429 with its headers after the limit,
 * recovery after the window, no effect on another environment; in-process counters in one server process, and
 * counters shared through Postgres by two server processes on one database when TEST_DATABASE_URL is set.
 * Limits are small and windows short (`CANVASS_RATE_LIMITS`); the client address comes from
 * `x-forwarded-for` (`CANVASS_CLIENT_ADDRESS_HEADER`) so that one test machine can play several clients.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import { createSurvey } from './fixtures'
import type { Backend } from './fixtures'
import { client, newKey, startServer } from './server'
import type { ApiResult } from './server'
import { suitesWithServer } from './suite-server'

/**
 * Every test waits for a fresh window, and the client test for a second one: short windows keep those waits
 * short, while 2 s still holds a test's burst (a dozen requests) with room to spare on a loaded machine.
 */
const WINDOW_MS = 2000
const LIMITS = `client=5/${WINDOW_MS / 1000}s,environment=8/${WINDOW_MS / 1000}s,management=6/${WINDOW_MS / 1000}s`

/** Waits for the start of the next fixed window, so that a burst of requests falls into one window. */
async function nextWindow(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS) + 100))
}

interface Cluster {
  /** Callers of each server process; all share one database. */
  calls: ReturnType<typeof client>[]
  backend: Backend
  stop(): Promise<void>
}

async function startCluster(env: Record<string, string>, processes: number): Promise<Cluster> {
  const keyA = newKey()
  const keyB = newKey()
  const settings = { ...env, CANVASS_RATE_LIMITS: LIMITS, CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for', CANVASS_INIT_API_KEY: keyA, CANVASS_INIT_DEV_API_KEY: keyB }
  // One after the other: the first one migrates and bootstraps.
  const servers = [await startServer(settings)]
  for (let i = 1; i < processes; i++) servers.push(await startServer(settings))
  const calls = servers.map((server) => client(server.url))
  const call = calls[0]!
  // These two calls count against the management limit of their window; the tests wait for a new one.
  const envA = (await call('GET', '/api/v1/me', { key: keyA })).body.id as string
  const envB = (await call('GET', '/api/v1/me', { key: keyB })).body.id as string
  const backend: Backend = { call, keyA, keyB, envA, envB, url: servers[0]!.url, stop: servers[0]!.stop }
  return {
    calls,
    backend,
    async stop() {
      for (const server of servers) assert.is(await server.stop(), 0)
    },
  }
}

function defineSuites(label: string, processes: number, env: () => Promise<Record<string, string>>, dispose = async () => {}) {
  const servers = suitesWithServer(() => ({ label, env, dispose }), (e) => startCluster(e, processes))
  const c = servers.server

  const test = servers.suite(`${label}: rate limits`)
  test('client routes: 429 with headers after the limit per address, then per environment; another environment is unaffected; recovery after the window', async () => {
    const { calls, backend: x } = await c()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const surveyB = await createSurvey(x, { status: 'inProgress' }, 'B')
    const display = (i: number, ip: string, env = x.envA, surveyId = survey.id) =>
      calls[i % calls.length]!('POST', `/api/v1/client/${env}/displays`, { body: { surveyId }, headers: { 'x-forwarded-for': ip } })
    await nextWindow()
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
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100))
    assert.is((await display(0, '10.0.0.1')).status, 200, 'the next window accepts again')
  })

  test('management routes: limited per key', async () => {
    const { calls, backend: x } = await c()
    await nextWindow()
    for (let i = 0; i < 6; i++) assert.is((await calls[i % calls.length]!('GET', '/api/v1/management/surveys', { key: x.keyA })).status, 200)
    const limited = await calls[0]!('GET', '/api/v1/management/surveys', { key: x.keyA })
    assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
    assert.is(limited.headers.get('ratelimit-policy'), `"management";q=6;w=${WINDOW_MS / 1000}`)
    assert.is(limited.headers.get('access-control-allow-origin'), null)
    assert.is((await calls[calls.length - 1]!('GET', '/api/v1/management/surveys', { key: x.keyB })).status, 200, 'another key')
  })

  test('management routes: made-up keys count per address (401, then 429); a live key from that address keeps its own limit', async () => {
    const { calls, backend: x } = await c()
    const from = (ip: string, key?: string) =>
      calls[Math.floor(Math.random() * calls.length)]!('GET', '/api/v1/management/surveys', { key, headers: { 'x-forwarded-for': ip } })
    await nextWindow()
    // A fresh key per request: made-up keys share their address's counter, so that a key of its own for every
    // request does not escape the limit.
    for (let i = 0; i < 6; i++) assert.is((await from('10.9.9.9', newKey())).status, 401, `made-up key ${i + 1}`)
    const limited = await from('10.9.9.9', newKey())
    assert.equal([limited.status, limited.body.code], [429, 'too_many_requests'])
    assert.is(limited.headers.get('ratelimit-policy'), `"management";q=6;w=${WINDOW_MS / 1000}`)
    assert.is((await from('10.9.9.9')).status, 429, 'no key counts in the same bucket')
    assert.is((await from('10.9.9.8', newKey())).status, 401, 'another address')
    assert.is((await from('10.9.9.9', x.keyA)).status, 200, 'a live key is counted per key')
  })

  test('every server process stops with exit code 0', async () => {
    await c().stop()
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
defaults('CANVASS_RATE_LIMITS unset: the contract\'s client limit (1000/min per environment and address) applies', async () => {
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

// In-process counters are what this suite tests, not the database: the HTTP suites' one, counting in memory.
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
