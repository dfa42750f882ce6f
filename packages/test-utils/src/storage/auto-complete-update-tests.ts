import { acceptsSubmissions, createResponse, effectiveSurveyStatus, updateResponse } from '@canvass/core'
import type { ResponsePatch, ResponseRecord, SurveyStatusFields } from '@canvass/core'
import * as assert from 'uvu/assert'
import { clientCheck, expectCreated, makeResponse, seedProject, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** What `change` throws for a survey that no longer accepts submissions, as the client PUT route does. */
class NotAccepting extends Error {}

/** The client PUT's rules in a `change`: only an unfinished response of an accepting survey is finished. */
function finishIfAccepting(current: ResponseRecord, survey: SurveyStatusFields): ResponsePatch {
  if (current.finished) throw new Error('the response is already finished')
  if (!acceptsSubmissions(effectiveSurveyStatus(survey))) throw new NotAccepting()
  return { updatedAt: new Date(), finished: true }
}

/**
 * Finishing updates count towards `autoComplete` as creates do: `change` of an update that finishes a
 * response sees the survey as the previous finishing update left it, so a status check in `change` accepts
 * exactly `autoComplete` of concurrent finishing updates (docs/design.md, "Surveys").
 */
export const autoCompleteUpdateTests: StorageTest[] = [
  {
    name: 'autoComplete N with 3N concurrent finishing updates hands change the completed survey after the Nth, so exactly N finish (N = 1, 3, 5; 5 rounds each)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      for (const n of [1, 3, 5]) {
        for (let round = 0; round < 5; round++) {
          const label = `N=${n}, round ${round}`
          const survey = await seedSurvey(storage, production, { status: 'inProgress', autoComplete: n })
          const responses = Array.from({ length: 3 * n }, () => makeResponse(survey.id))
          for (const response of responses)
            expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
          const results = await Promise.allSettled(
            responses.map((response) => updateResponse(storage.responses, response.id, finishIfAccepting)),
          )
          const refused = results.filter((result) => result.status === 'rejected')
          for (const result of refused) assert.instance(result.reason, NotAccepting, `${label}: refused for the status only`)
          assert.is(results.length - refused.length, n, `${label}: accepted`)
          const stored = await storage.responses.list(production, { limit: 100, surveyId: survey.id })
          assert.is(stored.filter((response) => response.finished).length, n, `${label}: stored finished`)
          assert.is((await storage.surveys.get(survey.id))?.status, 'completed', `${label}: completed`)
        }
      }
    },
  },
]
