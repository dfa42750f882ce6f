import { createDisplay, createResponse, importResponses } from '@canvass/core'
import type { CreateResponseResult, NewDisplay, NewResponse, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { clientCheck, identity, makeResponse, managementCheck, seedDisplay, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

const newDisplay = (environmentId: string, surveyId: string, responseId: string | null, userId: string | null): NewDisplay => ({
  id: freshId(),
  environmentId,
  surveyId,
  userId,
  responseId,
  createdAt: new Date(),
  newId: freshId,
})

/** Every response of the survey naming `displayId`, through the port's list. */
async function responsesNaming(storage: Storage, environmentId: string, displayId: string): Promise<string[]> {
  const page = await storage.responses.list(environmentId, { limit: 1000 })
  return page.filter((response) => response.displayId === displayId).map((response) => response.id)
}

/**
 * A display's `responseId` names a response of the display's survey, or nothing is written (docs/design.md, "Responses and displays"); a
 * display has at most one response, as in the reference (`responses.display_id` is unique there).
 */
export const displayResponseTests: StorageTest[] = [
  {
    name: 'createDisplay refuses a responseId that is not a response of the survey (another survey, environment or project, unknown, unstorable) and writes nothing',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const elsewhere = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const sibling = await seedSurvey(storage, production)
      const developmentSurvey = await seedSurvey(storage, development)
      const otherProjectSurvey = await seedSurvey(storage, elsewhere.production)
      const foreign = {
        'another survey': await seedResponse(storage, production, sibling.id),
        'another environment': await seedResponse(storage, development, developmentSurvey.id),
        'another project': await seedResponse(storage, elsewhere.production, otherProjectSurvey.id),
        unknown: freshId(),
        unstorable: 'bad\u0000id',
      }
      for (const [what, responseId] of Object.entries(foreign)) {
        for (const userId of [null, `viewer-${freshId()}`]) {
          const display = newDisplay(production, survey.id, responseId, userId)
          assert.equal(await createDisplay(storage, display), { outcome: 'response_not_found' }, `${what}, userId ${userId}`)
          if (userId !== null) {
            const state = await storage.clientContacts.identify(identity(production, userId))
            assert.equal(state?.displays, [], `${what}: no display written`)
          }
        }
      }
      const own = await seedResponse(storage, production, survey.id)
      const display = newDisplay(production, survey.id, own, 'own-viewer')
      assert.equal(await createDisplay(storage, display), { outcome: 'created', id: display.id })
      const state = await storage.clientContacts.identify(identity(production, 'own-viewer'))
      assert.equal(
        state?.displays.map((d) => d.surveyId),
        [survey.id],
      )
    },
  },
  {
    name: 'createResponse: a display has at most one response; a second naming it is display_taken, on every path of a create',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const counting = await seedSurvey(storage, production, { autoComplete: 1000 })
      for (const target of [survey, counting]) {
        const displayId = await seedDisplay(storage, production, target.id)
        const first = await seedResponse(storage, production, target.id, { displayId })
        const again: [string, NewResponse, ReturnType<typeof clientCheck>][] = [
          ['client', makeResponse(target.id, { displayId }), clientCheck(production)],
          ['client with a userId', makeResponse(target.id, { displayId, userId: `u-${freshId()}` }), clientCheck(production)],
          ['client, finished', makeResponse(target.id, { displayId, finished: true }), clientCheck(production)],
          ['management', makeResponse(target.id, { displayId }), managementCheck(production)],
          ['with a single-use id', makeResponse(target.id, { displayId, singleUseId: `s-${freshId()}` }), clientCheck(production)],
        ]
        for (const [what, response, check] of again) {
          assert.equal(
            await createResponse(storage.responses, response, check),
            { outcome: 'display_taken' },
            `${what}, autoComplete ${target.autoComplete}`,
          )
          assert.is(await storage.responses.get(response.id), null, `${what}: nothing written`)
        }
        assert.equal(await storage.displays.responseOf(production, displayId), { responseId: first })
        assert.equal(await responsesNaming(storage, production, displayId), [first])
      }
      // An import: one of two naming a fresh display goes in, as does every other create of the import.
      const displayId = await seedDisplay(storage, production, survey.id)
      const imported = [makeResponse(survey.id, { displayId }), makeResponse(survey.id, { displayId }), makeResponse(survey.id)]
      const results = await importResponses(storage.responses, imported, managementCheck(production), { webhooks: false })
      assert.equal(results, [
        { outcome: 'created', id: imported[0]!.id },
        { outcome: 'display_taken' },
        { outcome: 'created', id: imported[2]!.id },
      ])
      assert.equal(await responsesNaming(storage, production, displayId), [imported[0]!.id])
    },
  },
  {
    name: 'createResponse: concurrent creates naming one display store exactly one response',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const counting = await seedSurvey(storage, production, { autoComplete: 1000 })
      for (let round = 0; round < 4; round++) {
        const target = round % 2 === 0 ? survey : counting
        const displayId = await seedDisplay(storage, production, target.id)
        // Every path a create takes: plain (batched together), with a contact, finished, management.
        const creates = Array.from({ length: 12 }, (_, i) =>
          makeResponse(target.id, { displayId, ...(i % 4 === 1 ? { userId: `u-${round}-${i}` } : i % 4 === 2 ? { finished: true } : {}) }),
        )
        const results: CreateResponseResult[] = await Promise.all(
          creates.map((response, i) =>
            createResponse(storage.responses, response, i % 4 === 3 ? managementCheck(production) : clientCheck(production)),
          ),
        )
        const created = results.flatMap((result) => (result.outcome === 'created' ? [result.id] : []))
        assert.is(created.length, 1, `round ${round}: exactly one created, got ${JSON.stringify(results)}`)
        assert.ok(
          results.every((result) => result.outcome === 'created' || result.outcome === 'display_taken'),
          `round ${round}: ${JSON.stringify(results)}`,
        )
        assert.equal(await responsesNaming(storage, production, displayId), created, `round ${round}: one stored`)
        assert.equal(await storage.displays.responseOf(production, displayId), { responseId: created[0] })
      }
    },
  },
]
