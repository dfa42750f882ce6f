import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { IMPOSSIBLE_IDS, reportsOf, seedProject, seedResponse, seedSurvey } from './seed'
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
    name: 'the language filter takes one language; default also takes responses without one',
    needsReporting: true,
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
      assert.is(await reportsOf(storage).responses.count(production, { surveyId: survey.id, language: 'fr' }), 1)
      assert.is(
        await reportsOf(storage).responses.count(production, { surveyId: survey.id, language: 'a\u0000b' }),
        0,
        'a language that cannot be stored',
      )
    },
  },
]
