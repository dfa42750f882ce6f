/**
 * Client response writes screen against quotas only for a survey that has them: the write itself says whether
 * it has any (`CreateResponseResult.hasQuotas`, `ResponseSurveyFields.hasQuotas`). Guards the regression where
 * every client create and update read its survey's quotas, even for a survey without one (about 9 % of the
 * response-create throughput of `pnpm bench`).
 */
import * as assert from 'uvu/assert'
import { createSurvey, suiteWithBed } from '@canvass/test-bed'

const { test, bed } = suiteWithBed('client response writes read quotas only for a survey that has them')

/** Counts the quota reads of the bed's storage (the handler reads `storage.quotas` at each call). */
function countQuotaReads(): () => number {
  const quotas = bed().storage.quotas
  const listAll = quotas.listAll.bind(quotas)
  let reads = 0
  quotas.listAll = (environmentId, surveyId) => {
    reads++
    return listAll(environmentId, surveyId)
  }
  return () => reads
}

test('no quota read for a survey without quotas: v1 and v2 creates, v1 and v2 updates, answers as before', async () => {
  const b = bed()
  const reads = countQuotaReads()
  const survey = await createSurvey(b, { status: 'inProgress' })
  const v1 = await b.call('POST', `/api/v1/client/${b.envA}/responses`, {
    body: { surveyId: survey.id, finished: false, data: { q1: 'a' } },
  })
  assert.equal(v1.body.data, { id: v1.body.data.id })
  const v2 = await b.call('POST', `/api/v2/client/${b.envA}/responses`, {
    body: { surveyId: survey.id, finished: false, data: { q1: 'a' } },
  })
  assert.equal(v2.body.data, { id: v2.body.data.id, quotaFull: false })
  const update = await b.call('PUT', `/api/v1/client/${b.envA}/responses/${v1.body.data.id}`, {
    body: { finished: true, data: { q1: 'b' } },
  })
  assert.equal(update.body.data, { id: v1.body.data.id })
  const updateV2 = await b.call('PUT', `/api/v2/client/${b.envA}/responses/${v2.body.data.id}`, {
    body: { finished: true, data: { q1: 'b' } },
  })
  assert.equal(updateV2.body.data, { id: v2.body.data.id, quotaFull: false })
  assert.is(reads(), 0)
})

test('a survey with a quota is screened on create and on update', async () => {
  const b = bed()
  const reads = countQuotaReads()
  const survey = await createSurvey(b, { status: 'inProgress' })
  const quota = await b.call('POST', `/api/v1/management/surveys/${survey.id}/quotas`, {
    key: b.keyA,
    body: {
      name: 'Everyone',
      limit: 1,
      logic: { connector: 'and', conditions: [] },
      action: 'continueSurvey',
      endingCardId: null,
      countPartialSubmissions: false,
    },
  })
  assert.is(quota.status, 200, quota.text)
  const first = await b.call('POST', `/api/v2/client/${b.envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: { q1: 'a' } },
  })
  assert.equal(first.body.data, { id: first.body.data.id, quotaFull: false })
  const second = await b.call('POST', `/api/v2/client/${b.envA}/responses`, {
    body: { surveyId: survey.id, finished: false, data: { q1: 'a' } },
  })
  const full = { quotaFull: true, quota: { id: quota.body.data.id, action: 'continueSurvey' } }
  assert.equal(second.body.data, { id: second.body.data.id, ...full })
  const finishing = await b.call('PUT', `/api/v1/client/${b.envA}/responses/${second.body.data.id}`, {
    body: { finished: true, data: { q1: 'b' } },
  })
  assert.is(finishing.status, 200, finishing.text)
  assert.equal(finishing.body.data, { id: second.body.data.id, ...full })
  assert.is(reads(), 3, 'one read per write')
})

test.run()
