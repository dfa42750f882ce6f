import { createDisplay, createResponse } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { clientCheck, identity, makeResponse, managementCheck, seedDisplay, seedProject, seedSurvey, setAttributes } from './seed'
import type { StorageTest } from './storage-test'

const newDisplay = (environmentId: string, surveyId: string, userId: string | null = null) => ({
  id: freshId(),
  environmentId,
  surveyId,
  userId,
  responseId: null,
  createdAt: new Date(),
  newId: freshId,
})

/** The client API's storage: displays, single-use ids, display checks, contacts by userId, environment state. */
export const clientTests: StorageTest[] = [
  {
    name: 'createDisplay reports every outcome and writes only when created',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const created = newDisplay(production, survey.id)
      assert.equal(await createDisplay(storage, created), { outcome: 'created', id: created.id })
      assert.equal(await createDisplay(storage, newDisplay(freshId(), survey.id)), { outcome: 'environment_not_found' })
      assert.equal(await createDisplay(storage, newDisplay(production, freshId())), { outcome: 'survey_not_found' })
      const refused = newDisplay(development, survey.id, 'someone')
      assert.equal(await createDisplay(storage, refused), { outcome: 'survey_in_other_environment' })
      assert.is(
        await storage.clientContacts.identify(identity(development, 'someone')).then((s) => s?.displays.length),
        0,
        'no display for a refusal',
      )
      assert.equal(await createDisplay(storage, newDisplay('\u0000', '\u0000')), { outcome: 'environment_not_found' })
    },
  },
  {
    name: 'createDisplay with userId links the contact, creating it once under concurrency',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const results = await Promise.all(Array.from({ length: 8 }, () => createDisplay(storage, newDisplay(production, survey.id, 'u-1'))))
      for (const result of results) assert.is(result.outcome, 'created')
      const state = await storage.clientContacts.identify(identity(production, 'u-1'))
      assert.is(state?.displays.length, 8)
      assert.ok(state?.displays.every((d) => d.surveyId === survey.id && d.createdAt instanceof Date))
    },
  },
  {
    name: 'createResponse refuses a displayId that is not a display of the survey',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const foreign = await seedDisplay(storage, production, other.id)
      for (const displayId of [foreign, freshId(), 'bad\u0000id']) {
        for (const userId of [null, 'u-display']) {
          for (const check of [clientCheck(production), managementCheck(production)]) {
            const response = makeResponse(survey.id, { displayId, userId })
            assert.equal(await createResponse(storage.responses, response, check), { outcome: 'display_not_found' })
            assert.is(await storage.responses.get(response.id), null)
          }
        }
      }
      const own = await seedDisplay(storage, production, survey.id)
      const response = makeResponse(survey.id, { displayId: own, finished: true })
      assert.equal(await createResponse(storage.responses, response, clientCheck(production)), { outcome: 'created', id: response.id })
      assert.is((await storage.responses.get(response.id))?.displayId, own)
    },
  },
  {
    name: 'createResponse accepts a singleUseId once per survey, atomically under concurrency',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const attempts = Array.from({ length: 10 }, (_, i) =>
        makeResponse(survey.id, { singleUseId: 'once', userId: i % 2 === 0 ? null : `u-${i}`, finished: i % 3 === 0 }),
      )
      const results = await Promise.all(attempts.map((response) => createResponse(storage.responses, response, clientCheck(production))))
      assert.is(results.filter((r) => r.outcome === 'created').length, 1, JSON.stringify(results))
      assert.is(results.filter((r) => r.outcome === 'single_use_id_taken').length, 9)
      const later = makeResponse(survey.id, { singleUseId: 'once' })
      assert.equal(await createResponse(storage.responses, later, managementCheck(production)), { outcome: 'single_use_id_taken' })
      const elsewhere = makeResponse(other.id, { singleUseId: 'once' })
      assert.equal(await createResponse(storage.responses, elsewhere, clientCheck(production)), { outcome: 'created', id: elsewhere.id })
      const page = await storage.responses.list(production, { limit: 100, surveyId: survey.id })
      assert.is(page.length, 1, 'only the first response is stored')
    },
  },
  {
    name: 'clientContacts.identify creates the contact once under concurrency and reports its state',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const states = await Promise.all(Array.from({ length: 8 }, () => storage.clientContacts.identify(identity(production, 'same'))))
      const ids = new Set(states.map((s) => s?.contactId))
      assert.is(ids.size, 1)
      assert.equal(states[0], { contactId: states[0]?.contactId, userId: 'same', attributes: {}, displays: [], responseSurveyIds: [] })
      const survey = await seedSurvey(storage, production)
      const response = makeResponse(survey.id, { userId: 'same' })
      assert.is((await createResponse(storage.responses, response, clientCheck(production))).outcome, 'created')
      assert.equal((await storage.clientContacts.identify(identity(production, 'same')))?.responseSurveyIds, [survey.id])
      const elsewhere = await storage.clientContacts.identify(identity(development, 'same'))
      assert.is.not(elsewhere?.contactId, states[0]?.contactId, 'contacts are per environment')
      assert.is(await storage.clientContacts.identify(identity(freshId(), 'same')), null)
      assert.is(await storage.clientContacts.identify(identity('\u0000', 'same')), null)
    },
  },
  {
    name: 'clientContacts.setAttributes creates unknown keys as custom once under concurrency and skips taken unique values',
    async run({ storage, fixtures }) {
      const { production } = await seedProject(storage)
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => setAttributes(storage, identity(production, `user-${i}`), { plan: `p${i}`, newKey: 'x' })),
      )
      for (const [i, result] of results.entries()) {
        assert.is(result?.changed, true)
        assert.equal(result?.state.attributes, { plan: `p${i}`, newKey: 'x' })
      }
      const keys = (await fixtures.environmentDefaults(production)).contactAttributeKeys
      assert.equal(
        keys
          .filter((k) => k.key === 'plan' || k.key === 'newKey')
          .map((k) => [k.key, k.type])
          .sort(),
        [
          ['newKey', 'custom'],
          ['plan', 'custom'],
        ],
      )
      const again = await setAttributes(storage, identity(production, 'user-0'), { plan: 'p0' })
      assert.is(again?.changed, false, 'the same value changes nothing')
      const first = await setAttributes(storage, identity(production, 'a'), { email: 'a@example.com' })
      assert.equal(first?.skipped, [])
      const second = await setAttributes(storage, identity(production, 'b'), { email: 'a@example.com', plan: 'p9' })
      assert.equal(second?.skipped, ['email'])
      assert.equal(second?.state.attributes, { plan: 'p9' })
      assert.is(await setAttributes(storage, identity(freshId(), 'x'), { plan: 'y' }), null)
    },
    needsFixtures: true,
  },
  {
    name: 'clientContacts.setAttributes gives a unique value to one contact only under concurrency',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => setAttributes(storage, identity(production, `rival-${i}`), { email: 'same@example.com' })),
      )
      assert.is(results.filter((r) => r?.skipped.length === 0).length, 1, JSON.stringify(results.map((r) => r?.skipped)))
      assert.is(results.filter((r) => r?.state.attributes.email === 'same@example.com').length, 1)
    },
  },
  {
    name: 'environmentState.get lists app and website surveys and action classes; markSetupCompleted sets both flags',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const app = await seedSurvey(storage, production, { type: 'app', status: 'inProgress' })
      const website = await seedSurvey(storage, production, { type: 'website', status: 'scheduled' })
      await seedSurvey(storage, production, { type: 'link', status: 'inProgress' })
      await seedSurvey(storage, production, { type: 'app', status: 'paused' })
      const state = await storage.environmentState.get(production)
      assert.equal(state?.surveys.map((s) => s.id).sort(), [app.id, website.id].sort())
      assert.equal(
        state?.actionClasses.map((a) => [a.name, a.type]),
        [['New Session', 'automatic']],
      )
      assert.equal([state?.appSetupCompleted, state?.websiteSetupCompleted], [false, false])
      await storage.environmentState.markSetupCompleted(production, new Date())
      const environment = await storage.environments.get(production)
      assert.equal([environment?.appSetupCompleted, environment?.websiteSetupCompleted], [true, true])
      assert.is(await storage.environmentState.get(freshId()), null)
    },
  },
]
