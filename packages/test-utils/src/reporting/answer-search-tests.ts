import * as assert from 'uvu/assert'
import { seedProject, seedResponse, seedSurvey } from '../storage/seed'
import type { ReportingStorageTest } from './reporting-test'

/** `listAnswers` with `search`: a case-insensitive substring of the answer's text, or of one of a list's values. */
export const answerSearchTests: ReportingStorageTest[] = [
  {
    name: 'listAnswers with search finds a substring in any case, in a list answer’s values, with LIKE wildcards taken as text',
    async run({ storage, reporting }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const base = Date.now()
      const values: unknown[] = [
        'Linus likes KERNELS',
        ['Linus', 'T', 'linus@example.net', '', 'Kernel GmbH'],
        '100% sure',
        '100 percent',
        'snake_case',
        'snakeXcase',
        'back\\slash',
        'Grüße aus Köln',
        { firstName: 'nokernel' },
      ]
      const ids: string[] = []
      for (const [index, value] of values.entries())
        ids.push(await seedResponse(storage, production, survey.id, { createdAt: new Date(base - index * 1000), data: { q: value } }))
      const found = async (search: string, extra: { limit?: number; after?: { createdAt: Date; id: string } } = {}) =>
        (
          await reporting.responses.listAnswers(production, survey.id, {
            source: 'data',
            key: 'q',
            limit: extra.limit ?? 100,
            search,
            ...extra,
          })
        ).map((row) => ids.indexOf(row.responseId))
      assert.equal(await found('kernel'), [0, 1], 'any case, in text and in a list’s values (never an object’s keys or values)')
      assert.equal(await found('LINUS@EXAMPLE'), [1], 'one value of a contact answer')
      assert.equal(await found('%'), [2], '% is a percent sign')
      assert.equal(await found('0%'), [2])
      assert.equal(await found('e_c'), [4], '_ is an underscore')
      assert.equal(await found('\\'), [6], 'a backslash is itself')
      assert.equal(await found('köln'), [7], 'letters beyond ASCII')
      assert.equal(await found('nothing like it'), [])
      const first = await reporting.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 1, search: 'N' })
      assert.equal(
        first.map((row) => ids.indexOf(row.responseId)),
        [0, 1],
        'a page of a search: limit + 1',
      )
      const second = first[0] as { responseId: string; createdAt: Date }
      assert.equal(await found('n', { limit: 1, after: { createdAt: second.createdAt, id: second.responseId } }), [1, 3], 'the next page')
    },
  },
]
