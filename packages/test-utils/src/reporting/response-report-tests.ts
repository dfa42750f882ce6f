import * as assert from 'uvu/assert'
import { seedFiltered } from '../storage/response-filter-tests'
import { IMPOSSIBLE_IDS, seedProject, seedResponse, seedSurvey } from '../storage/seed'
import type { ReportingStorageTest } from './reporting-test'

/** Reports of responses: one field's answers newest first by keyset, and a count that stops past its bound. */
export const responseReportTests: ReportingStorageTest[] = [
  {
    name: "listAnswers reads one field's non-empty values newest first, by keyset, in the survey and environment only",
    async run({ storage, reporting }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const base = Date.now()
      const at = (seconds: number) => new Date(base - seconds * 1000)
      const values: unknown[] = ['first', '', null, [], {}, 'tie-a', 'tie-b', { city: 'Bern' }, ['a', 'b'], 7, '[]', false]
      const ids: string[] = []
      for (const [index, value] of values.entries()) {
        // Two answers share a time, so that the keyset's id breaks the tie.
        const createdAt = index === 6 ? at(5) : at(index)
        ids.push(
          await seedResponse(storage, production, survey.id, {
            createdAt,
            data: { q: value, other: 'x' },
            variables: { score: index },
            language: index % 2 === 0 ? 'de' : null,
            finished: index % 3 === 0,
          }),
        )
      }
      await seedResponse(storage, production, survey.id, { createdAt: at(20), data: { other: 'only' } })
      await seedResponse(storage, production, other.id, { data: { q: 'other survey' } })
      const answered = values.flatMap((value, index) =>
        value === '' ||
        value === null ||
        (Array.isArray(value) && value.length === 0) ||
        (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
          ? []
          : [{ id: ids[index] as string, createdAt: index === 6 ? at(5) : at(index), value }],
      )
      answered.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))

      const all = await reporting.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100 })
      assert.equal(
        all.map((row) => ({ id: row.responseId, createdAt: row.createdAt, value: row.value })),
        answered,
        'non-empty values (a string "[]", false and 7 are answers), newest first, ties by id descending',
      )
      const walked: string[] = []
      let after: { createdAt: Date; id: string } | undefined
      for (let page = 0; page < 20; page++) {
        const rows = await reporting.responses.listAnswers(production, survey.id, {
          source: 'data',
          key: 'q',
          limit: 2,
          ...(after ? { after } : {}),
        })
        assert.ok(rows.length <= 3, 'up to limit + 1')
        walked.push(...rows.slice(0, 2).map((row) => row.responseId))
        const last = rows[1]
        if (rows.length <= 2 || !last) break
        after = { createdAt: last.createdAt, id: last.responseId }
      }
      assert.equal(
        walked,
        answered.map((row) => row.id),
        'pages of 2 walk every answer once',
      )

      const variables = await reporting.responses.listAnswers(production, survey.id, { source: 'variables', key: 'score', limit: 3 })
      assert.equal(
        variables.map((row) => row.value),
        [0, 1, 2, 3],
        'variables, 0 included, limit + 1 rows',
      )
      const german = await reporting.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100, language: 'de' })
      assert.equal(
        german.map((row) => row.responseId),
        answered.filter((row) => ids.indexOf(row.id) % 2 === 0).map((row) => row.id),
        'only German responses',
      )
      const finished = await reporting.responses.listAnswers(production, survey.id, {
        source: 'data',
        key: 'q',
        limit: 100,
        finished: true,
      })
      assert.equal(
        finished.map((row) => row.responseId),
        answered.filter((row) => ids.indexOf(row.id) % 3 === 0).map((row) => row.id),
      )
      const dated = await reporting.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100, startDate: at(1) })
      assert.equal(
        dated.map((row) => row.responseId),
        answered.filter((row) => row.createdAt >= at(1)).map((row) => row.id),
      )
      assert.equal(
        await reporting.responses.listAnswers(development, survey.id, { source: 'data', key: 'q', limit: 100 }),
        [],
        'another environment',
      )
      assert.equal(await reporting.responses.listAnswers(production, survey.id, { source: 'data', key: 'nothing', limit: 100 }), [])
      for (const id of IMPOSSIBLE_IDS) {
        assert.equal(
          await reporting.responses.listAnswers(production, id, { source: 'data', key: 'q', limit: 5 }),
          [],
          `survey ${id.slice(0, 20)}`,
        )
        assert.equal(
          await reporting.responses.listAnswers(production, survey.id, { source: 'data', key: id, limit: 5 }),
          [],
          `key ${id.slice(0, 20)}`,
        )
      }
    },
  },
  {
    name: 'count with upTo stops one past it',
    async run({ storage, reporting }) {
      const { production, survey } = await seedFiltered(storage)
      const filter = { surveyId: survey.id }
      assert.is(await reporting.responses.count(production, filter), 3)
      assert.is(await reporting.responses.count(production, filter, { upTo: 5 }), 3, 'under the bound: exact')
      assert.is(await reporting.responses.count(production, filter, { upTo: 3 }), 3, 'at the bound: exact')
      assert.is(await reporting.responses.count(production, filter, { upTo: 1 }), 2, 'past the bound: one past it')
    },
  },
]
