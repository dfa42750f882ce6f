/**
 * The typed client of docs/api.md: openapi-fetch with the types of `@canvass/core/openapi` (generated from the
 * OpenAPI document), against the test bed served over loopback HTTP (`listen()`). `pnpm typecheck` checks the calls' types;
 * this checks that the typed calls reach the routes their types name.
 */
import type { paths } from '@canvass/core/openapi'
import createClient from 'openapi-fetch'
import { suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed('typed client (openapi-fetch)')
let x: TestCanvass & { url: string }

test.before(async () => {
  x = Object.assign(bed(), { url: await bed().listen() })
})

test('creates and reads a survey, answers it as a respondent, and lists the response', async () => {
  const client = createClient<paths>({ baseUrl: x.url, headers: { 'x-api-key': x.keyA } })
  const me = await client.GET('/api/v1/me')
  assert.is(me.response.status, 200)
  const environmentId: string = me.data!.id
  const created = await client.POST('/api/v1/management/surveys', {
    body: {
      environmentId,
      name: 'Typed',
      status: 'inProgress',
      questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: true }],
    },
  })
  assert.is(created.response.status, 200, JSON.stringify(created.error))
  const surveyId: string = created.data!.data.id
  const read = await client.GET('/api/v1/management/surveys/{surveyId}', { params: { path: { surveyId } } })
  assert.is(read.data?.data.name, 'Typed')

  const respondent = createClient<paths>({ baseUrl: x.url })
  const answered = await respondent.POST('/api/v1/client/{environmentId}/responses', {
    params: { path: { environmentId } },
    body: { surveyId, finished: true, data: { q1: 'Because' } },
  })
  assert.is(answered.response.status, 200, JSON.stringify(answered.error))
  const responses = await client.GET('/api/v1/management/responses', { params: { query: { surveyId, limit: '10' } } })
  assert.equal(
    responses.data?.data.map((response) => response.id),
    [answered.data!.data.id],
  )
})

test("an error answer is typed as the API's error", async () => {
  const client = createClient<paths>({ baseUrl: x.url, headers: { 'x-api-key': x.keyA } })
  const missing = await client.GET('/api/v1/management/surveys/{surveyId}', { params: { path: { surveyId: 'nope' } } })
  assert.is(missing.response.status, 404)
  assert.is(missing.error?.code, 'not_found')
  assert.is(missing.data, undefined)
})

test.run()
