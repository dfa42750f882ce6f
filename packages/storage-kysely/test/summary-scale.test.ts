/**
 * The summary of a survey of many questions and more responses than one slice of the embedded database takes
 * (see `summarizeResponses`): every count exact whatever the slices, the median and the mean across them, and
 * another statement of the same database not kept waiting behind the whole summary (PGlite runs one statement
 * at a time: a summary in one piece held every tenant's requests until it ended). On PGlite always, the
 * Postgres server too when TEST_DATABASE_URL is set.
 */
import type { Canvass, SummaryQuery } from '@canvass/core'
import { createCanvass } from '@canvass/core'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import type { KyselyStorage } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const QUESTIONS = 200
const RESPONSES = 240
const KINDS = ['openText', 'multipleChoiceSingle', 'multipleChoiceMulti', 'matrix', 'ranking'] as const
const COUNT_OF = {
  openText: 'none',
  multipleChoiceSingle: 'values',
  multipleChoiceMulti: 'elements',
  matrix: 'cells',
  ranking: 'positions',
} as const
const kindOf = (i: number) => KINDS[i % KINDS.length] as (typeof KINDS)[number]
const t = (text: string) => ({ default: text })

function question(i: number) {
  const type = kindOf(i)
  const base = { id: `q${i}`, type, headline: t(`Question ${i}`), required: false }
  if (type === 'matrix') return { ...base, rows: [t('Speed'), t('Price')], columns: [t('Bad'), t('Good')] }
  if (type === 'multipleChoiceSingle' || type === 'multipleChoiceMulti' || type === 'ranking')
    return { ...base, choices: ['A', 'B', 'C'].map((label) => ({ id: `${label.toLowerCase()}${i}`, label: t(label) })) }
  return base
}

/** Response r: unfinished every third, stopping after question `r % QUESTIONS`; each answer cycles with r. */
function answers(r: number): { data: Record<string, unknown>; finished: boolean; last: number } {
  const finished = r % 3 !== 0
  const last = finished ? QUESTIONS - 1 : r % QUESTIONS
  const data: Record<string, unknown> = {}
  for (let i = 0; i <= last; i++) {
    const type = kindOf(i)
    data[`q${i}`] =
      type === 'openText'
        ? `Response ${r} wrote a few words to question ${i}, long enough to make the row large.`
        : type === 'multipleChoiceSingle'
          ? ['A', 'B', 'C'][r % 3]
          : type === 'multipleChoiceMulti'
            ? [['A'], ['A', 'B'], ['C']][r % 3]
            : type === 'matrix'
              ? { Speed: r % 2 ? 'Good' : 'Bad', Price: 'Good' }
              : [
                  ['A', 'B', 'C'],
                  ['B', 'A', 'C'],
                ][r % 2]
  }
  return { data, finished, last }
}

/** Its time to complete: one question's time, which is the total the API computes for a finished response. */
const ttcOf = (r: number) => 1000 + ((r * 37) % 500)

for (const backend of backends()) {
  const test = suite(`summary of ${QUESTIONS} questions × ${RESPONSES} responses on ${backend.name}`)
  let open: OpenBackend
  let storage: KyselyStorage
  let canvass: Canvass
  let environmentId: string
  let surveyId: string

  test.before(async () => {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    storage = createKyselyStorage({ db: open.db })
    canvass = createCanvass({ storage, logger: { error() {}, warn() {}, info() {} } as never })
    const project = await canvass.admin.createProject({ name: 'Wide' })
    environmentId = project.environments.production
    const key = (await canvass.admin.createApiKey({ environmentId })).key
    const call = async (path: string, body: unknown) => {
      const res = await canvass.fetch(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      const text = await res.text()
      assert.is(res.status, 200, text)
      return JSON.parse(text)
    }
    const questions = Array.from({ length: QUESTIONS }, (_, i) => question(i))
    surveyId = (await call('/api/v1/management/surveys', { name: 'Wide', status: 'inProgress', questions })).data.id
    for (let from = 0; from < RESPONSES; from += 60) {
      const responses = Array.from({ length: 60 }, (_, k) => {
        const r = from + k
        const { data, finished } = answers(r)
        return { surveyId, data, finished, ttc: { q0: ttcOf(r) }, createdAt: new Date(Date.UTC(2025, 0, 1) + r * 1000).toISOString() }
      })
      assert.is((await call('/api/v1/management/responses/bulk', { responses })).data.created, 60)
    }
  })
  test.after(async () => {
    await open?.close()
  })

  const query: SummaryQuery = {
    maxTimeToComplete: 86_400_000 * 2000,
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: `q${i}`, count: COUNT_OF[kindOf(i)] })),
    paths: { data: ['q1'], variables: [] },
  }

  test('every count is exact, the median and the mean too', async () => {
    const summary = await storage.reporting.responses.summarize(environmentId, surveyId, query)
    const all = Array.from({ length: RESPONSES }, (_, r) => ({ r, ...answers(r) }))
    assert.is(summary.started, RESPONSES)
    assert.is(summary.finished, all.filter((a) => a.finished).length)
    for (const i of [0, 1, 2, 3, 4, 57, 120, 199])
      assert.is(summary.answered[`q${i}`], all.filter((a) => a.last >= i).length, `answered q${i}`)
    const dropped = new Map<number, number>()
    for (const a of all) if (!a.finished) dropped.set(a.last, (dropped.get(a.last) ?? 0) + 1)
    assert.equal(
      [...summary.lastAnswered].sort((a, b) => (a.index ?? -1) - (b.index ?? -1)),
      [...dropped].sort((a, b) => a[0] - b[0]).map(([index, count]) => ({ index, count })),
    )
    // The groups of paths, added up across slices and lanes: by finished, marks and the answer to q1.
    const groups = new Map<string, number>()
    for (const a of all) {
      const marks = Array.from({ length: QUESTIONS }, (_, i) => (i <= a.last ? '2' : '0')).join('')
      const key = JSON.stringify([a.finished, marks, a.data.q1 ?? null])
      groups.set(key, (groups.get(key) ?? 0) + 1)
    }
    assert.equal(
      summary.paths.map((group) => [JSON.stringify([group.finished, group.marks, group.values?.data.q1 ?? null]), group.count]).sort(),
      [...groups].sort(),
    )
    const sorted = (list: Array<{ value: string; count: number }> | undefined) =>
      [...(list ?? [])].sort((a, b) => a.value.localeCompare(b.value))
    const answeredSix = all.filter((a) => a.last >= 6)
    const byResidue = (of: typeof all, k: number) => of.filter((a) => a.r % 3 === k).length
    // q6 is single choice, q7 multiple, q8 matrix, q9 ranking.
    assert.equal(sorted(summary.values.q6), [
      { value: 'A', count: byResidue(answeredSix, 0) },
      { value: 'B', count: byResidue(answeredSix, 1) },
      { value: 'C', count: byResidue(answeredSix, 2) },
    ])
    const answeredSeven = all.filter((a) => a.last >= 7)
    assert.equal(sorted(summary.values.q7), [
      { value: 'A', count: byResidue(answeredSeven, 0) + byResidue(answeredSeven, 1) },
      { value: 'B', count: byResidue(answeredSeven, 1) },
      { value: 'C', count: byResidue(answeredSeven, 2) },
    ])
    const answeredEight = all.filter((a) => a.last >= 8)
    const odd = answeredEight.filter((a) => a.r % 2 === 1).length
    assert.equal(
      [...(summary.cells.q8 ?? [])].sort((a, b) => `${a.row}${a.column}`.localeCompare(`${b.row}${b.column}`)),
      [
        { row: 'Price', column: 'Good', count: answeredEight.length },
        { row: 'Speed', column: 'Bad', count: answeredEight.length - odd },
        { row: 'Speed', column: 'Good', count: odd },
      ],
    )
    const answeredNine = all.filter((a) => a.last >= 9)
    const oddNine = answeredNine.filter((a) => a.r % 2 === 1).length
    const n = answeredNine.length
    assert.equal(
      [...(summary.positions.q9 ?? [])].sort((a, b) => a.value.localeCompare(b.value)),
      [
        { value: 'A', count: n, positionSum: (n - oddNine) * 1 + oddNine * 2 },
        { value: 'B', count: n, positionSum: (n - oddNine) * 2 + oddNine * 1 },
        { value: 'C', count: n, positionSum: n * 3 },
      ],
    )
    const times = all
      .filter((a) => a.finished)
      .map((a) => ttcOf(a.r))
      .sort((a, b) => a - b)
    const middle = (times.length - 1) / 2
    assert.is(summary.medianTimeToComplete, ((times[Math.floor(middle)] as number) + (times[Math.ceil(middle)] as number)) / 2)
    assert.ok(Math.abs((summary.averageTimeToComplete as number) - times.reduce((a, b) => a + b, 0) / times.length) < 1e-9)
  })

  test('another statement of the same database does not wait for the whole summary', async () => {
    const order: string[] = []
    const summarized = storage.reporting.responses.summarize(environmentId, surveyId, query).then(() => order.push('summary'))
    const other = storage.surveys.get(surveyId).then(() => order.push('other'))
    await Promise.all([summarized, other])
    assert.equal(order, ['other', 'summary'])
  })

  test.run()
}
