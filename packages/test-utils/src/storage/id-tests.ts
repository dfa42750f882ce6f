import { createResponse, updateResponse } from '@canvass/core'
import type { ResponsePatch } from '@canvass/core'
import * as assert from 'uvu/assert'
import { IMPOSSIBLE_IDS, clientCheck, makeResponse, managementCheck, seedProject, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** "Lookups by id MUST accept any string": unknown, malformed and unstorable ids find nothing, never throw. */
export const idTests: StorageTest[] = [
  {
    name: 'ids that cannot exist find nothing and never throw',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const change = (): ResponsePatch => {
        throw new Error('change must not be called for an unknown response')
      }
      for (const id of IMPOSSIBLE_IDS) {
        const label = JSON.stringify(id.length > 20 ? `${id.slice(0, 20)}…` : id)
        assert.is(await storage.environments.get(id), null, `getEnvironment ${label}`)
        assert.is(await storage.surveys.get(id), null, `getSurvey ${label}`)
        assert.is(await storage.responses.get(id), null, `getResponse ${label}`)
        assert.is(await storage.apiKeys.findByHash(id), null, `findApiKeyByHash ${label}`)
        assert.is(await storage.apiKeys.revoke(id, new Date()), false, `revokeApiKey ${label}`)
        assert.equal(await storage.apiKeys.list(id), [], `listApiKeys ${label}`)
        assert.equal(await storage.surveys.list(id, { limit: 5 }), [], `listSurveys ${label}`)
        assert.equal(await storage.responses.list(id, { limit: 5 }), [], `listResponses ${label}`)
        assert.equal(await storage.responses.list(production, { limit: 5, surveyId: id }), [], `listResponses surveyId ${label}`)
        assert.is(await storage.surveys.update(id, () => survey), null, `updateSurvey ${label}`)
        assert.is(await storage.surveys.delete(production, id), null, `deleteSurvey ${label}`)
        assert.is(await storage.surveys.delete(id, survey.id), null, `deleteSurvey environment ${label}`)
        assert.is(await storage.responses.delete(production, id), null, `deleteResponse ${label}`)
        assert.is(await updateResponse(storage.responses, id, change), null, `updateResponse ${label}`)
        assert.equal(
          await createResponse(storage.responses, makeResponse(id), clientCheck(production)),
          { outcome: 'survey_not_found' },
          `createResponse surveyId ${label}`,
        )
        assert.equal(
          await createResponse(storage.responses, makeResponse(survey.id), clientCheck(id)),
          { outcome: 'environment_not_found' },
          `createResponse environmentId ${label}`,
        )
        assert.equal(
          await createResponse(storage.responses, makeResponse(survey.id), managementCheck(id)),
          { outcome: 'survey_in_other_environment' },
          `createResponse management environmentId ${label}`,
        )
      }
      assert.ok(await storage.surveys.get(survey.id), 'nothing was deleted by accident')
    },
  },
]
