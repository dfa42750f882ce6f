/**
 * Webhooks on the test bed: CRUD, signed delivery verified with `standardwebhooks` at the bed's receiver, and
 * a receiver that refuses, then fails, then recovers. The bed's dispatcher sends what is due on its clock
 * (`deliverWebhooks()`); retries come due as the test moves the clock. The Node transport is tested in
 * @canvass/host-node, the dispatcher's own loop and a kill mid-delivery in packages/server.
 */
import {
  assertSuccessOrContractError,
  createTestClock,
  createVerifiedWebhook,
  createVerifyingReceiver,
  suiteWithBed,
  webhookDeliveries,
} from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** Retry delays short enough that a few moves of the clock make every retry due. */
const SCHEDULE_MS = [300, 300, 500, 500, 1000, 1000, 1000, 1000, 1000]

const question = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }

const { test, bed } = suiteWithBed('webhooks', () => ({
  clock: createTestClock(),
  webhooks: { allowPrivateAddresses: true },
  dispatcher: { schedule: SCHEDULE_MS },
}))
/** Verifies what the bed's receiver gets with `standardwebhooks`; its URL is never connected to. */
const receiver = { ...createVerifyingReceiver(), url: () => 'http://127.0.0.1:9/hook' }
let key = ''
let devKey = ''
let environmentId = ''
let surveyId = ''
const call: import('@canvass/test-bed').Call = (...args) => bed().call(...args)
const clock = () => bed().clock!

test.before(async () => {
  bed().receiver.answer(receiver.answer)
  ;({ keyA: key, keyB: devKey, envA: environmentId } = bed())
  const survey = await call('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name: 'Webhook survey', status: 'inProgress', questions: [question] },
  })
  surveyId = survey.body.data.id
})

const createHook = (body: Record<string, unknown> = {}) => createVerifiedWebhook(call, key, receiver, receiver.url(), body)
const deliveriesOf = (hookId: string) => webhookDeliveries(call, key, hookId)
/** Whether the bed has recorded `count` deliveries of the hook, each with its outcome. */
const recorded =
  (hookId: string, count: number, attempted = 1) =>
  async () => {
    const deliveries = await deliveriesOf(hookId)
    return deliveries.length === count && deliveries.every((d) => d.attemptCount >= attempted)
  }
const respond = async (finished = false) => {
  const res = await call('POST', `/api/v1/client/${environmentId}/responses`, { body: { surveyId, finished, data: { q1: 'hi' } } })
  assert.is(res.status, 200, res.text)
  return res.body.data.id as string
}
/**
 * Runs the dispatcher until a run claims nothing: a response's later events are claimed once its earlier ones
 * are recorded, which one run may not wait for.
 */
async function deliverDue(): Promise<void> {
  for (let run = 0; run < 20; run++) {
    if ((await bed().deliverWebhooks()).claimed === 0) return
  }
  assert.unreachable('the dispatcher still claimed deliveries after 20 runs')
}
/** Moves the clock past the longest retry delay and sends what is due, until `check` holds (a few rounds). */
async function untilDelivered(what: string, check: () => boolean): Promise<void> {
  for (let round = 0; round < 2 * SCHEDULE_MS.length && !check(); round++) {
    clock().advance(Math.max(...SCHEDULE_MS) * 2)
    await deliverDue()
  }
  assert.ok(check(), what)
}
/** Moves the clock past every retry delay and runs the dispatcher again: nothing more is sent. */
async function settle(): Promise<void> {
  const before = bed().receiver.received.length
  clock().advance(SCHEDULE_MS.reduce((a, b) => a + b, 0) * 2)
  await deliverDue()
  assert.is(bed().receiver.received.length, before, 'nothing is sent again')
}

test('CRUD: secret once, validation, survey ownership, 404 after delete', async () => {
  const created = await createHook({ name: 'Mine', surveyIds: [surveyId] })
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
  assert.equal(created.surveyIds, [surveyId])
  assert.is(created.source, 'user')
  const { secret, ...shown } = created
  const got = await call('GET', `/api/v1/webhooks/${created.id}`, { key })
  assert.is(got.status, 200)
  assert.equal(got.body.data, shown, 'GET shows the created webhook without its secret')
  assert.not.ok(got.text.includes(secret))
  const listed = await call('GET', '/api/v1/webhooks?limit=1000', { key })
  assert.equal(
    listed.body.data.find((w: { id: string }) => w.id === created.id),
    shown,
  )
  assert.not.ok(listed.text.includes(secret))
  const alias = await call('POST', '/api/v1/webhooks', { key, body: { url: receiver.url(), trigger: ['responseFinished'] } })
  assert.equal(alias.body.data.triggers, ['responseFinished'])
  const invalid = (details: Record<string, string>) => ({
    status: 400,
    body: { code: 'bad_request', message: 'Fields are missing or incorrectly formatted', details },
  })
  const notHttp = { url: 'Must be an absolute http or https URL without credentials' }
  for (const [body, details] of [
    [{ url: 'ftp://example.com/x', triggers: ['responseCreated'] }, notHttp],
    [{ url: 'example.com/x', triggers: ['responseCreated'] }, notHttp],
    [{ url: 'http://user:pw@127.0.0.1/x', triggers: ['responseCreated'] }, notHttp],
    [{ url: '', triggers: ['responseCreated'] }, { url: 'Must not be empty' }],
    [{ url: receiver.url(), triggers: [] }, { triggers: 'Must list at least one trigger' }],
    [{ url: receiver.url() }, { triggers: 'Required: a non-empty list of triggers' }],
    [
      { url: receiver.url(), triggers: ['responseDeleted'] },
      { 'triggers.0': 'Must be one of responseCreated, responseUpdated, responseFinished' },
    ],
    [{ url: receiver.url(), triggers: ['responseCreated'], surveyIds: ['nope'] }, { 'surveyIds.0': 'Not a survey of this environment' }],
  ] as const) {
    const res = await call('POST', '/api/v1/webhooks', { key, body })
    assert.equal({ status: res.status, body: res.body }, invalid(details), JSON.stringify(body))
  }
  assert.equal((await call('DELETE', `/api/v1/webhooks/${created.id}`, { key })).body.data, shown, 'DELETE returns the deleted webhook')
  assert.is((await call('DELETE', `/api/v1/webhooks/${alias.body.data.id}`, { key })).status, 200)
  const gone = await call('GET', `/api/v1/webhooks/${created.id}`, { key })
  assert.equal(
    { status: gone.status, body: gone.body },
    {
      status: 404,
      body: { code: 'not_found', message: 'Webhook not found', details: { resource_id: created.id, resource_type: 'Webhook' } },
    },
  )
})

test('hostile input on the webhook routes never gives a 5xx; another environment gets 401', async () => {
  const mine = await createHook({ surveyIds: [surveyId] })
  for (const [method, path] of [
    ['GET', `/api/v1/webhooks/${mine.id}`],
    ['DELETE', `/api/v1/webhooks/${mine.id}`],
    ['GET', `/api/v1/webhooks/${mine.id}/deliveries`],
  ] as const) {
    const res = await call(method, path, { key: devKey })
    assert.is(res.status, 401, `${method} ${path} with the other environment's key`)
    assert.is(res.body.code, 'unauthorized')
  }
  assert.not.ok((await call('GET', '/api/v1/webhooks', { key: devKey })).body.data.some((w: any) => w.id === mine.id))
  const foreignSurvey = await call('POST', '/api/v1/webhooks', {
    key: devKey,
    body: { url: receiver.url(), triggers: ['responseCreated'], surveyIds: [surveyId] },
  })
  assert.is(foreignSurvey.status, 400, 'a survey of another environment')
  assert.is((await call('GET', `/api/v1/webhooks/${mine.id}`, { key })).status, 200, 'still there')
  await call('DELETE', `/api/v1/webhooks/${mine.id}`, { key })
  const ids = ['', '%00', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(5000), "1' or '1'='1", '%F0%9F%98%80']
  const bodies: unknown[] = [
    null,
    0,
    'text',
    [],
    {},
    { url: null },
    { url: 'x'.repeat(5000), triggers: ['responseCreated'] },
    { url: 'http://[::1', triggers: ['responseCreated'] },
    { url: 'javascript:alert(1)', triggers: ['responseCreated'] },
    { url: 'http://user:pw@example.com/', triggers: ['responseCreated'] },
    { url: 'https://example.com/', triggers: 'responseCreated' },
    { url: 'https://example.com/', triggers: ['responseCreated'], surveyIds: ['\u0000', 'x'.repeat(300)] },
    { url: 'https://example.com/', triggers: ['responseCreated'], surveyIds: Array.from({ length: 500 }, (_, i) => `s${i}`) },
    { url: 'https://example.com/\u0000', triggers: ['responseCreated'], name: '\u0000' },
    { __proto__: { admin: true }, url: 'https://example.com/' },
  ]
  for (const body of bodies) {
    const res = await call('POST', '/api/v1/webhooks', { key, body })
    assertSuccessOrContractError(res, JSON.stringify(body).slice(0, 200))
    if (res.status === 200) {
      assert.type(res.body.data.id, 'string')
      assert.is((await call('DELETE', `/api/v1/webhooks/${res.body.data.id}`, { key })).status, 200)
    }
  }
  for (const id of ids) {
    for (const [method, path] of [
      ['GET', `/api/v1/webhooks/${id}`],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['GET', `/api/v1/webhooks/${id}/deliveries?limit=${id}&cursor=${id}`],
    ]) {
      const res = await call(method as string, path as string, { key })
      assertSuccessOrContractError(res, `${method} ${path}`)
    }
  }
})

test('every event reaches the receiver once, verified with standardwebhooks', async () => {
  receiver.got.length = 0
  const hook = await createHook()
  const first = await respond(true)
  const second = await respond(false)
  // An update is an event when it changes `updatedAt`: on the bed's clock, time passes only when moved.
  clock().advance(1000)
  const put = await call('PUT', `/api/v1/client/${environmentId}/responses/${second}`, { body: { data: { q1: 'more' }, finished: true } })
  assert.is(put.status, 200)
  const expected = [
    `${first}:responseCreated`,
    `${first}:responseFinished`,
    `${second}:responseCreated`,
    `${second}:responseUpdated`,
    `${second}:responseFinished`,
  ].sort()
  const seen = () => receiver.got.map((g) => `${g.payload.data.id}:${g.payload.event}`).sort()
  await deliverDue()
  assert.is(receiver.got.length, 5, 'five events')
  // Once every delivery is recorded as delivered, nothing is sent again: what arrived is all that will.
  assert.is((await deliveriesOf(hook.id)).filter((d) => d.status === 'delivered').length, 5, 'five deliveries recorded')
  await settle()
  assert.equal(seen(), expected, 'each event once, nothing twice')
  assert.is(new Set(receiver.got.map((g) => g.id)).size, 5)
  assert.equal(receiver.invalid, [])
  assert.ok(receiver.got.every((g) => g.payload.webhookId === hook.id && g.payload.data.survey.id === surveyId))
  const deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries?limit=2`, { key })
  assert.is(deliveries.body.data.length, 2)
  assert.ok(deliveries.headers.get('link')?.includes('rel="next"'), 'paginated')
  assert.ok(deliveries.body.data.every((d: any) => d.status === 'delivered' && d.attemptCount === 1))
  await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
})

test("data.survey has the reference's fields (title, type, status, createdAt, updatedAt) and Canvass's id and name", async () => {
  // Guards the regression where `data.survey` was only `{id, name, type, status}`: an n8n workflow reading
  // `data.survey.title`, as the reference sends it, got undefined.
  receiver.got.length = 0
  const hook = await createHook({ triggers: ['responseCreated'] })
  const survey = (await call('GET', `/api/v1/management/surveys/${surveyId}`, { key })).body.data
  await respond(false)
  await deliverDue()
  assert.is(receiver.got.length, 1)
  assert.equal(receiver.invalid, [])
  assert.equal(receiver.got[0]!.payload.data.survey, {
    title: 'Webhook survey',
    type: 'link',
    status: 'inProgress',
    createdAt: survey.createdAt,
    updatedAt: survey.updatedAt,
    id: surveyId,
    name: 'Webhook survey',
  })
  await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
})

test('redelivery sends a delivery again with its webhook-id as a new attempt; deliveries filter by status and event', async () => {
  receiver.got.length = 0
  const hook = await createHook({ triggers: ['responseCreated', 'responseFinished'] })
  const responseId = await respond(true)
  await deliverDue()
  assert.is((await deliveriesOf(hook.id)).filter((d) => d.status === 'delivered').length, 2, 'two deliveries recorded')
  const created = (await deliveriesOf(hook.id)).find((d) => d.event === 'responseCreated')
  const list = async (query: string) => call('GET', `/api/v1/webhooks/${hook.id}/deliveries?${query}`, { key })
  assert.equal(
    (await list('event=responseFinished')).body.data.map((d: any) => d.event),
    ['responseFinished'],
  )
  assert.is((await list('status=delivered')).body.data.length, 2)
  assert.equal((await list('status=pending')).body.data, [])
  assert.equal((await list('status=failed&event=responseCreated')).body.data, [])
  for (const [query, field] of [
    ['status=sent', 'status'],
    ['event=responseDeleted', 'event'],
    ['status=failed&status=pending', 'status'],
  ]) {
    const res = await list(query!)
    assert.is(res.status, 400, `${query}: ${res.text}`)
    assert.ok(field! in res.body.details, `${query} names ${field}`)
  }

  const first = receiver.got.find((g) => g.id === created.id)
  assert.ok(first, 'the first attempt arrived')
  // webhook-timestamp counts seconds: the second attempt must come in a later one.
  clock().advance(1_100)
  const again = await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${created.id}/redeliver`, { key })
  assert.is(again.status, 200, again.text)
  assert.is(again.body.data.id, created.id)
  await deliverDue()
  assert.is(receiver.got.filter((g) => g.id === created.id).length, 2, 'sent again')
  const second = receiver.got.filter((g) => g.id === created.id)[1]!
  assert.is(second.payload.data.id, responseId)
  assert.is(second.payload.event, 'responseCreated')
  assert.ok(second.timestamp > first!.timestamp, 'a new timestamp (and so a new signature, which verified)')
  assert.equal(receiver.invalid, [])
  assert.is((await deliveriesOf(hook.id)).find((d) => d.id === created.id)?.attemptCount, 2, 'the second attempt recorded')
  const recordedAgain = (await deliveriesOf(hook.id)).find((d) => d.id === created.id)
  assert.is(recordedAgain.status, 'delivered')
  assert.is(receiver.got.filter((g) => g.payload.event === 'responseFinished').length, 1, 'only that delivery was sent again')

  const unknown = await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/msg_nope/redeliver`, { key })
  assert.is(unknown.status, 404, unknown.text)
  const otherKey = await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${created.id}/redeliver`, { key: devKey })
  assert.is(otherKey.status, 401, "another environment's key")
  const other = await createHook({ triggers: ['responseCreated'] })
  const crossed = await call('POST', `/api/v1/webhooks/${other.id}/deliveries/${created.id}/redeliver`, { key })
  assert.is(crossed.status, 404, 'a delivery of another webhook is not under this one')
  await call('DELETE', `/api/v1/webhooks/${other.id}`, { key })
  await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
})

test('a receiver that refuses, then answers 503, gets every event once it recovers', async () => {
  receiver.got.length = 0
  const hook = await createHook({ triggers: ['responseCreated'] })
  receiver.setMode('refuse')
  const ids = [await respond(), await respond(), await respond()]
  await deliverDue()
  assert.ok(await recorded(hook.id, 3)(), 'an attempt at each delivery against the refusing receiver')
  receiver.setMode('fail')
  await untilDelivered('a 503 from the failing receiver', () => receiver.failed() > 0)
  receiver.setMode('ok')
  await untilDelivered('three events after recovery', () => receiver.got.length >= 3)
  assert.equal(receiver.got.map((g) => g.payload.data.id).sort(), [...ids].sort())
  const deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })
  assert.ok(
    deliveries.body.data.every((d: any) => d.status === 'delivered' && d.attemptCount > 1),
    `retried: ${JSON.stringify(deliveries.body.data)}`,
  )
  assert.is(receiver.got.length, 3, 'each once')
  await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
})

test('PATCH /api/v1/management/webhooks/{id} edits a webhook: the fields given replace the stored ones, the secret stays and still signs', async () => {
  receiver.got.length = 0
  const created = await createHook({ name: 'Before', surveyIds: [surveyId] })
  const { secret, ...shown } = created
  clock().advance(1000)
  const renamed = await call('PATCH', `/api/v1/management/webhooks/${created.id}`, { key, body: { name: 'After' } })
  assert.is(renamed.status, 200, renamed.text)
  assert.equal(renamed.body.data, { ...shown, name: 'After', updatedAt: clock().now().toISOString() }, 'only the name and updatedAt change')
  assert.not.ok(renamed.text.includes(secret), 'never the secret')
  const edited = await call('PATCH', `/api/v1/management/webhooks/${created.id}`, {
    key,
    body: { url: 'http://127.0.0.1:9/other', trigger: 'responseFinished', surveyIds: [], source: 'zapier', name: null },
  })
  assert.is(edited.status, 200, edited.text)
  const expected = {
    ...shown,
    name: null,
    url: 'http://127.0.0.1:9/other',
    triggers: ['responseFinished'],
    surveyIds: [],
    source: 'zapier',
    updatedAt: clock().now().toISOString(),
  }
  assert.equal(edited.body.data, expected)
  assert.equal((await call('GET', `/api/v1/webhooks/${created.id}`, { key })).body.data, expected, 'GET sees the edit')
  // The edit is what the next event follows: an unfinished response is no longer sent, a finished one is, to
  // the new URL, signed with the same secret.
  bed().receiver.clear()
  await respond(false)
  await respond(true)
  await deliverDue()
  const mine = bed().receiver.received.filter((r) => r.json?.webhookId === created.id)
  assert.equal(
    mine.map((r) => [r.url, r.json.event]),
    [['http://127.0.0.1:9/other', 'responseFinished']],
  )
  assert.equal(
    receiver.got.filter((g) => g.payload.webhookId === created.id).map((g) => g.payload.event),
    ['responseFinished'],
  )
  assert.equal(receiver.invalid, [], 'the secret did not change')
  const audit = await call('GET', `/api/v1/management/audit-log?resourceType=webhook&action=update&limit=10`, { key })
  assert.ok(
    audit.body.data.some((e: { resourceId: string }) => e.resourceId === created.id),
    audit.text,
  )
  await call('DELETE', `/api/v1/webhooks/${created.id}`, { key })
})

test("the edit refuses what the create refuses, unknown fields, and another environment's webhook", async () => {
  const created = await createHook({ name: 'Kept', surveyIds: [surveyId] })
  const { secret: _secret, ...shown } = created
  const invalid = (details: Record<string, string>) => ({
    status: 400,
    body: { code: 'bad_request', message: 'Fields are missing or incorrectly formatted', details },
  })
  const notHttp = { url: 'Must be an absolute http or https URL without credentials' }
  for (const [body, details] of [
    [{ url: 'ftp://example.com/x' }, notHttp],
    [{ url: 'http://user:pw@127.0.0.1/x' }, notHttp],
    [{ url: '' }, { url: 'Must not be empty' }],
    [{ triggers: [] }, { triggers: 'Must list at least one trigger' }],
    [{ triggers: ['responseDeleted'] }, { 'triggers.0': 'Must be one of responseCreated, responseUpdated, responseFinished' }],
    [{ surveyIds: ['nope'] }, { 'surveyIds.0': 'Not a survey of this environment' }],
    [{ secret: 'whsec_AAAA' }, { secret: 'Unknown field; did you mean "source"?' }],
    [{ nmae: 'typo' }, { nmae: 'Unknown field; did you mean "name"?' }],
  ] as const) {
    const res = await call('PATCH', `/api/v1/management/webhooks/${created.id}`, { key, body })
    assert.equal({ status: res.status, body: res.body }, invalid(details), JSON.stringify(body))
  }
  for (const body of [null, [], 'text', { name: 'x'.repeat(5000) }, { surveyIds: Array.from({ length: 500 }, (_, i) => `s${i}`) }]) {
    const res = await call('PATCH', `/api/v1/management/webhooks/${created.id}`, { key, body })
    assert.is(res.status, 400, JSON.stringify(body).slice(0, 100))
  }
  const other = await call('PATCH', `/api/v1/management/webhooks/${created.id}`, { key: devKey, body: { name: 'stolen' } })
  assert.equal({ status: other.status, code: other.body.code }, { status: 401, code: 'unauthorized' }, 'as GET and DELETE answer')
  const otherTest = await call('POST', `/api/v1/webhooks/${created.id}/test`, { key: devKey })
  assert.equal({ status: otherTest.status, code: otherTest.body.code }, { status: 401, code: 'unauthorized' })
  assert.equal((await call('GET', `/api/v1/webhooks/${created.id}`, { key })).body.data, shown, 'nothing changed')
  const missing = await call('PATCH', '/api/v1/management/webhooks/nosuchwebhook0000000000', { key, body: { name: 'x' } })
  assert.is(missing.status, 404)
  await call('DELETE', `/api/v1/webhooks/${created.id}`, { key })
  const gone = await call('PATCH', `/api/v1/management/webhooks/${created.id}`, { key, body: { name: 'x' } })
  assert.equal({ status: gone.status, code: gone.body.code }, { status: 404, code: 'not_found' })
})

test("PUT /api/v1/webhooks/{id}, which the reference's v1 does not have, is a 405 with Allow and changes nothing (issue 82, item 14)", async () => {
  const created = await createHook({ name: 'Kept', surveyIds: [surveyId] })
  const { secret: _secret, ...shown } = created
  clock().advance(1000)
  const put = await call('PUT', `/api/v1/webhooks/${created.id}`, {
    key,
    body: { name: 'Changed', url: 'http://127.0.0.1:9/elsewhere', triggers: ['responseFinished'] },
  })
  assert.equal(
    { status: put.status, code: put.body.code, allow: put.headers.get('allow') },
    { status: 405, code: 'method_not_allowed', allow: 'GET, HEAD, DELETE, OPTIONS' },
  )
  assert.equal((await call('GET', `/api/v1/webhooks/${created.id}`, { key })).body.data, shown, 'the webhook as it was')
  await call('DELETE', `/api/v1/webhooks/${created.id}`, { key })
})

test('an edit and a delete at once: each answers 200 or 404, never a 5xx', async () => {
  for (let round = 0; round < 5; round++) {
    const created = await createHook()
    const [edit, remove] = await Promise.all([
      call('PATCH', `/api/v1/management/webhooks/${created.id}`, { key, body: { name: `round ${round}` } }),
      call('DELETE', `/api/v1/webhooks/${created.id}`, { key }),
    ])
    assert.is(remove.status, 200, remove.text)
    assert.ok([200, 404].includes(edit.status), `${edit.status} ${edit.text}`)
    assert.is((await call('GET', `/api/v1/webhooks/${created.id}`, { key })).status, 404)
  }
})

test('POST …/test sends one signed testEndpoint event now; the outcome is in the answer, nothing is stored', async () => {
  receiver.got.length = 0
  receiver.invalid.length = 0
  const created = await createHook({ surveyIds: [surveyId] })
  const sent = await call('POST', `/api/v1/webhooks/${created.id}/test`, { key })
  assert.is(sent.status, 200, sent.text)
  assert.equal({ ...sent.body.data, durationMs: 0 }, { ok: true, status: 204, error: null, durationMs: 0 })
  assert.type(sent.body.data.durationMs, 'number')
  assert.equal(receiver.invalid, [], 'the signature verifies with standardwebhooks')
  assert.is(receiver.got.length, 1)
  const [got] = receiver.got
  assert.equal(got?.payload, { webhookId: created.id, event: 'testEndpoint', data: { test: true, sentAt: clock().now().toISOString() } })
  assert.is(got?.timestamp, Math.floor(clock().now().getTime() / 1000))
  assert.equal(await deliveriesOf(created.id), [], 'no delivery row')
  // A receiver that is down, then one that fails: 200 with the outcome, one attempt each, no retry.
  receiver.setMode('refuse')
  const before = bed().receiver.received.length
  const down = await call('POST', `/api/v1/webhooks/${created.id}/test`, { key })
  assert.is(down.status, 200, down.text)
  assert.equal(
    { ...down.body.data, durationMs: 0 },
    { ok: false, status: null, error: 'No connection could be opened to the receiver (refused or unreachable)', durationMs: 0 },
  )
  assert.not.match(down.text, /test receiver/, "the transport's own message is never shown")
  receiver.setMode('fail')
  const failing = await call('POST', `/api/v1/webhooks/${created.id}/test`, { key })
  assert.equal(
    { ...failing.body.data, durationMs: 0 },
    { ok: false, status: 503, error: 'The receiver answered 503, not a 2xx status', durationMs: 0 },
  )
  receiver.setMode('ok')
  clock().advance(SCHEDULE_MS.reduce((a, b) => a + b, 0) * 2)
  await deliverDue()
  assert.is(bed().receiver.received.length, before + 2, 'one attempt each, never retried')
  assert.equal(await deliveriesOf(created.id), [])
  const audit = await call('GET', `/api/v1/management/audit-log?resourceType=webhook&action=test&limit=10`, { key })
  assert.is(audit.body.data.filter((e: { resourceId: string }) => e.resourceId === created.id).length, 3, audit.text)
  await call('DELETE', `/api/v1/webhooks/${created.id}`, { key })
  const gone = await call('POST', `/api/v1/webhooks/${created.id}/test`, { key })
  assert.is(gone.status, 404)
})

test.run()
