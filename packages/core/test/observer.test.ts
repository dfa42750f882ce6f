import { createTestClock, sql, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass, createWebhookDispatcher } from '../src'
import type {
  CanvassOptions,
  RateLimitObservation,
  RequestObservation,
  Storage,
  WebhookAttemptObservation,
  WebhookAttemptResult,
} from '../src'

// Each suite has a bed: its storage under the Canvass instances a test makes, its `keyA` the key requests send.
const { test: requests, bed: requestsBed } = suiteWithBed('observe.request', { widgetBundles: false })
const { test: ids, bed: idsBed } = suiteWithBed('x-request-id', { widgetBundles: false })
const { test: limits, bed: limitsBed } = suiteWithBed('observe.rateLimited', { widgetBundles: false })
const clock = createTestClock(Date.now() + 1000)
const { test: dispatcher, bed: dispatcherBed } = suiteWithBed('createWebhookDispatcher: observe.attempt', { widgetBundles: false, clock })
const on = (bed: () => TestCanvass, options: Omit<CanvassOptions, 'storage'>) => createCanvass({ storage: bed().storage, ...options })
const key = () => ({ 'x-api-key': requestsBed().keyA })
const silent = { error() {}, warn() {} }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

requests('is told the route as registered, the method, status, duration and the request id the answer carries', async () => {
  const seen: RequestObservation[] = []
  const canvass = on(requestsBed, { logger: silent, basePath: '/feedback', observe: { request: (event) => void seen.push(event) } })
  const one = await canvass.fetch(new Request('http://h/feedback/api/v1/management/surveys/s%201?x=1', { headers: key() }))
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
  assert.equal(
    seen.map((event) => event.requestId),
    [one, none, wrongMethod].map((answer) => answer.headers.get('x-request-id')),
  )
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
      const canvass = on(requestsBed, {
        logger: silent,
        observe: { request, rateLimited: request },
        rateLimits: { management: { limit: 1, windowMs: 60_000 } },
      })
      const answer = await canvass.fetch(new Request('http://h/api/v1/management/surveys', { headers: key() }))
      assert.is(answer.status, 200)
      assert.equal(await answer.json(), { data: [] })
      assert.is((await canvass.fetch(new Request('http://h/api/v1/management/surveys', { headers: key() }))).status, 429)
      assert.ok(canvass.preflight('/api/v1/client/env1/responses', 'content-type'), 'preflight() answers too')
    }
    // Node reports a promise rejected without a handler once the microtasks have run: before the next turn.
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(rejections, [], "an async hook's rejection is caught")
  } finally {
    process.off('unhandledRejection', onRejection)
  }
})

requests('an unexpected error is logged with the request id its 500 carries', async () => {
  const logged: unknown[][] = []
  // The bed's storage, whose survey list fails unexpectedly.
  const { storage } = requestsBed()
  const failing: Storage = {
    ...storage,
    surveys: { ...storage.surveys, list: async () => Promise.reject(new Error('surveys.list failed')) },
  }
  const canvass = createCanvass({ storage: failing, logger: { error: (...args) => void logged.push(args), warn() {} } })
  const answer = await canvass.fetch(
    new Request('http://h/api/v1/management/surveys', { headers: { ...key(), 'x-request-id': 'trace-42' } }),
  )
  assert.is(answer.status, 500)
  assert.is(answer.headers.get('x-request-id'), 'trace-42')
  assert.is(logged.length, 1)
  assert.is(logged[0]?.[0], 'Unexpected error while handling GET /api/v1/management/surveys')
  assert.equal(logged[0]?.[2], { requestId: 'trace-42' })
})

ids('a sane incoming id is kept, anything else replaced by a new one', async () => {
  const canvass = on(idsBed, { logger: silent })
  const idOf = async (value: string) =>
    (await canvass.fetch(new Request('http://h/api/v1/client/env1/nothing', { headers: { 'x-request-id': value } }))).headers.get(
      'x-request-id',
    )
  for (const sane of ['abc', '0f8fad5b-d9cb-469f-a165-70867728950e', 'Root.1:a_b-c', 'x'.repeat(128)]) assert.is(await idOf(sane), sane)
  for (const insane of ['x'.repeat(129), 'a b', '<script>', 'é', '"quoted"']) {
    const id = await idOf(insane)
    assert.match(id ?? '', UUID, JSON.stringify(insane))
  }
})

ids('client answers let another origin read it; a host that gives the id sets the header itself', async () => {
  const seen: RequestObservation[] = []
  const canvass = on(idsBed, { logger: silent, observe: { request: (event) => void seen.push(event) } })
  const client = await canvass.fetch(new Request('http://h/api/v1/client/env1/nothing'))
  assert.is(client.headers.get('access-control-expose-headers'), 'x-request-id, retry-after')
  assert.is(client.headers.get('access-control-allow-origin'), '*')
  const hosted = await canvass.fetch(new Request('http://h/api/v1/management/me', { headers: { 'x-request-id': 'ignored' } }), {
    requestId: 'from-host',
  })
  assert.is(hosted.headers.get('x-request-id'), null, 'left to the host')
  assert.is(seen.at(-1)?.requestId, 'from-host')
})

ids("preflight(): the answer carries the host's id, or a new one; observed under the client route", () => {
  const seen: RequestObservation[] = []
  const canvass = on(idsBed, { logger: silent, observe: { request: (event) => void seen.push(event) } })
  const own = canvass.preflight('/api/v1/client/env1/displays', undefined)
  assert.match(own?.headers['x-request-id'] ?? '', UUID)
  const hosted = canvass.preflight('/api/v1/client/env1/displays', undefined, { requestId: 'from-host' })
  assert.is(hosted?.headers['x-request-id'], 'from-host', "the host's id, in the same record")
  assert.is(canvass.preflight('/api/v1/management/surveys', undefined), undefined)
  assert.equal(
    seen.map(({ route, method, status, requestId }) => [route, method, status, requestId]),
    [
      ['/api/v1/client/:environmentId/displays', 'OPTIONS', 204, own?.headers['x-request-id']],
      ['/api/v1/client/:environmentId/displays', 'OPTIONS', 204, 'from-host'],
    ],
  )
})

limits('is told which limit refused the request, under the route whose path it asked for', async () => {
  const refused: RateLimitObservation[] = []
  const statuses: number[] = []
  const canvass = on(limitsBed, {
    logger: silent,
    rateLimits: { client: { limit: 1, windowMs: 60_000 } },
    observe: { rateLimited: (event) => void refused.push(event), request: (event) => void statuses.push(event.status) },
  })
  const display = () =>
    canvass.fetch(new Request('http://h/api/v1/client/env1/displays', { method: 'POST', body: '{}' }), { clientAddress: '10.0.0.1' })
  assert.is.not((await display()).status, 429)
  const limited = await display()
  assert.is(limited.status, 429)
  assert.equal(refused, [
    { rule: 'client', route: '/api/v1/client/:environmentId/displays', method: 'POST', requestId: limited.headers.get('x-request-id') },
  ])
  assert.is(statuses.at(-1), 429, 'and its answer is observed as any other')
})

dispatcher(
  "is told each attempt's outcome, status and duration; not of deliveries dropped unsent; a throwing hook stops nothing",
  async () => {
    // Six webhooks on the bed: `last` already failed once (one retry in the schedule), `off` was disabled after
    // its delivery was written (by hand here; a 410 is what disables one in use); the other four have one
    // delivery each, not yet tried.
    const bed = dispatcherBed()
    const { call, envA, keyA } = bed
    const survey = async () => {
      const made = await call('POST', '/api/v1/management/surveys', {
        key: keyA,
        body: {
          environmentId: envA,
          name: 'observed',
          status: 'inProgress',
          questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
        },
      })
      return made.body.data.id as string
    }
    const webhook = async (name: string, surveyId: string) =>
      (
        await call('POST', '/api/v1/webhooks', {
          key: keyA,
          body: { url: `https://receiver.example/${name}`, triggers: ['responseCreated'], surveyIds: [surveyId] },
        })
      ).body.data.id as string
    const respond = async (surveyId: string) => {
      const made = await call('POST', `/api/v1/client/${envA}/responses`, { body: { surveyId, finished: false, data: { q1: 'a' } } })
      assert.is(made.status, 200, made.text)
    }
    const first = await survey()
    const second = await survey()
    const hooks: Record<string, string> = { last: await webhook('last', first) }
    await respond(first)
    const answers: Record<string, WebhookAttemptResult> = {
      ok: { kind: 'response', status: 204, durationMs: 12 },
      busy: { kind: 'response', status: 503, durationMs: 30 },
      gone: { kind: 'response', status: 410, durationMs: 5 },
      last: { kind: 'response', status: 500, durationMs: 7 },
      down: { kind: 'error', errorClass: 'connect', message: 'refused', durationMs: 2 },
    }
    const seen: WebhookAttemptObservation[] = []
    const run = createWebhookDispatcher({
      storage: bed.storage,
      transport: { send: async (request) => answers[request.url.split('/').pop() ?? ''] as WebhookAttemptResult },
      schedule: [60_000],
      now: clock.now,
      logger: silent,
      observe: {
        attempt: (event) => {
          seen.push(event)
          throw new Error('a broken hook')
        },
      },
    })
    assert.equal((await run.runOnce()).retried, 1, '`last` failed once')
    for (const name of ['ok', 'busy', 'gone', 'down', 'off']) hooks[name] = await webhook(name, second)
    await respond(second)
    // A run a moment before the new deliveries are due writes them (from the response's event) and sends none.
    clock.set(clock.now().getTime() - 1)
    assert.is((await run.runOnce()).claimed, 0)
    await sql`update canvass.webhooks set disabled_at = now() where id = ${hooks.off}`.execute(bed.db)
    seen.length = 0
    clock.advance(120_000) // past `last`'s retry, jitter included
    const report = await run.runOnce()
    assert.equal(report, { claimed: 6, delivered: 1, retried: 2, failed: 3, released: 0 })
    const statuses: Record<string, unknown> = {}
    const deliveryIds: Record<string, string> = {}
    for (const [name, id] of Object.entries(hooks)) {
      const [delivery] = (await call('GET', `/api/v1/webhooks/${id}/deliveries`, { key: keyA })).body.data
      statuses[name] = delivery.status
      deliveryIds[name] = delivery.id
    }
    assert.equal(
      statuses,
      { last: 'failed', ok: 'delivered', busy: 'pending', gone: 'failed', down: 'pending', off: 'failed' },
      'every outcome recorded',
    )
    const name = (webhookId: string) => Object.keys(hooks).find((key) => hooks[key] === webhookId) ?? webhookId
    for (const event of seen) assert.is(event.deliveryId, deliveryIds[name(event.webhookId)], 'the delivery attempted')
    assert.equal(
      seen
        .map(({ webhookId, event, outcome, status, errorClass, durationMs }) => [
          name(webhookId),
          event,
          outcome,
          status,
          errorClass,
          durationMs,
        ])
        .sort(),
      [
        ['busy', 'responseCreated', 'retried', 503, null, 30],
        ['down', 'responseCreated', 'retried', null, 'connect', 2],
        ['gone', 'responseCreated', 'disabled', 410, null, 5],
        ['last', 'responseCreated', 'failed', 500, null, 7],
        ['ok', 'responseCreated', 'delivered', 204, null, 12],
      ],
    )
  },
)

requests.run()
ids.run()
limits.run()
dispatcher.run()
