import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { IMPOSSIBLE_IDS, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/**
 * Shared results: a survey's `resultShareKey` written in its environment only and found by key from any, a
 * key two surveys hold finding neither; one field's answers newest first by keyset; the language filter.
 */
export const resultShareTests: StorageTest[] = [
  {
    name: 'setResultShareKey writes the key in the survey environment only, and clears it',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const key = `key-${freshId()}`
      assert.is(await storage.surveys.setResultShareKey(development, survey.id, key), null, 'another environment: no survey')
      assert.is((await storage.surveys.get(survey.id))?.resultShareKey, null, 'nothing written from another environment')
      const written = await storage.surveys.setResultShareKey(production, survey.id, key)
      assert.equal(written, { ...survey, resultShareKey: key }, 'the survey as written, updatedAt kept')
      assert.equal(await storage.surveys.get(survey.id), written)
      assert.is((await storage.surveys.getByResultShareKey(key))?.id, survey.id)
      const cleared = await storage.surveys.setResultShareKey(production, survey.id, null)
      assert.is(cleared?.resultShareKey, null)
      assert.is(await storage.surveys.getByResultShareKey(key), null, 'a cleared key finds nothing at once')
      assert.is(await storage.surveys.setResultShareKey(production, `missing-${freshId()}`, key), null)
      for (const id of IMPOSSIBLE_IDS)
        assert.is(await storage.surveys.setResultShareKey(production, id, key), null, `id ${id.slice(0, 20)}`)
    },
  },
  {
    name: 'getByResultShareKey finds the survey from any environment, nothing for unknown, impossible or doubled keys',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const key = `key-${freshId()}`
      const shared = await seedSurvey(storage, production, { resultShareKey: key })
      await seedSurvey(storage, development)
      assert.equal(await storage.surveys.getByResultShareKey(key), shared)
      assert.is(await storage.surveys.getByResultShareKey(`${key}x`), null)
      assert.is(await storage.surveys.getByResultShareKey(key.toUpperCase()), null, 'keys compare exactly')
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.surveys.getByResultShareKey(id), null, `key ${id.slice(0, 20)}`)
      // A key written twice (a survey create or import can write any key): neither survey is found.
      await seedSurvey(storage, development, { resultShareKey: key })
      assert.is(await storage.surveys.getByResultShareKey(key), null, 'a key two surveys hold finds neither')
    },
  },
  {
    name: "listAnswers reads one field's non-empty values newest first, by keyset, in the survey and environment only",
    async run({ storage }) {
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

      const all = await storage.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100 })
      assert.equal(
        all.map((row) => ({ id: row.responseId, createdAt: row.createdAt, value: row.value })),
        answered,
        'non-empty values (a string "[]", false and 7 are answers), newest first, ties by id descending',
      )
      const walked: string[] = []
      let after: { createdAt: Date; id: string } | undefined
      for (let page = 0; page < 20; page++) {
        const rows = await storage.responses.listAnswers(production, survey.id, {
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

      const variables = await storage.responses.listAnswers(production, survey.id, { source: 'variables', key: 'score', limit: 3 })
      assert.equal(
        variables.map((row) => row.value),
        [0, 1, 2, 3],
        'variables, 0 included, limit + 1 rows',
      )
      const german = await storage.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100, language: 'de' })
      assert.equal(
        german.map((row) => row.responseId),
        answered.filter((row) => ids.indexOf(row.id) % 2 === 0).map((row) => row.id),
        'only German responses',
      )
      const finished = await storage.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100, finished: true })
      assert.equal(
        finished.map((row) => row.responseId),
        answered.filter((row) => ids.indexOf(row.id) % 3 === 0).map((row) => row.id),
      )
      const dated = await storage.responses.listAnswers(production, survey.id, { source: 'data', key: 'q', limit: 100, startDate: at(1) })
      assert.equal(
        dated.map((row) => row.responseId),
        answered.filter((row) => row.createdAt >= at(1)).map((row) => row.id),
      )
      assert.equal(
        await storage.responses.listAnswers(development, survey.id, { source: 'data', key: 'q', limit: 100 }),
        [],
        'another environment',
      )
      assert.equal(await storage.responses.listAnswers(production, survey.id, { source: 'data', key: 'nothing', limit: 100 }), [])
      for (const id of IMPOSSIBLE_IDS) {
        assert.equal(
          await storage.responses.listAnswers(production, id, { source: 'data', key: 'q', limit: 5 }),
          [],
          `survey ${id.slice(0, 20)}`,
        )
        assert.equal(
          await storage.responses.listAnswers(production, survey.id, { source: 'data', key: id, limit: 5 }),
          [],
          `key ${id.slice(0, 20)}`,
        )
      }
    },
  },
  {
    name: 'the language filter takes one language; default also takes responses without one',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const byLanguage: Record<string, string> = {}
      for (const language of ['de', 'default', null, 'fr'])
        byLanguage[String(language)] = await seedResponse(storage, production, survey.id, { language })
      const listed = async (language: string) =>
        (await storage.responses.list(production, { surveyId: survey.id, language, limit: 100 })).map((row) => row.id).sort()
      assert.equal(await listed('de'), [byLanguage.de])
      assert.equal(await listed('default'), [byLanguage.default, byLanguage.null].sort())
      assert.equal(await listed('en'), [])
      assert.is(await storage.responses.count(production, { surveyId: survey.id, language: 'fr' }), 1)
      assert.is(
        await storage.responses.count(production, { surveyId: survey.id, language: 'a\u0000b' }),
        0,
        'a language that cannot be stored',
      )
    },
  },
]
