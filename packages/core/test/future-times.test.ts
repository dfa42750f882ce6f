/**
 * Backdated times may not lie in the future: a `createdAt` or `updatedAt` more than 5 minutes after the
 * server's clock (the bed's, which the test sets) is a 400 naming the field on the management create, an
 * item refused by name in the bulk import, and a response refused in `import formbricks`; so that no response
 * escapes retention by a date in 2999. On PGlite and (with TEST_DATABASE_URL) the Postgres server.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { importFromStandIn } from './helpers'

const NOW = Date.parse('2026-06-01T12:00:00.000Z')
const at = (ms: number) => new Date(NOW + ms).toISOString()
const MINUTE = 60_000

for (const backend of availableBackends()) {
  const clock = createTestClock(NOW)
  const { test, bed } = suiteWithBed(`times in the future (${backend})`, { backend, clock })

  test.before.each(() => clock.set(NOW))

  test('the management create refuses createdAt or updatedAt more than 5 minutes ahead, naming it; up to 5 minutes is fine', async () => {
    const x = bed()
    const survey = await createSurvey(x)
    const create = (times: Record<string, string>) =>
      x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId: survey.id, finished: true, data: {}, ...times } })
    for (const [times, fields] of [
      [{ createdAt: '2999-01-01T00:00:00.000Z' }, ['createdAt']],
      [{ createdAt: at(0), updatedAt: '2999-01-01T00:00:00.000Z' }, ['updatedAt']],
      [{ createdAt: at(5 * MINUTE + 1) }, ['createdAt']],
      [{ createdAt: at(6 * MINUTE), updatedAt: at(7 * MINUTE) }, ['createdAt', 'updatedAt']],
    ] as const) {
      const res = await create(times)
      assert.is(res.status, 400, `${JSON.stringify(times)}: ${res.text}`)
      assert.is(res.body.code, 'bad_request')
      assert.equal(Object.keys(res.body.details).sort(), [...fields], JSON.stringify(times))
    }
    const listed = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })
    assert.equal(listed.body.data, [], 'nothing written')
    const skewed = await create({ createdAt: at(5 * MINUTE), updatedAt: at(5 * MINUTE) })
    assert.is(skewed.status, 200, `5 minutes of clock skew: ${skewed.text}`)
    assert.is((await create({ createdAt: '2020-01-01T00:00:00.000Z' })).status, 200, 'the past is fine')
    // The bound follows the server's clock.
    clock.set('2999-01-01T00:00:00.000Z')
    assert.is((await create({ createdAt: '2999-01-01T00:04:00.000Z' })).status, 200)
  })

  test('the bulk import refuses only the items dated in the future, naming the field', async () => {
    const x = bed()
    const survey = await createSurvey(x)
    const res = await x.call('POST', '/api/v1/management/responses/bulk', {
      key: x.keyA,
      body: {
        responses: [
          { surveyId: survey.id, finished: true, data: {}, createdAt: at(-MINUTE) },
          { surveyId: survey.id, finished: true, data: {}, createdAt: '2999-01-01T00:00:00.000Z' },
          { surveyId: survey.id, finished: true, data: {}, createdAt: at(-MINUTE), updatedAt: at(10 * MINUTE) },
        ],
      },
    })
    assert.is(res.status, 200, res.text)
    assert.equal([res.body.data.created, res.body.data.failed], [1, 2])
    const [first, second, third] = res.body.data.results
    assert.type(first.id, 'string')
    assert.equal([second.index, second.error.code, Object.keys(second.error.details)], [1, 'bad_request', ['createdAt']])
    assert.equal([third.index, third.error.code, Object.keys(third.error.details)], [2, 'bad_request', ['updatedAt']])
    const listed = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })
    assert.equal(
      listed.body.data.map((response: { id: string }) => response.id),
      [first.id],
    )
  })

  test('import formbricks refuses a response dated in the future and imports the rest', async () => {
    const x = bed()
    const surveyId = 'clfuturesurvey00000000000'
    const question = { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false, inputType: 'text' }
    const response = (id: string, createdAt: string, updatedAt = createdAt) => ({
      id,
      surveyId,
      finished: true,
      data: { q1: id },
      createdAt,
      updatedAt,
    })
    const source = {
      '/api/v1/management/surveys': [
        {
          id: surveyId,
          name: 'Imported',
          type: 'link',
          status: 'inProgress',
          questions: [question],
          createdAt: at(-MINUTE),
          updatedAt: at(-MINUTE),
        },
      ],
      '/api/v1/management/responses': [
        response('clresponsepast0000000000', at(-MINUTE)),
        response('clresponsefuture00000000', '2999-01-01T00:00:00.000Z'),
        response('clresponselater00000000', at(-MINUTE), at(60 * MINUTE)),
      ],
    } as Record<string, unknown[]>
    const report = await importFromStandIn(x, source)
    const responses = report.resources.find((row) => row.resource === 'responses')!
    assert.equal([responses.read, responses.created, responses.refused], [3, 1, 2], JSON.stringify(responses))
    const reasons = Object.entries(responses.reasons)
    assert.ok(
      reasons.some(([reason, { ids }]) => /createdAt/.test(reason) && ids.includes('clresponsefuture00000000')),
      JSON.stringify(reasons),
    )
    assert.ok(
      reasons.some(([reason, { ids }]) => /updatedAt/.test(reason) && ids.includes('clresponselater00000000')),
      JSON.stringify(reasons),
    )
    const listed = await x.call('GET', `/api/v1/management/responses?surveyId=${surveyId}`, { key: x.keyA })
    assert.equal(
      listed.body.data.map((row: { id: string }) => row.id),
      ['clresponsepast0000000000'],
    )
  })

  test.run()
}
