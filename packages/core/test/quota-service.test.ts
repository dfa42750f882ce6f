/** Screening a response against its survey's quotas (`domain/quotas/quota-service.ts`), on a storage that fails. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { CanvassContext } from '../src/context'
import type { QuotaRecord } from '../src/ports/storage'
import { quotaFullAnswer, screenResponse } from '../src/domain/quotas/quota-service'

const quota: QuotaRecord = {
  id: 'quota1',
  environmentId: 'env1',
  surveyId: 'survey1',
  name: 'Everyone',
  limit: 1,
  logic: { connector: 'and', conditions: [] },
  action: 'endSurvey',
  endingCardId: 'full',
  countPartialSubmissions: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
}
const response = {
  environmentId: 'env1',
  surveyId: 'survey1',
  responseId: 'r1',
  finished: true,
  data: {},
  variables: {},
  mark: new Date(0),
}

function context(screen: () => Promise<QuotaRecord | null>, errors: unknown[][]) {
  return {
    storage: {
      quotas: { listAll: async () => [quota], screen },
      surveys: { get: async () => ({ id: 'survey1', questions: [], variables: [] }) },
    },
    logger: { error: (...args: unknown[]) => errors.push(args), warn() {}, info() {} },
    now: () => new Date(0),
  } as unknown as CanvassContext
}

const test = suite('quota screening')

test('a screening that fails after the response was stored is logged and answered as no full quota', async () => {
  const errors: unknown[][] = []
  const result = await screenResponse(
    context(() => Promise.reject(new Error('deadlock detected')), errors),
    response,
  )
  assert.is(result, null)
  assert.is(errors.length, 1)
  assert.match(String(errors[0]?.[0]), /Screening response r1 against the quotas of survey survey1 failed/)
})

test("the full quota met is the answer, in the reference's shape", async () => {
  const errors: unknown[][] = []
  const result = await screenResponse(
    context(async () => quota, errors),
    response,
  )
  assert.equal(quotaFullAnswer(result), { quotaFull: true, quota: { id: 'quota1', action: 'endSurvey', endingCardId: 'full' } })
  assert.equal(quotaFullAnswer(null), { quotaFull: false })
  assert.equal(quotaFullAnswer({ ...quota, action: 'continueSurvey', endingCardId: null }), {
    quotaFull: true,
    quota: { id: 'quota1', action: 'continueSurvey' },
  })
  assert.equal(errors, [])
})

test.run()
