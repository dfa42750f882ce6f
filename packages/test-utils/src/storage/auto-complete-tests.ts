import { createResponse, updateResponse } from '@canvass/core'
import * as assert from 'uvu/assert'
import { clientCheck, expectCreated, makeResponse, managementCheck, seedProject, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** Surveys with `autoComplete` become `completed` when that many finished responses exist (docs/design.md, "Surveys"). */
export const autoCompleteTests: StorageTest[] = [
  {
    name: 'a survey completes when finished responses created reach autoComplete',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { status: 'inProgress', autoComplete: 2 })
      for (const finished of [false, true]) {
        const response = makeResponse(survey.id, { finished })
        expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
      }
      assert.is((await storage.surveys.get(survey.id))?.status, 'inProgress', 'one finished of two')
      const last = makeResponse(survey.id, { finished: true, userId: 'finisher' })
      expectCreated(await createResponse(storage.responses, last, clientCheck(production)), last)
      const completed = await storage.surveys.get(survey.id)
      assert.is(completed?.status, 'completed')
      assert.equal(completed?.updatedAt, last.createdAt)
      assert.equal(await createResponse(storage.responses, makeResponse(survey.id), clientCheck(production)), {
        outcome: 'survey_not_accepting',
      })
    },
  },
  {
    name: 'a response updated to finished completes its survey at autoComplete',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { status: 'inProgress', autoComplete: 1 })
      const response = makeResponse(survey.id)
      expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
      assert.is((await storage.surveys.get(survey.id))?.status, 'inProgress')
      await updateResponse(storage.responses, response.id, () => ({ updatedAt: new Date(), finished: true }))
      assert.is((await storage.surveys.get(survey.id))?.status, 'completed')
    },
  },
  {
    name: 'autoComplete leaves other statuses and surveys without it alone',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const paused = await seedSurvey(storage, production, { status: 'paused', autoComplete: 1 })
      const draft = await seedSurvey(storage, production, { status: 'draft', autoComplete: 1 })
      const open = await seedSurvey(storage, production, { status: 'inProgress', autoComplete: null })
      for (const survey of [paused, draft, open]) {
        const response = makeResponse(survey.id, { finished: true })
        expectCreated(await createResponse(storage.responses, response, managementCheck(production)), response)
      }
      assert.is((await storage.surveys.get(paused.id))?.status, 'paused')
      assert.is((await storage.surveys.get(draft.id))?.status, 'draft')
      assert.is((await storage.surveys.get(open.id))?.status, 'inProgress')
    },
  },
  {
    name: 'autoComplete N with 2N concurrent finished creates, half of them from contacts, accepts exactly N and completes the survey (N = 2, 10, 30; 20, 10 and 5 rounds)',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      // More rounds where a round is cheap; in each, 2N creates race for N places.
      for (const [n, rounds] of [
        [2, 20],
        [10, 10],
        [30, 5],
      ] as const) {
        // The rounds of one N at once, each on a survey of its own: a round's creates race each other as they
        // would alone, and those of the other rounds only add to the load.
        await Promise.all(
          Array.from({ length: rounds }, async (_, round) => {
            const survey = await seedSurvey(storage, production, { status: 'inProgress', autoComplete: n })
            const results = await Promise.all(
              // Every other one from a contact, which takes the statement that links it.
              Array.from({ length: 2 * n }, (_, i) =>
                createResponse(
                  storage.responses,
                  makeResponse(survey.id, { finished: true, userId: i % 2 === 0 ? null : `auto-complete-${round}-${i}` }),
                  clientCheck(production),
                ),
              ),
            )
            const label = `N=${n}, round ${round}`
            assert.is(results.filter((result) => result.outcome === 'created').length, n, `${label}: N accepted`)
            assert.is(results.filter((result) => result.outcome === 'survey_not_accepting').length, n, `${label}: N refused`)
            assert.is((await storage.surveys.get(survey.id))?.status, 'completed', `${label}: completed`)
          }),
        )
      }
    },
  },
]
