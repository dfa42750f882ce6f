import { createResponse } from '@canvass/core'
import { freshId } from './fresh-id'
import type { SurveyRecord } from '@canvass/core'
import * as assert from 'uvu/assert'
import { clientCheck, expectCreated, makeResponse, managementCheck, reportsOf, seedDisplay, seedProject, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

const HOUR = 60 * 60 * 1000
const past = () => new Date(Date.now() - HOUR)
const future = () => new Date(Date.now() + HOUR)

/** createResponse: its outcomes, the survey status rule, contacts by userId, and no write on refusal. */
export const createResponseTests: StorageTest[] = [
  {
    name: 'createResponse stores every field and returns the id',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const displayId = await seedDisplay(storage, production, survey.id)
      const response = makeResponse(survey.id, {
        finished: true,
        data: { q1: 'Fine ✓', q_2: ['a', 'b'], q3: 7, q4: { street: 'Main', nested: [null, true] } },
        meta: { source: 'link', url: 'https://example.com/s?x=1', userAgent: { browser: 'Firefox', device: 'desktop' } },
        ttc: { q1: 1234, _total: 1234 },
        variables: { score: 2.5, name: 'x' },
        language: 'de',
        singleUseId: 'single-use-1',
        displayId,
        endingId: 'end1',
      })
      expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
      const stored = await storage.responses.get(response.id)
      assert.equal(stored, {
        id: response.id,
        createdAt: response.createdAt,
        updatedAt: response.createdAt,
        surveyId: survey.id,
        environmentId: production,
        finished: true,
        data: response.data,
        meta: response.meta,
        ttc: response.ttc,
        variables: response.variables,
        language: 'de',
        singleUseId: 'single-use-1',
        displayId: response.displayId,
        endingId: 'end1',
        personAttributes: null,
        person: null,
        notes: [],
        tags: [],
      })
    },
  },
  {
    name: 'createResponse reports environment_not_found first when asked to check it',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const unknown = freshId()
      assert.equal(await createResponse(storage.responses, makeResponse(survey.id), clientCheck(unknown)), {
        outcome: 'environment_not_found',
      })
      assert.equal(await createResponse(storage.responses, makeResponse(freshId()), clientCheck(unknown)), {
        outcome: 'environment_not_found',
      })
      // Without the environment check, a survey of another (here: unknown) environment is just not theirs.
      assert.equal(await createResponse(storage.responses, makeResponse(survey.id), managementCheck(unknown)), {
        outcome: 'survey_in_other_environment',
      })
    },
  },
  {
    name: 'createResponse reports survey_not_found',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      for (const check of [clientCheck(production), managementCheck(production)]) {
        assert.equal(await createResponse(storage.responses, makeResponse(freshId()), check), { outcome: 'survey_not_found' })
      }
    },
  },
  {
    name: 'createResponse reports survey_in_other_environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const other = await seedProject(storage)
      const survey = await seedSurvey(storage, development)
      for (const environmentId of [production, other.production]) {
        for (const check of [clientCheck(environmentId), managementCheck(environmentId)]) {
          assert.equal(await createResponse(storage.responses, makeResponse(survey.id), check), {
            outcome: 'survey_in_other_environment',
          })
        }
      }
    },
  },
  {
    name: 'createResponse refuses surveys whose effective status does not accept submissions',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const refused: Partial<SurveyRecord>[] = [
        { status: 'paused' },
        { status: 'completed' },
        { status: 'scheduled', runOnDate: null },
        { status: 'scheduled', runOnDate: future() },
        { status: 'inProgress', closeOnDate: past() },
        // Started, then closed: scheduled → inProgress → completed.
        { status: 'scheduled', runOnDate: new Date(Date.now() - 2 * HOUR), closeOnDate: past() },
        { status: 'paused', runOnDate: past(), closeOnDate: future() },
      ]
      for (const fields of refused) {
        const survey = await seedSurvey(storage, production, fields)
        const response = makeResponse(survey.id)
        assert.equal(
          await createResponse(storage.responses, response, clientCheck(production)),
          { outcome: 'survey_not_accepting' },
          JSON.stringify(fields),
        )
        assert.is(await storage.responses.get(response.id), null, 'nothing is written')
      }
    },
  },
  {
    name: 'createResponse accepts draft, inProgress and scheduled surveys whose runOnDate has come',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const accepted: Partial<SurveyRecord>[] = [
        { status: 'draft' },
        { status: 'draft', closeOnDate: past() },
        { status: 'inProgress' },
        { status: 'inProgress', closeOnDate: future(), runOnDate: future() },
        { status: 'scheduled', runOnDate: past() },
        { status: 'scheduled', runOnDate: past(), closeOnDate: future() },
      ]
      for (const fields of accepted) {
        const survey = await seedSurvey(storage, production, fields)
        const response = makeResponse(survey.id)
        assert.equal(
          await createResponse(storage.responses, response, clientCheck(production)),
          { outcome: 'created', id: response.id },
          JSON.stringify(fields),
        )
      }
    },
  },
  {
    name: 'createResponse ignores the survey status when requireAccepting is false',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      for (const status of ['paused', 'completed', 'scheduled'] as const) {
        const survey = await seedSurvey(storage, production, { status, runOnDate: future() })
        const response = makeResponse(survey.id)
        expectCreated(await createResponse(storage.responses, response, managementCheck(production)), response)
        const withEnvironmentCheck = makeResponse(survey.id)
        expectCreated(
          await createResponse(storage.responses, withEnvironmentCheck, { ...clientCheck(production), requireAccepting: false }),
          withEnvironmentCheck,
        )
      }
    },
  },
  {
    name: 'createResponse writes nothing, not even a contact, when it refuses',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const paused = await seedSurvey(storage, production, { status: 'paused' })
      const open = await seedSurvey(storage, production)
      const elsewhere = await seedSurvey(storage, development)
      const refusedContactId = freshId()
      const attempts = [
        { surveyId: paused.id, check: clientCheck(production) },
        { surveyId: elsewhere.id, check: clientCheck(production) },
        { surveyId: freshId(), check: clientCheck(production) },
        { surveyId: open.id, check: clientCheck(freshId()) },
      ]
      for (const { surveyId, check } of attempts) {
        const response = makeResponse(surveyId, { userId: 'refused-user', newId: () => refusedContactId })
        const result = await createResponse(storage.responses, response, check)
        assert.is.not(result.outcome, 'created')
        assert.is(await storage.responses.get(response.id), null)
      }
      assert.equal(await storage.responses.list(production, { limit: 10 }), [])
      // Had a refusal created the contact, this create would link it instead of creating its own.
      const contactId = freshId()
      const response = makeResponse(open.id, { userId: 'refused-user', newId: () => contactId })
      expectCreated(await createResponse(storage.responses, response, clientCheck(production)), response)
      assert.is((await storage.responses.get(response.id))?.person?.id, contactId)
    },
  },
  {
    name: 'createResponse with a userId creates the contact once and then links it',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const first = makeResponse(survey.id, { userId: 'user-1' })
      const second = makeResponse(survey.id, { userId: 'user-1' })
      expectCreated(await createResponse(storage.responses, first, clientCheck(production)), first)
      expectCreated(await createResponse(storage.responses, second, managementCheck(production)), second)
      const a = await storage.responses.get(first.id)
      const b = await storage.responses.get(second.id)
      assert.ok(a?.person && b?.person)
      assert.is(a.person.id, b.person.id, 'one contact')
      assert.is(a.person.userId, 'user-1')
      assert.is(a.person.environmentId, production)
      assert.equal(a.person.attributes, {})
      assert.instance(a.person.createdAt, Date)
      assert.instance(a.person.updatedAt, Date)
      assert.ok(!Number.isNaN(a.person.createdAt.getTime()))
      assert.equal(a.personAttributes, {}, 'a new contact has no attributes yet')
    },
  },
  {
    name: 'createResponse with a userId keeps one contact per environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const a = makeResponse((await seedSurvey(storage, production)).id, { userId: 'same-user' })
      const b = makeResponse((await seedSurvey(storage, development)).id, { userId: 'same-user' })
      expectCreated(await createResponse(storage.responses, a, clientCheck(production)), a)
      expectCreated(await createResponse(storage.responses, b, clientCheck(development)), b)
      const personA = (await storage.responses.get(a.id))?.person
      const personB = (await storage.responses.get(b.id))?.person
      assert.ok(personA && personB)
      assert.is.not(personA.id, personB.id)
      assert.is(personB.environmentId, development)
    },
  },
  {
    name: 'createResponse with the same new userId at once creates one contact',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const responses = Array.from({ length: 8 }, () => makeResponse(survey.id, { userId: 'racing-user' }))
      const results = await Promise.all(responses.map((r) => createResponse(storage.responses, r, clientCheck(production))))
      results.forEach((result, i) => assert.equal(result, { outcome: 'created', id: responses[i]?.id }))
      const people = new Set<string | undefined>()
      for (const response of responses) people.add((await storage.responses.get(response.id))?.person?.id)
      assert.is(people.size, 1)
      assert.not.ok(people.has(undefined))
    },
  },
  {
    name: "createResponse snapshots the contact's attributes as personAttributes",
    needsFixtures: true,
    async run({ storage, fixtures }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const before = makeResponse(survey.id, { userId: 'attr-user' })
      expectCreated(await createResponse(storage.responses, before, clientCheck(production)), before)

      await fixtures.setContactAttributes(production, 'attr-user', { email: 'a@example.com', plan: 'pro' })
      const after = makeResponse(survey.id, { userId: 'attr-user' })
      expectCreated(await createResponse(storage.responses, after, clientCheck(production)), after)
      const snapshot = { email: 'a@example.com', plan: 'pro' }
      assert.equal((await storage.responses.get(after.id))?.personAttributes, snapshot)
      assert.equal((await storage.responses.get(after.id))?.person?.attributes, snapshot)

      await fixtures.setContactAttributes(production, 'attr-user', { email: 'b@example.com' })
      const current = { email: 'b@example.com', plan: 'pro' }
      const [first, second] = [await storage.responses.get(before.id), await storage.responses.get(after.id)]
      assert.equal(first?.personAttributes, {}, 'snapshots never change')
      assert.equal(second?.personAttributes, snapshot, 'snapshots never change')
      assert.equal(second?.person?.attributes, current, 'the person shows the current attributes')
    },
  },
  {
    name: 'createResponse with requireSingleUseId refuses a single-use link survey without singleUseId as single_use_id_required, on every path, and writes nothing',
    needsReporting: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const required = { ...clientCheck(production), requireSingleUseId: true }
      const survey = await seedSurvey(storage, production, { type: 'link', singleUse: { enabled: true, isEncrypted: false } })
      const refusedPaths = [
        makeResponse(survey.id),
        makeResponse(survey.id, { finished: true }),
        makeResponse(survey.id, { userId: `su-user-${freshId()}` }),
      ]
      for (const response of refusedPaths) {
        assert.equal(await createResponse(storage.responses, response, required), { outcome: 'single_use_id_required' })
      }
      // Several at once: a storage that writes concurrent creates together must check each of them.
      const together = Array.from({ length: 6 }, () => makeResponse(survey.id))
      const results = await Promise.all(together.map((response) => createResponse(storage.responses, response, required)))
      assert.equal(
        results,
        together.map(() => ({ outcome: 'single_use_id_required' })),
      )
      assert.is(await reportsOf(storage).responses.count(production, { surveyId: survey.id }), 0, 'nothing written')
      // Checked right after the environment: before the survey's status and its PIN.
      const paused = await seedSurvey(storage, production, { type: 'link', status: 'paused', pin: '1234', singleUse: { enabled: true } })
      assert.equal(await createResponse(storage.responses, makeResponse(paused.id), required), { outcome: 'single_use_id_required' })

      // With an id, or without the flag, or for a survey that is not a single-use link survey: written.
      const named = makeResponse(survey.id, { singleUseId: `su-${freshId()}` })
      expectCreated(await createResponse(storage.responses, named, required), named)
      const unflagged = makeResponse(survey.id)
      expectCreated(await createResponse(storage.responses, unflagged, clientCheck(production)), unflagged)
      const app = await seedSurvey(storage, production, { type: 'app', singleUse: { enabled: true, isEncrypted: false } })
      const off = await seedSurvey(storage, production, { type: 'link', singleUse: { enabled: false, isEncrypted: false } })
      for (const id of [app.id, off.id]) {
        const response = makeResponse(id)
        expectCreated(await createResponse(storage.responses, response, required), response)
      }
      // A survey turned single-use after creates were written to it: the next create is judged on the change.
      const later = makeResponse(off.id)
      await storage.surveys.update(off.id, (current) => ({ ...current, singleUse: { enabled: true, isEncrypted: false } }))
      assert.equal(await createResponse(storage.responses, later, required), { outcome: 'single_use_id_required' })
    },
  },
  {
    name: 'createResponse refuses a survey with a PIN as pin_required unless pinProven, on every path, and writes nothing',
    needsReporting: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production, { pin: '1234' })
      const plain = await seedSurvey(storage, production)
      const refusedPaths = [
        makeResponse(survey.id),
        makeResponse(survey.id, { finished: true }),
        makeResponse(survey.id, { userId: `pin-user-${freshId()}` }),
        makeResponse(survey.id, { singleUseId: `pin-suid-${freshId()}` }),
      ]
      for (const response of refusedPaths) {
        assert.equal(await createResponse(storage.responses, response, clientCheck(production)), { outcome: 'pin_required' })
      }
      // Several at once: a storage that writes concurrent creates together must check each of them.
      const together = Array.from({ length: 6 }, () => makeResponse(survey.id))
      const results = await Promise.all(together.map((response) => createResponse(storage.responses, response, clientCheck(production))))
      assert.equal(
        results,
        together.map(() => ({ outcome: 'pin_required' })),
      )
      assert.is(await reportsOf(storage).responses.count(production, { surveyId: survey.id }), 0, 'nothing written')

      // The status is judged before the PIN.
      const paused = await seedSurvey(storage, production, { pin: '1234', status: 'paused' })
      assert.equal(await createResponse(storage.responses, makeResponse(paused.id), clientCheck(production)), {
        outcome: 'survey_not_accepting',
      })

      for (const response of [
        makeResponse(survey.id),
        makeResponse(survey.id, { finished: true }),
        makeResponse(survey.id, { userId: `pin-user-${freshId()}` }),
      ]) {
        expectCreated(await createResponse(storage.responses, response, clientCheck(production, true)), response)
      }
      const proven = Array.from({ length: 6 }, () => makeResponse(survey.id))
      const created = await Promise.all(
        proven.map((response) => createResponse(storage.responses, response, clientCheck(production, true))),
      )
      created.forEach((result, i) => expectCreated(result, proven[i]!))
      const imported = makeResponse(survey.id)
      expectCreated(await createResponse(storage.responses, imported, managementCheck(production)), imported)
      // A survey without a PIN ignores the flag either way.
      for (const pinProven of [false, true]) {
        const response = makeResponse(plain.id)
        expectCreated(await createResponse(storage.responses, response, clientCheck(production, pinProven)), response)
      }
    },
  },
]
