/**
 * A display's `responseId` must be a response of the display's survey (docs/design.md, "Responses and displays"), as a response's
 * `displayId` must be a display of its survey: one of another environment or survey is a 400, and nothing is
 * stored. A display has at most one response, as in the reference: a second response naming it is a 400. The
 * storage rules run on every backend in the conformance suite (concurrent creates included); here the HTTP
 * answers, on PGlite.
 */
import { badRequest, createResponse, createSurvey, errorOf, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const { test, bed } = suiteWithBed('display responseId', { backend: 'pglite' })

const REFUSED = badRequest('Response not found for this survey', { responseId: 'No response of this survey has this id' })

test('a responseId of another environment, another survey or none at all is 400 and stores no display; one of the survey is 200', async () => {
  const x = bed()
  const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const sibling = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const other = await createSurvey(x, { status: 'inProgress', type: 'app' }, 'B')
  const foreign = {
    'another environment': await createResponse(x, other.id, {}, 'B'),
    'another survey': await createResponse(x, sibling.id),
    unknown: 'nosuchresponse',
  }
  for (const [what, responseId] of Object.entries(foreign)) {
    const userId = `viewer-${what.replaceAll(' ', '-')}`
    const refused = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: survey.id, userId, responseId } })
    assert.equal(errorOf(refused), REFUSED, what)
    assert.is(refused.headers.get('access-control-allow-origin'), '*', `${what}: CORS on the error`)
    const seen = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/${userId}`)
    assert.equal(seen.body.data.displays, [], `${what}: no display stored`)
  }
  const own = await createResponse(x, survey.id)
  const accepted = await x.call('POST', `/api/v1/client/${x.envA}/displays`, {
    body: { surveyId: survey.id, userId: 'viewer-own', responseId: own },
  })
  assert.is(accepted.status, 200)
  const seen = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/viewer-own`)
  assert.equal(
    seen.body.data.displays.map((d: { surveyId: string }) => d.surveyId),
    [survey.id],
  )
})

test('a second response naming a display that has one is 400, client and management alike, and stores nothing', async () => {
  const x = bed()
  const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const displayId = (await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: survey.id } })).body.data.id as string
  const first = await createResponse(x, survey.id, { displayId })
  const taken = badRequest('Display is already linked to a response', { displayId: 'Another response names this display' })
  const client = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: {}, displayId },
  })
  assert.equal(errorOf(client), taken, 'client')
  assert.is(client.headers.get('access-control-allow-origin'), '*', 'CORS on the error')
  const management = await x.call('POST', '/api/v1/management/responses', {
    key: x.keyA,
    body: { surveyId: survey.id, finished: false, data: {}, displayId },
  })
  assert.equal(errorOf(management), taken, 'management')
  const linked = await x.call('GET', `/api/v1/client/${x.envA}/displays/${displayId}/response`)
  assert.equal(linked.body, { data: { responseId: first } })
  const stored = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })
  assert.equal(
    stored.body.data.map((r: { id: string }) => r.id),
    [first],
    'only the first is stored',
  )
})

test.run()
