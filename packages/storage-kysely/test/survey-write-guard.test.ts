/**
 * The guard of a response write (docs/architecture.md, "A response write"): a storage decides a create from the
 * survey facts it keeps, and its write applies only while the survey is at the version those facts were read
 * at. Two storages on one database stand for two instances: one keeps the survey's facts, the other changes the
 * survey, and the first must judge the create by the survey as it now is.
 */
import { createResponse } from '@canvass/core'
import type { Storage } from '@canvass/core'
import { makeResponse, makeSurvey } from '@canvass/test-utils'
import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import { backends } from './backends'

for (const backend of backends()) {
  const test = suite(`response write guard on ${backend.name}`)

  test('a create kept facts allowed is judged again when another instance changed the survey', async () => {
    const open = await backend.open({ migrated: true })
    try {
      const kept: Storage = createKyselyStorage({ db: open.db })
      const other: Storage = createKyselyStorage({ db: open.db })
      const environments = { production: randomUUID(), development: randomUUID() }
      const organizationId = randomUUID()
      const createdAt = new Date()
      await kept.projects.createOrganization({ id: organizationId, name: 'org', createdAt })
      await kept.projects.create({ id: randomUUID(), organizationId, name: 'p', createdAt, environments, newId: randomUUID })
      const survey = makeSurvey(environments.production)
      await kept.surveys.insert(survey)
      const check = { environmentId: environments.production, requireAccepting: true, checkEnvironment: true, pinProven: false }
      const first = makeResponse(survey.id)
      assert.equal(await createResponse(kept.responses, first, check), { outcome: 'created', id: first.id }, 'the facts are now kept')

      await other.surveys.update(survey.id, (current) => ({ ...current, status: 'paused' }))
      assert.equal(await createResponse(kept.responses, makeResponse(survey.id), check), { outcome: 'survey_not_accepting' }, 'paused')

      await other.surveys.update(survey.id, (current) => ({ ...current, status: 'inProgress', pin: '1234' }))
      assert.equal(await createResponse(kept.responses, makeResponse(survey.id), check), { outcome: 'pin_required' }, 'a PIN set')

      await other.surveys.update(survey.id, (current) => ({ ...current, pin: null, autoComplete: 1 }))
      const towards = makeResponse(survey.id, { finished: true })
      assert.equal(await createResponse(kept.responses, towards, check), { outcome: 'created', id: towards.id })
      assert.is((await other.surveys.get(survey.id))?.status, 'completed', 'counted towards the autoComplete set meanwhile')
      assert.equal(await createResponse(kept.responses, makeResponse(survey.id), check), { outcome: 'survey_not_accepting' }, 'completed')
    } finally {
      await open.close()
    }
  })

  test.run()
}
