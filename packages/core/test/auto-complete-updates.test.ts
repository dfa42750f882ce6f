/**
 * `autoComplete` counts finishing client updates exactly: concurrent `PUT`s that finish responses of a survey
 * with `autoComplete: 3` are accepted three times, and the rest are refused with 403, in both PUT forms.
 * Races need connections that run at once, so this runs on the Postgres server (TEST_DATABASE_URL) only.
 */
import { availableBackends, createResponse, createSurvey, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { skipTest } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const AUTO_COMPLETE = 3
const CONCURRENT = 10
const TRIALS = 4

const NAME = 'postgres: concurrent finishing updates against autoComplete'

if (!availableBackends().includes('postgres')) {
  const test = suite(NAME)
  const reason = 'TEST_DATABASE_URL is unset; races need the Postgres server'
  skipTest(test, 'finishing PUTs count exactly towards autoComplete', reason)
  test.run()
} else {
  const { test, bed } = suiteWithBed(NAME, { backend: 'postgres' })

  const forms = {
    environment: (x: TestCanvass, id: string) => `/api/v1/client/${x.envA}/responses/${id}`,
    spec: (_x: TestCanvass, id: string) => `/api/v1/client/responses/${id}`,
  }
  for (const [form, path] of Object.entries(forms)) {
    test(`${CONCURRENT} concurrent finishing PUTs (${form} form) against autoComplete ${AUTO_COMPLETE}: exactly ${AUTO_COMPLETE} × 200, the rest 403, ${AUTO_COMPLETE} stored finished (${TRIALS} trials)`, async () => {
      const x = bed()
      for (let trial = 0; trial < TRIALS; trial++) {
        const label = `${form} form, trial ${trial}`
        const survey = await createSurvey(x, { status: 'inProgress', autoComplete: AUTO_COMPLETE })
        const ids: string[] = []
        for (let i = 0; i < CONCURRENT; i++) ids.push(await createResponse(x, survey.id))
        const answers = await Promise.all(ids.map((id) => x.call('PUT', path(x, id), { body: { finished: true, data: {} } })))
        const accepted = answers.filter((answer) => answer.status === 200)
        const refused = answers.filter((answer) => answer.status === 403)
        assert.is(accepted.length, AUTO_COMPLETE, `${label}: accepted`)
        assert.is(refused.length, CONCURRENT - AUTO_COMPLETE, `${label}: refused`)
        for (const answer of refused) {
          assert.equal(answer.body, { code: 'forbidden', message: 'Survey is not accepting submissions', details: {} }, label)
        }
        const stored = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}&limit=100`, { key: x.keyA })
        assert.is(stored.status, 200)
        assert.is(stored.body.data.length, CONCURRENT, label)
        assert.is(stored.body.data.filter((r: { finished: boolean }) => r.finished).length, AUTO_COMPLETE, `${label}: stored finished`)
        const after = await x.call('GET', `/api/v1/management/surveys/${survey.id}`, { key: x.keyA })
        assert.is(after.body.data.status, 'completed', label)
      }
    })
  }
  test.run()
}
