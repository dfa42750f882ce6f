/**
 * What `health()` says of webhook delivery once deliveries wait longer than `webhooks.stalledAfterMs`
 * (src/webhooks/outbox-health.ts). Regression (issue 69, item 3): it said "none is being sent: no webhook
 * dispatcher runs on this database" while two dispatchers sent 70 requests a second and only fell behind. Now
 * `behind` while deliveries are being sent, `stalled` only when none is, with the webhooks waiting longest; each
 * logged once when it begins, and once when it has caught up. On every backend this run reaches.
 */
import { availableBackends, createTestCanvass, createTestClock } from '@canvass/test-bed'
import type { TestBackend } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createCanvass, createWebhookDispatcher } from '../src'
import type { WebhookAttemptResult, WebhookTransport } from '../src'

async function world(backend: TestBackend) {
  const clock = createTestClock(Date.now() + 1000)
  const bed = await createTestCanvass({ backend, clock, widgetBundles: false, blobs: false })
  const survey = await bed.call('POST', '/api/v1/management/surveys', {
    key: bed.keyA,
    body: {
      environmentId: bed.envA,
      name: 'Late',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
    },
  })
  const hook = await bed.call('POST', '/api/v1/webhooks', {
    key: bed.keyA,
    body: { url: 'https://receiver.example/hook', triggers: ['responseCreated'] },
  })
  const items = Array.from({ length: 20 }, () => ({ surveyId: survey.body.data.id, finished: false, data: { q1: 'hello' } }))
  const bulk = await bed.call('POST', '/api/v1/management/responses/bulk?webhooks=true', { key: bed.keyA, body: { responses: items } })
  assert.is(bulk.status, 200, bulk.text)
  const warnings: string[] = []
  const canvass = createCanvass({
    storage: bed.storage,
    now: clock.now,
    background: false,
    widget: false,
    // Shorter than a claim's lease (25 s), so that what a claim holds is still held when the test looks.
    webhooks: { stalledAfterMs: 10_000 },
    logger: { warn: (message: string) => warnings.push(message), error: () => {} },
  })
  return { bed, clock, canvass, warnings, webhookId: hook.body.data.id as string }
}

/** A receiver that holds every attempt until the test lets it go. */
function holdingTransport() {
  const held: Array<(result: WebhookAttemptResult) => void> = []
  let arrived: (() => void) | undefined
  const transport: WebhookTransport = {
    send: (request) =>
      new Promise((answer) => {
        held.push(answer)
        request.signal?.addEventListener('abort', () => answer({ kind: 'error', errorClass: 'aborted', message: 'aborted', durationMs: 0 }))
        arrived?.()
      }),
  }
  const arrivals = (count: number) =>
    new Promise<void>((resolve) => {
      if (held.length >= count) return resolve()
      arrived = () => {
        if (held.length >= count) resolve()
      }
    })
  return { transport, held, arrivals }
}

for (const backend of availableBackends()) {
  const test = suite(`health() of webhook delivery, on ${backend}`)

  test('behind while a dispatcher sends and the rest wait, stalled once none is sent, then caught up', async () => {
    const w = await world(backend)
    const receiver = holdingTransport()
    const dispatcher = createWebhookDispatcher({
      storage: w.bed.storage,
      transport: receiver.transport,
      now: w.clock.now,
      perWebhookConcurrency: 2,
      logger: { warn: () => {}, error: () => {} },
    })
    try {
      assert.equal((await w.canvass.health()).webhooks.status, 'ok', 'just written')
      dispatcher.start()
      await receiver.arrivals(2)
      w.clock.advance(11_000)

      const behind = await w.canvass.health()
      assert.is(behind.webhooks.status, 'behind')
      assert.is(behind.webhooks.stalled, false)
      assert.is(behind.webhooks.sending, 2, 'two attempts in flight')
      assert.equal(
        behind.webhooks.waiting?.map((webhook) => [webhook.webhookId, webhook.environmentId, webhook.due, webhook.pending]),
        [[w.webhookId, w.bed.envA, 18, 20]],
      )
      assert.is(w.warnings.length, 1, w.warnings.join('\n'))
      assert.match(w.warnings[0] as string, /fall behind/)
      assert.not.match(w.warnings[0] as string, /no webhook dispatcher runs/, 'never "none runs" while one sends')
      assert.match(w.warnings[0] as string, new RegExp(w.webhookId), 'names the webhook waiting longest')
      await w.canvass.health()
      assert.is(w.warnings.length, 1, 'said once')

      // The dispatcher stops: what it held goes back, due at once, and nothing is sent any more.
      await dispatcher.stop()
      w.clock.advance(11_000)
      const stalled = await w.canvass.health()
      assert.is(stalled.webhooks.status, 'stalled')
      assert.is(stalled.webhooks.stalled, true)
      assert.is(stalled.webhooks.sending, 0)
      assert.is(w.warnings.length, 2, w.warnings.join('\n'))
      assert.match(w.warnings[1] as string, /none is being sent: no webhook dispatcher runs on this database/)

      // Sent after all: caught up.
      await createWebhookDispatcher({ storage: w.bed.storage, transport: w.bed.receiver.transport, now: w.clock.now }).runOnce()
      assert.equal((await w.canvass.health()).webhooks, { oldestDueAt: null, status: 'ok', stalled: false })
      assert.is(w.warnings.length, 3)
      assert.match(w.warnings[2] as string, /caught up/)
    } finally {
      await dispatcher.stop()
      await w.bed.close()
    }
  })

  test.run()
}
