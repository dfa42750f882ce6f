/**
 * Rate limit settings of the standalone server as real processes: a malformed `CANVASS_RATE_LIMITS` stops it,
 * unset it applies the contract's defaults, `off` turns limits off; server processes with limits on (one
 * counting in memory, two sharing counters through Postgres when TEST_DATABASE_URL is set) stop with exit code
 * 0. The limits themselves (429, headers, windows, counters shared by two instances) are tested on the test
 * bed, in packages/core/test/rate-limits.test.ts.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import { client, newKey, startServer } from './server'
import type { ApiResult } from './server'
import { suitesWithServer } from './suite-server'

const LIMITS = 'client=5/2s,environment=8/2s,management=6/2s'

interface Cluster {
  stop(): Promise<void>
}

async function startCluster(env: Record<string, string>, processes: number): Promise<Cluster> {
  const settings = { ...env, CANVASS_RATE_LIMITS: LIMITS, CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for', CANVASS_INIT_API_KEY: newKey(), CANVASS_INIT_DEV_API_KEY: newKey() }
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
  const servers = suitesWithServer(() => ({ label, env, dispose }), (e) => startCluster(e, processes))
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
