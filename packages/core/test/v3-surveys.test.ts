/**
 * The reference's v3 survey routes, written from its spec (`docs/api-v3-reference/openapi.yml`, version 0.2.0;
 * docs/api.md, "The reference's v3"): status codes, shapes, cursor pages, filters and problem bodies.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const clock = createTestClock('2026-11-20T10:00:00.000Z')
const { test, bed } = suiteWithBed('v3 surveys', { clock })

const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
  bed().call(method, path, { key, ...(body !== undefined ? { body } : {}) })

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.is(res.body.status, status)
  assert.type(res.body.title, 'string')
  assert.type(res.body.detail, 'string')
  assert.type(res.body.requestId, 'string')
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

const document = (overrides: Record<string, unknown> = {}) => ({
  workspaceId: bed().projectId,
  name: 'Product feedback',
  defaultLanguage: 'en-US',
  languages: [{ code: 'de-DE', enabled: true }],
  welcomeCard: { enabled: true, headline: { 'en-US': 'Welcome', 'de-DE': 'Willkommen' } },
  blocks: [
    {
      name: 'Main',
      elements: [
        {
          id: 'satisfaction',
          type: 'openText',
          headline: { 'en-US': 'What should we improve?', 'de-DE': 'Was sollen wir verbessern?' },
          required: true,
        },
      ],
    },
  ],
  endings: [],
  hiddenFields: { enabled: false },
  variables: [{ name: 'score', type: 'number', value: 0 }],
  metadata: { cx_operation: 'onboarding', title: { 'en-US': 'Feedback', 'de-DE': 'Feedback' } },
  ...overrides,
})

async function create(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v3/surveys', document(overrides))
  assert.is(res.status, 201, res.text)
  return res.body.data
}

test('POST creates from a v3 document: 201, Location, the SurveyResource with locale-keyed text', async () => {
  const res = await call('POST', '/api/v3/surveys', document())
  assert.is(res.status, 201, res.text)
  const survey = res.body.data
  assert.is(res.headers.get('location'), `/api/v3/surveys/${survey.id}`)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.is(survey.workspaceId, bed().projectId)
  assert.is(survey.type, 'link')
  assert.is(survey.status, 'draft')
  assert.is(survey.archivedAt, null)
  assert.is(survey.defaultLanguage, 'en-US')
  assert.equal(survey.languages, [
    { code: 'en-US', alias: null, default: true, enabled: true },
    { code: 'de-DE', alias: null, default: false, enabled: true },
  ])
  assert.equal(survey.blocks[0].elements[0].headline, { 'en-US': 'What should we improve?', 'de-DE': 'Was sollen wir verbessern?' })
  assert.match(survey.blocks[0].id, /^[a-z0-9]{10,}$/)
  assert.match(survey.variables[0].id, /^[a-z0-9]{10,}$/)
  assert.equal(survey.metadata, { cx_operation: 'onboarding', title: { 'en-US': 'Feedback', 'de-DE': 'Feedback' } })
  assert.not.ok('distribution' in survey)
  // The same survey through v1: the default language is stored as `default`.
  const v1 = await call('GET', `/api/v1/management/surveys/${survey.id}`)
  assert.equal(v1.body.data.blocks[0].elements[0].headline, { default: 'What should we improve?', 'de-DE': 'Was sollen wir verbessern?' })
  const again = await call('GET', `/api/v3/surveys/${survey.id}`)
  assert.is(again.status, 200)
  assert.equal(again.body.data, survey)
})

test('POST refuses unknown fields (400 unsupported_field), a foreign workspace (403), undeclared locales (422)', async () => {
  const unknown = await call('POST', '/api/v3/surveys', { ...document(), questions: [], slug: 'pricing' })
  assertProblem(unknown, 400, ['questions', 'slug'])
  assert.is(unknown.body.invalid_params.find((p: { name: string }) => p.name === 'questions').code, 'unsupported_field')
  const missing = await call('POST', '/api/v3/surveys', { workspaceId: bed().projectId, name: 'x' })
  assertProblem(missing, 400, ['blocks'])
  assertProblem(await call('POST', '/api/v3/surveys', document({ workspaceId: 'clxx1234567890123456789012' })), 403)
  const other = await bed().newProject()
  assertProblem(await call('POST', '/api/v3/surveys', document({ workspaceId: other.projectId })), 403)
  const link = await call('POST', '/api/v3/surveys', document({ distribution: { triggers: [] } }))
  assertProblem(link, 400, ['distribution'])
  const locale = await call(
    'POST',
    '/api/v3/surveys',
    document({ welcomeCard: { enabled: true, headline: { 'en-US': 'Hi', 'fr-FR': 'Salut' } } }),
  )
  assertProblem(locale, 422, ['welcomeCard.headline.fr-FR'])
  assert.is(locale.body.invalid_params[0].code, 'unsupported_locale')
  const element = await call('POST', '/api/v3/surveys', document({ blocks: [{ name: 'B', elements: [{ id: 'q', type: 'nope' }] }] }))
  assertProblem(element, 400)
  // 401 before anything in the query or body is looked at.
  const noKey = await bed().call('POST', '/api/v3/surveys?bogus=1', { body: {} })
  assertProblem(noKey, 401)
})

test('an app survey carries distribution (triggers by action-class id) and targeting; unknown ids are a 422', async () => {
  const classes = await call('GET', `/api/v3/action-classes?workspaceId=${bed().projectId}`)
  assert.is(classes.status, 200, classes.text)
  const newSession = classes.body.data[0]
  const survey = await create({
    type: 'app',
    distribution: { displayOption: 'respondMultiple', recontactDays: 7, delay: 5, triggers: [{ actionClassId: newSession.id }] },
    targeting: { filters: [] },
  })
  assert.equal(survey.distribution, {
    displayOption: 'respondMultiple',
    displayPercentage: null,
    displayLimit: null,
    recontactDays: 7,
    autoClose: null,
    autoComplete: null,
    delay: 5,
    triggers: [{ actionClassId: newSession.id }],
  })
  assert.equal(survey.targeting, { filters: [] }, "the reference's shape: no segmentId without a saved segment")
  const dangling = await call('POST', '/api/v3/surveys', document({ type: 'app', distribution: { triggers: [{ actionClassId: 'nope' }] } }))
  assertProblem(dangling, 422, ['distribution.triggers.0'])
  assert.is(dangling.body.invalid_params[0].code, 'invalid_reference')
})

test("Canvass's settings: taken, checked as v1 checks them and answered; PATCH changes the type; targeting names a saved segment", async () => {
  const settings = {
    autoComplete: 50,
    closeOn: '2026-12-31T23:00:00.000Z',
    singleUse: { enabled: true, isEncrypted: false },
    pin: '1234',
    isBackButtonHidden: true,
    styling: { overwriteThemeStyling: true, hideProgressBar: true },
  }
  const survey = await create(settings)
  for (const [field, value] of Object.entries(settings)) assert.equal(survey[field], value, field)
  assert.is(survey.workspaceOverwrites, null)
  assertProblem(await call('POST', '/api/v3/surveys', document({ pin: '12' })), 400, ['pin'])
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}`, { singleUse: { enabled: true } }), 400, ['singleUse.isEncrypted'])
  // Distribution is an app survey's: the same patch makes the survey one.
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}`, { distribution: { delay: 3 } }), 400, ['distribution'])
  const segment = await bed().call('POST', '/api/v1/management/segments', {
    key: bed().keyA,
    body: { title: 'Pro plan', filters: [] },
  })
  assert.is(segment.status, 200, segment.text)
  const segmentId = segment.body.data.id
  const app = await call('PATCH', `/api/v3/surveys/${survey.id}`, {
    type: 'app',
    autoComplete: 50,
    distribution: { delay: 3, displayPercentage: 50 },
    targeting: { filters: [], segmentId },
    workspaceOverwrites: { placement: 'center', darkOverlay: true, clickOutsideClose: false },
    pin: null,
  })
  assert.is(app.status, 200, app.text)
  assert.is(app.body.data.type, 'app')
  assert.is(app.body.data.distribution.delay, 3)
  assert.is(app.body.data.distribution.autoComplete, 50, 'the limit set at the top is the one of distribution')
  const twoLimits = await call('PATCH', `/api/v3/surveys/${survey.id}`, { autoComplete: 10, distribution: { autoComplete: 20 } })
  assertProblem(twoLimits, 422, ['autoComplete'])
  assert.equal(app.body.data.targeting, { filters: [], segmentId })
  assert.equal(app.body.data.workspaceOverwrites, { placement: 'center', darkOverlay: true, clickOutsideClose: false })
  assert.is(app.body.data.pin, null)
  assert.is(app.body.data.isBackButtonHidden, true, 'a field the patch left out is kept')
  // A survey sent back whole keeps its saved segment; filters of its own replace it.
  const fetched = (await call('GET', `/api/v3/surveys/${survey.id}`)).body.data
  const back = await call('PATCH', `/api/v3/surveys/${survey.id}`, { ...fetched, status: undefined })
  assert.is(back.status, 200, back.text)
  assert.equal(back.body.data.targeting, { filters: [], segmentId })
  const own = await call('PATCH', `/api/v3/surveys/${survey.id}`, { targeting: { filters: [] } })
  assert.equal(own.body.data.targeting, { filters: [] })
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}`, { targeting: { filters: [], segmentId: 'nope' } }), 400)
  const link = await call('PATCH', `/api/v3/surveys/${survey.id}`, { type: 'link' })
  assert.is(link.body.data.type, 'link')
  assert.is(link.body.data.distribution, undefined)
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}`, { type: 'popup' }), 400, ['type'])
})

test('GET, PATCH, DELETE find the survey by id: a workspaceId query is a 400, a foreign or unknown id a 403', async () => {
  const survey = await create()
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}?workspaceId=${bed().projectId}`), 400, ['workspaceId'])
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}?workspaceId=${bed().projectId}`, { name: 'x' }), 400, ['workspaceId'])
  assertProblem(await call('DELETE', `/api/v3/surveys/${survey.id}?workspaceId=${bed().projectId}`), 400, ['workspaceId'])
  for (const id of ['clxx1234567890123456789012', '%00', 'x'.repeat(300)]) {
    assertProblem(await call('GET', `/api/v3/surveys/${id}`), 403)
    assertProblem(await call('PATCH', `/api/v3/surveys/${id}`, { name: 'x' }), 403)
    assertProblem(await call('DELETE', `/api/v3/surveys/${id}`), 403)
    assertProblem(await call('POST', `/api/v3/surveys/${id}/archive`), 403)
  }
  // The development key's environment is another environment: its key sees none of production's surveys.
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}`, undefined, bed().keyB), 403)
  const german = await call('GET', `/api/v3/surveys/${survey.id}?lang=de-DE`)
  assert.equal(german.body.data.blocks[0].elements[0].headline, { 'de-DE': 'Was sollen wir verbessern?' })
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}?lang=fr-FR`), 400, ['lang'])
})

test('PATCH replaces the top-level fields sent and keeps the rest; a changed server-owned field is a 422', async () => {
  const survey = await create()
  clock.advance(1000)
  const renamed = await call('PATCH', `/api/v3/surveys/${survey.id}`, { name: 'Renamed', metadata: { team: 'growth' } })
  assert.is(renamed.status, 200, renamed.text)
  assert.is(renamed.body.data.name, 'Renamed')
  assert.equal(renamed.body.data.metadata, { team: 'growth' })
  assert.equal(renamed.body.data.blocks, survey.blocks)
  assert.ok(renamed.body.data.updatedAt > survey.updatedAt)
  const blocks = [
    { id: survey.blocks[0].id, name: 'Main', elements: [{ id: 'nps', type: 'nps', headline: { 'en-US': 'Score?' }, required: false }] },
  ]
  const replaced = await call('PATCH', `/api/v3/surveys/${survey.id}`, { blocks })
  assert.is(replaced.status, 200, replaced.text)
  assert.is(replaced.body.data.blocks[0].elements[0].id, 'nps')
  // The answer is the survey as stored: the metadata this patch left out is kept, and answered.
  assert.equal(replaced.body.data.metadata, { team: 'growth' })
  const immutable = await call('PATCH', `/api/v3/surveys/${survey.id}`, { type: 'app', id: 'x', defaultLanguage: 'de-DE' })
  assertProblem(immutable, 422, ['id', 'defaultLanguage'])
  assert.equal(
    immutable.body.invalid_params.map((param: { code: string; identifier: string }) => [param.code, param.identifier]),
    [
      ['read_only_field', 'x'],
      ['read_only_field', 'de-DE'],
    ],
  )
  assert.is((await call('GET', `/api/v3/surveys/${survey.id}`)).body.data.type, 'link', 'nothing written')
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}`, {}), 400)
  assertProblem(await call('PATCH', `/api/v3/surveys/${survey.id}`, { targeting: { filters: [] } }), 400, ['targeting'])
})

test('PATCH takes back what GET answered: the server-owned fields echoed are verified, updatedAt is a precondition (409 when stale)', async () => {
  const survey = await create()
  clock.advance(1000)
  const fetched = (await call('GET', `/api/v3/surveys/${survey.id}`)).body.data
  const { status: _status, ...echo } = fetched
  const back = await call('PATCH', `/api/v3/surveys/${survey.id}`, { ...echo, name: 'Sent back whole' })
  assert.is(back.status, 200, back.text)
  assert.is(back.body.data.name, 'Sent back whole')
  assert.equal(back.body.data.blocks, fetched.blocks)
  assert.equal(back.body.data.languages, fetched.languages)
  // The first read's `updatedAt` is now stale.
  clock.advance(1000)
  const stale = await call('PATCH', `/api/v3/surveys/${survey.id}`, { updatedAt: fetched.updatedAt, name: 'Lost update' })
  assertProblem(stale, 409)
  assert.equal(stale.body.details, { expectedUpdatedAt: fetched.updatedAt, currentUpdatedAt: back.body.data.updatedAt })
  assert.is((await call('GET', `/api/v3/surveys/${survey.id}`)).body.data.name, 'Sent back whole', 'nothing written')
  const alias = await call('PATCH', `/api/v3/surveys/${survey.id}`, { languages: [{ code: 'de-DE', enabled: true, alias: 'german' }] })
  assertProblem(alias, 422, ['languages.0.alias'])
  const archived = await call('PATCH', `/api/v3/surveys/${survey.id}`, { archivedAt: '2026-01-01T00:00:00.000Z', name: 'x' })
  assertProblem(archived, 422, ['archivedAt'])
  assert.is(archived.body.invalid_params[0].code, 'read_only_field')
})

test('concurrent PATCHes with the same updatedAt: exactly one is written, the others are 409', async () => {
  const survey = await create()
  clock.advance(1000)
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      call('PATCH', `/api/v3/surveys/${survey.id}`, { updatedAt: survey.updatedAt, name: `Writer ${i}` }),
    ),
  )
  const statuses = answers.map((answer) => answer.status).sort()
  assert.equal(statuses, [200, 409, 409, 409, 409, 409])
  const winner = answers.find((answer) => answer.status === 200)
  assert.is((await call('GET', `/api/v3/surveys/${survey.id}`)).body.data.name, winner?.body.data.name)
})

test('archive pauses a collecting survey, hides it from the list and makes it read-only (422); restore undoes the mark', async () => {
  const survey = await create({ name: 'To archive', status: 'inProgress' })
  const archived = await call('POST', `/api/v3/surveys/${survey.id}/archive`)
  assert.is(archived.status, 200, archived.text)
  assert.equal(archived.body.data, { id: survey.id, status: 'paused', archivedAt: clock.now().toISOString() })
  // Idempotent.
  assert.equal((await call('POST', `/api/v3/surveys/${survey.id}/archive`)).body.data, archived.body.data)
  const patch = await call('PATCH', `/api/v3/surveys/${survey.id}`, { name: 'No' })
  assertProblem(patch, 422, ['archivedAt'])
  assert.is(patch.body.invalid_params[0].reason, 'This survey is archived. Restore it before editing.')
  const list = await call('GET', `/api/v3/surveys?workspaceId=${bed().projectId}&filter[name][contains]=to archive`)
  assert.equal(list.body.data, [])
  // Every survey of the workspace, the archived one too, whatever the filters.
  const all = await call('GET', `/api/v3/surveys?workspaceId=${bed().projectId}&limit=1`)
  assert.ok(list.body.meta.workspaceSurveyCount >= 1)
  assert.is(list.body.meta.workspaceSurveyCount, all.body.meta.workspaceSurveyCount)
  assert.is(all.body.meta.workspaceSurveyCount, all.body.meta.totalCount + 1)
  const withArchived = await call(
    'GET',
    `/api/v3/surveys?workspaceId=${bed().projectId}&filter[name][contains]=TO ARCHIVE&filter[status][in]=archived`,
  )
  assert.equal(
    withArchived.body.data.map((item: { id: string }) => item.id),
    [survey.id],
  )
  // A client can no longer answer it (it is paused).
  const answer = await bed().call('POST', `/api/v1/client/${bed().envA}/responses`, {
    body: { surveyId: survey.id, finished: true, data: {} },
  })
  assert.is(answer.status, 403)
  const restored = await call('POST', `/api/v3/surveys/${survey.id}/restore`)
  assert.equal(restored.body.data, { id: survey.id, status: 'paused', archivedAt: null })
  assert.is((await call('PATCH', `/api/v3/surveys/${survey.id}`, { name: 'Yes' })).status, 200)
})

test('DELETE answers 204 with no body, and the survey is gone (403 after)', async () => {
  const survey = await create()
  const res = await call('DELETE', `/api/v3/surveys/${survey.id}`)
  assert.is(res.status, 204)
  assert.is(res.text, '')
  assertProblem(await call('GET', `/api/v3/surveys/${survey.id}`), 403)
})

test('the list: required workspaceId, cursor pages with meta, totalCount, filters, sortBy; unknown parameters are a 400', async () => {
  const project = await bed().newProject('list')
  const key = project.key
  const mine = (path: string) => call('GET', path, undefined, key)
  const names = ['Alpha', 'beta', 'Gamma', 'delta 100%', 'Epsilon']
  const made: Array<{ id: string; name: string }> = []
  for (const [index, name] of names.entries()) {
    clock.advance(1000)
    const res = await call(
      'POST',
      '/api/v3/surveys',
      document({ workspaceId: project.projectId, name, ...(index % 2 === 0 ? { status: 'inProgress' } : {}) }),
      key,
    )
    assert.is(res.status, 201, res.text)
    made.push(res.body.data)
  }
  const base = `/api/v3/surveys?workspaceId=${project.projectId}`
  const first = await mine(`${base}&limit=2`)
  assert.is(first.status, 200, first.text)
  assert.is(first.headers.get('cache-control'), 'private, no-store')
  assert.equal(first.body.meta, { limit: 2, nextCursor: first.body.meta.nextCursor, totalCount: 5, workspaceSurveyCount: 5 })
  assert.equal(
    first.body.data.map((item: { name: string }) => item.name),
    ['Epsilon', 'delta 100%'],
  )
  const item = first.body.data[0]
  assert.equal(Object.keys(item).sort(), [
    'access',
    'archivedAt',
    'completedResponseCount',
    'createdAt',
    'creator',
    'id',
    'name',
    'owner',
    'publishOn',
    'responseCount',
    'status',
    'type',
    'updatedAt',
    'visibility',
    'workspaceId',
  ])
  // A key sees every survey as visible to the workspace, owned by no one (the reference answers a key so).
  assert.equal([item.visibility, item.owner, item.access], ['workspace', null, { via: 'workspace', canManageVisibility: false }])
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const page: ApiResult = await mine(`${base}&limit=2&includeTotalCount=false${cursor ? `&cursor=${cursor}` : ''}`)
    assert.is(page.body.meta.totalCount, null)
    assert.is(page.body.meta.workspaceSurveyCount, null)
    seen.push(...page.body.data.map((survey: { name: string }) => survey.name))
    cursor = page.body.meta.nextCursor
  } while (cursor)
  assert.equal(seen, ['Epsilon', 'delta 100%', 'Gamma', 'beta', 'Alpha'])
  const byName = await mine(`${base}&sortBy=name`)
  assert.equal(
    byName.body.data.map((survey: { name: string }) => survey.name),
    ['Alpha', 'Epsilon', 'Gamma', 'beta', 'delta 100%'],
  )
  const nameCursor = (await mine(`${base}&sortBy=name&limit=2`)).body.meta.nextCursor
  assert.equal(
    (await mine(`${base}&sortBy=name&limit=2&cursor=${nameCursor}`)).body.data.map((survey: { name: string }) => survey.name),
    ['Gamma', 'beta'],
  )
  assertProblem(await mine(`${base}&cursor=${nameCursor}`), 400, ['cursor'])
  assertProblem(await mine(`${base}&cursor=garbage`), 400, ['cursor'])
  const collecting = await mine(`${base}&filter[status][in]=inProgress&filter[status][in]=paused`)
  assert.equal(collecting.body.meta.totalCount, 3)
  const commaList = await mine(`${base}&filter[status][in]=draft,inProgress`)
  assert.is(commaList.body.meta.totalCount, 5)
  // `%` is a character, not a pattern.
  assert.equal(
    (await mine(`${base}&filter[name][contains]=${encodeURIComponent('100%')}`)).body.data.map((s: { name: string }) => s.name),
    ['delta 100%'],
  )
  assert.is((await mine(`${base}&filter[name][contains]=_`)).body.data.length, 0)
  assert.is((await mine(`${base}&filter[type][in]=app`)).body.data.length, 0)
  assert.is((await mine(`${base}&filter[type][in]=link`)).body.data.length, 5)
  assertProblem(await mine(`${base}&filter[status][in]=bogus`), 400, ['filter[status][in]'])
  assertProblem(await mine(`${base}&filter[data.q1][gte]=4`), 400, ['filter[data.q1][gte]'])
  assert.is((await mine(`${base}&limit=250`)).body.meta.limit, 250)
  // Above the maximum is refused, not reduced.
  assertProblem(await mine(`${base}&limit=251`), 400, ['limit'])
  assert.is((await mine(`${base}&filter[visibility][in]=workspace`)).body.meta.totalCount, 5)
  const restricted = await mine(`${base}&filter[visibility][in]=restricted`)
  assert.equal([restricted.body.data, restricted.body.meta.totalCount, restricted.body.meta.workspaceSurveyCount], [[], 0, 5])
  assert.is((await mine(`${base}&filter[visibility][in]=restricted,workspace`)).body.data.length, 5)
  assertProblem(await mine(`${base}&filter[visibility][in]=private`), 400, ['filter[visibility][in]'])
  // Relative to a signed-in person: a key sending it is refused, whatever the value.
  assertProblem(await mine(`${base}&filter[owner][in]=me`), 400, ['filter[owner][in]'])
  assertProblem(await mine(`${base}&filter[owner][in]=others`), 400, ['filter[owner][in]'])
  assertProblem(await mine(`${base}&sortBy=random`), 400, ['sortBy'])
  assertProblem(await mine('/api/v3/surveys'), 400, ['workspaceId'])
  assertProblem(await mine(`/api/v3/surveys?workspaceId=${bed().projectId}`), 403)
  assertProblem(await mine(`${base}&workspaceId=${project.projectId}`), 400, ['workspaceId'])
  // The environment's own id is the workspace's legacy alias.
  assert.is((await mine(`/api/v3/surveys?workspaceId=${project.environmentId}`)).body.meta.totalCount, 5)
  // 401 before the query is read.
  assertProblem(await bed().call('GET', '/api/v3/surveys?limit=0'), 401)
  // Response counts.
  const target = made[0] as { id: string }
  for (const finished of [true, false, true]) {
    await bed().call('POST', `/api/v1/client/${project.environmentId}/responses`, {
      body: { surveyId: target.id, finished, data: {} },
    })
  }
  const counted = (await mine(`${base}&filter[name][contains]=alpha`)).body.data[0]
  assert.is(counted.responseCount, 3)
  assert.is(counted.completedResponseCount, 2)
})

test.run()
