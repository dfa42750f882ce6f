/**
 * HEAD on every GET route, on the test bed with every option the standalone server gives (blob store,
 * widget, API reference): each answers with the status and headers its GET gets, and no body. Path
 * parameters name real resources, so that most routes answer 200 rather than stopping at a 404.
 */
import type { Canvass } from '@canvass/core'
import { describeRoutes } from '@canvass/core'
import { TEST_ORIGIN as ORIGIN, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { seedCall, seedSurroundings, seedSurveyAndWebhook } from './helpers'
import { mailedLinkToken } from './mailed-link'

/** Headers that differ from one answer to the next whatever the method. */
const PER_ANSWER = new Set(['x-request-id', 'date'])

const { test, bed } = suiteWithBed('HEAD on every GET route', {
  apiReferenceBundle: true,
  logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
})
let canvass: Canvass
let key: string
const params: Record<string, string> = {}
const query: Record<string, string> = {}

test.before(async () => {
  canvass = bed().canvass
  key = bed().keyA
  await seed(bed().envA)
})

/** One of each resource a GET route names, made through the API. */
async function seed(environmentId: string): Promise<void> {
  const call = seedCall(canvass, key)
  const { survey, webhook } = await seedSurveyAndWebhook(call, environmentId)
  const display = await call('POST', `/api/v1/client/${environmentId}/displays`, { surveyId: survey.id }, false)
  const response = await call(
    'POST',
    `/api/v1/client/${environmentId}/responses`,
    { surveyId: survey.id, finished: false, data: { q1: 'a' }, userId: 'seed-user', displayId: display.id },
    false,
  )
  const { segment, quota, attributeClass, actionClass, attributeKey, people, presign } = await seedSurroundings(
    call,
    canvass,
    key,
    environmentId,
    survey.id,
  )
  const person = people[0]?.id ?? ''
  const shared = await call('POST', `/api/v1/management/surveys/${survey.id}/share`)
  const consolePerson = await canvass.admin.addConsolePerson({ email: 'head@example.com', role: 'viewer', projectId: bed().projectId })
  Object.assign(params, {
    resultShareKey: shared.resultShareKey,
    environmentId,
    workspaceId: environmentId,
    surveyId: survey.id,
    responseId: response.id,
    displayId: display.id,
    userId: 'seed-user',
    webhookId: webhook.id,
    segmentId: segment.id,
    quotaId: quota.id,
    attributeClassId: attributeClass.id,
    actionClassId: actionClass.id,
    contactAttributeKeyId: attributeKey.id,
    personId: person,
    contactId: person,
    accessType: 'public',
    fileName: presign.updatedFileName,
    // The reference's workflows and feedback records are not implemented: any id gets the route's 501.
    workflowId: 'clwf1234567890123456789012',
    runId: 'clrn1234567890123456789012',
    feedbackRecordId: 'clfr1234567890123456789012',
    // A person of the console (their sessions' list).
    consolePersonId: consolePerson.id,
    // A single sign-on provider the bed does not configure: its pages answer 404.
    providerId: 'none',
    // A link mailed to that person: its sign-in and reset pages (a GET uses nothing).
    token: await mailedLinkToken(bed().storage, consolePerson.accountId),
  })
  const link = await call('POST', '/api/v1/management/responses/export-links', { surveyId: survey.id, format: 'csv' })
  Object.assign(query, {
    '/api/v1/management/responses/export': `?surveyId=${survey.id}&format=csv`,
    '/api/v1/management/surveys/:surveyId/answers': '?questionId=q1',
    '/api/v1/management/responses/export/download': new URL(link.url).search,
    '/api/v3/surveys': `?workspaceId=${environmentId}`,
    '/api/v3/action-classes': `?workspaceId=${environmentId}`,
    '/api/v3/contact-attribute-keys': `?workspaceId=${environmentId}`,
    '/api/v3/tags': `?workspaceId=${environmentId}`,
    '/api/v3/responses': `?workspaceId=${environmentId}`,
    '/api/v3/responses/count': `?workspaceId=${environmentId}`,
  })
}

test('each answers HEAD with its GET status and headers, and no body', async () => {
  const routes = canvass.routes.filter((route) => route.method === 'GET')
  assert.ok(routes.length >= 30, `every GET route of the full server (${routes.length})`)
  const notOk: string[] = []
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = params[name]
      if (value === undefined) throw new Error(`no seeded value for :${name} in ${route.path}`)
      return encodeURIComponent(value)
    })
    const target = `${ORIGIN}${path}${query[route.path] ?? ''}`
    const headers = { 'x-api-key': key }
    const get = await canvass.fetch(new Request(target, { headers }))
    const getBody = new Uint8Array(await get.arrayBuffer())
    const head = await canvass.fetch(new Request(target, { method: 'HEAD', headers }))
    const name = `HEAD ${route.path}`
    assert.is(head.status, get.status, `${name}: the GET's status`)
    assert.equal(comparable(head.headers), comparable(get.headers), `${name}: the GET's headers`)
    assert.is(head.body, null, `${name}: no body`)
    if (get.status === 200) assert.ok(getBody.length > 0, `${name}: its GET has a body to leave out`)
    // A route Canvass does not implement answers its 501 (and HEAD the same); one documented as refused to
    // every API key (`noSuccess`: survey visibility) its 403.
    // The console's page is for signed-in people: a key signs no one in, so it goes on to the sign-in page.
    else if (
      !route.path.startsWith('/api/v3/workflows') &&
      !route.path.startsWith('/api/v3/feedbackRecords') &&
      !(REFUSED_TO_KEYS.has(route.path) && get.status === 403) &&
      !(route.path === '/console' && get.status === 303) &&
      // The bed configures no single sign-on provider (console-sso.test.ts drives them against a real one).
      !(route.path.startsWith('/console/sso/') && get.status === 404) &&
      // A person's own sessions are a signed-in person's: a key is nobody's.
      !(route.path === '/api/v1/console/me/sessions' && get.status === 403)
    ) {
      notOk.push(`${route.path} ${get.status}`)
    }
  }
  // With every parameter naming something real, every GET route answers 200 (the 501 routes aside).
  assert.equal(notOk, [], 'GET routes that did not answer 200')
})

/** GET routes documented as refused to every API key (`noSuccess`), whose answer is a 403. */
const REFUSED_TO_KEYS = new Set(
  describeRoutes()
    .routes.filter((route) => route.method === 'GET' && route.noSuccess)
    .map((route) => route.path),
)

/** The headers, without those that change on every answer, and a page's nonce and form token. */
function comparable(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {}
  headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name))
      kept[name] = value.replace(/'nonce-[^']+'/g, "'nonce'").replace(/^(canvass_console_form=)[A-Za-z0-9_-]{43};/, '$1token;')
  })
  return kept
}

test.run()
