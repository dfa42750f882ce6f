import type { TimeSeriesQuery } from '@canvass/core'
import * as assert from 'uvu/assert'
import { IMPOSSIBLE_IDS, seedProject, seedResponse, seedSurvey } from '../storage/seed'
import type { ReportingStorageTest } from './reporting-test'

/** Responses over time (`ReportingStorage.timeSeries`, an optional group: an adapter without it skips these). */
export const timeSeriesTests: ReportingStorageTest[] = [
  {
    name: 'timeSeries.countByPeriod counts by local day, Monday week and month of a time zone, filtered, bounded',
    async run({ storage, reporting }) {
      const group = reporting.timeSeries
      if (!group) throw new Error('this storage has no reporting.timeSeries: skip this test, naming why')
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const seed = (at: string, finished: boolean, language: string | null = null, answer = 'no') =>
        seedResponse(storage, production, survey.id, { createdAt: new Date(at), finished, language, data: { q: answer } })
      await seed('2025-03-04T10:00:00.000Z', true)
      await seed('2025-03-04T11:00:00.000Z', false, 'de')
      // A Sunday at 23:30 UTC: Monday 10 March in Berlin.
      await seed('2025-03-09T23:30:00.000Z', false, 'de', 'yes')
      await seed('2025-04-30T23:30:00.000Z', true)
      const count = (query: Partial<TimeSeriesQuery>, environmentId = production, surveyId = survey.id) =>
        group.countByPeriod(environmentId, surveyId, { interval: 'day', timeZone: 'UTC', limit: 100, ...query })
      const text = (rows: Awaited<ReturnType<typeof count>>) => rows?.map((row) => `${row.start} ${row.started}/${row.finished}`)

      assert.equal(text(await count({})), ['2025-03-04 2/1', '2025-03-09 1/0', '2025-04-30 1/1'], 'UTC days, only those holding responses')
      assert.equal(text(await count({ timeZone: 'Europe/Berlin' })), ['2025-03-04 2/1', '2025-03-10 1/0', '2025-05-01 1/1'])
      assert.equal(
        text(await count({ interval: 'week', timeZone: 'Europe/Berlin' })),
        ['2025-03-03 2/1', '2025-03-10 1/0', '2025-04-28 1/1'],
        'weeks from Monday',
      )
      assert.equal(text(await count({ interval: 'month', timeZone: 'Europe/Berlin' })), ['2025-03-01 3/1', '2025-05-01 1/1'])
      assert.equal(text(await count({ interval: 'month' })), ['2025-03-01 3/1', '2025-04-01 1/1'])
      assert.equal(text(await count({ limit: 1 })), ['2025-03-04 2/1', '2025-03-09 1/0'], 'at most limit + 1, earliest first')
      assert.equal(text(await count({ finished: false, language: 'de' })), ['2025-03-04 1/0', '2025-03-09 1/0'])
      assert.equal(text(await count({ where: [{ on: 'json', field: { column: 'data', path: ['q'] }, op: 'in', values: ['yes'] }] })), [
        '2025-03-09 1/0',
      ])
      assert.equal(text(await count({ startDate: new Date('2025-03-05T00:00:00.000Z') })), ['2025-03-09 1/0', '2025-04-30 1/1'])
      assert.equal(text(await count({}, development)), [], "the survey's responses in another environment are not counted")
      assert.is(await count({ timeZone: 'Mars/Olympus_Mons' }), null, 'a time zone the database does not know')
      for (const id of IMPOSSIBLE_IDS) {
        assert.equal(await count({}, production, id), [], `survey ${id.slice(0, 20)}`)
        assert.equal(await count({}, id), [], `environment ${id.slice(0, 20)}`)
      }
    },
  },
]
