/** The test bed itself: a project with keys, a clock that moves only when told, webhooks to its receiver. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { availableBackends, createResponse, createSurvey, createTestCanvass, createTestClock } from '../src'

for (const backend of availableBackends()) {
  const test = suite(`test bed on ${backend}`)

  test('answers with the project of its keys, and each bed is a database of its own', async () => {
    const [one, two] = await Promise.all([createTestCanvass({ backend }), createTestCanvass({ backend })])
    try {
      const me = await one.call('GET', '/api/v1/me', { key: one.keyA })
      assert.is(me.status, 200)
      assert.is(me.body.id, one.envA)
      const dev = await one.call('GET', '/api/v1/me', { key: one.keyB })
      assert.is(dev.body.id, one.envB)
      assert.is((await two.call('GET', '/api/v1/me', { key: one.keyA })).status, 401)
      const other = await one.newProject('Other')
      assert.is((await one.call('GET', '/api/v1/me', { key: other.key })).body.id, other.environmentId)
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  test('the clock moves rate-limit windows only when the test moves it', async () => {
    const clock = createTestClock('2026-01-01T00:00:00Z')
    const bed = await createTestCanvass({ backend, clock, rateLimits: { management: { limit: 2, windowMs: 60_000 } } })
    try {
      const me = () => bed.call('GET', '/api/v1/me', { key: bed.keyA })
      assert.equal([(await me()).status, (await me()).status, (await me()).status], [200, 200, 429])
      clock.advance(59_000)
      assert.is((await me()).status, 429)
      clock.advance(1_000)
      assert.is((await me()).status, 200)
    } finally {
      await bed.close()
    }
  })

  test('webhooks reach the receiver, retried on the clock', async () => {
    const clock = createTestClock()
    const bed = await createTestCanvass({ backend, clock })
    try {
      const hook = await bed.call('POST', '/api/v1/webhooks', {
        key: bed.keyA,
        body: { url: 'https://receiver.example/hook', triggers: ['responseCreated'], source: 'user' },
      })
      assert.is(hook.status, 200, hook.text)
      const survey = await createSurvey(bed, {
        name: 'S',
        status: 'inProgress',
        questions: [{ id: 'q', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }],
      })
      bed.receiver.answer({ status: 503 })
      const responseId = await createResponse(bed, survey.id, { finished: true, data: { q: 'hi' } })
      await bed.deliverWebhooks()
      assert.is(bed.receiver.received.length, 1)
      assert.is(bed.receiver.received[0]?.json.event, 'responseCreated')
      bed.receiver.answer({ status: 200 })
      await bed.deliverWebhooks()
      assert.is(bed.receiver.received.length, 1, 'the retry is not due before the clock reaches it')
      clock.advance(60_000)
      await bed.deliverWebhooks()
      assert.is(bed.receiver.received.length, 2)
      assert.is(bed.receiver.received[1]?.json.data.id, responseId)
    } finally {
      await bed.close()
    }
  })

  test('listen serves the handler over loopback HTTP', async () => {
    const bed = await createTestCanvass({ backend })
    try {
      const url = await bed.listen()
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/)
      const res = await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': bed.keyA } })
      assert.is(res.status, 200)
      assert.is(((await res.json()) as { id: string }).id, bed.envA)
    } finally {
      await bed.close()
    }
  })

  test.run()
}
