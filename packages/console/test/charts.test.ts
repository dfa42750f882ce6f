import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { durationText, filterQuery, funnelRows, matrixTable, npsSegments, percentText, questionBars, scoreText } from '../src/charts'
import type { QuestionSummary } from '../src/charts'
import { periodText, widerInterval } from '../src/time-series-data'

const test = suite('console charts: what the results draw, shaped from the summary')

const question = (fields: Partial<QuestionSummary>): QuestionSummary => ({
  questionId: 'q',
  type: 'rating',
  headline: 'Q',
  answered: 4,
  skipped: 0,
  ...fields,
})

test('choices become bars, with "Other" when answers were no choice', () => {
  const bars = questionBars(
    question({
      type: 'multipleChoiceSingle',
      choices: [
        { id: 'a', label: 'Alpha', count: 3, percentage: 75 },
        { id: 'b', label: '', count: 0, percentage: 0 },
      ],
      other: { count: 1, percentage: 25, values: [{ value: 'x', count: 1 }] },
    }),
  )
  assert.equal(bars, [
    { label: 'Alpha', count: 3, percent: 75 },
    { label: 'b', count: 0, percent: 0 },
    { label: 'Other', count: 1, percent: 25 },
  ])
})

test('an NPS distribution covers 0 to 10, zeros included; a rating its points from 1', () => {
  const nps = questionBars(question({ type: 'nps', distribution: [{ rating: 9, count: 2, percentage: 50 }] }))
  assert.is(nps.length, 11)
  assert.equal(nps[9], { label: '9', count: 2, percent: 50 })
  assert.equal(nps[0], { label: '0', count: 0, percent: 0 })
  const rating = questionBars(
    question({
      distribution: [
        { rating: 2, count: 1, percentage: 25 },
        { rating: 5, count: 3, percentage: 75 },
      ],
    }),
  )
  assert.equal(
    rating.map((bar) => bar.label),
    ['1', '2', '3', '4', '5'],
  )
  assert.equal(questionBars(question({ type: 'openText' })), [])
})

test('NPS groups in scale order', () => {
  const groups = npsSegments(question({ type: 'nps', detractors: { count: 1, percentage: 25 }, promoters: { count: 3, percentage: 75 } }))
  assert.equal(
    groups.map((group) => [group.tone, group.count, group.percent]),
    [
      ['detractor', 1, 25],
      ['passive', 0, 0],
      ['promoter', 3, 75],
    ],
  )
})

test('a matrix table lines up columns across rows', () => {
  const table = matrixTable([
    { row: 'Speed', columns: [{ column: 'Good', count: 2 }] },
    {
      row: 'Price',
      columns: [
        { column: 'Bad', count: 1 },
        { column: 'Good', count: 1 },
      ],
    },
  ])
  assert.equal(table.columns, ['Good', 'Bad'])
  assert.equal(table.rows, [
    { row: 'Speed', counts: [2, 0], total: 2 },
    { row: 'Price', counts: [1, 1], total: 2 },
  ])
})

test('responses over time: periods in words, and when the best fit takes a wider interval', () => {
  assert.is(periodText('2025-03-04', 'day'), '4 Mar 2025')
  assert.is(periodText('2025-03-03', 'week'), 'week of 3 Mar 2025')
  assert.is(periodText('2025-03-01', 'month'), 'March 2025')
  assert.is(widerInterval('day', 92), null, 'three months of days stay days')
  assert.is(widerInterval('day', 93), 'week')
  assert.is(widerInterval('week', 105), 'month')
  assert.is(widerInterval('day', null), 'week', 'a refused day series (too many days) tries weeks')
  assert.is(widerInterval('month', 5000), null)
})

test("the funnel's bars: each block's parts as shares of the most reached block, from the summary's walk", () => {
  const block = (blockId: string, reached: number, answered: number, skipped: number, leftHere: number) => ({
    blockId,
    name: blockId,
    reached,
    answered,
    skipped,
    leftHere,
    dropOffRate: null,
  })
  const rows = funnelRows({
    dropOff: { beforeFirstQuestion: 0, questions: [], blocks: [block('start', 8, 7, 0, 1), block('followup', 3, 1, 1, 1)] },
  })
  assert.equal(
    rows.map((row) => [row.blockId, row.width]),
    [
      ['start', { answered: 87.5, skipped: 0, leftHere: 12.5 }],
      ['followup', { answered: 12.5, skipped: 12.5, leftHere: 12.5 }],
    ],
  )
  assert.equal(funnelRows({ dropOff: { beforeFirstQuestion: 0, questions: [] } }), [], 'a summary without blocks')
})

test('filters become query parameters; unfilled ones are left out', () => {
  assert.equal(
    filterQuery([
      { field: 'data.nps', operator: 'gte', value: ' 9 ' },
      { field: 'tags', operator: 'in', value: '' },
      { field: 'hiddenFields.campaign', operator: 'eq', value: 'mail' },
    ]),
    { 'filter[data.nps][gte]': '9', 'filter[hiddenFields.campaign][eq]': 'mail' },
  )
})

test('numbers in words', () => {
  assert.is(percentText(null), '—')
  assert.is(percentText(42), '42%')
  assert.is(percentText(4.56), '4.6%')
  assert.is(scoreText(-41.666), '-41.7')
  assert.is(scoreText(50), '50')
  assert.is(scoreText(null), '—')
  assert.is(durationText(45_400), '45 s')
  assert.is(durationText(185_000), '3 min 5 s')
})

test.run()
