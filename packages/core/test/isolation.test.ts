/**
 * Two environments, generated from the route table: for every route Canvass registers, a call with
 * environment A's key (and A's id where a client route takes an environment id) aimed at environment B's
 * data (B's ids in the path, body and query) must not read, list, change or delete anything of B. Each route
 * is its own test: what B reads after the call is compared byte for byte with what B read after the seeding.
 * Routes added later are covered as they appear; a route whose path parameter nothing here can seed is skipped
 * with the reason. The reference's v3 routes are aimed at B through their workspace (`workspaceId` in the query
 * or body: B's environment) or B's ids in the path, and answer 403, v3's answer for what is not the key's
 * (docs/api.md, "The reference's v3"); those Canvass does not implement answer 501 and read nothing.
 */
import { randomBytes } from 'node:crypto'
import { describeRoutes } from '@canvass/core'
import { assertSuccessOrContractError, createSurvey, createTestClock, defaultBackend, question, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { skipTest } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

/**
 * The route table of a Canvass with uploads, the widget and the API reference, as the bed below has them (the
 * first test checks that the bed serves exactly these). A link page (`/s/:surveyId`) is public by design (the
 * link is the capability, as the spec-form PUT's response id is), so what it must show here is that B's survey
 * that is no link survey stays a 404 naming nothing of B.
 */
const ROUTES = describeRoutes().routes

/** Path parameters this test can fill with something of environment B (or, for `environmentId`, A's id). */
const SEEDABLE = new Set([
  'environmentId',
  'surveyId',
  'responseId',
  'attributeClassId',
  'actionClassId',
  'contactAttributeKeyId',
  'personId',
  'contactId',
  'userId',
  'webhookId',
  'segmentId',
  'quotaId',
  'displayId',
  'deliveryId',
  'tagId',
  'noteId',
  'apiKeyId',
])

/** What environment B holds, created over HTTP with B's key and B's client routes. */
interface SeedB {
  params: Record<string, string>
  /** Strings that only B's data contains: none may appear in an answer to A. */
  secrets: string[]
  /** B's GET routes (lists and records) whose answers must not change. */
  snapshotPaths: string[]
  /** A tag of A's own: a merge of B's tag into it, or of it into B's, must not happen. */
  tagOfA: string
}

/** A tag named `name` on `responseId` of `environmentId`, made through the import port (docs/api.md, "Tags"). */
async function tagOf(x: TestCanvass, environmentId: string, responseId: string, name: string): Promise<string> {
  await x.storage.imports.insertNotesAndTags(environmentId, [{ responseId, notes: [], tags: [name] }])
  const tag = (await x.storage.tags.list(environmentId, { limit: 1000 })).find((t) => t.name === name)
  if (!tag) throw new Error(`seeding a tag: ${name} is not listed`)
  return tag.id
}

async function seedB(x: TestCanvass): Promise<SeedB> {
  const marker = `b-secret-${randomBytes(6).toString('hex')}`
  // Not a secret of B: a client route of A answers with the userId its caller sent (A's own contact's).
  const userId = `user-${randomBytes(6).toString('hex')}`
  const call = async (method: string, path: string, body?: unknown, key: string | undefined = x.keyB) => {
    const res = await x.call(method, path, { key, body })
    if (res.status !== 200) throw new Error(`seeding ${method} ${path}: ${res.status} ${res.text}`)
    return res.body.data
  }
  const segment = await call('POST', '/api/v1/management/segments', {
    title: marker,
    filters: [
      {
        id: 'f',
        connector: null,
        resource: { id: 'f', root: { type: 'attribute', contactAttributeKey: marker }, value: marker, qualifier: { operator: 'equals' } },
      },
    ],
  })
  const survey = await call('POST', '/api/v1/management/surveys', {
    environmentId: x.envB,
    segmentId: segment.id,
    name: marker,
    status: 'inProgress',
    type: 'app',
    questions: [question()],
  })
  const quota = await call('POST', `/api/v1/management/surveys/${survey.id}/quotas`, {
    name: marker,
    limit: 5,
    logic: { conditions: [] },
    action: 'continueSurvey',
    countPartialSubmissions: true,
  })
  const response = await call(
    'POST',
    `/api/v1/client/${x.envB}/responses`,
    { surveyId: survey.id, finished: false, data: { q1: marker }, userId },
    undefined,
  )
  const person = (await x.call('GET', `/api/v1/management/responses/${response.id}`, { key: x.keyB })).body.data.person
  const display = await call('POST', `/api/v1/client/${x.envB}/displays`, { surveyId: survey.id, userId }, undefined)
  // B's results shared: a route of A that rotated or cleared the key would change B's survey, and the key is a secret of B.
  const shared = await call('POST', `/api/v1/management/surveys/${survey.id}/share`)
  const attributeClass = await call('POST', '/api/v1/management/attribute-classes', { name: marker, type: 'code' })
  const actionClass = await call('POST', '/api/v1/management/action-classes', { name: marker, type: 'code', key: marker })
  const contactAttributeKey = await call('POST', '/api/v1/management/contact-attribute-keys', { key: marker })
  const params: Record<string, string> = {
    environmentId: x.envA,
    surveyId: survey.id,
    responseId: response.id,
    attributeClassId: attributeClass.id,
    actionClassId: actionClass.id,
    contactAttributeKeyId: contactAttributeKey.id,
    personId: person.id,
    contactId: person.id,
    userId,
    segmentId: segment.id,
    quotaId: quota.id,
    displayId: display.id,
    tagId: await tagOf(x, x.envB, response.id, marker),
    noteId: (await call('POST', `/api/v1/management/responses/${response.id}/notes`, { text: marker })).id,
  }
  const secrets = [
    marker,
    x.envB,
    shared.resultShareKey,
    ...Object.entries(params)
      .filter(([name]) => name !== 'environmentId' && name !== 'userId')
      .map(([, id]) => id),
  ]
  const hasRoute = (method: string, path: string) => ROUTES.some((route) => route.method === method && route.path === path)
  if (hasRoute('POST', '/api/v1/management/api-keys')) {
    // A key of B besides B's own: A's key must neither list it nor revoke it.
    const key = await call('POST', '/api/v1/management/api-keys', { label: marker })
    params.apiKeyId = key.id
    secrets.push(key.id)
  }
  if (hasRoute('POST', '/api/v1/webhooks')) {
    const webhook = await call('POST', '/api/v1/webhooks', {
      url: `http://127.0.0.1:9/${marker}`,
      triggers: ['responseCreated'],
      name: marker,
    })
    params.webhookId = webhook.id
    secrets.push(webhook.id)
    // A response after the webhook gives it a delivery (to a closed loopback port).
    await call('POST', `/api/v1/client/${x.envB}/responses`, { surveyId: survey.id, finished: false, data: { q1: marker } }, undefined)
    const deliveries = await x.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries?limit=1`, { key: x.keyB })
    const deliveryId = deliveries.body.data[0].id as string
    params.deliveryId = deliveryId
    secrets.push(deliveryId)
  }
  // B's data is behind the API; the widget's bundles are the same for everyone. A v3 list names B's
  // workspace (its own default page holds B's few rows); a route Canvass does not implement reads nothing.
  const snapshotPaths = ROUTES.filter(
    (route) =>
      route.method === 'GET' &&
      route.path.startsWith('/api/') &&
      !route.path.includes(':') &&
      !route.path.startsWith('/api/v1/client/') &&
      !route.notImplemented,
  ).map((route) => (takesWorkspaceQuery(route) ? `${route.path}?workspaceId=${x.envB}` : `${route.path}?limit=1000`))
  for (const name of Object.keys(params)) {
    const route = ROUTES.find(
      (r) => r.method === 'GET' && r.path.startsWith('/api/v1/') && !r.path.startsWith('/api/v1/client/') && r.path.endsWith(`/:${name}`),
    )
    if (route && name !== 'environmentId' && name !== 'userId')
      snapshotPaths.push(route.path.replace(/:(\w+)/g, (_, param: string) => params[param] ?? ''))
    const v3 = ROUTES.find((r) => r.method === 'GET' && r.path.startsWith('/api/v3/') && r.path.endsWith(`/:${name}`) && !r.notImplemented)
    if (v3) snapshotPaths.push(v3.path.replace(`:${name}`, params[name] as string))
  }
  snapshotPaths.push(`/api/v1/management/surveys/${survey.id}/quotas?limit=1000`, `/api/v1/management/surveys/${survey.id}/summary`)
  // A's own tag, on a response of A's own survey.
  const surveyA = await createSurvey(x, { status: 'inProgress' })
  const responseA = await call('POST', `/api/v1/client/${x.envA}/responses`, { surveyId: surveyA.id, finished: true, data: {} }, undefined)
  const tagOfA = await tagOf(x, x.envA, responseA.id, 'isolation-own-tag')
  return { params, secrets, snapshotPaths, tagOfA }
}

/** A v3 route whose query names the workspace it reads (its lists). */
function takesWorkspaceQuery(route: (typeof ROUTES)[number]): boolean {
  return route.path.startsWith('/api/v3/') && 'workspaceId' in (route.query?.entries ?? {})
}

/** A v3 route whose body names the workspace it writes to (its creates), as the route's doc says. */
function takesWorkspaceBody(route: (typeof ROUTES)[number]): boolean {
  const body = route.body as { entries?: Record<string, unknown> } | undefined
  return route.path.startsWith('/api/v3/') && typeof body === 'object' && 'workspaceId' in (body.entries ?? {})
}

/**
 * A body a v3 route takes (its schemas refuse every field they do not know, before reading anything), aimed
 * at B: B's workspace where the route takes one, B's survey where the validation takes one.
 */
function v3Body(route: (typeof ROUTES)[number], x: TestCanvass, seed: SeedB): Record<string, unknown> {
  const blocks = [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Probe?' }, required: false }] }]
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/v3/surveys': { name: 'isolation-probe', blocks },
    'POST /api/v3/surveys/preview': { name: 'isolation-probe', blocks },
    'POST /api/v3/surveys/import': { document: { name: 'isolation-probe', blocks } },
    'POST /api/v3/surveys/validate': { operation: 'patch', surveyId: seed.params.surveyId, data: { name: 'isolation-probe' } },
    'PATCH /api/v3/surveys/:surveyId': { name: 'isolation-probe' },
    'PATCH /api/v3/surveys/:surveyId/blocks': { ops: [{ op: 'remove', id: 'isolation-probe' }] },
    'PUT /api/v3/surveys/:surveyId/blocks/order': { order: ['isolation-probe'] },
    'POST /api/v3/surveys/:surveyId/visibility': { visibility: 'workspace' },
    'POST /api/v3/tags': { name: 'isolation-probe' },
    'PATCH /api/v3/tags/:tagId': { name: 'isolation-probe' },
    'POST /api/v3/tags/:tagId/merge': { newTagId: seed.tagOfA },
    'POST /api/v3/responses': { surveyId: seed.params.surveyId, finished: true, data: { q1: 'isolation-probe' } },
    'PATCH /api/v3/responses/:responseId': { data: { q1: 'isolation-probe' } },
    'POST /api/v3/responses/batch-delete': { ids: [seed.params.responseId] },
    'POST /api/v3/responses/validate': { operation: 'patch', responseId: seed.params.responseId, data: { finished: true } },
  }
  const body = bodies[`${route.method} ${route.path}`] ?? {}
  return takesWorkspaceBody(route) ? { workspaceId: x.envB, ...body } : body
}

/** Everything B's key reads, as text: lists, records and `/me`. */
async function snapshot(x: TestCanvass, seed: SeedB): Promise<string[]> {
  const texts: string[] = []
  for (const path of seed.snapshotPaths) {
    const res = await x.call('GET', path, { key: x.keyB })
    texts.push(`${path} ${res.status} ${res.text}`)
  }
  return texts
}

/** One body that aims every field a create or update might take at environment B. */
function hostileBody(x: TestCanvass, seed: SeedB): Record<string, unknown> {
  return {
    environmentId: x.envB,
    surveyId: seed.params.surveyId,
    surveyIds: [seed.params.surveyId],
    responseId: seed.params.responseId,
    displayId: seed.params.displayId,
    contactId: seed.params.contactId,
    userId: seed.params.userId,
    name: 'isolation-probe',
    key: 'isolation-probe',
    type: 'code',
    finished: true,
    data: { q1: 'isolation-probe' },
    questions: [question()],
    url: 'http://127.0.0.1:9/isolation-probe',
    triggers: ['responseCreated'],
    attributes: { plan: 'isolation-probe' },
    segmentId: seed.params.segmentId,
    segment: { id: seed.params.segmentId, isPrivate: false, filters: [] },
    title: 'isolation-probe',
    filters: [
      {
        id: 'f',
        connector: null,
        resource: { id: 'f', root: { type: 'segment', segmentId: seed.params.segmentId }, qualifier: { operator: 'userIsIn' } },
      },
    ],
    fileName: 'probe.txt',
    fileType: 'text/plain',
  }
}

/** An answer to A as text, minus the id A itself put in the path (echoed in a 404's `resource_id`). */
function answerText(status: number, text: string): string {
  if (status < 400) return text
  try {
    const body = JSON.parse(text)
    if (body?.details) delete body.details.resource_id
    return JSON.stringify(body)
  } catch {
    return text
  }
}

// Webhooks to loopback are allowed, as B's webhook points there; the dispatcher never runs, so none is sent.
// The clock stands still, so that nothing B reads changes with time (a key's last use, say): every test
// compares what B reads after its call with what B read once, after the seeding.
const { test, bed } = suiteWithBed(`${defaultBackend()}: every route keeps environment B out of environment A's reach`, {
  webhooks: { allowPrivateAddresses: true },
  apiReferenceBundle: true,
  clock: createTestClock(),
})
let x: TestCanvass | undefined
let seed: SeedB | undefined
/** What B read after the seeding, before any test. */
let before: string[] = []

test.before(async () => {
  x = bed()
  seed = await seedB(x)
  before = await snapshot(x, seed)
})

test('the route table lists the management routes of this change', () => {
  const names = (routes: ReadonlyArray<{ method: string; path: string }>) => routes.map((route) => `${route.method} ${route.path}`).sort()
  assert.equal(names(bed().canvass.routes), names(ROUTES), 'the bed serves the routes tested here')
  for (const path of [
    '/api/v1/management/attribute-classes/:attributeClassId',
    '/api/v1/management/contact-attributes',
    '/api/v1/management/people/:personId',
    '/api/v1/management/segments/:segmentId',
  ]) {
    assert.ok(
      ROUTES.some((route) => route.path === path),
      path,
    )
  }
})

test("the responses' list, export and summary with B's ids in their query show A nothing of B", async () => {
  if (!x || !seed) throw new Error('not started')
  const { contactId, userId, surveyId } = seed.params
  for (const query of [
    `contactId=${contactId}`,
    `userId=${userId}`,
    `contactId=${contactId}&count=true`,
    `userId=${userId}&finished=false&sortBy=updatedAt`,
  ]) {
    const res = await x.call('GET', `/api/v1/management/responses?${query}`, { key: x.keyA })
    assert.is(res.status, 200, res.text)
    assert.equal(res.body.data, [], query)
    if (query.includes('count=true')) assert.is(res.headers.get('x-total-count'), '0')
  }
  for (const path of [
    `/api/v1/management/responses?surveyId=${surveyId}`,
    `/api/v1/management/responses/export?surveyId=${surveyId}`,
    `/api/v1/management/surveys/${surveyId}/summary`,
    `/api/v1/management/surveys/${surveyId}/timeseries`,
  ]) {
    const res = await x.call('GET', path, { key: x.keyA })
    assert.is(res.status, 401, `${path}: ${res.text}`)
    for (const secret of seed.secrets) assert.not.ok(res.text.includes(secret), `${path} shows nothing of B`)
  }
})

test("anonymizing with B's response id, or with B's contact and user in the filters, leaves B's response as it was", async () => {
  if (!x || !seed) throw new Error('not started')
  const { responseId, contactId, userId } = seed.params
  const surveyA = await createSurvey(x, { status: 'inProgress' })
  const byId = await x.call('POST', '/api/v1/management/responses/anonymize', { key: x.keyA, body: { responseIds: [responseId] } })
  assert.equal([byId.status, byId.body], [200, { data: { anonymized: 0, missing: [responseId] } }])
  for (const filter of [{ contactId }, { userId }]) {
    const res = await x.call('POST', '/api/v1/management/responses/anonymize', { key: x.keyA, body: { surveyId: surveyA.id, ...filter } })
    assert.equal([res.status, res.body], [200, { data: { anonymized: 0, missing: [] } }], JSON.stringify(filter))
  }
  assert.equal(await snapshot(x, seed), before, 'B reads exactly the same afterwards')
  assert.ok(
    (await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyB })).body.data.contact,
    "B's response keeps its contact",
  )
})

test("B's key reads B's data on the v3 routes the snapshot takes (so that a change by A would show)", async () => {
  if (!x || !seed) throw new Error('not started')
  const v3 = before.filter((text) => text.startsWith('/api/v3/'))
  assert.ok(v3.length >= 5, `${v3.length} v3 snapshots`)
  for (const text of v3) assert.ok(text.includes(' 200 {'), text.slice(0, 300))
  const [marker] = seed.secrets
  for (const list of ['/api/v3/surveys', '/api/v3/tags']) {
    assert.ok(v3.some((text) => text.startsWith(`${list}?`) && text.includes(marker as string), `${list} lists B's ${marker}`))
  }
})

test("a v3 merge of A's tag into B's is a 403 too: neither tag moves", async () => {
  if (!x || !seed) throw new Error('not started')
  const res = await x.call('POST', `/api/v3/tags/${seed.tagOfA}/merge`, { key: x.keyA, body: { newTagId: seed.params.tagId } })
  assert.is(res.status, 403, res.text)
  assertSuccessOrContractError(res, 'merge into B')
  for (const secret of seed.secrets) assert.not.ok(res.text.includes(secret), `the merge's answer shows nothing of B: ${secret}`)
  const tags = await x.call('GET', `/api/v3/tags?workspaceId=${x.envA}`, { key: x.keyA })
  assert.ok(
    tags.body.data.some((tag: { id: string }) => tag.id === seed?.tagOfA),
    "A's tag is still there",
  )
  assert.equal(await snapshot(x, seed), before, 'B reads exactly the same afterwards')
})

for (const route of ROUTES) {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string)
  const missing = params.filter((name) => !SEEDABLE.has(name))
  const title = `${route.method} ${route.path}`
  if (route.notImplemented) {
    // Its handler answers 501 after the key check, whatever it is sent (v3-tags-and-lists.test.ts).
    skipTest(test, title, 'not implemented by Canvass: it answers 501 and reads nothing')
    continue
  }
  if (route.path.startsWith('/api/v1/client/') && !params.includes('environmentId')) {
    // The spec-form response PUT finds its row by id alone (docs/design.md, "Data and ids"): the id is the respondent's capability.
    skipTest(test, title, "names no environment, so neither A's nor B's")
    continue
  }
  if (route.notImplemented) {
    skipTest(test, title, 'not implemented by Canvass (501 before anything is read)')
    continue
  }
  if (params.includes('resultShareKey')) {
    // As a link page's survey id, the key is the capability: whoever holds it reads the survey's results, from
    // any environment. result-share.test.ts shows that only the key a survey holds now is answered.
    skipTest(test, title, 'a shared results key is public by design (the key is the capability)')
    continue
  }
  if (route.path.startsWith('/console/') || route.path.startsWith('/api/v1/console/')) {
    // People belong to a project, not an environment: its production key manages them, a development key gets
    // 403 (console-people-powers.test.ts), and console-accounts.test.ts shows that another project's key finds none.
    skipTest(test, title, "the console's people are the project's, not an environment's")
    continue
  }
  if (missing.length > 0) {
    skipTest(test, title, `nothing of environment B to put in :${missing.join(', :')} yet`)
    continue
  }
  test(title, async () => {
    if (!x || !seed) throw new Error('not started')
    let path = route.path
    for (const name of params) path = path.replace(`:${name}`, encodeURIComponent(seed.params[name] as string))
    const v3 = route.path.startsWith('/api/v3/')
    if (route.method === 'GET' && !v3) path += `?surveyId=${seed.params.surveyId}`
    // A v3 route refuses a query parameter it does not take: its workspace is its only one aimed at B.
    if (takesWorkspaceQuery(route)) path += `?workspaceId=${x.envB}`
    const res = await x.call(route.method, path, {
      key: x.keyA,
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : v3 ? v3Body(route, x, seed) : hostileBody(x, seed),
    })
    if (v3) {
      // Aimed at B's workspace or B's ids, every v3 route answers v3's 403 for what is not the key's.
      assert.is(res.status, 403, `${route.method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`)
      assertSuccessOrContractError(res, `${route.method} ${path}`)
    }
    if (takesWorkspaceQuery(route)) {
      // The project is A's and B's: named as the workspace, it is the key's environment, A's alone.
      const project = await x.call(route.method, `${route.path}?workspaceId=${x.projectId}`, {
        key: x.keyA,
        // A write with a workspace query (the batch delete) sends B's ids: none is the key's, nothing goes.
        ...(route.method === 'GET' ? {} : { body: v3Body(route, x, seed) }),
      })
      assert.is(project.status, 200, project.text)
      for (const secret of seed.secrets) {
        assert.not.ok(
          project.text.includes(secret),
          `${route.path} of the shared project revealed ${secret}: ${project.text.slice(0, 300)}`,
        )
      }
    }
    // B's ids in the path never reach B's records (a client route's userId names A's own contact).
    if (params.some((name) => name !== 'environmentId' && name !== 'userId')) {
      assert.ok(res.status >= 400, `${route.method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`)
      // A link page refuses with a page a person reads, as if the survey did not exist; every API route
      // with an error of the documented shape.
      if (route.path === '/s/:surveyId') assert.is(res.status, 404, `${route.method} ${path}`)
      else assertSuccessOrContractError(res, `${route.method} ${path}`)
    }
    const text = answerText(res.status, res.text)
    for (const secret of seed.secrets) {
      assert.not.ok(text.includes(secret), `${route.method} ${path} revealed ${secret}: ${text.slice(0, 300)}`)
    }
    assert.equal(await snapshot(x, seed), before, 'B reads exactly the same afterwards')
  })
}

test.run()
