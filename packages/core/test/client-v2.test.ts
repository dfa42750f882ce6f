/**
 * The reference's newer client routes (`/api/v2/client/{environmentId}/…`, which its js-core since 3.5 and
 * `@formbricks/react-native` call) and the v1 answers that came closer to the reference: written from the
 * reference's route handlers (apps/web/app/api/v2/client/[workspaceId]/…, v1 displays/[displayId]/response).
 */
import { createSurvey, defaultBackend, errorOf, fileUploadQuestion, notFoundBody, suitesWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const label = defaultBackend()
const beds = suitesWithBed()
const b = beds.bed

const FORBIDDEN = (surveyId: string) => ({
  status: 403,
  body: { code: 'forbidden', message: 'Survey is not accepting submissions', details: { surveyId } },
})

/** Identifies `userId` through a `/user` route and answers its state's data. */
async function user(x: TestCanvass, version: 'v1' | 'v2', userId: string, attributes: Record<string, string> = {}) {
  const res = await x.call('POST', `/api/${version}/client/${x.envA}/user`, { body: { userId, attributes } })
  assert.is(res.status, 200, res.text)
  return res.body.data.state.data as { contactId: string; userId: string; segments: string[]; displays: { surveyId: string }[] }
}

async function segment(x: TestCanvass, key: string, value: string): Promise<string> {
  const filters = [
    {
      id: 'i',
      connector: null,
      resource: { id: 'f', root: { type: 'attribute', contactAttributeKey: key }, value, qualifier: { operator: 'equals' } },
    },
  ]
  const res = await x.call('POST', '/api/v1/management/segments', { key: x.keyA, body: { title: `${key} is ${value}`, filters } })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

const identity = beds.suite(`${label}: v2 user and environment`)

identity('a contact sees a segment come and go through both /user routes as its attributes change', async () => {
  const x = b()
  const pro = await segment(x, 'plan', 'pro')
  for (const [version, other] of [
    ['v1', 'v2'],
    ['v2', 'v1'],
  ] as const) {
    const userId = `seg-${version}`
    assert.equal((await user(x, version, userId, { plan: 'free' })).segments, [], `${version}: not yet in it`)
    assert.equal((await user(x, version, userId, { plan: 'pro' })).segments, [pro], `${version}: in it after the change`)
    assert.equal((await user(x, other, userId)).segments, [pro], `${other} agrees`)
    assert.equal((await user(x, version, userId, { plan: 'team' })).segments, [], `${version}: out again`)
  }
})

identity('v2 /user answers v1’s shape; an email attribute that is not an email is a 400 naming it, and nothing is written', async () => {
  const x = b()
  const v1 = await x.call('POST', `/api/v1/client/${x.envA}/user`, { body: { userId: 'shape' } })
  const v2 = await x.call('POST', `/api/v2/client/${x.envA}/user`, { body: { userId: 'shape' } })
  assert.equal(Object.keys(v2.body.data).sort(), Object.keys(v1.body.data).sort())
  assert.equal(v2.body.data.state.data, v1.body.data.state.data)
  for (const version of ['v1', 'v2']) {
    const bad = await x.call('POST', `/api/${version}/client/${x.envA}/user`, {
      body: { userId: 'mail', attributes: { email: 'not an email', plan: 'x' } },
    })
    assert.equal(errorOf(bad), {
      status: 400,
      body: {
        code: 'bad_request',
        message: 'Fields are missing or incorrectly formatted',
        details: { 'attributes.email': 'Must be an email address' },
      },
    })
  }
  const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/mail/attributes`, { body: { attributes: { email: '@' } } })
  assert.is(put.status, 400)
  assert.equal(put.body.details, { 'attributes.email': 'Must be an email address' })
  const people = await x.call('GET', '/api/v1/management/people', { key: x.keyA })
  assert.not.ok(
    people.body.data.some((person: { userId: string }) => person.userId === 'mail'),
    'no contact made by a refused request',
  )
  const good = await x.call('POST', `/api/v2/client/${x.envA}/user`, { body: { userId: 'mail', attributes: { email: 'ada@example.com' } } })
  assert.is(good.status, 200, good.text)
})

identity(
  'v2 environment answers what v1 does, with the same ETag and the reference widget’s survey settings and overlay; unknown environments are 404 on both',
  async () => {
    const x = b()
    const survey = await createSurvey(x, { status: 'inProgress', type: 'app', isBackButtonHidden: true, isAutoProgressingEnabled: true })
    assert.equal([survey.isBackButtonHidden, survey.isAutoProgressingEnabled], [true, true], 'stored and answered by management')
    const v1 = await x.call('GET', `/api/v1/client/${x.envA}/environment`)
    const v2 = await x.call('GET', `/api/v2/client/${x.envA}/environment`)
    assert.is(v2.status, 200)
    assert.equal(v2.body.data.data, v1.body.data.data)
    const [shown] = v2.body.data.data.surveys
    assert.equal([shown.isBackButtonHidden, shown.isAutoProgressingEnabled, shown.recaptcha], [true, true, null])
    assert.equal([v2.body.data.data.project.overlay, v2.body.data.data.project.darkOverlay], ['none', false])
    assert.is(v2.headers.get('etag'), v1.headers.get('etag'))
    assert.is(v2.headers.get('access-control-allow-origin'), '*')
    const missing = await x.call('GET', '/api/v2/client/nope/environment')
    assert.equal(errorOf(missing), { status: 404, body: notFoundBody('Environment', 'nope') })
  },
)

identity('a preflight of a v2 route is answered for any origin; a path that is no v2 route is not', async () => {
  const x = b()
  const headers = {
    origin: 'https://shop.example',
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type',
  }
  const preflight = await x.call('OPTIONS', `/api/v2/client/${x.envA}/responses`, { headers })
  assert.is(preflight.status, 204)
  assert.is(preflight.headers.get('access-control-allow-origin'), '*')
  const unknown = await x.call('OPTIONS', `/api/v2/client/${x.envA}/nothing-here`, { headers })
  assert.is(unknown.status, 404)
})

const displays = beds.suite(`${label}: v2 displays and a display's response`)

displays('a v2 display links the contact named by contactId; an unknown contactId stores it without one', async () => {
  const x = b()
  const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const contact = await user(x, 'v2', 'shown')
  const res = await x.call('POST', `/api/v2/client/${x.envA}/displays`, { body: { surveyId: survey.id, contactId: contact.contactId } })
  assert.is(res.status, 200, res.text)
  assert.equal(Object.keys(res.body.data), ['id'])
  assert.equal(
    (await user(x, 'v2', 'shown')).displays.map((display) => display.surveyId),
    [survey.id],
  )
  const stranger = await x.call('POST', `/api/v2/client/${x.envA}/displays`, {
    body: { surveyId: survey.id, contactId: 'no-such-contact' },
  })
  assert.is(stranger.status, 200, stranger.text)
  // Environment B's contact is no contact of A: the display is stored, linked to nobody.
  const contactB = (await x.call('POST', `/api/v2/client/${x.envB}/user`, { body: { userId: 'b-user' } })).body.data.state.data
  const crossed = await x.call('POST', `/api/v2/client/${x.envA}/displays`, {
    body: { surveyId: survey.id, contactId: contactB.contactId },
  })
  assert.is(crossed.status, 200, crossed.text)
  const stateB = (await x.call('POST', `/api/v2/client/${x.envB}/user`, { body: { userId: 'b-user' } })).body.data.state.data
  assert.equal(stateB.displays, [], "no display of A reaches B's contact")
})

displays('displays of a survey that accepts no submissions are 403 on both versions; unknown and foreign surveys as v1', async () => {
  const x = b()
  const paused = await createSurvey(x, { status: 'paused', type: 'app' })
  const completed = await createSurvey(x, { status: 'completed', type: 'link' })
  for (const version of ['v1', 'v2']) {
    for (const survey of [paused, completed]) {
      const res = await x.call('POST', `/api/${version}/client/${x.envA}/displays`, { body: { surveyId: survey.id } })
      assert.equal(errorOf(res), FORBIDDEN(survey.id), `${version} ${survey.status}`)
    }
    const unknown = await x.call('POST', `/api/${version}/client/${x.envA}/displays`, { body: { surveyId: 'nope' } })
    assert.equal(errorOf(unknown), { status: 404, body: notFoundBody('Survey', 'nope') })
  }
  const ofB = await createSurvey(x, { status: 'inProgress' }, 'B')
  const foreign = await x.call('POST', `/api/v2/client/${x.envA}/displays`, { body: { surveyId: ofB.id } })
  assert.equal(errorOf(foreign), {
    status: 400,
    body: { code: 'bad_request', message: 'Survey is part of another environment', details: {} },
  })
  const invalid = await x.call('POST', `/api/v2/client/${x.envA}/displays`, { body: { contactId: 7 } })
  assert.is(invalid.status, 400)
  assert.ok('surveyId' in invalid.body.details && 'contactId' in invalid.body.details, invalid.text)
})

displays("GET a display's response: null before the response, its id after; 404 for unknown and foreign displays", async () => {
  const x = b()
  const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const display = (await x.call('POST', `/api/v2/client/${x.envA}/displays`, { body: { surveyId: survey.id } })).body.data.id
  const path = `/api/v1/client/${x.envA}/displays/${display}/response`
  const before = await x.call('GET', path)
  assert.equal({ status: before.status, body: before.body }, { status: 200, body: { data: { responseId: null } } })
  assert.is(before.headers.get('access-control-allow-origin'), '*')
  const created = await x.call('POST', `/api/v2/client/${x.envA}/responses`, {
    body: { surveyId: survey.id, displayId: display, finished: false, data: { q1: 'hi' } },
  })
  assert.is(created.status, 200, created.text)
  assert.equal((await x.call('GET', path)).body, { data: { responseId: created.body.data.id } })
  assert.equal(errorOf(await x.call('GET', `/api/v1/client/${x.envB}/displays/${display}/response`)), {
    status: 404,
    body: notFoundBody('Display', display),
  })
  assert.equal(errorOf(await x.call('GET', `/api/v1/client/${x.envA}/displays/nope/response`)), {
    status: 404,
    body: notFoundBody('Display', 'nope'),
  })
})

const responses = beds.suite(`${label}: v2 responses and storage`)

responses('a v2 response names its contact by contactId and answers {id, quotaFull}; PUT answers the id on both versions', async () => {
  const x = b()
  const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const contact = await user(x, 'v2', 'answers', { plan: 'pro' })
  const created = await x.call('POST', `/api/v2/client/${x.envA}/responses`, {
    body: {
      surveyId: survey.id,
      contactId: contact.contactId,
      recaptchaToken: 'ignored',
      finished: false,
      data: { q1: 'first' },
      userId: 'not-read-by-v2',
    },
  })
  assert.is(created.status, 200, created.text)
  const id = created.body.data.id as string
  assert.equal(created.body.data, { id, quotaFull: false })
  const put2 = await x.call('PUT', `/api/v2/client/${x.envA}/responses/${id}`, { body: { finished: false, data: { q2: 'more' } } })
  assert.equal({ status: put2.status, body: put2.body }, { status: 200, body: { data: { id, quotaFull: false } } })
  const put1 = await x.call('PUT', `/api/v1/client/${x.envA}/responses/${id}`, { body: { finished: true, data: {} } })
  assert.equal({ status: put1.status, body: put1.body }, { status: 200, body: { data: { id } } })
  const stored = (await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })).body.data
  assert.equal(stored.data, { q1: 'first', q2: 'more' })
  assert.is(stored.finished, true)
  assert.is(stored.person.id, contact.contactId)
  assert.equal(stored.personAttributes, { plan: 'pro' })
  assert.equal((await user(x, 'v2', 'answers')).segments, [])
  const anonymous = await x.call('POST', `/api/v2/client/${x.envA}/responses`, {
    body: { surveyId: survey.id, contactId: 'nobody', finished: true, data: {} },
  })
  assert.is(anonymous.status, 200, anonymous.text)
  const read = (await x.call('GET', `/api/v1/management/responses/${anonymous.body.data.id}`, { key: x.keyA })).body.data
  assert.is(read.person, null)
})

responses('v2 responses refuse as v1: a paused survey 403, another environment’s response 404, bad bodies 400', async () => {
  const x = b()
  const paused = await createSurvey(x, { status: 'paused', type: 'app' })
  const refused = await x.call('POST', `/api/v2/client/${x.envA}/responses`, { body: { surveyId: paused.id, finished: false, data: {} } })
  assert.equal(errorOf(refused), { status: 403, body: { code: 'forbidden', message: 'Survey is not accepting submissions', details: {} } })
  const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
  const id = (await x.call('POST', `/api/v2/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: false, data: {} } })).body
    .data.id
  const foreign = await x.call('PUT', `/api/v2/client/${x.envB}/responses/${id}`, { body: { finished: true, data: {} } })
  assert.equal(errorOf(foreign), { status: 404, body: notFoundBody('Response', id) })
  const invalid = await x.call('POST', `/api/v2/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: 'yes', data: [] } })
  assert.is(invalid.status, 400)
  assert.ok('finished' in invalid.body.details && 'data' in invalid.body.details, invalid.text)
  const stored = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })
  assert.is(stored.body.data.length, 1, 'only the accepted response is stored')
})

responses('v2 storage signs an upload as v1 does, for the v1 upload route', async () => {
  const x = b()
  const survey = await createSurvey(x, { status: 'inProgress', questions: [fileUploadQuestion('shot')] })
  const body = { fileName: 'shot.png', fileType: 'image/png', surveyId: survey.id, elementId: 'shot' }
  const v1 = await x.call('POST', `/api/v1/client/${x.envA}/storage`, { body })
  const v2 = await x.call('POST', `/api/v2/client/${x.envA}/storage`, { body })
  assert.is(v2.status, 200, v2.text)
  assert.equal(Object.keys(v2.body.data).sort(), Object.keys(v1.body.data).sort())
  assert.ok(String(v2.body.data.signedUrl).includes(`/api/v1/client/${x.envA}/storage/local`), v2.body.data.signedUrl)
  const publicFile = await x.call('POST', `/api/v2/client/${x.envA}/storage`, { body: { ...body, accessType: 'public' } })
  assert.is(publicFile.status, 400)
})

identity.run()
displays.run()
responses.run()
