/**
 * `POST /api/v3/surveys/preview` (docs/api.md, "Previewing a v3 survey"): a create document answered as the
 * survey and project the renderer takes, checked as the create checks it, writing nothing.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const clock = createTestClock('2026-11-20T10:00:00.000Z')
const { test, bed } = suiteWithBed('v3 survey preview', { clock })

const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
  bed().call(method, path, { key, ...(body !== undefined ? { body } : {}) })
const preview = (body: unknown, key = bed().keyA) => call('POST', '/api/v3/surveys/preview', body, key)
const create = (body: unknown, key = bed().keyA) => call('POST', '/api/v3/surveys', body, key)

/** A document with blocks, logic, recall, variables, hidden fields, an ending and a second language. */
const document = (overrides: Record<string, unknown> = {}) => ({
  workspaceId: bed().projectId,
  name: 'Preview me',
  status: 'draft',
  defaultLanguage: 'en-US',
  languages: [{ code: 'de-DE', enabled: true }],
  welcomeCard: { enabled: true, headline: { 'en-US': 'Welcome', 'de-DE': 'Willkommen' } },
  blocks: [
    {
      id: 'ba',
      name: 'First',
      elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Your name?', 'de-DE': 'Dein Name?' }, required: true }],
      logic: [
        {
          id: 'rule1',
          conditions: {
            id: 'group1',
            connector: 'and',
            conditions: [{ id: 'cond1', leftOperand: { type: 'element', value: 'q1' }, operator: 'isSubmitted' }],
          },
          actions: [{ id: 'act1', objective: 'calculate', variableId: 'score', operator: 'add', value: { type: 'static', value: 1 } }],
        },
      ],
    },
    {
      id: 'bb',
      name: 'Second',
      elements: [
        {
          id: 'q2',
          type: 'openText',
          headline: { 'en-US': 'Thanks #recall:q1/fallback:you#?', 'de-DE': 'Danke #recall:q1/fallback:dir#?' },
          required: false,
        },
      ],
    },
  ],
  endings: [{ id: 'end1', type: 'endScreen', headline: { 'en-US': 'Done', 'de-DE': 'Fertig' } }],
  hiddenFields: { enabled: true, fieldIds: ['campaign'] },
  variables: [{ id: 'score', name: 'score', type: 'number', value: 0 }],
  ...overrides,
})

/** Every survey of the key's workspace, archived ones too. */
async function surveyCount(key = bed().keyA, workspaceId = bed().projectId): Promise<number> {
  const res = await call('GET', `/api/v3/surveys?workspaceId=${workspaceId}&limit=1`, undefined, key)
  assert.is(res.status, 200, res.text)
  return res.body.meta.workspaceSurveyCount
}

/** The same answer, ignoring the request id every problem carries. */
function sameAnswer(got: ApiResult, expected: ApiResult) {
  assert.is(got.status, expected.status, got.text)
  assert.is(got.headers.get('content-type'), expected.headers.get('content-type'))
  const { requestId: _a, ...gotBody } = got.body
  const { requestId: _b, ...expectedBody } = expected.body
  assert.equal(gotBody, expectedBody)
}

test('a document previews as the survey the renderer takes: blocks, logic, endings, languages, hidden fields, variables', async () => {
  const res = await preview(document())
  assert.is(res.status, 200, res.text)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  const { environmentId, survey, project } = res.body.data
  assert.is(environmentId, bed().envA)
  assert.is(survey.id, 'preview')
  assert.is(survey.environmentId, bed().envA)
  assert.is(survey.type, 'link')
  // A draft is shown as the renderer shows a survey that collects answers.
  assert.is(survey.status, 'inProgress')
  assert.equal(
    survey.blocks.map((block: { id: string }) => block.id),
    ['ba', 'bb'],
  )
  assert.equal(survey.blocks[0].elements[0].headline, { default: 'Your name?', 'de-DE': 'Dein Name?' })
  assert.is(survey.blocks[0].logic[0].actions[0].objective, 'calculate')
  assert.equal(
    survey.questions.map((question: { id: string }) => question.id),
    ['q1', 'q2'],
  )
  assert.is(survey.endings[0].id, 'end1')
  assert.equal(survey.endings[0].headline, { default: 'Done', 'de-DE': 'Fertig' })
  assert.equal(survey.welcomeCard.headline, { default: 'Welcome', 'de-DE': 'Willkommen' })
  assert.equal(survey.languages, [
    { default: true, enabled: true, language: { code: 'en-US', alias: null } },
    { default: false, enabled: true, language: { code: 'de-DE', alias: null } },
  ])
  assert.equal(survey.hiddenFields, { enabled: true, fieldIds: ['campaign'] })
  assert.equal(survey.variables, [{ id: 'score', name: 'score', type: 'number', value: 0 }])
  assert.equal(survey.triggers, [])
  assert.is(survey.segment, null)
  assert.is(project.id, bed().projectId)
  assert.type(project.styling, 'object')
})

test('the preview is what the link page embeds for the same document once stored', async () => {
  const body = document({ status: 'inProgress' })
  const created = await create(body)
  assert.is(created.status, 201, created.text)
  const id = created.body.data.id
  const shown = await preview({ ...body, id })
  assert.is(shown.status, 200, shown.text)
  const page = await bed().call('GET', `/s/${id}`)
  assert.is(page.status, 200, page.text.slice(0, 300))
  // The link page hands the renderer `survey` and `project` in its boot JSON.
  const boot = JSON.parse(/<script[^>]*type="application\/json"[^>]*>([^<]*)<\/script>/.exec(page.text)?.[1] ?? 'null')
  assert.ok(boot, 'the link page carries its boot JSON')
  // Ids the server makes (the hidden ones of a block's parts) differ between two writes: compare the rest.
  const { id: _id, ...previewSurvey } = shown.body.data.survey
  const { id: pageId, ...pageSurvey } = boot.survey
  assert.is(pageId, id)
  assert.equal(previewSurvey, pageSurvey)
  assert.equal(shown.body.data.project, boot.project)
})

test('an app survey previews as the environment state lists it, triggers resolved; no segment is made', async () => {
  const classes = await call('GET', `/api/v3/action-classes?workspaceId=${bed().projectId}`)
  const action = classes.body.data[0]
  const segmentsBefore = (await call('GET', '/api/v1/management/segments')).body.data.length
  const res = await preview(
    document({
      workspaceId: undefined,
      type: 'app',
      distribution: { displayOption: 'displayOnce', delay: 3, triggers: [{ actionClassId: action.id }] },
      targeting: { filters: [] },
    }),
  )
  assert.is(res.status, 200, res.text)
  const survey = res.body.data.survey
  assert.is(survey.type, 'app')
  assert.is(survey.status, 'inProgress')
  assert.is(survey.delay, 3)
  assert.equal(
    survey.triggers.map((trigger: { actionClass: { id: string } }) => trigger.actionClass.id),
    [action.id],
  )
  assert.is(survey.segment, null)
  assert.is((await call('GET', '/api/v1/management/segments')).body.data.length, segmentsBefore)
})

test('nothing is stored: the workspace counts the same surveys after previews', async () => {
  const before = await surveyCount()
  for (let round = 0; round < 3; round++) assert.is((await preview(document())).status, 200)
  assert.is(await surveyCount(), before)
})

test('an invalid document gets the answer create gives it, and neither stores anything', async () => {
  const before = await surveyCount()
  const cases: Record<string, unknown>[] = [
    document({ welcomeCard: { enabled: true, headline: { 'en-US': 'Hi', 'fr-FR': 'Salut' } } }),
    document({ blocks: [{ name: 'B', elements: [{ id: 'q', type: 'nope' }] }] }),
    document({ distribution: { triggers: [] } }),
    document({ customCss: '.a{}' }),
    document({ blocks: [] }),
    document({ type: 'app', distribution: { triggers: [{ actionClassId: 'clnotaclass0000000000000' }] } }),
    document({
      variables: [
        { id: 'score', name: 'score', type: 'number', value: 0 },
        { id: 'score', name: 'again', type: 'text', value: '' },
      ],
    }),
    { workspaceId: bed().projectId, name: 'x' },
  ]
  for (const body of cases) {
    const created = await create(body)
    assert.ok(created.status === 400 || created.status === 422, `${created.status} ${created.text}`)
    sameAnswer(await preview(body), created)
  }
  assert.is(await surveyCount(), before)
})

test("another workspace: the answer create gives (403); the key's own environment id is its workspace too", async () => {
  const other = await bed().newProject('preview-other')
  const foreign = document({ workspaceId: other.projectId })
  sameAnswer(await preview(foreign), await create(foreign))
  sameAnswer(
    await preview(document({ workspaceId: 'clxx1234567890123456789012' })),
    await create(document({ workspaceId: 'clxx1234567890123456789012' })),
  )
  assert.is((await preview(document({ workspaceId: bed().envA }))).status, 200)
  // Without a workspace, the key's: the other project's key previews in its own environment.
  const own = await preview(document({ workspaceId: undefined }), other.key)
  assert.is(own.status, 200, own.text)
  assert.is(own.body.data.environmentId, other.environmentId)
  assert.is(own.body.data.project.id, other.projectId)
})

test('an unknown field is a 400 naming its path', async () => {
  const res = await preview({ ...document(), questions: [], extra: 1 })
  assert.is(res.status, 400, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  const names = res.body.invalid_params.map((param: { name: string }) => param.name)
  assert.ok(names.includes('questions') && names.includes('extra'), JSON.stringify(res.body.invalid_params))
  const nested = await preview(document({ welcomeCard: { enabled: true, bogus: 1 } }))
  assert.is(nested.status, 400, nested.text)
  assert.ok(
    nested.body.invalid_params.some((param: { name: string }) => param.name === 'welcomeCard.bogus'),
    JSON.stringify(nested.body.invalid_params),
  )
  // `id` is the preview's own field: bounded like any id.
  const longId = await preview({ ...document(), id: 'x'.repeat(256) })
  assert.is(longId.status, 400, longId.text)
  assert.ok(longId.body.invalid_params.some((param: { name: string }) => param.name === 'id'))
})

test("the project carries the workspace's custom CSS as the link page passes it; no audit entry", async () => {
  const project = await bed().newProject('preview-css')
  const saved = await call(
    'PATCH',
    `/api/v3/workspaces/${project.projectId}/custom-css`,
    { customCss: { light: '.cv-card{border-radius:0}', dark: null } },
    project.key,
  )
  assert.is(saved.status, 200, saved.text)
  const res = await preview(document({ workspaceId: project.projectId }), project.key)
  assert.is(res.status, 200, res.text)
  assert.ok(res.body.data.project.customCss, JSON.stringify(res.body.data.project))
  const entries = await bed().storage.reporting.auditLog.list(project.environmentId, { limit: 50 })
  assert.not.ok(
    entries.some((entry) => entry.resourceType === 'survey'),
    'a preview is not a write',
  )
})

test('a query parameter or no key is refused as on create', async () => {
  const query = await call('POST', '/api/v3/surveys/preview?x=1', document())
  sameAnswer(query, await call('POST', '/api/v3/surveys?x=1', document()))
  const noKey = await bed().call('POST', '/api/v3/surveys/preview', { body: document() })
  assert.is(noKey.status, 401)
})

test.run()
