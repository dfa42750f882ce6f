/**
 * Drop-off along the path (docs/api.md, "A survey's summary"): a survey whose logic sends only detractors (NPS 0
 * to 6) to a follow-up block, answered by promoters, a passive and detractors, some stopping on the way. A block
 * counts as reached only by the responses the logic led to it, "skipped" only by those that saw an element and
 * left it empty, and each block's unfinished responses that stopped there; the summary route and the shared page
 * show the same figures. On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import * as assert from 'uvu/assert'
import { availableBackends, suiteWithBed } from '@canvass/test-bed'
import { t } from './helpers'

const open = (id: string) => ({ id, type: 'openText', headline: t(`${id}?`), required: false, inputType: 'text' })
const BLOCKS = [
  {
    id: 'score',
    name: 'Score',
    elements: [{ id: 'nps', type: 'nps', headline: t('Recommend us?'), required: false }],
    logic: [
      {
        id: 'detractors',
        conditions: {
          id: 'g',
          connector: 'and',
          conditions: [
            {
              id: 'c',
              leftOperand: { type: 'element', value: 'nps' },
              operator: 'isLessThanOrEqual',
              rightOperand: { type: 'static', value: 6 },
            },
          ],
        },
        actions: [{ id: 'a', objective: 'jumpToBlock', target: 'followup' }],
      },
    ],
    logicFallback: 'last',
  },
  { id: 'followup', name: 'What went wrong', elements: [open('why'), open('how')] },
  { id: 'last', name: 'Anything else', elements: [open('more')] },
]

// As the widget records them: a submitted block leaves an entry (and a time) for each element, "" when skipped.
const RESPONSES = [
  { finished: true, data: { nps: 10, more: 'great' }, ttc: { nps: 900, more: 2000 } },
  { finished: true, data: { nps: 9, more: '' }, ttc: { nps: 800, more: 300 } },
  { finished: false, data: { nps: 9 }, ttc: { nps: 700 } },
  { finished: true, data: { nps: 7, more: 'ok' }, ttc: { nps: 600, more: 900 } },
  { finished: true, data: { nps: 3, why: 'slow', how: '', more: 'fix it' }, ttc: { nps: 500, why: 4000, how: 4000, more: 700 } },
  { finished: false, data: { nps: 5 }, ttc: { nps: 400 } },
  // A skipped element may leave only its time.
  { finished: true, data: { nps: 2, why: '', more: '' }, ttc: { nps: 300, why: 900, how: 900, more: 100 } },
  { finished: false, data: {}, ttc: {} },
]

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`drop-off along the path (${backend})`, { backend })

  test('logic leads only detractors to the follow-up: reached, answered, skipped and left here per block', async () => {
    const x = bed()
    const created = await x.call('POST', '/api/v1/management/surveys', {
      key: x.keyA,
      body: { environmentId: x.envA, name: 'Paths', type: 'link', status: 'inProgress', blocks: BLOCKS },
    })
    assert.is(created.status, 200, created.text)
    const surveyId = created.body.data.id
    for (const body of RESPONSES) {
      const res = await x.call('POST', '/api/v1/management/responses', { key: x.keyA, body: { surveyId, ...body } })
      assert.is(res.status, 200, res.text)
    }
    const res = await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
    const summary = res.body.data
    assert.equal(summary.responses, { started: 8, finished: 5 })
    const funnel = summary.dropOff.blocks.map((b: any) => [b.blockId, b.name, b.reached, b.answered, b.skipped, b.leftHere, b.dropOffRate])
    assert.equal(funnel, [
      ['score', 'Score', 8, 7, 0, 1, 12.5],
      ['followup', 'What went wrong', 3, 1, 1, 1, 33.33],
      ['last', 'Anything else', 6, 3, 2, 1, 16.67],
    ])
    assert.is(summary.dropOff.notWalked, 0)
    const skipped = Object.fromEntries(summary.questions.map((q: any) => [q.questionId, [q.answered, q.skipped]]))
    assert.equal(skipped, { nps: [7, 0], why: [1, 1], how: [0, 2], more: [3, 2] }, 'skipped: seen and left empty')

    // A summary narrowed to finished responses walks only them.
    const done = (await x.call('GET', `/api/v1/management/surveys/${surveyId}/summary?finished=true`, { key: x.keyA })).body.data
    assert.equal(
      done.dropOff.blocks.map((b: any) => [b.reached, b.leftHere]),
      [
        [5, 0],
        [2, 0],
        [5, 0],
      ],
    )

    // The shared page shows the same figures.
    const shared = await x.call('POST', `/api/v1/management/surveys/${surveyId}/share`, { key: x.keyA })
    assert.is(shared.status, 200, shared.text)
    const page = await x.call('GET', `/share/${shared.body.data.resultShareKey}`)
    assert.is(page.status, 200)
    const figure = (cv: string, block: string) => {
      const match = new RegExp(`data-cv="${cv}" data-block="${block}" value="([^"]*)"`).exec(page.text)
      return match ? Number(match[1]) : undefined
    }
    for (const [blockId, , reached, answered, skippedCount, leftHere] of funnel)
      assert.equal(
        ['funnel-reached', 'funnel-answered', 'funnel-skipped', 'funnel-left'].map((cv) => figure(cv, blockId)),
        [reached, answered, skippedCount, leftHere],
        `the shared page's ${blockId}`,
      )
  })

  test.run()
}
