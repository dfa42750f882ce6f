import type { SummaryAggregates, SummaryQuery } from '@canvass/core'
import * as assert from 'uvu/assert'
import { seedProject, seedResponse, seedSurvey } from '../storage/seed'
import type { ReportingStorageTest } from './reporting-test'

const DAY = 86_400_000

/** The figures of a summary that do not depend on the order of its lists. */
const figures = (summary: SummaryAggregates) => ({
  started: summary.started,
  finished: summary.finished,
  answered: summary.answered,
  values: Object.fromEntries(
    Object.entries(summary.values).map(([id, list]) => [id, [...list].sort((a, b) => a.value.localeCompare(b.value))]),
  ),
  lastAnswered: [...summary.lastAnswered].sort((a, b) => (a.index ?? -1) - (b.index ?? -1)),
})

/** The summary keeper's primitives (`ReportingStorage.summaryParts`), when the storage has them. */
export const summaryKeepingTests: ReportingStorageTest[] = [
  {
    name: 'summaryParts keeps each closed period once, changes no summary, and after an edit keeps what the edit changed',
    async run({ storage, reporting }) {
      const keeping = reporting.summaryParts
      if (keeping === undefined) {
        console.log('  summaryParts: this storage keeps no summary sums (an optional group); nothing to check')
        return
      }
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const now = Date.now()
      // Two closed days far apart (months, maybe), and a response of now, which no part holds.
      for (const [index, back] of [40, 40, 12, 12, 12, 0].entries()) {
        const finished = index % 3 !== 2
        await seedResponse(storage, production, survey.id, {
          createdAt: new Date(now - back * DAY - index * 1000),
          finished,
          data: finished ? { c: ['A', 'B'][index % 2], n: index } : { c: 'A' },
        })
      }
      const query: SummaryQuery = {
        maxTimeToComplete: 86_400_000,
        questions: [
          { id: 'c', count: 'values' },
          { id: 'n', count: 'values' },
        ],
      }
      const before = figures(await reporting.responses.summarize(production, survey.id, query))
      assert.equal(before.started, 6)
      assert.equal(before.answered, { c: 6, n: 4 })
      const listed = await keeping.surveysAfter(null, 1000)
      assert.ok(
        listed.some((entry) => entry.surveyId === survey.id && entry.environmentId === production),
        'a survey with responses in closed periods is listed',
      )
      const after = await keeping.surveysAfter(survey.id, 1000)
      assert.ok(!after.some((entry) => entry.surveyId === survey.id), 'in id order after `after`')
      let rounds = 0
      for (let left = 1; left > 0; rounds++) {
        assert.ok(rounds < 100, 'keeping ends')
        const done = await keeping.keep(production, survey.id, query, 1)
        assert.ok(done.kept <= 1, 'at most `limit` periods a call')
        left = done.left
      }
      assert.equal(await keeping.keep(production, survey.id, query, 10), { kept: 0, left: 0 }, 'nothing left to keep')
      assert.equal(figures(await reporting.responses.summarize(production, survey.id, query)), before)
      // A question added, one counted another way, the order reversed.
      const edited: SummaryQuery = {
        ...query,
        questions: [
          { id: 'x', count: 'values' },
          { id: 'n', count: 'elements' },
          { id: 'c', count: 'values' },
        ],
      }
      while ((await keeping.keep(production, survey.id, edited, 10)).left > 0) assert.ok(++rounds < 200, 'keeping ends')
      const read = figures(await reporting.responses.summarize(production, survey.id, edited))
      assert.equal(read.answered, { x: 0, n: 4, c: 6 })
      assert.equal([read.started, read.finished], [6, 4])
      assert.equal(read.lastAnswered, [{ index: 2, count: 2 }], 'the unfinished ones stopped at c, now third')
      assert.equal(read.values.n?.length, 4)
    },
  },
]
