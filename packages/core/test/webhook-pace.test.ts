/**
 * How hard the dispatcher pushes one webhook's receiver (src/webhooks/receiver-pace.ts): attempts in flight that
 * grow while the receiver answers and shrink when it is in trouble, and a shorter timeout for a receiver that keeps
 * timing out. Regression (issue 69, item 2): each instance held a webhook at 32 attempts in flight whatever its
 * receiver did, so a receiver that answered one attempt in eight after seconds fell ever further behind.
 */
import { availableBackends, createTestCanvass, createTestClock } from '@canvass/test-bed'
import type { TestBackend, TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createWebhookDispatcher } from '../src'
import type { WebhookAttemptRequest, WebhookAttemptResult, WebhookTransport } from '../src'
import { createReceiverPace } from '../src/webhooks/receiver-pace'
import type { PacedAttempt } from '../src/webhooks/receiver-pace'

const bounds = { initial: 32, floor: 4, ceiling: 128, timeoutMs: 15_000, minTimeoutMs: 5_000 }
const answered = (durationMs = 10): PacedAttempt => ({ status: 200, errorClass: null, durationMs })
const failed = (): PacedAttempt => ({ status: 500, errorClass: null, durationMs: 10 })
const timedOut = (): PacedAttempt => ({ status: null, errorClass: 'timeout', durationMs: 15_000 })

/** A pace whose webhook uses every slot it has (a claim filled them), as under a backlog. */
function busyPace() {
  const p = createReceiverPace(bounds)
  const settled = p.settled
  return Object.assign(p, {
    settled(attempt: PacedAttempt) {
      p.inFlight(p.limit())
      settled(attempt)
    },
  })
}

const pace = suite('a webhook receiver pace')

pace('a webhook that uses every slot grows by one for each attempt answered, up to the ceiling', () => {
  const p = busyPace()
  assert.is(p.limit(), 32)
  for (let i = 0; i < 10; i++) p.settled(answered())
  assert.is(p.limit(), 42)
  for (let i = 0; i < 500; i++) p.settled(answered())
  assert.is(p.limit(), 128)
})

pace('one that does not use its slots stays where it is', () => {
  const p = createReceiverPace(bounds)
  for (let i = 0; i < 100; i++) {
    p.inFlight(p.limit() - 1)
    p.settled(answered())
  }
  assert.is(p.limit(), 32)
})

pace('a claim that fills its slots lets every attempt answered since grow it: twice as many a round', () => {
  const p = createReceiverPace(bounds)
  p.inFlight(32)
  for (let i = 0; i < 32; i++) p.settled(answered())
  assert.is(p.limit(), 64)
})

pace('errors that stay low (one attempt in eight) do not stop it growing', () => {
  const p = busyPace()
  for (let i = 0; i < 400; i++) p.settled(i % 8 === 0 ? failed() : answered())
  assert.ok(p.limit() >= 100, `limit ${p.limit()}`)
})

pace('a receiver in trouble gets half as many, at most once a round, down to the floor, and never more', () => {
  const p = busyPace()
  const limits: number[] = []
  for (let i = 0; i < 200; i++) {
    p.settled(i % 2 === 0 ? failed() : timedOut())
    limits.push(p.limit())
  }
  assert.ok(
    limits.every((limit, i) => i === 0 || limit <= (limits[i - 1] as number)),
    'it never grows while in trouble',
  )
  assert.is(limits[5], 32, 'a few failures are not yet trouble')
  assert.is(limits.indexOf(16) > 0 && limits.indexOf(16) < 16, true, 'halved once most recent attempts failed')
  assert.is(limits[16 + limits.indexOf(16) - 1], 16, 'not halved again before a round of its attempts')
  assert.is(p.limit(), 4, 'the floor')
  // Recovered: it grows again once its troubles fall below a quarter of its recent attempts.
  for (let i = 0; i < 100; i++) p.settled(answered())
  assert.ok(p.limit() > 4, `limit ${p.limit()} after it answers again`)
})

pace('a receiver that keeps timing out gets four times what nine in ten of its answers took, at least 5 s', () => {
  const p = createReceiverPace(bounds)
  for (let i = 0; i < 30; i++) p.settled(answered(1000 + i * 10))
  assert.is(p.timeoutMs(), 15_000, 'no timeouts: the whole timeout')
  p.settled(timedOut())
  assert.is(p.timeoutMs(), 15_000, 'one timeout is not yet keeping on')
  p.settled(timedOut())
  assert.is(p.timeoutMs(), 4 * 1260, 'nine in ten of the answers 1000..1290 ms took 1260 ms or less')
  const quick = createReceiverPace(bounds)
  for (let i = 0; i < 20; i++) quick.settled(answered(50))
  quick.settled(timedOut())
  quick.settled(timedOut())
  assert.is(quick.timeoutMs(), 5_000, 'never below 5 s')
  // Once the timeouts are out of its last 32 attempts, the whole timeout again.
  for (let i = 0; i < 32; i++) p.settled(answered(1000))
  assert.is(p.timeoutMs(), 15_000)
})

pace('an attempt cut short by shutdown says nothing of the receiver', () => {
  const p = busyPace()
  for (let i = 0; i < 50; i++) p.settled({ status: null, errorClass: 'aborted', durationMs: 1 })
  assert.is(p.limit(), 32)
})

pace.run()

/**
 * A transport whose attempts wait until the test answers them: how many are in flight at once can be read, and
 * what timeout each was given.
 */
function holdingTransport() {
  const waiting: Array<{ request: WebhookAttemptRequest; answer: (result: WebhookAttemptResult) => void }> = []
  let arrivals: (() => void) | undefined
  const transport: WebhookTransport = {
    send: (request) =>
      new Promise<WebhookAttemptResult>((answer) => {
        waiting.push({ request, answer })
        arrivals?.()
      }),
  }
  /**
   * Resolves once an attempt has arrived (or `running`, the dispatcher's run, ended) and then no new one for a few
   * turns of the event loop: the dispatcher claimed what it could, however long its first claim took.
   */
  const settledIn = async (running: Promise<unknown>) => {
    if (waiting.length === 0) {
      let ended = false
      const end = running.then(
        () => (ended = true),
        () => (ended = true),
      )
      while (waiting.length === 0 && !ended) {
        await Promise.race([end, new Promise<void>((resolve) => (arrivals = resolve))])
      }
      arrivals = undefined
    }
    for (let quiet = 0; quiet < 5; ) {
      const before = waiting.length
      await new Promise((resolve) => setTimeout(resolve, 20))
      quiet = waiting.length === before ? quiet + 1 : 0
    }
  }
  return {
    transport,
    waiting,
    settledIn,
    /** Answers every attempt waiting with `result`, and says how many there were. */
    answerAll(result: (request: WebhookAttemptRequest) => WebhookAttemptResult): number {
      const now = waiting.splice(0)
      for (const { request, answer } of now) answer(result(request))
      return now.length
    },
  }
}

const ok = (): WebhookAttemptResult => ({ kind: 'response', status: 200, durationMs: 100 })
const serverError = (): WebhookAttemptResult => ({ kind: 'response', status: 500, durationMs: 100 })

async function bedWithDeliveries(backend: TestBackend, count: number): Promise<TestCanvass> {
  const bed = await createTestCanvass({ backend, clock: createTestClock(Date.now() + 1000), widgetBundles: false, blobs: false })
  const survey = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      environmentId: bed.envA,
      name: 'Paced',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
    },
  })
  await bed.call('POST', '/api/v1/webhooks', {
    key: bed.keyA,
    body: { url: 'https://receiver.example/hook', triggers: ['responseCreated'] },
  })
  const items = Array.from({ length: count }, () => ({ surveyId: survey.body.data.id, finished: false, data: { q1: 'hello' } }))
  for (let from = 0; from < count; from += 500) {
    const bulk = await bed.call('POST', '/api/v1/management/responses/bulk?webhooks=true', {
      key: bed.keyA,
      body: { responses: items.slice(from, from + 500) },
    })
    assert.is(bulk.status, 200, bulk.text)
  }
  return bed
}

for (const backend of availableBackends()) {
  const test = suite(`the dispatcher paces each webhook by its receiver, on ${backend}`)
  let bed: TestCanvass | undefined
  test.after.each(async () => {
    await bed?.close()
    bed = undefined
  })

  test('a receiver that answers, however slowly, gets more attempts in flight than it started with', async () => {
    bed = await bedWithDeliveries(backend, 400)
    const receiver = holdingTransport()
    const dispatcher = createWebhookDispatcher({
      storage: bed.storage,
      transport: receiver.transport,
      now: () => new Date(Date.now() + 1000),
    })
    const running = dispatcher.runOnce()
    const waves: number[] = []
    while (waves.reduce((sum, wave) => sum + wave, 0) < 400) {
      await receiver.settledIn(running)
      waves.push(receiver.answerAll(ok))
    }
    const report = await running
    assert.is(report.delivered, 400)
    assert.is(waves[0], 32, 'it starts with 32 in flight')
    assert.ok(Math.max(...waves) >= 64, `then more: ${waves.join(', ')}`)
  })

  test('a receiver in trouble gets fewer attempts in flight, never more', async () => {
    bed = await bedWithDeliveries(backend, 200)
    const receiver = holdingTransport()
    const dispatcher = createWebhookDispatcher({
      storage: bed.storage,
      transport: receiver.transport,
      now: () => new Date(Date.now() + 1000),
      // Retried at once, so that the failing deliveries keep coming back.
      schedule: Array.from({ length: 20 }, () => 0),
      random: () => 0.5,
    })
    const running = dispatcher.runOnce()
    const waves: number[] = []
    for (let i = 0; i < 8; i++) {
      await receiver.settledIn(running)
      waves.push(receiver.answerAll(serverError))
    }
    while (receiver.waiting.length > 0 || waves.length < 9) {
      await receiver.settledIn(running)
      waves.push(receiver.answerAll(ok))
      if (waves.at(-1) === 0) break
    }
    await running
    assert.is(waves[0], 32)
    assert.ok(
      waves.slice(1, 8).every((wave) => wave <= 32),
      `never more than it started with while failing: ${waves.join(', ')}`,
    )
    assert.ok(Math.min(...waves.slice(1, 8)) <= 8, `fewer and fewer: ${waves.join(', ')}`)
  })

  test('a receiver that keeps timing out is given a shorter timeout', async () => {
    bed = await bedWithDeliveries(backend, 120)
    const receiver = holdingTransport()
    const dispatcher = createWebhookDispatcher({
      storage: bed.storage,
      transport: receiver.transport,
      now: () => new Date(Date.now() + 1000),
      schedule: [0, 0, 0],
      random: () => 0.5,
    })
    const running = dispatcher.runOnce()
    const timeouts: number[] = []
    let n = 0
    for (;;) {
      await receiver.settledIn(running)
      for (const { request } of receiver.waiting) timeouts.push(request.timeoutMs ?? Number.NaN)
      // One attempt in ten times out; the others answer in 200 ms.
      const answered = receiver.answerAll(() =>
        n++ % 10 === 0
          ? { kind: 'error', errorClass: 'timeout', message: 'timed out', durationMs: 15_000 }
          : { kind: 'response', status: 200, durationMs: 200 },
      )
      if (answered === 0) break
    }
    await running
    assert.is(timeouts[0], 15_000, 'the whole timeout at first')
    assert.is(timeouts.at(-1), 5_000, 'four times 200 ms, at least 5 s, once it keeps timing out')
  })

  test.run()
}
