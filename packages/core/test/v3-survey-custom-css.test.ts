/**
 * A survey's own custom CSS through the v3 survey routes (docs/api.md, "Survey custom CSS in v3"): `customCss` on
 * `POST /api/v3/surveys`, `GET` and `PATCH /api/v3/surveys/{surveyId}` and their validation, processed as a
 * workspace's is (a 20,000-byte budget), and delivered compiled with the survey to the widget and its link page.
 */
import { suiteWithBed } from '@canvass/test-bed'
import type { ApiResult, TestProject } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { environmentStateData, linkPageBoot } from './helpers'

const { test, bed } = suiteWithBed('v3 survey custom CSS')

const call = (method: string, path: string, key: string, body?: unknown) =>
  bed().call(method, path, { key, allow5xx: true, ...(body !== undefined ? { body } : {}) })

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

/** A v3 create document of `project`: one open text element; `extra` adds fields. */
const document = (project: TestProject, extra: Record<string, unknown> = {}) => ({
  workspaceId: project.projectId,
  name: 'Styled survey',
  status: 'inProgress',
  blocks: [
    {
      id: 'clbk1234567890123456789012',
      name: 'Block 1',
      elements: [{ id: 'q', type: 'openText', headline: { 'en-US': 'Anything?' }, required: false }],
    },
  ],
  ...extra,
})

const HOSTILE = {
  light: 'body{background:red} .cv-headline{color:#123456;background:url(https://evil.test/x.png)} @import url(https://evil.test/x.css);',
  dark: null,
}
const COMPILED = { light: '#fbjs{background:red!important}#fbjs .cv-headline{color:#123456!important}', dark: null }

const bootOf = (surveyId: string) => linkPageBoot(bed(), surveyId)
const environmentState = (environmentId: string) => environmentStateData(bed(), environmentId)

test('a create with CSS: 201 with its source and what was removed; GET answers the source, never the compiled CSS', async () => {
  const project = await bed().newProject('survey-css-create')
  const made = await call('POST', '/api/v3/surveys', project.key, document(project, { customCss: HOSTILE }))
  assert.is(made.status, 201, made.text)
  assert.equal(made.body.data.customCss, HOSTILE)
  const codes = (made.body.warnings as Array<{ code: string; scope: string }>).map((warning) => `${warning.scope}:${warning.code}`)
  assert.equal(codes.sort(), ['survey:external_resource_removed', 'survey:import_removed'])
  const read = await call('GET', `/api/v3/surveys/${made.body.data.id}`, project.key)
  assert.equal(read.body.data.customCss, HOSTILE)
  assert.not.ok(read.text.includes('!important'), 'the compiled CSS is not shown')
  // Without CSS: `null`, and no `warnings` (nothing was processed).
  const plain = await call('POST', '/api/v3/surveys', project.key, document(project))
  assert.is(plain.status, 201, plain.text)
  assert.is(plain.body.data.customCss, null)
  assert.is(plain.body.warnings, undefined)
})

test('patch: replaces, the same source again processes nothing, null clears; a v1 PUT keeps it', async () => {
  const project = await bed().newProject('survey-css-patch')
  const made = await call('POST', '/api/v3/surveys', project.key, document(project))
  const path = `/api/v3/surveys/${made.body.data.id}`
  const set = await call('PATCH', path, project.key, { customCss: HOSTILE })
  assert.is(set.status, 200, set.text)
  assert.equal(set.body.data.customCss, HOSTILE)
  assert.is(set.body.warnings.length, 2)
  const again = await call('PATCH', path, project.key, { customCss: HOSTILE })
  assert.is(again.status, 200, again.text)
  assert.is(again.body.warnings, undefined, 'the stored source again is not processed')
  // A fetched survey sent back whole keeps its CSS.
  const echoed = await call('PATCH', path, project.key, { ...again.body.data, name: 'Renamed' })
  assert.is(echoed.status, 200, echoed.text)
  assert.equal(echoed.body.data.customCss, HOSTILE)
  // A v1 write leaves it as it is.
  const put = await bed().call('PUT', `/api/v1/management/surveys/${made.body.data.id}`, { key: project.key, body: { name: 'v1 name' } })
  assert.is(put.status, 200, put.text)
  assert.equal((await call('GET', path, project.key)).body.data.customCss, HOSTILE)
  // Blank fields are no CSS.
  const blank = await call('PATCH', path, project.key, { customCss: { light: '  ', dark: '' } })
  assert.is(blank.body.data.customCss, null, blank.text)
  await call('PATCH', path, project.key, { customCss: HOSTILE })
  const cleared = await call('PATCH', path, project.key, { customCss: null })
  assert.is(cleared.status, 200, cleared.text)
  assert.is((await call('GET', path, project.key)).body.data.customCss, null)
})

test('CSS the processor refuses is a 422 naming the field, with located errors; nothing is written', async () => {
  const project = await bed().newProject('survey-css-refused')
  const broken = await call('POST', '/api/v3/surveys', project.key, document(project, { customCss: { light: '.a{color:red', dark: null } }))
  assertProblem(broken, 422, ['customCss.light'])
  assert.ok(Array.isArray(broken.body.details?.errors) && broken.body.details.errors[0].code === 'syntax_error', broken.text)
  const list = await call('GET', `/api/v3/surveys?workspaceId=${project.projectId}`, project.key)
  assert.is(list.body.data.length, 0, 'no survey was created')

  const made = await call('POST', '/api/v3/surveys', project.key, document(project, { customCss: { light: '.a{color:red}', dark: null } }))
  const path = `/api/v3/surveys/${made.body.data.id}`
  // The survey's budget is 20,000 bytes of light and dark together (a workspace's is 100,000).
  const half = `.a{color:red}${' '.repeat(10_000)}`
  const tooBig = await call('PATCH', path, project.key, { customCss: { light: half, dark: half }, name: 'Not renamed' })
  assertProblem(tooBig, 422, ['customCss'])
  assert.is(tooBig.body.details.errors[0].code, 'source_too_large', tooBig.text)
  const kept = (await call('GET', path, project.key)).body.data
  assert.equal([kept.name, kept.customCss], ['Styled survey', { light: '.a{color:red}', dark: null }])
})

test('the body is strict: both keys, no compiled output, bounded fields', async () => {
  const project = await bed().newProject('survey-css-strict')
  const create = (customCss: unknown) => call('POST', '/api/v3/surveys', project.key, document(project, { customCss }))
  assertProblem(await create({ light: '.a{}' }), 400, ['customCss.dark'])
  assertProblem(await create({ light: '.a{}', dark: null, compiled: '.x{}' }), 400, ['customCss.compiled'])
  assertProblem(await create({ light: 'a'.repeat(100_001), dark: null }), 400, ['customCss.light'])
  assertProblem(await create('.a{}'), 400, ['customCss'])
})

test('validate: a create or patch with CSS answers the compiled CSS and the warnings, or valid false with the errors', async () => {
  const project = await bed().newProject('survey-css-validate')
  const valid = await call('POST', '/api/v3/surveys/validate', project.key, {
    operation: 'create',
    data: document(project, { customCss: HOSTILE }),
  })
  assert.is(valid.status, 200, valid.text)
  assert.equal([valid.body.data.valid, valid.body.data.customCss], [true, COMPILED], valid.text)
  assert.is(valid.body.data.warnings.length, 2)
  const made = await call('POST', '/api/v3/surveys', project.key, document(project))
  const invalid = await call('POST', '/api/v3/surveys/validate', project.key, {
    operation: 'patch',
    surveyId: made.body.data.id,
    data: { customCss: { light: null, dark: 'h1{' } },
  })
  assert.is(invalid.status, 200, invalid.text)
  assert.equal([invalid.body.data.valid, invalid.body.data.invalid_params[0]?.name], [false, 'customCss.dark'], invalid.text)
  assert.is(invalid.body.data.errors[0].code, 'syntax_error')
  assert.is(invalid.body.data.customCss, undefined, 'no compiled CSS on a failed validation')
  assert.is((await call('GET', `/api/v3/surveys/${made.body.data.id}`, project.key)).body.data.customCss, null, 'validation wrote nothing')
})

test("delivered compiled with the survey, after the workspace's, to the widget and the link page; never to another survey", async () => {
  const project = await bed().newProject('survey-css-delivered')
  const styled = await call('POST', '/api/v3/surveys', project.key, document(project, { customCss: HOSTILE }))
  const plain = await call('POST', '/api/v3/surveys', project.key, document(project))
  const app = await call('POST', '/api/v3/surveys', project.key, document(project, { type: 'app', customCss: HOSTILE }))
  assert.is(app.status, 201, app.text)
  const workspaceCss = { light: 'p{color:blue}', dark: null }
  await call('PATCH', `/api/v3/workspaces/${project.projectId}/custom-css`, project.key, { customCss: workspaceCss })

  const boot = await bootOf(styled.body.data.id)
  assert.equal(boot.survey.customCss, COMPILED)
  assert.equal(boot.project.customCss, { light: '#fbjs p{color:blue!important}', dark: null })
  assert.is((await bootOf(plain.body.data.id)).survey.customCss, undefined, 'a survey without CSS carries none')

  const state = await environmentState(project.environmentId)
  const listed = state.surveys.find((survey: { id: string }) => survey.id === app.body.data.id)
  assert.ok(listed, 'the app survey is in the state')
  assert.equal(listed.customCss, COMPILED)
  assert.not.ok(JSON.stringify(state).includes('evil.test'), 'no source reaches the public state')
})

test('concurrent patches of the CSS and of the name both hold', async () => {
  const project = await bed().newProject('survey-css-race')
  const made = await call('POST', '/api/v3/surveys', project.key, document(project))
  const path = `/api/v3/surveys/${made.body.data.id}`
  const css = { light: '.cv-card{border-radius:4px}', dark: null }
  const results = await Promise.all([
    call('PATCH', path, project.key, { customCss: css }),
    call('PATCH', path, project.key, { name: 'Renamed meanwhile' }),
  ])
  for (const res of results) assert.is(res.status, 200, res.text)
  const stored = (await call('GET', path, project.key)).body.data
  assert.equal([stored.name, stored.customCss], ['Renamed meanwhile', css])
})

test.run()
