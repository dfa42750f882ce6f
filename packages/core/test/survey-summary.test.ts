/**
 * A survey's summary on the test bed (docs/api.md, "A survey's summary"): displays, responses started and finished, completion rate,
 * drop-off per question, average time to complete, and the counts a dashboard needs per question type
 * (choices with "other", NPS, rating, matrix, CTA, consent, answered and skipped), within a date range. On
 * PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import * as assert from 'uvu/assert'
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import { GRID_QUESTION, t } from './helpers'

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`survey summary (${backend})`, { backend })

  test('counts every kind of answer, drop-off and completion, within the dates asked', async () => {
    const x = bed()
    const created = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        environmentId: x.envA,
        name: 'Summary',
        status: 'inProgress',
        questions: [
          {
            id: 'color',
            type: 'multipleChoiceSingle',
            headline: t('Colour?'),
            required: false,
            choices: [
              { id: 'r', label: t('Red') },
              { id: 'b', label: t('Blue') },
              { id: 'other', label: t('Other') },
            ],
          },
          { id: 'nps', type: 'nps', headline: t('Recommend?'), required: false },
          { id: 'stars', type: 'rating', headline: t('Stars?'), required: false, scale: 'star', range: 5 },
          GRID_QUESTION,
          { id: 'cta', type: 'cta', headline: t('See more'), required: false },
          { id: 'ok', type: 'consent', headline: t('Terms'), required: false, label: t('I agree') },
          { id: 'why', type: 'openText', headline: t('Why?'), required: false },
        ],
      },
    })
    assert.is(created.status, 200, created.text)
    const surveyId = created.body.data.id
    const answers = [
      {
        finished: true,
        ttc: { color: 1000 },
        data: { color: 'Red', nps: 10, stars: 5, grid: { Speed: 'Good', Price: 'Bad' }, cta: 'clicked', ok: 'accepted', why: 'fast' },
      },
      {
        finished: true,
        ttc: { color: 3000 },
        data: { color: 'Blue', nps: 9, stars: 4, grid: { Speed: 'Good' }, cta: 'dismissed', ok: 'accepted', why: '' },
      },
      { finished: true, ttc: { color: 2000 }, data: { color: 'Purple', nps: 3, stars: 4, cta: 'clicked', ok: 'dismissed' } },
      { finished: false, data: { color: 'Red', nps: 7 } },
      { finished: false, data: {} },
    ]
    for (const body of answers) {
      const res = await x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId, createdAt: '2026-03-10T12:00:00Z', ...body },
      })
      assert.is(res.status, 200, res.text)
    }
    // One response outside the dates asked, and six displays.
    await x.call('POST', '/api/v1/management/responses', {
      key: x.keyA,
      body: { surveyId, createdAt: '2025-01-01T00:00:00Z', finished: true, data: { color: 'Blue' } },
    })
    for (let i = 0; i < 6; i++) await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId } })

    const res = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary?startDate=2026-03-01&endDate=2026-03-31`, {
      key: x.keyA,
    })
    assert.is(res.status, 200, res.text)
    const summary = res.body.data
    assert.equal(summary.responses, { started: 5, finished: 3 })
    assert.is(summary.completionRate, 60)
    assert.is(summary.averageTimeToComplete, 2000)
    assert.is(summary.displays, 0, 'the displays were made today, outside the dates')
    const q = (id: string) => summary.questions.find((question: { questionId: string }) => question.questionId === id)
    const color = q('color')
    // Skipped: seen and left empty. The unfinished response that holds no answer never left the first block.
    assert.equal([color.answered, color.skipped], [4, 0])
    assert.equal(
      color.choices.map((c: any) => [c.label, c.count]),
      [
        ['Red', 2],
        ['Blue', 1],
      ],
      '"Other" is counted once, in its bucket, not also as a choice',
    )
    assert.equal([color.other.label, color.other.count, color.other.values], ['Other', 1, [{ value: 'Purple', count: 1 }]])
    const nps = q('nps')
    assert.equal([nps.promoters.count, nps.passives.count, nps.detractors.count], [2, 1, 1])
    assert.is(nps.score, 25)
    assert.is(nps.average, 7.25)
    assert.equal(
      nps.distribution.map((d: any) => [d.rating, d.count, d.percentage]),
      [
        [3, 1, 25],
        [7, 1, 25],
        [9, 1, 25],
        [10, 1, 25],
      ],
    )
    const stars = q('stars')
    assert.is(stars.average, 4.33)
    assert.equal(
      stars.distribution.map((d: any) => [d.rating, d.count]),
      [
        [4, 2],
        [5, 1],
      ],
    )
    assert.equal(
      q('grid')
        .rows.map((r: any) => [r.row, r.columns.map((c: any) => [c.column, c.count]).sort()])
        .sort(),
      [
        ['Price', [['Bad', 1]]],
        ['Speed', [['Good', 2]]],
      ],
    )
    assert.equal([q('cta').clicked, q('cta').dismissed], [2, 1])
    assert.equal([q('ok').accepted, q('ok').dismissed], [2, 1])
    assert.equal([q('why').answered, q('why').skipped], [1, 2], 'an empty text is skipped; the unfinished never reached it')
    assert.is(summary.dropOff.beforeFirstQuestion, 1)
    assert.equal(summary.dropOff.questions.find((d: any) => d.questionId === 'nps').droppedAfter, 1)

    const all = (await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: x.keyA })).body.data
    assert.equal([all.responses.started, all.displays], [6, 6], 'without dates: everything')
    assert.is(all.startRate, 100)

    for (const [query, field] of [
      ['startDate=soon', 'startDate'],
      ['startDate=2026-02-01&endDate=2026-01-01', 'endDate'],
      ['filterDateField=x', 'filterDateField'],
    ]) {
      const bad = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary?${query}`, { key: x.keyA })
      assert.is(bad.status, 400, `${query}: ${bad.text}`)
      assert.ok(field! in bad.body.details)
    }
    // Answers are compared as text in the database: a text that reads like JSON is still an answer, and a
    // score sent as text counts as that score.
    const texts = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: {
        environmentId: x.envA,
        name: 'Texts',
        status: 'inProgress',
        questions: [
          { id: 'why', type: 'openText', headline: t('Why?'), required: false },
          { id: 'nps', type: 'nps', headline: t('Recommend?'), required: false },
        ],
      },
    })
    for (const data of [{ why: '[]', nps: '7' }, { why: '', nps: 8 }, { nps: '8.0' }]) {
      const res = await x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId: texts.body.data.id, finished: true, data },
      })
      assert.is(res.status, 200, res.text)
    }
    const textSummary = (await x.call('GET', `/api/v1/management/surveys/${texts.body.data.id}/summary`, { key: x.keyA })).body.data
    const [why, score] = textSummary.questions
    assert.equal([why.answered, why.skipped], [1, 2], 'the text "[]" is an answer')
    assert.equal([score.answered, score.passives.count, score.promoters.count, score.average], [3, 3, 0, 7.67], 'the text "7" is 7')
    assert.equal(
      score.distribution.map((d: any) => [d.rating, d.count]),
      [
        [7, 1],
        [8, 2],
      ],
      '8 and the text "8.0" are one score',
    )
    assert.is((await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: x.keyB })).status, 401, 'another environment')
    assert.is((await x.call('GET', '/api/v1/management/surveys/nope/summary', { key: x.keyA })).status, 404)
  })

  test.run()
}
