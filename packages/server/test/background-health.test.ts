/**
 * Webhook deliveries that wait with no dispatcher anywhere (every instance started with CANVASS_BACKGROUND=off
 * and no `canvass worker`) are not silent: `/health` says so under `webhooks` (still 200: the instance serves),
 * the metrics carry `canvass_webhook_dispatch_stalled 1`, and the log says it once. Deliveries that wait while
 * others are being sent are `behind`, not stalled, with the webhooks waiting longest: by webhook and environment
 * in the metrics, unnamed in `/health`, which takes no key. On the test bed's database.
 */
import { createCanvass } from '@canvass/core'
import { createTestClock, createVerifiedWebhook, createVerifyingReceiver, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { healthAnswer } from '../src/health'
import { SERVER_VERSION } from '../src/server-version'
import { createMetrics } from '../src/metrics'

const { test, bed } = suiteWithBed('health and metrics: deliveries nobody sends', () => ({
  clock: createTestClock(),
  widgetBundles: false,
  blobs: false,
  webhooks: { allowPrivateAddresses: true },
}))

const question = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }

test('a delivery waiting past webhooks.stalledAfterMs shows in /health and the metrics, and is logged once', async () => {
  const { call, keyA: key, envA: environmentId, storage } = bed()
  const clock = bed().clock!
  const warnings: string[] = []
  const canvass = createCanvass({
    storage,
    now: clock.now,
    background: false,
    widget: false,
    logger: { warn: (message) => warnings.push(message), error: () => {} },
  })
  const metrics = await createMetrics({ postgres: false, version: '0.0.0-test' })
  metrics.readOnScrape({
    backlog: (now) => storage.webhookDeliveries.backlog(now),
    standing: (now, limit) => storage.webhookDeliveries.standing(now, limit),
    health: () => canvass.health(),
  })
  const series = async (name: string) => new RegExp(`^${name} (\\S+)$`, 'm').exec((await metrics.scrape()).body)?.[1]

  assert.equal(await (await healthAnswer(canvass)).json(), { status: 'ok', version: SERVER_VERSION }, 'nothing waits yet')
  assert.is(await series('canvass_webhook_dispatch_stalled'), '0')

  await createVerifiedWebhook(call, key, createVerifyingReceiver(), 'http://127.0.0.1:9/hook', { triggers: ['responseCreated'] })
  const survey = await call('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name: 'Nobody sends', status: 'inProgress', questions: [question] },
  })
  const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
    body: { surveyId: survey.body.data.id, finished: false, data: { q1: 'hi' } },
  })
  assert.is(response.status, 200, response.text)
  const due = clock.now().toISOString()
  clock.advance(5 * 60_000 + 1000)

  const health = await healthAnswer(canvass)
  assert.is(health.status, 200, 'the instance itself serves')
  const body = await health.json()
  assert.is(body.status, 'ok')
  assert.is(body.webhooks.status, 'stalled')
  assert.is(body.webhooks.background, 'off')
  assert.ok(Date.parse(body.webhooks.oldestDueAt) <= Date.parse(due), `${body.webhooks.oldestDueAt} is when it became due`)
  assert.is(body.webhooks.sending, 0, 'none is being sent')
  assert.equal(body.webhooks.waiting, [{ due: 1, pending: 1, oldestDueAt: body.webhooks.oldestDueAt }], 'the webhook waiting, unnamed')
  assert.is(await series('canvass_webhook_dispatch_stalled'), '1')
  assert.is(await series('canvass_webhook_dispatch_behind'), '0')
  assert.is(await series('canvass_webhook_sending'), '0')
  assert.ok(Number.isFinite(Number(await series('canvass_webhook_oldest_due_seconds'))))
  assert.is(warnings.length, 1, warnings.join('\n'))
  assert.match(warnings[0] ?? '', /no webhook dispatcher runs/)
})

test('deliveries behind while one is being sent: /health says behind and names nothing; the metrics name the webhook', async () => {
  const { call, keyA: key, envA: environmentId, storage } = bed()
  const clock = bed().clock!
  const canvass = createCanvass({ storage, now: clock.now, background: false, widget: false, logger: { warn: () => {}, error: () => {} } })
  const metrics = await createMetrics({ postgres: false, version: '0.0.0-test' })
  metrics.readOnScrape({
    backlog: (now) => storage.webhookDeliveries.backlog(now),
    // At the bed's clock, which the test moves: what is due then.
    standing: (_now, limit) => storage.webhookDeliveries.standing(clock.now(), limit),
    health: () => canvass.health(),
  })
  const scraped = async () => (await metrics.scrape()).body
  const hook = await call('POST', '/api/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook', triggers: ['responseCreated'] } })
  const webhookId = hook.body.data.id as string
  const survey = await call('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name: 'Slow receiver', status: 'inProgress', questions: [question] },
  })
  for (let i = 0; i < 3; i++) {
    const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
      body: { surveyId: survey.body.data.id, finished: false, data: { q1: 'hi' } },
    })
    assert.is(response.status, 200, response.text)
  }
  // A dispatcher of another instance holds one of them: a claim, as an attempt in flight has (none of another webhook).
  const held = await storage.webhookDeliveries.claim({
    now: clock.now(),
    limit: 1,
    leaseMs: 60 * 60_000,
    claimToken: 'held',
    perWebhook: 0,
    limits: { [webhookId]: 1 },
  })
  assert.is(held.length, 1)
  clock.advance(5 * 60_000 + 1000)

  const body = await (await healthAnswer(canvass)).json()
  assert.is(body.webhooks.status, 'behind')
  assert.ok(body.webhooks.sending >= 1, JSON.stringify(body))
  assert.ok(body.webhooks.waiting.length > 0)
  for (const waiting of body.webhooks.waiting)
    assert.equal(Object.keys(waiting).sort(), ['due', 'oldestDueAt', 'pending'], 'the longest waits, with no id')
  const text = JSON.stringify(body)
  assert.not.ok(text.includes(webhookId) || text.includes(environmentId), '/health takes no key: it names no webhook and no environment')

  const series = await scraped()
  assert.match(series, /^canvass_webhook_dispatch_behind 1$/m)
  assert.match(series, /^canvass_webhook_dispatch_stalled 0$/m)
  assert.match(series, new RegExp(`^canvass_webhook_waiting_due\\{webhook="${webhookId}",environment="${environmentId}"\\} 2$`, 'm'))
  assert.match(
    series,
    new RegExp(`^canvass_webhook_waiting_oldest_seconds\\{webhook="${webhookId}",environment="${environmentId}"\\} \\d`, 'm'),
  )
})

test.run()
