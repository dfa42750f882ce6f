/**
 * Webhook deliveries that wait with no dispatcher anywhere (every instance started with CANVASS_BACKGROUND=off
 * and no `canvass worker`) are not silent: `/health` says so under `webhooks` (still 200: the instance serves),
 * the metrics carry `canvass_webhook_dispatch_stalled 1`, and the log says it once. On the test bed's database.
 */
import { createCanvass } from '@canvass/core'
import { createTestClock, createVerifiedWebhook, createVerifyingReceiver, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { healthAnswer } from '../src/health'
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
  const metrics = await createMetrics({ postgres: false })
  metrics.readOnScrape({ backlog: (now) => storage.webhookDeliveries.backlog(now), health: () => canvass.health() })
  const series = async (name: string) => new RegExp(`^${name} (\\S+)$`, 'm').exec((await metrics.scrape()).body)?.[1]

  assert.equal(await (await healthAnswer(canvass)).json(), { status: 'ok' }, 'nothing waits yet')
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
  assert.is(await series('canvass_webhook_dispatch_stalled'), '1')
  assert.ok(Number.isFinite(Number(await series('canvass_webhook_oldest_due_seconds'))))
  assert.is(warnings.length, 1, warnings.join('\n'))
  assert.match(warnings[0] ?? '', /no webhook dispatcher runs/)
})

test.run()
