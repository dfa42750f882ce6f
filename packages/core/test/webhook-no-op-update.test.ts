/**
 * Issue 58, item 10 (webhook amplification): a respondent's `PUT` that sends what the response holds already
 * (the same answers, in any key order, no finish) stores nothing and records no webhook event, on every form of
 * the client update route; it still answers as an update does. A `PUT` that changes something is an event as
 * before, once however many send the same change at the same time. On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, suiteWithBed, webhookDeliveries } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

for (const backend of availableBackends()) {
  // The bed's dispatcher runs only when a test asks: deliveries stay pending, so that they can be counted.
  const { test, bed } = suiteWithBed(`no-op client update (${backend})`, { backend })

  test('a PUT that changes nothing makes no delivery and leaves updatedAt; a change still does', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress' })
    const hook = await x.call('POST', '/api/v1/webhooks', {
      key: x.keyA,
      body: {
        url: 'https://example.com/hook',
        triggers: ['responseCreated', 'responseUpdated', 'responseFinished'],
        surveyIds: [survey.id],
      },
    })
    assert.is(hook.status, 200, hook.text)
    const hookId = hook.body.data.id
    const created = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: survey.id, finished: false, data: { q1: 'hi', grid: { b: 'x', a: 'y' } }, ttc: { q1: 1200 }, language: 'de' },
    })
    assert.is(created.status, 200, created.text)
    const id = created.body.data.id
    const stored = async () => (await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })).body.data
    const before = await stored()
    assert.is((await webhookDeliveries(x.call, x.keyA, hookId)).length, 1, 'the create')

    const sameAgain = [
      { finished: false, data: { q1: 'hi', grid: { b: 'x', a: 'y' } } },
      { finished: false, data: {} },
      { finished: false, data: { grid: { a: 'y', b: 'x' } }, ttc: { q1: 1200 }, language: 'de' },
    ]
    for (const path of [
      `/api/v1/client/${x.envA}/responses/${id}`,
      `/api/v1/client/responses/${id}`,
      `/api/v2/client/${x.envA}/responses/${id}`,
    ]) {
      for (const body of sameAgain) {
        const put = await x.call('PUT', path, { body })
        assert.is(put.status, 200, `${path} ${JSON.stringify(body)}: ${put.text}`)
        assert.is(put.body.data.id, id)
      }
    }
    assert.is((await webhookDeliveries(x.call, x.keyA, hookId)).length, 1, 'no delivery for an update that changes nothing')
    assert.equal(await stored(), before, 'nothing written: updatedAt as it was')

    const changed = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { body: { finished: false, data: { q1: 'ho' } } })
    assert.is(changed.status, 200, changed.text)
    const events = (await webhookDeliveries(x.call, x.keyA, hookId)).map((d: { event: string }) => d.event)
    assert.equal(events.sort(), ['responseCreated', 'responseUpdated'], 'a real change is an event')
    // The same new answer sent ten times at once: one write changes it, the others find it already there.
    const puts = await Promise.all(
      Array.from({ length: 10 }, () =>
        x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { body: { finished: false, data: { q1: 'hey' } } }),
      ),
    )
    assert.equal(
      puts.map((put) => put.status),
      Array(10).fill(200),
    )
    assert.is((await webhookDeliveries(x.call, x.keyA, hookId)).length, 3, 'one responseUpdated for ten concurrent identical PUTs')
    const finished = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { body: { finished: true, data: { q1: 'hey' } } })
    assert.is(finished.status, 200, finished.text)
    assert.is((await webhookDeliveries(x.call, x.keyA, hookId)).length, 5, 'finishing with the same answers is a change')
  })

  test.run()
}
