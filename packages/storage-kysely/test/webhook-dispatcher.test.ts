import { createCanvass, createFetchWebhookTransport, createWebhookDispatcher } from '@canvass/core'
import type { Canvass, DispatchReport, WebhookDispatcherOptions } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { delay, http } from 'msw'
import { setupServer } from 'msw/node'
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import { backends, sharedDatabase } from './backends'
import type { SharedDatabase } from './backends'
import { api } from './api'

// The storage's part of webhook delivery, with the dispatcher over it (PGlite always, the Postgres server too
// when TEST_DATABASE_URL is set) and msw answering the outgoing webhook requests: which events become which
// deliveries and with what payload, claims across instances, wake-ups of this process, the fetch transport.
// The dispatcher's own decisions (schedule, jitter, Retry-After, 410, leases) are tested in @canvass/core.
const RECEIVER = 'https://receiver.example/hook'
const received: { url: string; headers: Headers; body: string }[] = []
let answer: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 204 })
const arrivals = new Set<() => void>()
const server = setupServer(
  http.post('https://receiver.example/*', async ({ request }) => {
    received.push({ url: request.url, headers: request.headers, body: await request.clone().text() })
    for (const arrived of [...arrivals]) arrived()
    return answer(request)
  }),
)

/** Resolves once the receiver holds a request; rejects after `timeoutMs`. */
function firstArrival(timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (received.length > 0) return resolve()
    const timer = setTimeout(() => {
      arrivals.delete(arrived)
      reject(new Error(`nothing arrived in ${timeoutMs} ms`))
    }, timeoutMs)
    const arrived = () => {
      clearTimeout(timer)
      arrivals.delete(arrived)
      resolve()
    }
    arrivals.add(arrived)
  })
}

interface World {
  canvass: Canvass
  storage: ReturnType<typeof createKyselyStorage>
  key: string
  environmentId: string
  /** The development environment of the same project. */
  developmentId: string
  surveyId: string
  /** `data.survey` of the survey's events, as created (docs/webhooks-and-uploads.md, "What a delivery holds"). */
  eventSurvey: Record<string, unknown>
  db: Kysely<unknown>
}

async function world(database: SharedDatabase): Promise<World> {
  const db = await database.take()
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
  const { id, name, type, status, createdAt, updatedAt } = survey.data
  const eventSurvey = { title: name, type, status, createdAt, updatedAt, id, name }
  return { canvass, storage, key, environmentId, developmentId: project.environments.development, surveyId: id, eventSurvey, db }
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

/** A report with these counts and zeros elsewhere. */
function counts(some: Partial<DispatchReport>): DispatchReport {
  return { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0, ...some }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

for (const backend of backends()) {
  const test = suite(`webhook dispatcher on ${backend.name}`)
  // Emptied before each test, which then sees only its own webhooks, events and deliveries.
  const database = sharedDatabase(backend, 'migrated')
  let w: World
  test.before(() => server.listen({ onUnhandledFrame: 'error' }))
  test.before.each(async () => {
    received.length = 0
    answer = () => new Response(null, { status: 204 })
    w = await world(database)
  })
  test.after.each(() => server.resetHandlers())
  test.after(async () => {
    server.close()
    await database.close()
  })

  test('sends each matching event once, signed per Standard Webhooks, with the stored payload', async () => {
    const other = await api(w.canvass, w.key, 'POST', '/api/v1/management/surveys', {
      environmentId: w.environmentId,
      name: 'Other',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
    })
    const hook = (
      await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', {
        url: RECEIVER,
        triggers: ['responseCreated', 'responseFinished'],
        surveyIds: [w.surveyId],
      })
    ).data
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: `${RECEIVER}/updates`, trigger: ['responseUpdated'] })
    const responseId = await respond(w, true)
    await respond(w, true, other.data.id)
    const report = await dispatcher(w).runOnce()
    assert.equal(report, counts({ claimed: 2, delivered: 2 }))
    assert.equal(received.map((r) => JSON.parse(r.body).event).sort(), ['responseCreated', 'responseFinished'])
    const verifier = new Webhook(hook.secret)
    for (const request of received) {
      assert.is(request.url, RECEIVER)
      assert.is(request.headers.get('content-type'), 'application/json')
      const payload = verifier.verify(request.body, Object.fromEntries(request.headers)) as Record<string, any>
      assert.is(payload.webhookId, hook.id)
      assert.is(payload.data.id, responseId)
      assert.equal(payload.data.survey, w.eventSurvey)
      // An independent computation of the signature, so that the check does not rest on one library.
      const id = request.headers.get('webhook-id') as string
      const timestamp = request.headers.get('webhook-timestamp') as string
      const mac = createHmac('sha256', Buffer.from(hook.secret.slice('whsec_'.length), 'base64'))
        .update(`${id}.${timestamp}.${request.body}`)
        .digest('base64')
      assert.is(request.headers.get('webhook-signature'), `v1,${mac}`)
    }
    assert.equal(await dispatcher(w).runOnce(), counts({}), 'nothing twice')
    const deliveries = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.equal(
      deliveries.map((d: any) => d.status),
      ['delivered', 'delivered'],
    )
    assert.is(deliveries[0].attempts[0].status, 204)
  })

  test('concurrent creates get one event each, keyed by the time and a number from the event sequence', async () => {
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    const ids = await Promise.all(Array.from({ length: 40 }, () => respond(w)))
    const { rows } = await sql<{ id: string; response_id: string }>`select id, response_id from canvass.webhook_events`.execute(w.db)
    assert.equal(rows.map((row) => row.response_id).sort(), [...ids].sort(), 'one event per response')
    for (const row of rows) assert.match(row.id, /^msg_[0-9a-f]{12}[0-9a-f]{20}$/)
    // The last 20 hex digits are the sequence's numbers: 1 to 40 here, each once, whatever the batching was.
    const numbers = rows.map((row) => Number.parseInt(row.id.slice(-20), 16)).sort((a, b) => a - b)
    assert.equal(
      numbers,
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
    const report = await dispatcher(w).runOnce()
    assert.is(report.delivered, 40)
    assert.is(new Set(received.map((r) => r.headers.get('webhook-id'))).size, 40, 'every delivery has its own webhook-id')
  })

  test('a 3xx is a failure and is not followed; a timeout is recorded as such', async () => {
    const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    await respond(w)
    answer = () => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest' } })
    assert.is((await dispatcher(w).runOnce()).retried, 1)
    assert.is(received.length, 1, 'the redirect was not followed')
    const c = clock()
    c.advance(10_000)
    // Real time is what is tested: the transport's 100 ms request timeout ends an attempt never answered.
    answer = async () => {
      await delay('infinite')
      return new Response(null)
    }
    assert.is((await dispatcher(w, { now: c.now, timeoutMs: 100 }).runOnce()).retried, 1)
    const [delivery] = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.equal(
      delivery.attempts.map((a: any) => [a.status, a.errorClass]),
      [
        [302, null],
        [null, 'timeout'],
      ],
    )
  })

  test('deleting a webhook stops delivery at once', async () => {
    const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    await respond(w)
    await api(w.canvass, w.key, 'DELETE', `/api/v1/webhooks/${hook.id}`)
    await respond(w)
    assert.equal(await dispatcher(w).runOnce(), counts({}))
    assert.is(received.length, 0)
  })

  test('the loop wakes at once on a write of this process and stops cleanly', async () => {
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    const d = dispatcher(w, { pollIntervalMs: 3_600_000 })
    d.start()
    await respond(w)
    await firstArrival(2_000).finally(() => d.stop())
    assert.is(received.length, 1, 'delivered without waiting for the (hour-long) poll')
  })

  test('an idle loop reads when work is next due, one query a poll, and claims once something is', async () => {
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    // This process's writes do not wake the loop: what it finds, it finds by polling, as for another instance's.
    const calls = { claim: 0, nextDue: 0 }
    let polled: () => void = () => {}
    const deliveries = w.storage.webhookDeliveries
    const unsignalled = {
      ...w.storage,
      webhookDeliveries: {
        ...deliveries,
        onWritten: () => () => {},
        claim: (...args: Parameters<typeof deliveries.claim>) => {
          calls.claim++
          return deliveries.claim(...args)
        },
        nextDue: (after?: Date) => {
          calls.nextDue++
          polled()
          return deliveries.nextDue(after)
        },
      },
    }
    const d = dispatcher({ ...w, storage: unsignalled }, { pollIntervalMs: 20 })
    d.start()
    try {
      await new Promise<void>((resolve) => {
        polled = () => calls.nextDue >= 6 && resolve()
      })
      assert.is(calls.claim, 1, `one claim at the start, then ${calls.nextDue} reads and no claim while nothing is due`)
      await respond(w)
      await firstArrival(10_000)
      assert.is(received.length, 1)
      assert.ok(calls.claim >= 2, 'the poll that found the event claimed it')
    } finally {
      await d.stop()
    }
  })

  test('a webhook of another environment gets nothing, even of the same project', async () => {
    const { key: devKey } = await w.canvass.admin.createApiKey({ environmentId: w.developmentId })
    const foreign = (
      await api(w.canvass, devKey, 'POST', '/api/v1/webhooks', {
        url: `${RECEIVER}/development`,
        triggers: ['responseCreated', 'responseUpdated', 'responseFinished'],
      })
    ).data
    const own = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    await respond(w, true)
    assert.equal(await dispatcher(w).runOnce(), counts({ claimed: 1, delivered: 1 }))
    assert.equal(
      received.map((r) => r.url),
      [RECEIVER],
    )
    assert.is(JSON.parse(received[0]?.body ?? '{}').webhookId, own.id)
    assert.equal((await api(w.canvass, devKey, 'GET', `/api/v1/webhooks/${foreign.id}/deliveries`)).data, [])
  })

  test("a create's delivery shows the response, its contact and its survey as they were at the create", async () => {
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated', 'responseUpdated'] })
    const answer = await w.canvass.fetch(
      new Request(`http://canvass.test/api/v1/client/${w.environmentId}/responses`, {
        method: 'POST',
        body: JSON.stringify({
          surveyId: w.surveyId,
          userId: 'respondent-1',
          finished: false,
          data: { q1: 'first' },
          ttc: { q1: 12 },
          language: 'de',
        }),
      }),
    )
    assert.is(answer.status, 200)
    const id = ((await answer.json()) as { data: { id: string } }).data.id
    const asCreated = (await api(w.canvass, w.key, 'GET', `/api/v1/management/responses/${id}`)).data
    assert.is(asCreated.person.userId, 'respondent-1', 'the create linked a contact')
    // Before the dispatcher runs: the response changes, its survey is renamed, then the response is deleted.
    await api(w.canvass, w.key, 'PUT', `/api/v1/management/responses/${id}`, { data: { q1: 'second' }, finished: true })
    await api(w.canvass, w.key, 'PUT', `/api/v1/management/surveys/${w.surveyId}`, { name: 'Renamed' })
    await api(w.canvass, w.key, 'DELETE', `/api/v1/management/responses/${id}`)
    assert.equal(await dispatcher(w).runOnce(), counts({ claimed: 2, delivered: 2 }))
    const payloads = received.map((r) => JSON.parse(r.body))
    const created = payloads.find((p) => p.event === 'responseCreated')
    assert.equal(created.data, { ...asCreated, survey: w.eventSurvey })
    const updated = payloads.find((p) => p.event === 'responseUpdated')
    assert.equal(updated.data.data, { q1: 'second' })
    assert.equal(updated.data.survey, w.eventSurvey, 'the update came before the rename: its survey as it was then, dates too')
  })

  test("an earlier Canvass's dispatcher cannot send a create's event without its data; this one then sends it whole", async () => {
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    const id = await respond(w)
    // The expansion of a dispatcher from before migration 0009, which reads only the event's `data` column.
    const earlierExpand = sql`
      with taken as (
        delete from canvass.webhook_events e returning e.response_id, e.hooks, e.data, e.created_at
      )
      insert into canvass.webhook_deliveries (id, webhook_id, event, payload, response_id, created_at, updated_at, next_attempt_at)
      select 'msg_earlier' || i.id, w.id, h.event, jsonb_build_object('webhookId', w.id, 'event', h.event, 'data', t.data),
        t.response_id, t.created_at, t.created_at, t.created_at
      from taken t
      cross join lateral jsonb_each(t.hooks) as h(event, ids)
      cross join lateral jsonb_array_elements_text(h.ids) as i(id)
      join canvass.webhooks w on w.id = i.id`
    const refused = await earlierExpand.execute(w.db).then(
      () => undefined,
      (error: Error) => error,
    )
    // Refused either by the check that a payload has data or, for an event whose `hooks` hold what core matches
    // (not the matches themselves), by the hooks it cannot read: either way nothing of it is taken.
    assert.match(String(refused?.message), /webhook_deliveries_payload_has_data|cannot extract elements from a scalar/)
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from canvass.webhook_events`.execute(w.db)
    assert.is(rows[0]?.n, 1, 'the event is still queued')
    assert.equal(await dispatcher(w).runOnce(), counts({ claimed: 1, delivered: 1 }))
    const payload = JSON.parse(received[0]!.body)
    assert.is(payload.data.id, id)
    assert.equal(payload.data.data, { q1: 'hello' })
  })

  test('an event recorded with its matches (event name to webhook ids, as before core matched) is sent to those', async () => {
    const hook = (await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    const id = await respond(w)
    // As an earlier Canvass recorded it: the matches themselves, here one that today's matching would not make.
    await sql`update canvass.webhook_events set hooks = ${JSON.stringify({ responseFinished: [hook.id] })}::jsonb`.execute(w.db)
    assert.equal(await dispatcher(w).runOnce(), counts({ claimed: 1, delivered: 1 }))
    const payload = JSON.parse(received[0]!.body)
    assert.equal([payload.webhookId, payload.event, payload.data.id], [hook.id, 'responseFinished', id])
  })

  test('responses created and updated through the management routes produce deliveries too', async () => {
    const hook = (
      await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', {
        url: RECEIVER,
        triggers: ['responseCreated', 'responseUpdated', 'responseFinished'],
      })
    ).data
    const created = (
      await api(w.canvass, w.key, 'POST', '/api/v1/management/responses', { surveyId: w.surveyId, finished: false, data: { q1: 'first' } })
    ).data
    await api(w.canvass, w.key, 'PUT', `/api/v1/management/responses/${created.id}`, { data: { q1: 'second' }, finished: true })
    assert.equal(await dispatcher(w).runOnce(), counts({ claimed: 3, delivered: 3 }))
    const payloads = received.map((r) => JSON.parse(r.body))
    assert.equal(payloads.map((p) => p.event).sort(), ['responseCreated', 'responseFinished', 'responseUpdated'])
    for (const payload of payloads) {
      assert.is(payload.webhookId, hook.id)
      assert.is(payload.data.id, created.id)
    }
    const updated = payloads.find((p) => p.event === 'responseUpdated')
    assert.equal(updated.data.data, { q1: 'second' }, 'the update event carries the updated response')
  })

  test('two dispatchers against a slow receiver, polling: each event sent exactly once', async () => {
    await api(w.canvass, w.key, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    const total = 10
    for (let i = 0; i < total; i++) await respond(w)
    answer = async () => {
      await delay(200)
      return new Response(null, { status: 204 })
    }
    // Real time throughout, one attempt at a time each, both polling every 25 ms: each claim takes what the
    // other does not hold, the other polling some eight times while an attempt is held. The timeout leaves the
    // receiver's 200 ms more than a second of slack, so that a loaded machine causes no retry.
    const options = { batchSize: 8, concurrency: 1, timeoutMs: 1500, leaseMs: 2500 }
    const first = dispatcher(w, options)
    const second = dispatcher(w, options)
    const reports: DispatchReport[] = []
    const hook = (await api(w.canvass, w.key, 'GET', '/api/v1/webhooks')).data[0]
    const settled = async () => {
      const deliveries = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
      return deliveries.length === total && deliveries.every((d: any) => d.status !== 'pending')
    }
    const deadline = Date.now() + 20_000
    const poll = async (d: ReturnType<typeof dispatcher>) => {
      while (Date.now() < deadline && !(await settled())) {
        reports.push(await d.runOnce())
        // The poll interval of the real-time run above, bounded by `deadline`.
        await sleep(25)
      }
    }
    const running = poll(first)
    await firstArrival(deadline - Date.now())
    await Promise.all([running, poll(second)])
    const ids = received.map((r) => r.headers.get('webhook-id'))
    assert.is(ids.length, total, `each delivery reached the receiver exactly once: ${ids.join(' ')}`)
    assert.is(new Set(ids).size, total)
    const deliveries = (await api(w.canvass, w.key, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.equal(
      deliveries.map((d: any) => [d.status, d.attempts.length]),
      Array.from({ length: total }, () => ['delivered', 1]),
    )
    assert.ok(
      reports.every((r) => r.released === 0),
      'nothing handed back: every attempt starts as it is claimed',
    )
  })
  test.run()
}
