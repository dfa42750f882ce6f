/**
 * What an operator watches (docs/deploying.md#metrics-and-logs), against the built server: `/metrics` is
 * served only where a setting says (a port of its own, or behind a token), its series move under a load that
 * fires webhooks (delivered, retried, failed, disabled) and is rate limited, the version is labelled, and every answer carries a
 * request id that the JSON log lines carry too. On the HTTP suites' backend; the pool's series on Postgres.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { checkConfig } from '../src/check-config'
import { readConfig } from '../src/config'
import { httpBackend } from './backends'
import type { E2eBackend } from './backends'
import { question } from './fixtures'
import { client, newKey, startServer } from './server'
import type { RunningServer } from './server'

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
const TOKEN = 'metrics-token-0123456789abcdef'
const AUTH = { authorization: `Bearer ${TOKEN}` }
/** Responses whose deliveries the receiver holds, so that the backlog is seen. */
const HELD = 5

/** One sample of the text format: `name{label="value",…} value`. */
interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    assert.ok(match, `a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name as string] = value as string
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

/** The sum of the samples named `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  return found.length === 0 ? undefined : found.reduce((sum, s) => sum + s.value, 0)
}

/** A webhook receiver on loopback: `/ok` answers 204 (held while `hold` is on), `/fail` 503, `/gone` 410. */
async function startReceiver() {
  const held: ServerResponse[] = []
  const hits: Record<string, number> = {}
  let hold = false
  const server: Server = createServer((req: IncomingMessage, res) => {
    req.resume()
    req.on('end', () => {
      const path = req.url ?? ''
      hits[path] = (hits[path] ?? 0) + 1
      if (path === '/ok' && hold) held.push(res)
      else res.writeHead(path === '/ok' ? 204 : path === '/gone' ? 410 : 503).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: (path: string) => base + path,
    hits,
    held: () => held.length,
    hold: () => void (hold = true),
    release() {
      hold = false
      for (const res of held.splice(0)) res.writeHead(204).end()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Checks `check` every 25 ms until it holds. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const http = httpBackend()
interface Started {
  server: RunningServer
  backend: E2eBackend
  /** The backend's variables (`DATABASE_URL` on Postgres). */
  env: Record<string, string>
  key: string
}
let observed: (Started & { metricsUrl: string }) | undefined
let plain: Started | undefined
let receiver: Awaited<ReturnType<typeof startReceiver>>

const test = suite(`metrics and logs (${http.label})`)

test.before(async () => {
  receiver = await startReceiver()
  const start = async (settings: Record<string, string>): Promise<Started> => {
    const backend = http.database()
    const key = newKey()
    const env = await backend.env()
    const server = await startServer({ ...env, CANVASS_INIT_API_KEY: key, ...settings })
    return { server, backend, env, key }
  }
  // Side by side: each start is mostly the server's own work.
  const [one, two] = await Promise.all([
    start({
      CANVASS_METRICS_PORT: '0',
      CANVASS_METRICS_TOKEN: TOKEN,
      CANVASS_LOG: 'json',
      CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
      CANVASS_WEBHOOK_RETRY_SCHEDULE_MS: '50',
      // Per (environment, address): the load's responses come from addresses of their own.
      CANVASS_RATE_LIMITS: 'client=3/60m',
      CANVASS_RATE_LIMIT_STORE: 'memory',
      CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
    }),
    start({}),
  ])
  const metricsUrl = /Canvass metrics at (http:\/\/\S+)/.exec(one.server.output())?.[1]
  assert.ok(metricsUrl, one.server.output())
  observed = { ...one, metricsUrl }
  plain = two
})

test.after(async () => {
  for (const running of [observed, plain]) {
    if (!running) continue
    assert.is(await running.server.stop(), 0, running.server.output())
    await running.backend.dispose()
  }
  await receiver?.close()
})

test('a scrape during a load with webhooks and rate limits finds each series moving', async () => {
  const { server, metricsUrl, key } = observed!
  const call = client(server.url)
  const scrape = async () => {
    const res = await fetch(metricsUrl, { headers: AUTH })
    assert.is(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
    return parseMetrics(await res.text())
  }
  const env = (await call('GET', '/api/v1/me', { key })).body.id as string
  const survey = async (name: string) =>
    (
      await call('POST', '/api/v1/management/surveys', {
        key,
        body: { environmentId: env, name, status: 'inProgress', questions: [question()] },
      })
    ).body.data.id as string
  const [held, failing, gone] = [await survey('held'), await survey('failing'), await survey('gone')]
  for (const [surveyId, path] of [
    [held, '/ok'],
    [failing, '/fail'],
    [gone, '/gone'],
  ] as const) {
    const hook = await call('POST', '/api/v1/webhooks', {
      key,
      body: { url: receiver.url(path), triggers: ['responseCreated'], surveyIds: [surveyId] },
    })
    assert.is(hook.status, 200, hook.text)
  }
  let address = 0
  const respond = async (surveyId: string) => {
    const res = await call('POST', `/api/v1/client/${env}/responses`, {
      body: { surveyId, finished: false, data: { q1: 'hi' } },
      headers: { 'x-forwarded-for': `10.0.0.${++address}` },
    })
    assert.is(res.status, 200, res.text)
  }

  const before = await scrape()
  const count = (samples: Sample[], name: string, labels: Record<string, string> = {}) => valueOf(samples, name, labels) ?? 0
  assert.is(valueOf(before, 'canvass_webhook_backlog'), 0)
  // Which release runs: one series, always 1, labelled with the version in the server's package.json.
  const builds = before.filter((sample) => sample.name === 'canvass_build_info')
  assert.equal(builds, [{ name: 'canvass_build_info', labels: { version: VERSION }, value: 1 }])
  assert.ok(count(before, 'process_resident_memory_bytes') > 0, "the process's memory")
  assert.ok(count(before, 'nodejs_heap_size_used_bytes') > 0)
  // The retention worker ran at start and found no limit set: each kind is there from the first scrape, at 0.
  for (const kind of ['responses', 'displays', 'files']) assert.is(valueOf(before, 'canvass_retention_deleted_total', { kind }), 0)

  // The load: responses whose deliveries the receiver holds, one to a receiver that fails, one to one that is gone.
  receiver.hold()
  for (let i = 0; i < HELD; i++) await respond(held)
  await respond(failing)
  await respond(gone)
  await until('the held deliveries to reach the receiver', () => receiver.held() === HELD)
  const during = await scrape()
  assert.ok(count(during, 'canvass_webhook_backlog') >= HELD, `backlog ${count(during, 'canvass_webhook_backlog')} while ${HELD} are held`)
  assert.ok(valueOf(during, 'canvass_webhook_backlog_due') !== undefined)

  // Rate limited: 3 displays per (environment, address) an hour, whose window must not end mid-burst.
  const left = 3_600_000 - (Date.now() % 3_600_000)
  // Real time: the server process counts on its own clock, which no test can move; wait for the next window.
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) {
    statuses.push(
      (await call('POST', `/api/v1/client/${env}/displays`, { body: { surveyId: held }, headers: { 'x-forwarded-for': '10.9.9.9' } }))
        .status,
    )
  }
  assert.equal(statuses, [200, 200, 200, 429, 429])

  receiver.release()
  let after: Sample[] = []
  const attempts = (outcome: string) =>
    count(after, 'canvass_webhook_deliveries_total', { outcome }) - count(before, 'canvass_webhook_deliveries_total', { outcome })
  await until('every delivery to be settled', async () => {
    after = await scrape()
    return (
      attempts('delivered') >= HELD && attempts('failed') >= 1 && attempts('disabled') >= 1 && count(after, 'canvass_webhook_backlog') === 0
    )
  })
  const moved = (name: string, labels: Record<string, string> = {}) => count(after, name, labels) - count(before, name, labels)

  const responses = { route: '/api/v1/client/:environmentId/responses', method: 'POST' }
  const displays = { route: '/api/v1/client/:environmentId/displays', method: 'POST' }
  assert.is(moved('canvass_http_requests_total', { ...responses, status: '200' }), HELD + 2)
  assert.is(moved('canvass_http_requests_total', { ...displays, status: '200' }), 3)
  assert.is(moved('canvass_http_requests_total', { ...displays, status: '429' }), 2)
  assert.is(moved('canvass_http_request_duration_seconds_count', responses), HELD + 2)
  assert.ok(moved('canvass_http_request_duration_seconds_sum', responses) > 0)
  assert.ok(moved('canvass_http_requests_total', { route: '/metrics', method: 'GET', status: '200' }) >= 2, 'scrapes count too')
  assert.is(moved('canvass_rate_limited_total', { rule: 'client' }), 2)
  assert.is(valueOf(after, 'canvass_audit_log_failures_total'), 0, 'every management write got its audit entry')
  assert.equal(
    ['delivered', 'retried', 'failed', 'disabled'].map(attempts),
    [HELD, 1, 1, 1],
    'held ones delivered; the failing one retried once then failed; the gone one disabled its webhook',
  )
  assert.is(moved('canvass_webhook_attempt_duration_seconds_count'), HELD + 3)
  assert.ok(moved('canvass_webhook_attempt_duration_seconds_sum', { outcome: 'delivered' }) > 0)
  assert.equal([receiver.hits['/ok'], receiver.hits['/fail'], receiver.hits['/gone']], [HELD, 2, 1])
  assert.ok(count(after, 'process_resident_memory_bytes') > 0)

  if (http.label === 'postgres') {
    assert.ok(moved('canvass_db_pool_wait_seconds_count') > 0, 'every query checks a connection out')
    assert.ok(count(after, 'canvass_db_pool_connections') > 0)
    assert.ok(valueOf(after, 'canvass_db_pool_waiting') !== undefined)
    // Connections that break: the pool's idle ones, ended by the server.
    const admin = new pg.Client({ connectionString: observed!.env.DATABASE_URL })
    await admin.connect()
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    } finally {
      await admin.end()
    }
    await until(
      'the lost connections to be counted',
      async () => count(await scrape(), 'canvass_db_pool_errors_total', { kind: 'lost' }) > 0,
    )
    // Each ended connection is noticed on its own: a request may still meet one the pool has not dropped yet
    // (a 503, as documented). The next test starts once requests are answered from new connections again.
    await until(
      'requests to be answered again',
      async () => (await fetch(`${observed!.server.url}/api/v1/me`, { headers: { 'x-api-key': observed!.key } })).status === 200,
    )
  } else {
    assert.is(valueOf(after, 'canvass_db_pool_connections'), undefined, 'embedded PGlite has no pool')
  }
})

test('every answer carries a request id, a sane incoming one echoed; JSON log lines carry the same', async () => {
  const { server, key } = observed!
  const mine = await fetch(`${server.url}/api/v1/me`, { headers: { 'x-api-key': key, 'x-request-id': 'metrics-test-1' } })
  assert.is(mine.status, 200)
  assert.is(mine.headers.get('x-request-id'), 'metrics-test-1')
  const replaced = await fetch(`${server.url}/api/v1/client/nothing/here`, { headers: { 'x-request-id': 'not a sane id' } })
  assert.is(replaced.status, 404)
  const id = replaced.headers.get('x-request-id') ?? ''
  assert.match(id, /^[0-9a-f-]{36}$/)
  assert.is(replaced.headers.get('access-control-expose-headers'), 'x-request-id, retry-after', 'a widget on another origin may read it')
  const health = await fetch(`${server.url}/health`, { headers: { 'x-request-id': 'metrics-test-2' } })
  assert.is(health.headers.get('x-request-id'), 'metrics-test-2')

  const lineOf = async (requestId: string) => {
    let found: Record<string, unknown> | undefined
    await until(`the log line of ${requestId}`, () => {
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
      found = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.requestId === requestId)
      return found !== undefined
    })
    return found as Record<string, unknown>
  }
  const line = await lineOf('metrics-test-1')
  assert.equal(Object.keys(line), ['level', 'time', 'requestId', 'method', 'route', 'status', 'durationMs'])
  assert.equal([line.level, line.method, line.route, line.status], ['info', 'GET', '/api/v1/me', 200])
  assert.ok(!Number.isNaN(Date.parse(line.time as string)))
  assert.type(line.durationMs, 'number')
  const miss = await lineOf(id)
  assert.equal([miss.route, miss.status], [null, 404], 'no route has the path: its route is null, never the path')
  const ownAnswer = await lineOf('metrics-test-2')
  assert.equal([ownAnswer.route, ownAnswer.status], ['/health', 200])
})

test("the metrics port serves /metrics only; a token guards /metrics on every port (401 in the API's error shape)", async () => {
  const { server, metricsUrl } = observed!
  assert.is((await fetch(metricsUrl.replace(/\/metrics$/, '/health'))).status, 404, 'nothing else on the metrics port')
  for (const url of [metricsUrl, `${server.url}/metrics`]) {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const refused = await fetch(url, { headers })
      assert.is(refused.status, 401, `${url} ${JSON.stringify(headers)}`)
      assert.equal(await refused.json(), {
        code: 'not_authenticated',
        message: 'The metrics need Authorization: Bearer <CANVASS_METRICS_TOKEN>',
        details: {},
      })
      assert.is(refused.headers.get('www-authenticate'), 'Bearer realm="metrics"')
      assert.is(refused.headers.get('cache-control'), 'private, no-store')
    }
    const got = await fetch(url, { headers: AUTH })
    assert.is(got.status, 200, url)
    await got.text()
    // HEAD answers as GET does, without the body.
    const head = await fetch(url, { method: 'HEAD', headers: AUTH })
    assert.is(head.status, 200, `HEAD ${url}`)
    assert.is(head.headers.get('content-type'), got.headers.get('content-type'))
    assert.is(await head.text(), '')
    assert.is((await fetch(url, { method: 'HEAD' })).status, 401, `HEAD ${url} without the token`)
  }
})

test('without a metrics setting /metrics is a path like any other (404), and no request is logged', async () => {
  const { server, key } = plain!
  const res = await fetch(`${server.url}/metrics`, { headers: AUTH })
  assert.is(res.status, 404)
  assert.equal(await res.json(), {
    code: 'not_found',
    message: 'Route not found',
    details: { resource_id: '/metrics', resource_type: 'Route' },
  })
  assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  const me = await fetch(`${server.url}/api/v1/me`, { headers: { 'x-api-key': key, 'x-request-id': 'plain-1' } })
  assert.is(me.headers.get('x-request-id'), 'plain-1')
  assert.not.match(server.output(), /"level"/, 'request lines are opt-in')
})

test.run()

const settings = suite('metrics and log settings')

settings('a wrong value is refused with one line naming it; the token is not printed', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-metrics-config-'))
  const refusal = (env: Record<string, string>): Promise<string> =>
    checkConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env }).then(
      () => {
        throw new Error(`accepted ${JSON.stringify(env)}`)
      },
      (error: Error) => error.message,
    )
  try {
    assert.is(
      await refusal({ CANVASS_METRICS_PORT: '99999' }),
      'CANVASS_METRICS_PORT must be a port number from 0 to 65535, got "99999": set it to e.g. 9464',
    )
    assert.match(await refusal({ PORT: '9464', CANVASS_METRICS_PORT: '9464' }), /^CANVASS_METRICS_PORT must differ from PORT \(9464\)/)
    assert.match(await refusal({ CANVASS_METRICS_HOST: '0.0.0.0' }), /^CANVASS_METRICS_HOST is set but CANVASS_METRICS_PORT is not/)
    const short = await refusal({ CANVASS_METRICS_TOKEN: 'my secret' })
    assert.match(short, /^CANVASS_METRICS_TOKEN must be 16 to 512 visible ASCII characters without spaces .*; got 9 characters$/)
    assert.not.match(short, /my secret/)
    assert.match(await refusal({ CANVASS_LOG: 'yaml' }), /^CANVASS_LOG must be "json" .* or "text", got "yaml"$/)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})

settings('CANVASS_AUDIT_LOG_RETENTION_DAYS: 365 days unless set, off keeps every entry, a wrong value is refused', async () => {
  assert.is(readConfig({}).auditLogRetentionDays, 365)
  assert.is(readConfig({ CANVASS_AUDIT_LOG_RETENTION_DAYS: '30' }).auditLogRetentionDays, 30)
  assert.is(readConfig({ CANVASS_AUDIT_LOG_RETENTION_DAYS: 'off' }).auditLogRetentionDays, null)
  for (const value of ['0', '-1', '1.5', '36501', 'never']) {
    assert.throws(
      () => readConfig({ CANVASS_AUDIT_LOG_RETENTION_DAYS: value }),
      (error: Error) =>
        error.message === `CANVASS_AUDIT_LOG_RETENTION_DAYS must be a number of days from 1 to 36500, or "off", got "${value}"`,
      value,
    )
  }
})

settings.run()
