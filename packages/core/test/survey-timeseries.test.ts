/**
 * Issue 84: `GET /api/v1/management/surveys/{surveyId}/timeseries` counts every response of the survey (more
 * than the 1,000 the console's chart used to read), by day, week (from Monday) or month of a named time zone,
 * with the empty buckets between as zeros, narrowed by the summary's filters. Bad `interval` and `timeZone` are
 * a 400 naming them, a span of too many buckets a 400 naming `interval`, another environment's survey a 401, a
 * reporting port without the group a 501. On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { TEST_ORIGIN } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { createCanvass } from '../src'

type Bucket = { start: string; started: number; finished: number; completionRate: number | null }

async function importResponses(x: TestCanvass, responses: unknown[]) {
  const res = await x.call('POST', '/api/v1/management/responses/bulk', { key: x.keyA, body: { responses } })
  assert.is(res.status, 200, res.text)
  assert.is(res.body.data.created, responses.length, res.text)
}

async function series(x: TestCanvass, surveyId: string, query: string): Promise<Bucket[]> {
  const res = await x.call('GET', `/api/v1/management/surveys/${surveyId}/timeseries?${query}`, { key: x.keyA })
  assert.is(res.status, 200, `${query}: ${res.text}`)
  return res.body.data.buckets
}

/** The buckets that hold responses, as `start: started/finished`. */
const filled = (buckets: Bucket[]) => buckets.filter((b) => b.started > 0).map((b) => `${b.start}: ${b.started}/${b.finished}`)
const total = (buckets: Bucket[]) => buckets.reduce((sum, b) => sum + b.started, 0)

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`responses over time (${backend})`, { backend })

  test('every response counted, in a named time zone, by day, week and month, with a filter', async () => {
    const x = bed()
    const survey = await createSurvey(x)
    const at = (createdAt: string, finished: boolean, answer = 'no') => ({
      surveyId: survey.id,
      createdAt,
      updatedAt: createdAt,
      finished,
      data: { q1: answer },
    })
    // 1,000 on a Tuesday (half finished), then one at 23:30 UTC on a Sunday (00:30 on Monday in Berlin), one
    // answered "yes" on the Wednesday after, one in May.
    await importResponses(
      x,
      Array.from({ length: 1000 }, (_, index) => at(`2025-03-04T10:${String(index % 60).padStart(2, '0')}:00.000Z`, index % 2 === 0)),
    )
    await importResponses(x, [
      at('2025-03-09T23:30:00.000Z', false),
      at('2025-03-12T12:00:00.000Z', true, 'yes'),
      at('2025-05-20T08:00:00.000Z', true),
    ])

    const utc = await series(x, survey.id, '')
    assert.is(total(utc), 1003, 'every response, not the newest 1,000')
    assert.equal(filled(utc), ['2025-03-04: 1000/500', '2025-03-09: 1/0', '2025-03-12: 1/1', '2025-05-20: 1/1'], 'UTC by day by default')
    assert.is(utc.length, 78, 'every day from 4 March to 20 May, the empty ones as zeros')
    assert.equal(utc[1], { start: '2025-03-05', started: 0, finished: 0, completionRate: null })
    assert.is(utc[0]?.completionRate, 50)

    const berlin = await series(x, survey.id, 'interval=day&timeZone=Europe/Berlin')
    assert.equal(
      filled(berlin),
      ['2025-03-04: 1000/500', '2025-03-10: 1/0', '2025-03-12: 1/1', '2025-05-20: 1/1'],
      '23:30 UTC is the next day in Berlin',
    )

    const weeks = await series(x, survey.id, 'interval=week&timeZone=Europe/Berlin')
    assert.equal(filled(weeks), ['2025-03-03: 1000/500', '2025-03-10: 2/1', '2025-05-19: 1/1'], 'weeks start on Monday')
    assert.is(weeks.length, 12)
    assert.equal(filled(await series(x, survey.id, 'interval=week&timeZone=UTC')), [
      '2025-03-03: 1001/500',
      '2025-03-10: 1/1',
      '2025-05-19: 1/1',
    ])

    assert.equal(
      (await series(x, survey.id, 'interval=month&timeZone=America/New_York')).map((b) => `${b.start}: ${b.started}`),
      ['2025-03-01: 1002', '2025-04-01: 0', '2025-05-01: 1'],
    )
    assert.equal(filled(await series(x, survey.id, 'interval=week&filter[data.q1][eq]=yes')), ['2025-03-10: 1/1'], 'a filter narrows it')
    assert.equal(
      filled(await series(x, survey.id, 'finished=false&startDate=2025-03-05&timeZone=Europe/Berlin')),
      ['2025-03-10: 1/0'],
      'the summary filters too',
    )
    const other = await createSurvey(x)
    assert.equal(await series(x, other.id, ''), [], 'a survey without responses: no buckets')
  })

  test('bad interval and timeZone are a 400 naming them; too many buckets a 400 naming interval; scoped to the environment', async () => {
    const x = bed()
    const survey = await createSurvey(x)
    await importResponses(x, [
      { surveyId: survey.id, createdAt: '2020-01-01T00:00:00.000Z', finished: true, data: {} },
      { surveyId: survey.id, createdAt: '2025-01-01T00:00:00.000Z', finished: true, data: {} },
    ])
    const path = `/api/v1/management/surveys/${survey.id}/timeseries`
    for (const [query, field] of [
      ['interval=year', 'interval'],
      ['interval=day&interval=week', 'interval'],
      ['timeZone=Mars/Olympus_Mons', 'timeZone'],
      ['timeZone=CET', 'timeZone'],
      ["timeZone=Europe/Berlin'--", 'timeZone'],
      ['interval=day', 'interval'],
    ] as const) {
      const res = await x.call('GET', `${path}?${query}`, { key: x.keyA })
      assert.is(res.status, 400, `${query}: ${res.text}`)
      assert.ok(res.body.details?.[field], `${query} names ${field}: ${res.text}`)
    }
    assert.is((await series(x, survey.id, 'interval=month')).length, 61, 'five years by month')
    assert.is((await x.call('GET', path, { key: x.keyB })).status, 401, "another environment's key")

    const { timeSeries: _, ...reporting } = x.storage.reporting
    const canvass = createCanvass({ storage: { ...x.storage, reporting } })
    const answer = await canvass.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers: { 'x-api-key': x.keyA } }))
    assert.is(answer.status, 501)
    assert.ok((await answer.text()).includes('storage.reporting.timeSeries'))
  })

  test.run()
}
