/**
 * `Idempotency-Key` over HTTP (docs/design.md, "Idempotency"): a client submit whose connection was dropped before its answer,
 * sent again with the same key, leaves exactly one response and one `responseCreated` delivery; a repeat is
 * the first answer again (`Idempotent-Replayed`); the key with another body is 422; keys are per environment
 * and per caller (a client's key is not a manager's); management creates take keys too; a malformed key is 400. On PGlite, and on the Postgres server when
 * TEST_DATABASE_URL is set. The dropped connection is a real one: the bed serves over loopback for it.
 */
import { connect } from 'node:net'
import { availableBackends, createSurvey, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/** Sends a POST and closes the connection as soon as the request is written, never reading the answer. */
function sendAndDrop(url: string, path: string, headers: Record<string, string>, body: string): Promise<void> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ]
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => {
        socket.destroy()
        resolve()
      })
    })
    socket.on('error', reject)
  })
}

for (const backend of availableBackends()) {
  // The bed's dispatcher runs only when a test asks: deliveries stay pending, so that they can be counted.
  const { test, bed } = suiteWithBed(`Idempotency-Key (${backend})`, { backend })

  const post = (x: TestCanvass, path: string, body: unknown, key: string, apiKey?: string) =>
    x.call('POST', path, { body, headers: { 'idempotency-key': key }, ...(apiKey ? { key: apiKey } : {}) })

  test('a submit retried after a dropped connection leaves one response and one responseCreated delivery', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const hook = await x.call('POST', '/api/v1/webhooks', {
      key: x.keyA,
      body: { url: 'https://example.com/hook', triggers: ['responseCreated'], surveyIds: [survey.id] },
    })
    assert.is(hook.status, 200, hook.text)
    const key = `submit-${Math.random().toString(36).slice(2)}`
    const body = JSON.stringify({ surveyId: survey.id, finished: false, data: { q1: 'once' } })
    const path = `/api/v1/client/${x.envA}/responses`
    await sendAndDrop(await x.listen(), path, { 'content-type': 'application/json', 'idempotency-key': key }, body)
    // The retry: 409 while the first still runs, then the first answer (or its own, if the first never arrived).
    let retried = await post(x, path, JSON.parse(body), key)
    for (let attempt = 0; retried.status === 409 && attempt < 100; attempt++) {
      // A wait on the first request, which runs on in this process: no clock can move it along.
      await new Promise((resolve) => setTimeout(resolve, 50))
      retried = await post(x, path, JSON.parse(body), key)
    }
    assert.is(retried.status, 200, retried.text)
    const id = retried.body.data.id
    const again = await post(x, path, JSON.parse(body), key)
    assert.is(again.status, 200)
    assert.equal(again.body, { data: { id } }, 'the first answer again')
    assert.is(again.headers.get('idempotent-replayed'), 'true')
    assert.is(again.headers.get('access-control-allow-origin'), '*', 'a replay is still a client answer')

    const responses = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })
    assert.equal(
      responses.body.data.map((response: { id: string }) => response.id),
      [id],
      'one response',
    )
    const deliveries = await x.call('GET', `/api/v1/webhooks/${hook.body.data.id}/deliveries`, { key: x.keyA })
    assert.equal(
      deliveries.body.data.map((delivery: { event: string; responseId: string }) => [delivery.event, delivery.responseId]),
      [['responseCreated', id]],
      'one delivery',
    )
    await x.call('DELETE', `/api/v1/webhooks/${hook.body.data.id}`, { key: x.keyA })
  })

  test('another body with the key is 422; keys are per environment; displays and management creates take them', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const path = `/api/v1/client/${x.envA}/responses`
    const key = `k-${Math.random().toString(36).slice(2)}`
    const first = await post(x, path, { surveyId: survey.id, finished: false, data: { q1: 'a' } }, key)
    assert.is(first.status, 200)
    const other = await post(x, path, { surveyId: survey.id, finished: false, data: { q1: 'b' } }, key)
    assert.is(other.status, 422, other.text)
    assert.is(other.body.code, 'idempotency_key_reused')
    const surveyB = await createSurvey(x, { status: 'inProgress' }, 'B')
    const inB = await post(x, `/api/v1/client/${x.envB}/responses`, { surveyId: surveyB.id, finished: false, data: { q1: 'a' } }, key)
    assert.is(inB.status, 200, 'the same key in another environment is another key')
    assert.is.not(inB.body.data.id, first.body.data.id)

    const display = await post(x, `/api/v1/client/${x.envA}/displays`, { surveyId: survey.id }, `d-${key}`)
    const displayAgain = await post(x, `/api/v1/client/${x.envA}/displays`, { surveyId: survey.id }, `d-${key}`)
    assert.equal(displayAgain.body, display.body, 'one display')

    const surveyBody = {
      environmentId: x.envA,
      name: `Once ${key}`,
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
    }
    const created = await post(x, '/api/v1/management/surveys', surveyBody, `s-${key}`, x.keyA)
    const createdAgain = await post(x, '/api/v1/management/surveys', surveyBody, `s-${key}`, x.keyA)
    assert.is(createdAgain.body.data.id, created.body.data.id)
    const surveys = await x.call('GET', '/api/v1/management/surveys?limit=1000', { key: x.keyA })
    assert.is(surveys.body.data.filter((s: { name: string }) => s.name === surveyBody.name).length, 1, 'one survey')

    // A failed request lets its key go: the retry runs again (here, failing the same way).
    const failed = await post(x, path, { surveyId: 'nope', finished: false, data: {} }, `f-${key}`)
    assert.is(failed.status, 404)
    assert.is((await post(x, path, { surveyId: 'nope', finished: false, data: {} }, `f-${key}`)).status, 404)

    for (const bad of ['', 'a\tb', 'x'.repeat(256), 'naïve']) {
      const res = await x.call('POST', path, {
        body: { surveyId: survey.id, finished: false, data: {} },
        headers: { 'idempotency-key': bad },
      })
      assert.is(res.status, 400, `${JSON.stringify(bad)}: ${res.text}`)
    }
  })

  test('a key a client used is not the key of a manager in the same environment (issue 58, item 12)', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const key = `squat-${Math.random().toString(36).slice(2)}`
    const squatted = await post(x, `/api/v1/client/${x.envA}/responses`, { surveyId: survey.id, finished: false, data: { q1: 'a' } }, key)
    assert.is(squatted.status, 200, squatted.text)
    const surveyBody = {
      environmentId: x.envA,
      name: `Manager's ${key}`,
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false }],
    }
    const managed = await post(x, '/api/v1/management/surveys', surveyBody, key, x.keyA)
    assert.is(managed.status, 200, `the manager's request runs: ${managed.text}`)
    assert.is(managed.headers.get('idempotent-replayed'), null)
    const managedAgain = await post(x, '/api/v1/management/surveys', surveyBody, key, x.keyA)
    assert.is(managedAgain.headers.get('idempotent-replayed'), 'true', "the manager's key replays the manager's answer")
    assert.is(managedAgain.body.data.id, managed.body.data.id)
    const surveys = await x.call('GET', '/api/v1/management/surveys?limit=1000', { key: x.keyA })
    assert.is(surveys.body.data.filter((s: { name: string }) => s.name === surveyBody.name).length, 1, 'one survey, made for real')
    const squattedAgain = await post(
      x,
      `/api/v1/client/${x.envA}/responses`,
      { surveyId: survey.id, finished: false, data: { q1: 'a' } },
      key,
    )
    assert.equal(squattedAgain.body, squatted.body, "the client's key still replays the client's answer")

    // The other way round: a manager's key first, then a respondent's request with it runs for real.
    const managerFirst = `mgr-${key}`
    const response = await post(
      x,
      '/api/v1/management/responses',
      { surveyId: survey.id, finished: true, data: { q1: 'm' } },
      managerFirst,
      x.keyA,
    )
    assert.is(response.status, 200, response.text)
    const client = await post(
      x,
      `/api/v1/client/${x.envA}/responses`,
      { surveyId: survey.id, finished: false, data: { q1: 'c' } },
      managerFirst,
    )
    assert.is(client.status, 200, client.text)
    assert.is(client.headers.get('idempotent-replayed'), null)
    assert.is.not(client.body.data.id, response.body.data.id)
  })

  test('a bulk import: one transaction, a result per item, webhooks only when asked', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'completed', autoComplete: 2 })
    const hook = await x.call('POST', '/api/v1/webhooks', {
      key: x.keyA,
      body: { url: 'https://example.com/hook', triggers: ['responseCreated'], surveyIds: [survey.id] },
    })
    const surveyB = await createSurvey(x, {}, 'B')
    const items = [
      { surveyId: survey.id, finished: true, data: { q1: 'a' }, createdAt: '2024-05-01T00:00:00Z', userId: 'importer' },
      { surveyId: survey.id, finished: false, data: { q1: 'b' }, singleUseId: 'one' },
      { surveyId: survey.id, finished: false, data: { q1: 'c' }, singleUseId: 'one' },
      { surveyId: 'nope', finished: true, data: {} },
      { surveyId: surveyB.id, finished: true, data: {} },
      { surveyId: survey.id, data: {} },
      { surveyId: survey.id, finished: true, data: { q1: 'd' }, createdAt: '2024-05-02T00:00:00Z', updatedAt: '2024-05-01T00:00:00Z' },
    ]
    const res = await x.call('POST', '/api/v1/management/responses/bulk', { key: x.keyA, body: { responses: items } })
    assert.is(res.status, 200, res.text)
    const { created, failed, results } = res.body.data
    assert.equal([created, failed], [2, 5])
    assert.equal(
      results.map((r: any) => r.index),
      [0, 1, 2, 3, 4, 5, 6],
    )
    assert.ok(results[0].id && results[1].id)
    assert.equal(
      results.slice(2).map((r: any) => [r.error.code, Object.keys(r.error.details).sort()]),
      [
        ['bad_request', []],
        ['not_found', ['resource_id', 'resource_type']],
        ['unauthorized', []],
        ['bad_request', ['finished']],
        ['bad_request', ['updatedAt']],
      ],
    )
    const first = await x.call('GET', `/api/v1/management/responses/${results[0].id}`, { key: x.keyA })
    assert.equal([first.body.data.createdAt, first.body.data.person.userId], ['2024-05-01T00:00:00.000Z', 'importer'])
    const deliveries = await x.call('GET', `/api/v1/webhooks/${hook.body.data.id}/deliveries`, { key: x.keyA })
    assert.equal(deliveries.body.data, [], 'no webhook event without ?webhooks=true')

    const withHooks = await x.call('POST', '/api/v1/management/responses/bulk?webhooks=true', {
      key: x.keyA,
      body: { responses: [{ surveyId: survey.id, finished: false, data: { q1: 'e' } }] },
    })
    assert.is(withHooks.body.data.created, 1)
    const after = await x.call('GET', `/api/v1/webhooks/${hook.body.data.id}/deliveries`, { key: x.keyA })
    assert.equal(
      after.body.data.map((d: any) => d.responseId),
      [withHooks.body.data.results[0].id],
    )

    for (const [body, query, field] of [
      [{ responses: [] }, '', 'responses'],
      [{ responses: Array.from({ length: 1001 }, () => ({})) }, '', 'responses'],
      [{ responses: [{ surveyId: survey.id, finished: false, data: {} }] }, '?webhooks=maybe', 'webhooks'],
    ] as const) {
      const bad = await x.call('POST', `/api/v1/management/responses/bulk${query}`, { key: x.keyA, body })
      assert.is(bad.status, 400, bad.text)
      assert.ok(field in bad.body.details, bad.text)
    }
    await x.call('DELETE', `/api/v1/webhooks/${hook.body.data.id}`, { key: x.keyA })
  })

  test('a bulk import counts towards autoComplete exactly, under concurrency', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress', autoComplete: 3 })
    const batch = (n: number) => ({
      responses: Array.from({ length: n }, (_, i) => ({ surveyId: survey.id, finished: true, data: { q1: `r${i}` } })),
    })
    const answers = await Promise.all(
      [1, 2, 3].map(() => x.call('POST', '/api/v1/management/responses/bulk', { key: x.keyA, body: batch(2) })),
    )
    assert.ok(
      answers.every((a) => a.status === 200),
      answers.map((a) => a.text).join('\n'),
    )
    const read = await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })
    assert.is(read.body.data.status, 'completed', 'the import filled autoComplete and completed the survey')
    const counted = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&finished=true&count=true`, { key: x.keyA })
    assert.is(counted.headers.get('x-total-count'), '6', 'management imports are not refused by status')
  })

  test.run()
}
