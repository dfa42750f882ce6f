import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass, createWebhookDispatcher } from '../src'
import type { ClaimedDelivery, RateLimitObservation, RequestObservation, Storage, WebhookAttemptObservation, WebhookAttemptResult } from '../src'

/** Answers every storage call with `answers['group.method']`, or null; `fail` names calls that throw instead. */
function storageAnswering(answers: Record<string, unknown>, fail: string[] = []): Storage {
  return new Proxy({} as Storage, {
    get: (_storage, group) =>
      new Proxy(
        {},
        {
          get: (_group, method) => async () => {
            const name = `${String(group)}.${String(method)}`
            if (fail.includes(name)) throw new Error(`${name} failed`)
            return answers[name] ?? null
          },
        },
      ),
  })
}

const KEY = { 'x-api-key': `cvs_${'a'.repeat(43)}` }
const storage = storageAnswering({ 'apiKeys.findByHash': { id: 'key1', environmentId: 'env1', revokedAt: null }, 'surveys.list': [] })
const silent = { error() {}, warn() {} }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const requests = suite('observe.request')

requests('is told the route as registered, the method, status, duration and the request id the answer carries', async () => {
  const seen: RequestObservation[] = []
  const canvass = createCanvass({ storage, logger: silent, basePath: '/feedback', observe: { request: (event) => void seen.push(event) } })
  const one = await canvass.fetch(new Request('http://h/feedback/api/v1/management/surveys/s%201?x=1', { headers: KEY }))
  assert.is(one.status, 404)
  const none = await canvass.fetch(new Request('http://h/feedback/no/such/path'))
  const wrongMethod = await canvass.fetch(new Request('http://h/feedback/api/v1/management/surveys', { method: 'PATCH' }))
  assert.equal(
    seen.map(({ route, method, status }) => [route, method, status]),
    [
      ['/feedback/api/v1/management/surveys/:surveyId', 'GET', 404],
      [null, 'GET', 404],
      ['/feedback/api/v1/management/surveys', 'PATCH', 405],
    ],
    'the pattern, never the raw path; null when no route has that path',
  )
  assert.equal(seen.map((event) => event.requestId), [one, none, wrongMethod].map((answer) => answer.headers.get('x-request-id')))
  for (const event of seen) {
    assert.match(event.requestId, UUID)
    assert.ok(event.durationMs >= 0 && event.durationMs < 5000, `durationMs ${event.durationMs}`)
  }
})

requests('a hook that throws or rejects changes no answer', async () => {
  const rejections: unknown[] = []
  const onRejection = (reason: unknown) => rejections.push(reason)
  process.on('unhandledRejection', onRejection)
  try {
    for (const request of [
      () => {
        throw new Error('a broken hook')
      },
      async () => {
        throw new Error('a broken async hook')
      },
    ]) {
      const canvass = createCanvass({ storage, logger: silent, observe: { request, rateLimited: request }, rateLimits: { management: { limit: 1, windowMs: 60_000 } } })
      const answer = await canvass.fetch(new Request('http://h/api/v1/management/surveys', { headers: KEY }))
      assert.is(answer.status, 200)
      assert.equal(await answer.json(), { data: [] })
      assert.is((await canvass.fetch(new Request('http://h/api/v1/management/surveys', { headers: KEY }))).status, 429)
      assert.ok(canvass.preflight('/api/v1/client/env1/responses', 'content-type'), 'preflight() answers too')
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(rejections, [], 'an async hook\'s rejection is caught')
  } finally {
    process.off('unhandledRejection', onRejection)
  }
})

requests('an unexpected error is logged with the request id its 500 carries', async () => {
  const logged: unknown[][] = []
  const failing = storageAnswering({ 'apiKeys.findByHash': { id: 'key1', environmentId: 'env1', revokedAt: null } }, ['surveys.list'])
  const canvass = createCanvass({ storage: failing, logger: { error: (...args) => void logged.push(args), warn() {} } })
  const answer = await canvass.fetch(new Request('http://h/api/v1/management/surveys', { headers: { ...KEY, 'x-request-id': 'trace-42' } }))
  assert.is(answer.status, 500)
  assert.is(answer.headers.get('x-request-id'), 'trace-42')
  assert.is(logged.length, 1)
  assert.is(logged[0]?.[0], 'Unexpected error while handling GET /api/v1/management/surveys')
  assert.equal(logged[0]?.[2], { requestId: 'trace-42' })
})

const ids = suite('x-request-id')

ids('a sane incoming id is kept, anything else replaced by a new one', async () => {
  const canvass = createCanvass({ storage, logger: silent })
  const idOf = async (value: string) =>
    (await canvass.fetch(new Request('http://h/api/v1/client/env1/nothing', { headers: { 'x-request-id': value } }))).headers.get('x-request-id')
  for (const sane of ['abc', '0f8fad5b-d9cb-469f-a165-70867728950e', 'Root.1:a_b-c', 'x'.repeat(128)]) assert.is(await idOf(sane), sane)
  for (const insane of ['x'.repeat(129), 'a b', '<script>', 'é', '"quoted"']) {
    const id = await idOf(insane)
    assert.match(id ?? '', UUID, JSON.stringify(insane))
  }
})

ids('client answers let another origin read it; a host that gives the id sets the header itself', async () => {
  const seen: RequestObservation[] = []
  const canvass = createCanvass({ storage, logger: silent, observe: { request: (event) => void seen.push(event) } })
  const client = await canvass.fetch(new Request('http://h/api/v1/client/env1/nothing'))
  assert.is(client.headers.get('access-control-expose-headers'), 'x-request-id')
  assert.is(client.headers.get('access-control-allow-origin'), '*')
  const hosted = await canvass.fetch(new Request('http://h/api/v1/management/me', { headers: { 'x-request-id': 'ignored' } }), { requestId: 'from-host' })
  assert.is(hosted.headers.get('x-request-id'), null, 'left to the host')
  assert.is(seen.at(-1)?.requestId, 'from-host')
})

ids('preflight(): the answer carries the host\'s id, or a new one; observed under the client route', () => {
  const seen: RequestObservation[] = []
  const canvass = createCanvass({ storage, logger: silent, observe: { request: (event) => void seen.push(event) } })
  const own = canvass.preflight('/api/v1/client/env1/displays', undefined)
  assert.match(own?.headers['x-request-id'] ?? '', UUID)
  const hosted = canvass.preflight('/api/v1/client/env1/displays', undefined, { requestId: 'from-host' })
  assert.is(hosted?.headers['x-request-id'], 'from-host', 'the host\'s id, in the same record')
  assert.is(canvass.preflight('/api/v1/management/surveys', undefined), undefined)
  assert.equal(
    seen.map(({ route, method, status, requestId }) => [route, method, status, requestId]),
    [
      ['/api/v1/client/:environmentId/displays', 'OPTIONS', 204, own?.headers['x-request-id']],
      ['/api/v1/client/:environmentId/displays', 'OPTIONS', 204, 'from-host'],
    ],
  )
})

const limits = suite('observe.rateLimited')

limits('is told which limit refused the request, under the route whose path it asked for', async () => {
  const refused: RateLimitObservation[] = []
  const statuses: number[] = []
  const canvass = createCanvass({
    storage,
    logger: silent,
    rateLimits: { client: { limit: 1, windowMs: 60_000 } },
    observe: { rateLimited: (event) => void refused.push(event), request: (event) => void statuses.push(event.status) },
  })
  const display = () => canvass.fetch(new Request('http://h/api/v1/client/env1/displays', { method: 'POST', body: '{}' }), { clientAddress: '10.0.0.1' })
  assert.is.not((await display()).status, 429)
  const limited = await display()
  assert.is(limited.status, 429)
  assert.equal(refused, [{ rule: 'client', route: '/api/v1/client/:environmentId/displays', method: 'POST', requestId: limited.headers.get('x-request-id') }])
  assert.is(statuses.at(-1), 429, 'and its answer is observed as any other')
})

const dispatcher = suite('createWebhookDispatcher: observe.attempt')

dispatcher('is told each attempt\'s outcome, status and duration; not of deliveries dropped unsent; a throwing hook stops nothing', async () => {
  const delivery = (id: string, attempts = 0, disabled = false): ClaimedDelivery => ({
    id, webhookId: `hook-${id}`, event: 'responseCreated', url: `https://receiver.example/${id}`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    body: '{}', attempts, disabled, createdAt: new Date(),
  })
  let pending = [delivery('ok'), delivery('busy'), delivery('gone'), delivery('last', 1), delivery('down'), delivery('off', 0, true)]
  const recorded: string[] = []
  const outbox = {
    claim: async () => {
      const claimed = pending
      pending = []
      return claimed
    },
    record: async (outcomes: { id: string; next: { status: string } }[]) => void recorded.push(...outcomes.map((o) => `${o.id}:${o.next.status}`)),
    nextDue: async () => null,
    onWritten: () => () => {},
  }
  const answers: Record<string, WebhookAttemptResult> = {
    ok: { kind: 'response', status: 204, durationMs: 12 },
    busy: { kind: 'response', status: 503, durationMs: 30 },
    gone: { kind: 'response', status: 410, durationMs: 5 },
    last: { kind: 'response', status: 500, durationMs: 7 },
    down: { kind: 'error', errorClass: 'connect', message: 'refused', durationMs: 2 },
  }
  const seen: WebhookAttemptObservation[] = []
  const run = createWebhookDispatcher({
    storage: { webhookDeliveries: outbox } as unknown as Storage,
    transport: { send: async (request) => answers[request.url.split('/').pop() ?? ''] as WebhookAttemptResult },
    schedule: [60_000],
    observe: {
      attempt: (event) => {
        seen.push(event)
        throw new Error('a broken hook')
      },
    },
  })
  const report = await run.runOnce()
  assert.equal(report, { claimed: 6, delivered: 1, retried: 2, failed: 3, released: 0 })
  assert.is(recorded.length, 6, 'every outcome recorded')
  assert.equal(
    seen.map(({ deliveryId, webhookId, event, outcome, status, errorClass, durationMs }) => [deliveryId, webhookId, event, outcome, status, errorClass, durationMs]).sort(),
    [
      ['busy', 'hook-busy', 'responseCreated', 'retried', 503, null, 30],
      ['down', 'hook-down', 'responseCreated', 'retried', null, 'connect', 2],
      ['gone', 'hook-gone', 'responseCreated', 'disabled', 410, null, 5],
      ['last', 'hook-last', 'responseCreated', 'failed', 500, null, 7],
      ['ok', 'hook-ok', 'responseCreated', 'delivered', 204, null, 12],
    ],
  )
})

requests.run()
ids.run()
limits.run()
dispatcher.run()
