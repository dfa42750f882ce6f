import type { NewDisplay } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { identity, seedProject, seedResponse, seedSurvey } from './seed'
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

/** A display's `responseId` names a response of the display's survey, or nothing is written (contract §4). */
export const displayResponseTests: StorageTest[] = [
  {
    name: 'displays.create refuses a responseId that is not a response of the survey (another survey, environment or project, unknown, unstorable) and writes nothing',
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
          assert.equal(await storage.displays.create(display), { outcome: 'response_not_found' }, `${what}, userId ${userId}`)
          if (userId !== null) {
            const state = await storage.clientContacts.identify(identity(production, userId))
            assert.equal(state?.displays, [], `${what}: no display written`)
          }
        }
      }
      const own = await seedResponse(storage, production, survey.id)
      const display = newDisplay(production, survey.id, own, 'own-viewer')
      assert.equal(await storage.displays.create(display), { outcome: 'created', id: display.id })
      const state = await storage.clientContacts.identify(identity(production, 'own-viewer'))
      assert.equal(state?.displays.map((d) => d.surveyId), [survey.id])
    },
  },
]
