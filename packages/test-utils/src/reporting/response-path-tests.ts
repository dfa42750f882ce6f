import * as assert from 'uvu/assert'
import type { NewResponse, PathGroup, SummaryQuery } from '@canvass/core'
import { seedProject, seedResponse, seedSurvey } from '../storage/seed'
import type { ReportingStorageTest } from './reporting-test'

const sorted = (groups: readonly PathGroup[]) => [...groups].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

/** `summarize`'s groups for the walk of paths (`SummaryAggregates.paths`, `PathGroup`). */
export const responsePathTests: ReportingStorageTest[] = [
  {
    name: 'summarize groups responses for their paths: finished, a mark per question (data or ttc), the values the logic reads',
    async run({ storage, reporting }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const seeds: Array<Partial<NewResponse>> = [
        { finished: true, data: { nps: 10, more: 'great' }, ttc: { nps: 900, more: 1200 } },
        { finished: true, data: { nps: 10, more: 'fine' }, ttc: { nps: 700, more: 800 } },
        { finished: false, data: { nps: 3 }, ttc: { nps: 500 }, variables: { v: 1 } },
        // An empty text, an element seen only in ttc and an empty list: entries left empty.
        { finished: true, data: { nps: 3, why: '', more: [] }, ttc: { nps: 1, how: 5 }, variables: { v: 'x' } },
        { finished: false, data: {} },
        { finished: false, data: { nps: 7, h: 'hidden' } },
      ]
      for (const seed of seeds) await seedResponse(storage, production, survey.id, seed)
      await seedResponse(storage, production, other.id, { data: { nps: 10 } })
      const query: SummaryQuery = {
        maxTimeToComplete: 86_400_000,
        questions: ['nps', 'why', 'how', 'more'].map((id) => ({ id, count: 'none' as const })),
        paths: { data: ['nps', 'h'], variables: ['v'] },
      }
      const summary = await reporting.responses.summarize(production, survey.id, query)
      const group = (count: number, finished: boolean, marks: string, data: object, variables: object = {}): PathGroup => ({
        count,
        finished,
        marks,
        values: { data: data as Record<string, unknown>, variables: variables as Record<string, unknown> },
      })
      assert.equal(
        sorted(summary.paths),
        sorted([
          group(2, true, '2002', { nps: 10 }),
          group(1, false, '2000', { nps: 3 }, { v: 1 }),
          group(1, true, '2111', { nps: 3 }, { v: 'x' }),
          group(1, false, '0000', {}),
          group(1, false, '2000', { nps: 7, h: 'hidden' }),
        ]),
      )
      const finished = await reporting.responses.summarize(production, survey.id, { ...query, finished: true })
      assert.equal(
        finished.paths.map((entry) => entry.count).reduce((a, b) => a + b, 0),
        3,
        'the summary filter applies',
      )
      const { paths: _paths, ...asked } = query
      assert.equal((await reporting.responses.summarize(production, survey.id, asked)).paths, [], 'no paths asked: none')
      assert.equal((await reporting.responses.summarize(development, survey.id, query)).paths, [], 'another environment: none')
    },
  },
]
