import { createResponse } from '@canvass/core'
import type { Storage } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { uniqueViolation } from '../src/postgres/unique-violation'
import { backends } from './backends'

const test = suite('unique violations are judged by the constraint they broke')

/** A migrated storage with one accepting survey; creates written one by one. */
async function open(backend: ReturnType<typeof backends>[number]) {
  const opened = await backend.open({ migrated: true })
  await migrate(opened.db)
  const storage: Storage = createKyselyStorage({ db: opened.db, responseBatch: false })
  const environments = { production: randomUUID(), development: randomUUID() }
  const organizationId = randomUUID()
  await storage.projects.createOrganization({ id: organizationId, name: 'org', createdAt: new Date() })
  await storage.projects.create({ id: randomUUID(), organizationId, name: 'p', createdAt: new Date(), environments, newId: randomUUID })
  const survey = makeSurvey(environments.production)
  await storage.surveys.insert(survey)
  const check = { environmentId: environments.production, requireAccepting: true, checkEnvironment: true, pinProven: false }
  return { storage, survey, check, close: opened.close }
}

test('uniqueViolation names the constraint, and nothing for other errors', () => {
  assert.is(uniqueViolation({ code: '23505', constraint: 'responses_pkey' }), 'responses_pkey')
  assert.is(uniqueViolation({ code: '23505' }), '')
  assert.is(uniqueViolation({ code: '23503', constraint: 'responses_survey_id_fkey' }), undefined)
  assert.is(uniqueViolation(new Error('23505')), undefined)
  assert.is(uniqueViolation(null), undefined)
})

for (const backend of backends({ prepared: true })) {
  test(`${backend.name}: a second response with a single-use id is single_use_id_taken`, async () => {
    const { storage, survey, check, close } = await open(backend)
    try {
      const first = makeResponse(survey.id, { singleUseId: 'once' })
      assert.equal(await createResponse(storage.responses, first, check), { outcome: 'created', id: first.id })
      assert.equal(await createResponse(storage.responses, makeResponse(survey.id, { singleUseId: 'once' }), check), {
        outcome: 'single_use_id_taken',
      })
    } finally {
      await close()
    }
  })

  test(`${backend.name}: another unique violation (a response id taken) is an error, not single_use_id_taken`, async () => {
    const { storage, survey, check, close } = await open(backend)
    try {
      const first = makeResponse(survey.id, { singleUseId: 'a' })
      await createResponse(storage.responses, first, check)
      const error = await createResponse(storage.responses, makeResponse(survey.id, { id: first.id, singleUseId: 'b' }), check).then(
        (result) => assert.unreachable(`resolved with ${JSON.stringify(result)}`),
        (caught: unknown) => caught,
      )
      // The id is unique with its created_at in `responses` (partitioned by month); a response holding a
      // single-use id has a claim, whose key is the id alone.
      assert.is(uniqueViolation(error), 'response_claims_pkey')
    } finally {
      await close()
    }
  })
}

test.run()
