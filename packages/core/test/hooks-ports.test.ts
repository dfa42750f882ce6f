/**
 * Webhooks and quotas are optional groups of the storage port: on a storage without `webhooks` and
 * `webhookDeliveries`, or without `quotas`, surveys and responses still work, the routes that need a missing group
 * answer 501 `not_implemented` naming it, the background work that needs it does not start (said once through the
 * logger), health says nothing waits, and summaries show no quotas.
 */
import { TEST_ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass, withOutboxExpansion } from '../src'
import type { Logger, Storage } from '../src'

const { test, bed } = suiteWithBed('a storage without webhooks and quotas')

/** A Canvass on the bed's database whose storage keeps no webhooks and no quotas, and what it logged. */
function withoutHooks() {
  const { webhooks: _w, webhookDeliveries: _d, quotas: _q, ...storage } = bed().storage
  const warnings: string[] = []
  const logger: Logger = { error: (message) => warnings.push(`error: ${message}`), warn: (message) => warnings.push(message) }
  const canvass = createCanvass({
    storage,
    logger,
    background: { retention: false, blobJanitor: false, auditLogPurge: false },
  })
  const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
    canvass.fetch(
      new Request(`${TEST_ORIGIN}${path}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
  return { canvass, call, warnings }
}

/** Asserts a 501 `not_implemented` whose message names `group`. */
async function assertMissing(answer: Response, group: string, what: string): Promise<void> {
  const text = await answer.text()
  assert.is(answer.status, 501, `${what}: ${text}`)
  assert.ok(text.includes('not_implemented'), `${what}: ${text}`)
  assert.ok(text.includes(group), `${what}: ${text}`)
}

test('surveys and responses work; the webhook and quota routes answer 501 naming the missing group', async () => {
  const { call } = withoutHooks()
  const question = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true, inputType: 'text' }
  const created = await call('POST', '/api/v1/management/surveys', {
    environmentId: bed().envA,
    name: 'No hooks',
    type: 'link',
    status: 'inProgress',
    questions: [question],
  })
  assert.is(created.status, 200, await created.clone().text())
  const surveyId = ((await created.json()) as { data: { id: string } }).data.id
  assert.is((await call('GET', `/api/v1/management/surveys/${surveyId}`)).status, 200)

  const response = await call('POST', `/api/v1/client/${bed().envA}/responses`, { surveyId, finished: true, data: { q1: 'hi' } })
  assert.is(response.status, 200, await response.clone().text())
  const updated = await call('POST', '/api/v1/management/responses', { surveyId, finished: true, data: { q1: 'again' } })
  assert.is(updated.status, 200, await updated.clone().text())
  const v3 = await call('POST', '/api/v3/responses', { surveyId, finished: true, data: { q1: 'v3' } })
  assert.is(v3.status, 201, await v3.clone().text())
  const listed = (await (await call('GET', `/api/v1/management/responses?surveyId=${surveyId}`)).json()) as { data: unknown[] }
  assert.is(listed.data.length, 3)

  const summary = await call('GET', `/api/v1/management/surveys/${surveyId}/summary`)
  assert.is(summary.status, 200, await summary.clone().text())
  assert.equal(((await summary.json()) as { data: { quotas?: unknown[] } }).data.quotas ?? [], [], 'no quotas to show')

  const hook = { url: 'https://receiver.example/hook', triggers: ['responseCreated'] }
  await assertMissing(await call('GET', '/api/v1/webhooks'), 'storage.webhooks', 'webhook list')
  await assertMissing(await call('POST', '/api/v1/webhooks', hook), 'storage.webhooks', 'webhook create')
  await assertMissing(await call('GET', '/api/v1/webhooks/w1'), 'storage.webhooks', 'webhook read')
  await assertMissing(await call('GET', '/api/v1/webhooks/w1/deliveries'), 'storage.webhooks', 'delivery list')
  const quotas = `/api/v1/management/surveys/${surveyId}/quotas`
  await assertMissing(await call('GET', quotas), 'storage.quotas', 'quota list')
  const quota = { name: 'Enough', limit: 2, logic: { connector: 'and', conditions: [] }, action: 'continueSurvey', endingCardId: null }
  await assertMissing(await call('POST', quotas, quota), 'storage.quotas', 'quota create')
  await assertMissing(await call('GET', `${quotas}/q1`), 'storage.quotas', 'quota read')
})

test('the dispatcher and the quota screening do not start, each said once; health says nothing waits', async () => {
  const { canvass, warnings } = withoutHooks()
  await canvass.start()
  try {
    const report = await canvass.runBackgroundOnce()
    assert.is(report.webhooks, undefined, 'no dispatcher')
    assert.is(report.quotaScreening, undefined, 'no quota screening')
    await canvass.runBackgroundOnce()
    const said = (needle: string) => warnings.filter((line) => line.includes(needle)).length
    assert.is(said('storage.webhookDeliveries'), 1, warnings.join('\n'))
    assert.is(said('storage.quotas'), 1, warnings.join('\n'))
    assert.equal(
      warnings.filter((line) => line.startsWith('error')),
      [],
    )
    const health = await canvass.health()
    assert.is(health.database, 'ok')
    assert.equal(health.webhooks, { oldestDueAt: null, status: 'ok', stalled: false })
  } finally {
    await canvass.close()
  }
})

test('createCanvass refuses settings for background work the storage cannot do, naming the group', () => {
  const { webhooks: _w, webhookDeliveries: _d, quotas: _q, ...storage } = bed().storage
  assert.throws(() => createCanvass({ storage, background: { webhooks: { batchSize: 10 } } }), /storage\.webhookDeliveries/)
  assert.throws(() => createCanvass({ storage, background: { quotaScreening: { batch: 10 } } }), /storage\.quotas/)
  createCanvass({ storage, background: { webhooks: false, quotaScreening: false } })
})

test('withOutboxExpansion passes a storage without deliveries through untouched', () => {
  const { webhooks: _w, webhookDeliveries: _d, ...rest } = bed().storage
  const storage: Storage = rest
  assert.is(withOutboxExpansion(storage), storage)
})

test('createKyselyStorage keeps every group, so the same routes answer there', async () => {
  const canvass = createCanvass({ storage: bed().storage, background: false })
  const answer = await canvass.fetch(new Request(`${TEST_ORIGIN}/api/v1/webhooks`, { headers: { 'x-api-key': bed().keyA } }))
  assert.is(answer.status, 200, await answer.text())
})

test.run()
