/**
 * OpenTelemetry (docs/deploying.md, "OpenTelemetry"), against the built server: one process started with the
 * standard `OTEL_*` variables pointing at an OTLP/HTTP receiver on loopback (JSON, `OTEL_EXPORTER_OTLP_PROTOCOL=
 * http/json`), and a real flow: a survey, a webhook to a receiver on loopback that records headers, a response.
 * What arrives: request spans with their route, status and environment and nothing personal; the statements as
 * children of their request; the webhook's delivery span, whose context the receiver got as `traceparent`, under
 * the dispatcher's job span; the request duration metric. And without the variables no SDK is loaded at all.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readTelemetrySettings } from '../src/telemetry-settings'
import { httpBackend } from './backends'
import type { E2eBackend } from './backends'
import { question } from './fixtures'
import { client, newKey, startServer } from './server'
import type { RunningServer } from './server'

/** A span as OTLP/JSON carries it, with its attributes made a plain object. */
interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId: string
  name: string
  kind: number
  attributes: Record<string, unknown>
  status: { code?: number }
  scope: string
}

const SERVER = 2
const CLIENT = 3
/** What the test sends that must never reach a span: an address, a user id, an answer, the API key. */
const EMAIL = 'respondent@example.com'
const USER_ID = 'user-4711'
const ANSWER = 'The answer that stays private'

/** An OTLP/HTTP receiver on loopback that keeps what it is sent, as JSON. */
async function startCollector() {
  const spans: ReceivedSpan[] = []
  const metricNames = new Set<string>()
  const metricPoints: Array<{ name: string; attributes: Record<string, unknown> }> = []
  const bodies: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      bodies.push(text)
      const body = JSON.parse(text)
      if (req.url === '/v1/traces') {
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                ...span,
                parentSpanId: span.parentSpanId ?? '',
                attributes: attributesOf(span.attributes),
                scope: scope.scope?.name ?? '',
              })
      } else if (req.url === '/v1/metrics') {
        for (const resource of body.resourceMetrics ?? [])
          for (const scope of resource.scopeMetrics ?? [])
            for (const metric of scope.metrics ?? []) {
              metricNames.add(metric.name)
              for (const point of metric.histogram?.dataPoints ?? [])
                metricPoints.push({ name: metric.name, attributes: attributesOf(point.attributes) })
            }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    metricNames,
    metricPoints,
    everything: () => bodies.join('\n'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function attributesOf(list: Array<{ key: string; value: Record<string, unknown> }> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const { key, value } of list ?? []) {
    const [kind, raw] = Object.entries(value)[0] ?? []
    out[key] = kind === 'intValue' ? Number(raw) : raw
  }
  return out
}

/** A webhook receiver on loopback that records each delivery's headers. */
async function startReceiver() {
  const received: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(req.headers)
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function until<T>(what: string, find: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const http = httpBackend()
let collector: Awaited<ReturnType<typeof startCollector>>
let receiver: Awaited<ReturnType<typeof startReceiver>>
let backend: E2eBackend
let server: RunningServer | undefined
const key = newKey()

const test = suite(`OpenTelemetry from the server (${http.label})`)

test.before(async () => {
  ;[collector, receiver] = await Promise.all([startCollector(), startReceiver()])
  backend = http.database()
  server = await startServer({
    ...(await backend.env()),
    CANVASS_INIT_API_KEY: key,
    CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'canvass-under-test',
    // Spans and metrics every tenth of a second, rather than every 5 s and every minute.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    OTEL_METRIC_EXPORT_INTERVAL: '200',
  })
})

test.after(async () => {
  if (server) assert.is(await server.stop(), 0, server.output())
  await backend?.dispose()
  await Promise.all([collector?.close(), receiver?.close()])
})

test('a survey, a webhook and a response: spans of requests, statements, a delivery and a job', async () => {
  const call = client(server!.url)
  const said = /OpenTelemetry: traces by OTLP \(http\/json\), metrics by OTLP \(http\/json\), as service canvass-under-test/
  await until('the start line saying what is exported', () => (said.test(server!.output()) ? true : undefined))
  const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
  // A caller's trace goes on through Canvass: its `traceparent` is the survey create's parent.
  const callerTrace = '0af7651916cd43dd8448eb211c80319c'
  const survey = await call('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name: 'Traced', status: 'inProgress', questions: [question()] },
    headers: { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
  })
  assert.is(survey.status, 200, survey.text)
  const surveyId = survey.body.data.id as string
  const hook = await call('POST', '/api/v1/webhooks', { key, body: { url: receiver.url, triggers: ['responseCreated'] } })
  assert.is(hook.status, 200, hook.text)
  const response = await call('POST', `/api/v1/client/${environmentId}/responses?email=${encodeURIComponent(EMAIL)}`, {
    body: { surveyId, userId: USER_ID, finished: true, data: { q1: ANSWER, email: EMAIL } },
  })
  assert.is(response.status, 200, response.text)

  const headers = await until('the delivery at the receiver', () => receiver.received[0])
  const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(headers.traceparent))
  assert.ok(traceparent, `a sampled W3C traceparent: ${headers.traceparent}`)
  const [, deliveryTrace, deliverySpanId] = traceparent
  const delivery = await until('the delivery span', () => collector.spans.find((span) => span.spanId === deliverySpanId))
  assert.is(delivery.name, 'webhook delivery')
  assert.is(delivery.traceId, deliveryTrace, "the receiver's traceparent names the delivery span's trace")
  assert.is(delivery.kind, CLIENT)
  assert.is(delivery.attributes['canvass.webhook.outcome'], 'delivered')
  assert.is(delivery.attributes['http.response.status_code'], 204)
  assert.is(delivery.attributes['canvass.webhook.event'], 'responseCreated')
  assert.is(delivery.attributes['canvass.webhook.id'], hook.body.data.id)
  const job = await until('the dispatcher job span', () => collector.spans.find((span) => span.spanId === delivery.parentSpanId))
  assert.is(job.name, 'canvass.job webhooks', 'the delivery is a child of the claim that took it')
  assert.is(job.attributes['canvass.job'], 'webhooks')
  assert.is(job.parentSpanId, '', 'a job is the root of its trace')
  const jobStatements = collector.spans.filter(
    (span) => span.parentSpanId === job.spanId && span.attributes['db.system.name'] === 'postgresql',
  )
  assert.ok(jobStatements.length > 0, "the claim's statements are the job's children")

  const requestSpan = (name: string) => until(name, () => collector.spans.find((span) => span.name === name && span.kind === SERVER))
  const create = await requestSpan('POST /api/v1/client/:environmentId/responses')
  assert.equal(
    {
      route: create.attributes['http.route'],
      method: create.attributes['http.request.method'],
      status: create.attributes['http.response.status_code'],
      environment: create.attributes['canvass.environment.id'],
    },
    { route: '/api/v1/client/:environmentId/responses', method: 'POST', status: 200, environment: environmentId },
  )
  const me = await requestSpan('GET /api/v1/me')
  assert.is(me.attributes['canvass.environment.id'], environmentId, "a key's request names the key's environment")
  const lookup = await until('the key lookup under GET /api/v1/me', () =>
    collector.spans.find((span) => span.parentSpanId === me.spanId && span.name === 'SELECT canvass.api_keys'),
  )
  assert.equal(
    {
      traceId: lookup.traceId,
      kind: lookup.kind,
      operation: lookup.attributes['db.operation.name'],
      table: lookup.attributes['db.collection.name'],
    },
    { traceId: me.traceId, kind: CLIENT, operation: 'SELECT', table: 'canvass.api_keys' },
  )
  const writes = collector.spans.filter((span) => span.parentSpanId === create.spanId && span.attributes['db.system.name'] === 'postgresql')
  assert.ok(writes.length > 0, "the response create's statements are its children")
  const surveyCreate = await requestSpan('POST /api/v1/management/surveys')
  assert.is(surveyCreate.traceId, callerTrace, "the caller's traceparent is continued")
  assert.is(surveyCreate.parentSpanId, 'b7ad6b7169203331')

  // Nothing personal anywhere in what was exported: no address, user id, answer, query, key or client address.
  const everything = collector.everything()
  for (const secret of [EMAIL, encodeURIComponent(EMAIL), USER_ID, ANSWER, key, '?email=']) {
    assert.not.ok(everything.includes(secret), `${secret} is in an exported span`)
  }
  const keys = new Set(collector.spans.flatMap((span) => Object.keys(span.attributes)))
  for (const never of [
    'url.full',
    'url.path',
    'url.query',
    'client.address',
    'network.peer.address',
    'user_agent.original',
    'db.query.text',
  ]) {
    assert.not.ok(keys.has(never), `no span carries ${never}`)
  }
  const requestKeys = new Set(collector.spans.filter((span) => span.kind === SERVER).flatMap((span) => Object.keys(span.attributes)))
  assert.equal([...requestKeys].sort(), [
    'canvass.environment.id',
    'canvass.request.id',
    'http.request.method',
    'http.response.status_code',
    'http.route',
  ])

  // The request metric, by route.
  await until('http.server.request.duration', () =>
    collector.metricPoints.find(
      (point) => point.name === 'http.server.request.duration' && point.attributes['http.route'] === '/api/v1/me',
    ),
  )
  console.log(
    `OpenTelemetry: ${collector.spans.length} spans received (${collector.spans.filter((span) => span.kind === SERVER).length} requests, ` +
      `${collector.spans.filter((span) => span.attributes['db.system.name']).length} statements, ` +
      `${collector.spans.filter((span) => span.name.startsWith('canvass.job')).length} jobs); metrics: ${[...collector.metricNames].join(', ')}`,
  )
})

test('without OTEL_* variables no SDK is loaded: nothing asks for one, and the start reaches none', () => {
  assert.is(readTelemetrySettings({}), undefined)
  assert.is(readTelemetrySettings({ OTEL_SERVICE_NAME: 'canvass', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }), undefined)
  assert.is(readTelemetrySettings({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }), undefined)
  assert.is(
    readTelemetrySettings({ OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }),
    undefined,
  )
  assert.ok(readTelemetrySettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces` })?.traces)
  // The built server: the SDK is in a chunk of its own that no module imports statically (what a start loads
  // whatever the settings), only `startTelemetry`'s dynamic import, which runs when the settings above ask.
  const dist = new URL('../dist/', import.meta.url)
  const files = readdirSync(dist).filter((name) => name.endsWith('.js'))
  const read = (name: string) => readFileSync(new URL(name, dist), 'utf8')
  // The OTLP exporter's path marks the SDK's code.
  const sdkChunks = files.filter((name) => read(name).includes('v1/traces'))
  assert.equal(sdkChunks.length, 1, `one chunk holds the SDK: ${sdkChunks.join(', ')}`)
  const sdk = sdkChunks[0]!
  assert.not.ok(['main.js', 'cli.js', 'index.js'].includes(sdk))
  const staticImporters = files.filter((name) => new RegExp(`(from|import)\\s*["']\\./${sdk.replaceAll('.', '\\.')}["']`).test(read(name)))
  assert.equal(staticImporters, [], 'no module imports the SDK statically')
  const dynamicImporters = files.filter((name) => read(name).includes(`import("./${sdk}")`))
  assert.equal(dynamicImporters.length, 1, 'one dynamic import loads it')
})

test.run()
