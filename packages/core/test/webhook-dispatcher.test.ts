/**
 * The webhook dispatcher's own decisions on the test bed: the retry schedule and its jitter, Retry-After, a
 * 410, the lease it refuses and the deliveries it hands back, and the addresses a webhook may name. Each test
 * has a bed of its own (the dispatcher claims from the whole database), on every backend this run reaches;
 * the bed's receiver answers in memory. What the storage does (events, claims across instances, wake-ups)
 * is tested in @canvass/storage-kysely.
 */
import { availableBackends, createTestCanvass, createTestClock } from '@canvass/test-bed'
import type { TestBackend, TestCanvass, TestClock } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass, createWebhookDispatcher } from '../src'
import type { DispatchReport, Storage, WebhookDispatcherOptions } from '../src'

const RECEIVER = 'https://receiver.example/hook'

interface World {
  bed: TestCanvass
  clock: TestClock
  surveyId: string
}

/** A bed whose clock starts a little ahead of the responses' timestamps, with a survey in progress. */
async function world(backend: TestBackend): Promise<World> {
  const clock = createTestClock(Date.now() + 1000)
  const bed = await createTestCanvass({ backend, clock, widgetBundles: false, blobs: false })
  try {
    const survey = await api(bed, 'POST', '/api/v1/management/surveys', {
      environmentId: bed.envA,
      name: 'Dispatch survey',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
    })
    return { bed, clock, surveyId: survey.data.id }
  } catch (error) {
    await bed.close()
    throw error
  }
}

async function api(bed: TestCanvass, method: string, path: string, body?: unknown) {
  const answer = await bed.call(method, path, { key: bed.keyA, ...(body === undefined ? {} : { body }) })
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`)
  return answer.body
}

async function respond(w: World): Promise<string> {
  const answer = await w.bed.call('POST', `/api/v1/client/${w.bed.envA}/responses`, {
    body: { surveyId: w.surveyId, finished: false, data: { q1: 'hello' } },
  })
  assert.is(answer.status, 200)
  return answer.body.data.id
}

/** A dispatcher on the bed's storage and receiver, at the bed's clock unless `now` is given. */
function dispatcher(w: World, options: Partial<WebhookDispatcherOptions> = {}) {
  return createWebhookDispatcher({
    storage: w.bed.storage,
    transport: w.bed.receiver.transport,
    now: w.clock.now,
    random: () => 0.5,
    logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
    ...options,
  })
}

/** A report with these counts and zeros elsewhere. */
function counts(some: Partial<DispatchReport>): DispatchReport {
  return { claimed: 0, delivered: 0, retried: 0, failed: 0, released: 0, ...some }
}

for (const backend of availableBackends()) {
  const test = suite(`webhook dispatcher on ${backend}`)
  let w: World | undefined
  const current = async () => (w = await world(backend))
  test.after.each(async () => {
    await w?.bed.close()
    w = undefined
  })

  test('follows the schedule under a controllable clock, same id and bytes on every attempt, then fails', async () => {
    const w = await current()
    const c = w.clock
    await api(w.bed, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    await respond(w)
    w.bed.receiver.answer({ status: 503 })
    const schedule = [5_000, 300_000, 1_800_000]
    const d = dispatcher(w, { schedule })
    assert.is((await d.runOnce()).retried, 1)
    for (const wait of schedule) {
      c.advance(wait - 1)
      assert.is((await d.runOnce()).claimed, 0, `not before ${wait} ms`)
      c.advance(1)
      assert.is((await d.runOnce()).claimed, 1, `at ${wait} ms`)
    }
    const received = w.bed.receiver.received
    assert.is(received.length, 4)
    assert.is(new Set(received.map((r) => r.headers['webhook-id'])).size, 1, 'webhook-id is stable')
    assert.is(new Set(received.map((r) => r.body)).size, 1, 'the same bytes every time')
    c.advance(100 * 3_600_000)
    assert.is((await d.runOnce()).claimed, 0, 'failed for good after the last scheduled attempt')
  })

  test('jitter stays within ±20 %, and Retry-After on a 429 is honoured', async () => {
    const w = await current()
    const c = w.clock
    const hook = (await api(w.bed, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    await respond(w)
    w.bed.receiver.answer({ status: 429, retryAfter: 120 })
    const d = dispatcher(w, { random: () => 0.999 })
    await d.runOnce()
    const [delivery] = (await api(w.bed, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.is(Date.parse(delivery.nextAttemptAt) - c.now().getTime(), 120_000, 'Retry-After beats the 5 s step')
    w.bed.receiver.answer({ status: 500 })
    c.advance(120_000)
    await d.runOnce()
    const [after] = (await api(w.bed, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    const wait = Date.parse(after.nextAttemptAt) - c.now().getTime()
    assert.ok(wait > 300_000 && wait <= 360_000, `5 min step with jitter, got ${wait}`)
    assert.equal(
      after.attempts.map((a: any) => a.status),
      [429, 500],
    )
  })

  test('410 disables the webhook and fails its pending deliveries', async () => {
    const w = await current()
    const hook = (await api(w.bed, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    await respond(w)
    await respond(w)
    w.bed.receiver.answer({ status: 410 })
    const report = await dispatcher(w, { concurrency: 1, batchSize: 1 }).runOnce()
    assert.is(w.bed.receiver.received.length, 1, 'one attempt, then the webhook is off')
    assert.is(report.failed, 1)
    await respond(w)
    assert.is((await dispatcher(w).runOnce()).delivered, 0)
    const deliveries = (await api(w.bed, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.equal(
      deliveries.map((d: any) => d.status),
      ['failed', 'failed'],
      'no delivery for the response after the 410',
    )
  })

  test('create refuses literal private and loopback hosts unless the instance allows them', async () => {
    const w = await current()
    const post = (canvass: { fetch(request: Request): Promise<Response> }, url: string) =>
      canvass.fetch(
        new Request('http://canvass.test/api/v1/webhooks', {
          method: 'POST',
          headers: { 'x-api-key': w.bed.keyA },
          body: JSON.stringify({ url, triggers: ['responseCreated'] }),
        }),
      )
    for (const url of [
      'http://127.0.0.1/h',
      'http://[::1]/h',
      'http://10.0.0.5/h',
      'http://169.254.169.254/latest',
      'http://0x7f.1/',
      'http://localhost:8080/',
      'ftp://example.com/',
    ]) {
      const res = await post(w.bed, url)
      assert.is(res.status, 400, url)
      const body = (await res.json()) as { code: string; details: Record<string, string> }
      assert.is(body.code, 'bad_request')
      assert.ok('url' in body.details, url)
    }
    assert.is((await post(w.bed, 'https://hooks.example.com/x')).status, 200, 'a host name is checked at delivery, not here')
    const allowing = createCanvass({ storage: w.bed.storage, webhooks: { allowPrivateAddresses: true } })
    assert.is((await post(allowing, 'http://127.0.0.1:9/h')).status, 200, 'allowed for local development')
  })

  test('the default schedule: 9 waits at the low jitter bound, then failed for good', async () => {
    const w = await current()
    const steps = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000]
    const c = w.clock
    const hook = (await api(w.bed, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })).data
    await respond(w)
    w.bed.receiver.answer({ status: 500 })
    // No `schedule` option: the default is what is under test. random = 0 is the shortest wait, -20 %.
    const d = dispatcher(w, { random: () => 0 })
    const deliveries = async () => (await api(w.bed, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.is((await d.runOnce()).retried, 1)
    for (const [i, step] of steps.entries()) {
      const [pending] = await deliveries()
      assert.is(pending.status, 'pending')
      assert.is(Date.parse(pending.nextAttemptAt) - c.now().getTime(), (step * 4) / 5, `wait ${i + 1}`)
      c.advance((step * 4) / 5 - 1)
      assert.is((await d.runOnce()).claimed, 0, `not before wait ${i + 1} is over`)
      c.advance(1)
      const report = await d.runOnce()
      assert.is(report.claimed, 1, `attempt ${i + 2}`)
      assert.is(report.failed, i === steps.length - 1 ? 1 : 0, `attempt ${i + 2} fails for good only after the last wait`)
    }
    const [failed] = await deliveries()
    assert.is(failed.status, 'failed')
    assert.is(failed.nextAttemptAt, null)
    assert.is(failed.attempts.length, 10, 'the first attempt and one after each of the 9 waits')
    c.advance(365 * 86_400_000)
    assert.is((await d.runOnce()).claimed, 0, 'never again')
    assert.is(w.bed.receiver.received.length, 10)
  })

  test('hands back a delivery the rest of its lease cannot cover, unsent and due at once, so that no second instance sends it again', async () => {
    const w = await current()
    const c = w.clock
    await api(w.bed, 'POST', '/api/v1/webhooks', { url: RECEIVER, triggers: ['responseCreated'] })
    for (let i = 0; i < 3; i++) await respond(w)
    // A claim that takes 1000 ms of the dispatcher's clock: 1000 ms of the 2000 ms lease remain, less than an
    // attempt (1000 ms) plus its recording margin (334 ms).
    let slowClaims = true
    const real = w.bed.storage
    const storage: Storage = {
      ...real,
      webhookDeliveries: {
        ...real.webhookDeliveries,
        claim: async (query) => {
          const claimed = await real.webhookDeliveries.claim(query)
          if (slowClaims) c.advance(1000)
          return claimed
        },
      },
    }
    const options = { storage, batchSize: 3, concurrency: 3, timeoutMs: 1000, leaseMs: 2000 }
    const handedBack = await dispatcher(w, options).runOnce()
    assert.equal(handedBack, counts({ claimed: 3, released: 3 }), 'nothing sent, everything handed back')
    assert.is(w.bed.receiver.received.length, 0)
    slowClaims = false
    const sent = await dispatcher(w, options).runOnce()
    assert.equal(sent, counts({ claimed: 3, delivered: 3 }), 'due again at once, not after the lease')
    assert.is(new Set(w.bed.receiver.received.map((r) => r.headers['webhook-id'])).size, 3, 'each sent once')
    const hook = (await api(w.bed, 'GET', '/api/v1/webhooks')).data[0]
    const deliveries = (await api(w.bed, 'GET', `/api/v1/webhooks/${hook.id}/deliveries`)).data
    assert.equal(
      deliveries.map((d: any) => [d.status, d.attempts.length]),
      [
        ['delivered', 1],
        ['delivered', 1],
        ['delivered', 1],
      ],
      'a hand-back is no attempt',
    )
  })

  test('refuses a lease that could not cover the claim and one attempt', async () => {
    const w = await current()
    const refused = (error: unknown) => error instanceof TypeError && /leaseMs/.test(error.message)
    assert.throws(() => dispatcher(w, { timeoutMs: 15_000, leaseMs: 15_000 }), refused)
    // One attempt plus its margin exactly: the claim's own time would leave too little, so nothing would be sent.
    assert.throws(() => dispatcher(w, { timeoutMs: 1500, leaseMs: 2000 }), refused)
    dispatcher(w, { timeoutMs: 1500, leaseMs: 2500 })
    dispatcher(w, { timeoutMs: 1500, leaseMs: 3000 }) // the standalone server's CANVASS_WEBHOOK_LEASE_MS=3000
  })

  test.run()
}
