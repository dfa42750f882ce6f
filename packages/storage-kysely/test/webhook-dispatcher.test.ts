import { PGlite } from '@electric-sql/pglite'
import { createCanvass, createFetchWebhookTransport, createWebhookDispatcher } from '@canvass/core'
import type { Canvass, WebhookDispatcherOptions } from '@canvass/core'
import { Kysely, PGliteDialect } from 'kysely'
import { HttpResponse, delay, http } from 'msw'
import { setupServer } from 'msw/node'
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'

// The dispatcher over real storage (PGlite), with msw answering the outgoing webhook requests.
const RECEIVER = 'https://receiver.example/hook'
const received: { url: string; headers: Headers; body: string }[] = []
let answer: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 204 })
const server = setupServer(
  http.post('https://receiver.example/*', async ({ request }) => {
    received.push({ url: request.url, headers: request.headers, body: await request.clone().text() })
    return answer(request)
  }),
)

interface World {
  canvass: Canvass
  storage: ReturnType<typeof createKyselyStorage>
  key: string
  environmentId: string
  surveyId: string
  db: Kysely<unknown>
}

async function world(): Promise<World> {
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: new PGlite() }) })
  await migrate(db)
  const storage = createKyselyStorage({ db })
  const canvass = createCanvass({ storage })
  const project = await canvass.admin.createProject({ name: 'Dispatch' })
  const environmentId = project.environments.production
  const { key } = await canvass.admin.createApiKey({ environmentId })
  const survey = await api(canvass, key, 'POST', '/api/v1/management/surveys', {
    environmentId,
    name: 'Dispatch survey',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
  })
  return { canvass, storage, key, environmentId, surveyId: survey.data.id, db }
}

async function api(canvass: Canvass, key: string, method: string, path: string, body?: unknown) {
  const response = await canvass.fetch(
    new Request(`http://canvass.test${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  )
  const json = await response.json()
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

async function respond(w: World, finished = false, surveyId = w.surveyId): Promise<string> {
  const response = await w.canvass.fetch(
    new Request(`http://canvass.test/api/v1/client/${w.environmentId}/responses`, {
      method: 'POST',
      body: JSON.stringify({ surveyId, finished, data: { q1: 'hello' } }),
    }),
  )
  assert.is(response.status, 200)
  return ((await response.json()) as { data: { id: string } }).data.id
}

/** A clock the test moves by hand, starting a little ahead of the responses' timestamps. */
function clock() {
  let at = Date.now() + 1000
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) }
}

function dispatcher(w: World, options: Partial<WebhookDispatcherOptions> = {}) {
  return createWebhookDispatcher({
    storage: w.storage,
    transport: createFetchWebhookTransport(),
    random: () => 0.5,
    logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
    ...options,
  })
}

const test = suite('webhook dispatcher')
let w: World
test.before(() => server.listen({ onUnhandledFrame: 'error' }))
test.before.each(async () => {
  received.length = 0
  answer = () => new Response(null, { status: 204 })
  w = await world()
})
test.after.each(async () => {
  server.resetHandlers()
  await w.db.destroy()
})
test.after(() => server.close())

test('sends each matching event once, signed per Standard Webhooks, with the stored payload', async () => {
  const other = await api(w.canvass, w.key, 'POST', '/api/v1/management/surveys', {
    environmentId: w.environmentId, name: 'Other', status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
  })
  const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated', 'responseFinished'], surveyIds: [w.surveyId] })).data
  await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: `${RECEIVER}/updates`, trigger: ['responseUpdated'] })
  const responseId = await respond(w, true)
  await respond(w, true, other.data.id)
  const report = await dispatcher(w).runOnce()
  assert.equal(report, { claimed: 2, delivered: 2, retried: 0, failed: 0 })
  assert.equal(received.map((r) => JSON.parse(r.body).event).sort(), ['responseCreated', 'responseFinished'])
  const verifier = new Webhook(hook.secret)
  for (const request of received) {
    assert.is(request.url, RECEIVER)
    assert.is(request.headers.get('content-type'), 'application/json')
    const payload = verifier.verify(request.body, Object.fromEntries(request.headers)) as Record<string, any>
    assert.is(payload.webhookId, hook.id)
    assert.is(payload.data.id, responseId)
    assert.equal(payload.data.survey, { id: w.surveyId, name: 'Dispatch survey', type: 'link', status: 'inProgress' })
    // An independent computation of the signature, so that the check does not rest on one library.
    const id = request.headers.get('webhook-id') as string
    const timestamp = request.headers.get('webhook-timestamp') as string
    const mac = createHmac('sha256', Buffer.from(hook.secret.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${request.body}`)
      .digest('base64')
    assert.is(request.headers.get('webhook-signature'), `v1,${mac}`)
  }
  assert.equal(await dispatcher(w).runOnce(), { claimed: 0, delivered: 0, retried: 0, failed: 0 }, 'nothing twice')
  const deliveries = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
  assert.equal(deliveries.map((d: any) => d.status), ['delivered', 'delivered'])
  assert.is(deliveries[0].attempts[0].status, 204)
})

test('follows the schedule under a controllable clock, same id and bytes on every attempt, then fails', async () => {
  const c = clock()
  await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
  await respond(w)
  answer = () => new Response('busy', { status: 503 })
  const schedule = [5_000, 300_000, 1_800_000]
  const d = dispatcher(w, { now: c.now, schedule })
  assert.is((await d.runOnce()).retried, 1)
  for (const wait of schedule) {
    c.advance(wait - 1)
    assert.is((await d.runOnce()).claimed, 0, `not before ${wait} ms`)
    c.advance(1)
    assert.is((await d.runOnce()).claimed, 1, `at ${wait} ms`)
  }
  assert.is(received.length, 4)
  assert.is(new Set(received.map((r) => r.headers.get('webhook-id'))).size, 1, 'webhook-id is stable')
  assert.is(new Set(received.map((r) => r.body)).size, 1, 'the same bytes every time')
  c.advance(100 * 3_600_000)
  assert.is((await d.runOnce()).claimed, 0, 'failed for good after the last scheduled attempt')
})

test('jitter stays within ±20 %, and Retry-After on a 429 is honoured', async () => {
  const c = clock()
  const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
  await respond(w)
  answer = () => new Response(null, { status: 429, headers: { 'retry-after': '120' } })
  const d = dispatcher(w, { now: c.now, random: () => 0.999 })
  await d.runOnce()
  const [delivery] = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
  assert.is(Date.parse(delivery.nextAttemptAt) - c.now().getTime(), 120_000, 'Retry-After beats the 5 s step')
  answer = () => new Response(null, { status: 500 })
  c.advance(120_000)
  await d.runOnce()
  const [after] = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
  const wait = Date.parse(after.nextAttemptAt) - c.now().getTime()
  assert.ok(wait > 300_000 && wait <= 360_000, `5 min step with jitter, got ${wait}`)
  assert.equal(after.attempts.map((a: any) => a.status), [429, 500])
})

test('a 3xx is a failure and is not followed; a timeout is recorded as such', async () => {
  const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
  await respond(w)
  answer = () => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest' } })
  assert.is((await dispatcher(w).runOnce()).retried, 1)
  assert.is(received.length, 1, 'the redirect was not followed')
  const c = clock()
  c.advance(10_000)
  answer = async () => {
    await delay('infinite')
    return new Response(null)
  }
  assert.is((await dispatcher(w, { now: c.now, timeoutMs: 100 }).runOnce()).retried, 1)
  const [delivery] = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
  assert.equal(delivery.attempts.map((a: any) => [a.status, a.errorClass]), [[302, null], [null, 'timeout']])
})

test('410 disables the webhook and fails its pending deliveries', async () => {
  const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
  await respond(w)
  await respond(w)
  answer = () => new Response(null, { status: 410 })
  const report = await dispatcher(w, { concurrency: 1, batchSize: 1 }).runOnce()
  assert.is(received.length, 1, 'one attempt, then the webhook is off')
  assert.is(report.failed, 1)
  await respond(w)
  assert.is((await dispatcher(w).runOnce()).delivered, 0)
  const deliveries = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
  assert.equal(deliveries.map((d: any) => d.status), ['failed', 'failed'], 'no delivery for the response after the 410')
})

test('deleting a webhook stops delivery at once', async () => {
  const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
  await respond(w)
  await api(w.canvass, w.key, 'DELETE', `/api/v1/webhooks/${hook.id}`)
  await respond(w)
  assert.equal(await dispatcher(w).runOnce(), { claimed: 0, delivered: 0, retried: 0, failed: 0 })
  assert.is(received.length, 0)
})

test('create refuses literal private and loopback hosts unless the instance allows them', async () => {
  const post = (canvass: Canvass, url: string) =>
    canvass.fetch(new Request('http://canvass.test/api/v1/webhooks', {
      method: 'POST',
      headers: { 'x-api-key': w.key },
      body: JSON.stringify({ url, triggers: ['responseCreated'] }),
    }))
  for (const url of ['http://127.0.0.1/h', 'http://[::1]/h', 'http://10.0.0.5/h', 'http://169.254.169.254/latest', 'http://0x7f.1/', 'http://localhost:8080/', 'ftp://example.com/']) {
    const res = await post(w.canvass, url)
    assert.is(res.status, 400, url)
    const body = (await res.json()) as { code: string; details: Record<string, string> }
    assert.is(body.code, 'bad_request')
    assert.ok('url' in body.details, url)
  }
  assert.is((await post(w.canvass, 'https://hooks.example.com/x')).status, 200, 'a host name is checked at delivery, not here')
  const allowing = createCanvass({ storage: w.storage, webhooks: { allowPrivateAddresses: true } })
  assert.is((await post(allowing, 'http://127.0.0.1:9/h')).status, 200, 'allowed for local development')
})

test('the loop wakes at once on a write of this process and stops cleanly', async () => {
  await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
  const d = dispatcher(w, { pollIntervalMs: 3_600_000 })
  d.start()
  await respond(w)
  for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  await d.stop()
  assert.is(received.length, 1, 'delivered without waiting for the (hour-long) poll')
})

test.run()
