/**
 * `GET|PATCH /api/v3/workspaces/{workspaceId}/custom-css` and the `customCss` preview of
 * `POST /api/v3/surveys/validate` (docs/api.md, "Workspace custom CSS in v3"), over HTTP on the test bed.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { environmentStateData, linkPageBoot } from './helpers'

const { test, bed } = suiteWithBed('v3 workspace custom CSS')

const call = (method: string, path: string, key: string, body?: unknown) =>
  bed().call(method, path, { key, allow5xx: true, ...(body !== undefined ? { body } : {}) })

const path = (workspaceId: string) => `/api/v3/workspaces/${workspaceId}/custom-css`

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

test('GET of a fresh workspace: no CSS, ok, editable', async () => {
  const project = await bed().newProject('css-fresh')
  const res = await call('GET', path(project.projectId), project.key)
  assert.is(res.status, 200, res.text)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.equal(res.body, {
    data: { workspaceId: project.projectId, customCss: null, previous: null, status: 'ok', canEdit: true, planAllowed: true },
  })
})

test('PATCH saves the source, answers what it removed, keeps the replaced value as previous, clears with null', async () => {
  const project = await bed().newProject('css-save')
  const first = { light: '.cv-card{border-radius:0} @import url(https://evil.test/x.css);', dark: null }
  const saved = await call('PATCH', path(project.projectId), project.key, { customCss: first })
  assert.is(saved.status, 200, saved.text)
  assert.equal(saved.body.data.customCss, first)
  assert.equal(
    saved.body.warnings.map((warning: { code: string }) => warning.code),
    ['import_removed'],
  )
  const second = { light: '.cv-card{border-radius:4px}', dark: 'body{color:#fff}' }
  const replaced = await call('PATCH', path(project.projectId), project.key, { customCss: second })
  assert.equal(replaced.body.data.previous, first)
  assert.equal((await call('GET', path(project.projectId), project.key)).body.data.customCss, second)
  const cleared = await call('PATCH', path(project.projectId), project.key, { customCss: null })
  assert.is(cleared.status, 200, cleared.text)
  assert.equal([cleared.body.data.customCss, cleared.body.data.previous], [null, second])
})

test('PATCH is audited; the same source again writes nothing', async () => {
  const project = await bed().newProject('css-audit')
  const body = { customCss: { light: '.a{color:red}', dark: null } }
  await call('PATCH', path(project.projectId), project.key, body)
  const again = await call('PATCH', path(project.projectId), project.key, body)
  assert.is(again.status, 200)
  assert.is(again.body.data.previous, null, 'the unchanged save replaced nothing')
  const entries = await bed().storage.reporting.auditLog.list(project.environmentId, { limit: 10 })
  const updates = entries.filter((entry) => entry.resourceType === 'workspace')
  assert.ok(updates.length >= 1, JSON.stringify(entries))
  assert.is(updates[0]?.resourceId, project.projectId)
  assert.is(updates[0]?.action, 'update')
})

test('a foreign or unknown workspace is a 403, for GET, PATCH and the preview', async () => {
  const mine = await bed().newProject('css-mine')
  const other = await bed().newProject('css-other')
  assertProblem(await call('GET', path(other.projectId), mine.key), 403)
  assertProblem(await call('PATCH', path(other.projectId), mine.key, { customCss: null }), 403)
  assertProblem(await call('GET', path('clxx1234567890123456789012'), mine.key), 403)
  const preview = await call('POST', '/api/v3/surveys/validate', mine.key, {
    operation: 'customCss',
    workspaceId: other.projectId,
    scope: 'workspace',
    data: { customCss: { light: '.a{color:red}', dark: null } },
  })
  assertProblem(preview, 403)
  assert.equal((await call('GET', path(other.projectId), other.key)).body.data.customCss, null)
})

test('strict body: unknown fields, missing keys, compiled output and oversized fields are 400s naming them', async () => {
  const project = await bed().newProject('css-strict')
  assertProblem(await call('PATCH', path(project.projectId), project.key, { customCss: { light: '.a{}', dark: null }, extra: 1 }), 400, [
    'extra',
  ])
  assertProblem(await call('PATCH', path(project.projectId), project.key, { customCss: { light: '.a{}' } }), 400, ['customCss.dark'])
  assertProblem(
    await call('PATCH', path(project.projectId), project.key, { customCss: { light: '.a{}', dark: null, compiled: '.x{}' } }),
    400,
    ['customCss.compiled'],
  )
  assertProblem(await call('PATCH', path(project.projectId), project.key, {}), 400, ['customCss'])
  assertProblem(await call('PATCH', path(project.projectId), project.key, { customCss: { light: 'a'.repeat(100_001), dark: null } }), 400, [
    'customCss.light',
  ])
  assertProblem(await call('GET', `${path(project.projectId)}?x=1`, project.key), 400, ['x'])
})

test('CSS the processor refuses is a 422 with located errors, and the saved CSS stays', async () => {
  const project = await bed().newProject('css-refused')
  const kept = { light: '.a{color:red}', dark: null }
  await call('PATCH', path(project.projectId), project.key, { customCss: kept })
  const broken = await call('PATCH', path(project.projectId), project.key, { customCss: { light: '.a{color:red', dark: null } })
  assertProblem(broken, 422, ['customCss.light'])
  assert.is(broken.body.code, 'unprocessable_content')
  assert.is(broken.body.details.errors[0].code, 'syntax_error')
  // 100,000 bytes for light and dark together.
  const big = `/*${'x'.repeat(60_000)}*/`
  const tooBig = await call('PATCH', path(project.projectId), project.key, { customCss: { light: big, dark: big } })
  assertProblem(tooBig, 422)
  assert.is(tooBig.body.details.errors[0].code, 'source_too_large')
  assert.equal((await call('GET', path(project.projectId), project.key)).body.data.customCss, kept)
})

test('the preview processes as a save would and writes nothing', async () => {
  const project = await bed().newProject('css-preview')
  const res = await call('POST', '/api/v3/surveys/validate', project.key, {
    operation: 'customCss',
    workspaceId: project.projectId,
    scope: 'workspace',
    data: { customCss: { light: 'body .a{color:red;background:url(https://evil.test/x.png)}', dark: null } },
  })
  assert.is(res.status, 200, res.text)
  assert.equal(res.body.data.customCss, { light: '#fbjs .a{color:red!important}', dark: null }, res.text)
  assert.equal(res.body.data.valid, true)
  assert.equal(
    res.body.data.warnings.map((warning: { code: string }) => warning.code),
    ['external_resource_removed'],
  )
  const invalid = await call('POST', '/api/v3/surveys/validate', project.key, {
    operation: 'customCss',
    workspaceId: project.projectId,
    scope: 'survey',
    data: { customCss: { light: '.a{', dark: null } },
  })
  assert.equal([invalid.status, invalid.body.data.valid, invalid.body.data.invalid_params[0].name], [200, false, 'customCss.light'])
  assert.equal((await call('GET', path(project.projectId), project.key)).body.data.customCss, null)
})

test('concurrent saves: each replaces a different value', async () => {
  const project = await bed().newProject('css-race')
  const saves = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      call('PATCH', path(project.projectId), project.key, { customCss: { light: `.r${i}{color:red}`, dark: null } }),
    ),
  )
  const previous = saves.map((res) => JSON.stringify(res.body.data.previous))
  assert.is(new Set(previous).size, 6, previous.join(' '))
})

/** A link survey of `project`'s production environment; its id. */
async function linkSurvey(project: { environmentId: string; key: string }, type = 'link'): Promise<string> {
  const res = await bed().call('POST', '/api/v1/management/surveys', {
    key: project.key,
    body: {
      environmentId: project.environmentId,
      name: 'Styled',
      type,
      status: 'inProgress',
      questions: [{ id: 'q', type: 'openText', inputType: 'text', headline: { default: 'Q?' }, required: false }],
    },
  })
  assert.is(res.status, 200, res.text)
  return res.body.data.id
}

const bootOf = (surveyId: string) => linkPageBoot(bed(), surveyId)
const environmentState = (environmentId: string) => environmentStateData(bed(), environmentId)

test('the saved CSS is delivered compiled: in the environment state and the link page, to this workspace only', async () => {
  const mine = await bed().newProject('css-delivered')
  const other = await bed().newProject('css-neighbour')
  const [mySurvey, otherSurvey] = [await linkSurvey(mine), await linkSurvey(other)]
  await linkSurvey(mine, 'app')
  const before = await environmentState(mine.environmentId)
  assert.is(before.project.customCss, undefined, 'no CSS, no field')
  assert.is((await bootOf(mySurvey)).project.customCss, undefined)

  const source = { light: 'body{background:red} .cv-headline{color:#123456} @import url(https://evil.test/x.css);', dark: 'h2{color:#fff}' }
  const saved = await call('PATCH', path(mine.projectId), mine.key, { customCss: source })
  assert.is(saved.status, 200, saved.text)
  const compiled = {
    light: '#fbjs{background:red!important}#fbjs .cv-headline{color:#123456!important}',
    dark: '#fbjs[data-appearance="dark"] h2{color:#fff!important}',
  }
  const state = await environmentState(mine.environmentId)
  assert.equal(state.project.customCss, compiled, 'the state has the compiled CSS, not the source')
  assert.equal([state.workspace?.customCss, state.product?.customCss], [compiled, compiled], 'under every name of the project')
  assert.equal((await bootOf(mySurvey)).project.customCss, compiled)
  // The development environment is the same workspace.
  assert.equal((await environmentState(mine.devEnvironmentId)).project.customCss, compiled)

  // Another workspace's pages never get it.
  assert.is((await environmentState(other.environmentId)).project.customCss, undefined)
  assert.is((await bootOf(otherSurvey)).project.customCss, undefined)
  assert.is((await environmentState(bed().envA)).project.customCss, undefined)

  // Cleared: gone from both.
  await call('PATCH', path(mine.projectId), mine.key, { customCss: null })
  assert.is((await environmentState(mine.environmentId)).project.customCss, undefined)
  assert.is((await bootOf(mySurvey)).project.customCss, undefined)
})

test("a closing tag in the CSS cannot end the link page's boot script", async () => {
  const project = await bed().newProject('css-tag')
  const surveyId = await linkSurvey(project)
  const saved = await call('PATCH', path(project.projectId), project.key, {
    customCss: { light: '.cv-card::before{content:"</script><script>alert(1)</script>"}', dark: null },
  })
  assert.is(saved.status, 200, saved.text)
  const page = (await bed().call('GET', `/s/${surveyId}`)).text
  assert.not.ok(page.includes('<script>alert(1)'), 'no script element from the CSS')
  const boot = await bootOf(surveyId)
  assert.is(boot.project.customCss.light, '#fbjs .cv-card::before{content:"<\\/script><script>alert(1)<\\/script>"!important}')
})

test.run()

// The budget's window is a minute of the bed's clock, which stands still here: 60 saves cannot straddle two
// windows however slow the machine.
const { test: budget, bed: budgetBed } = suiteWithBed('v3 workspace custom CSS budget', () => ({ clock: createTestClock() }))
const budgetCall = (method: string, path: string, key: string, body?: unknown) =>
  budgetBed().call(method, path, { key, allow5xx: true, ...(body !== undefined ? { body } : {}) })

budget('saves that process CSS count against 60 a minute per key; clearing does not', async () => {
  const project = await budgetBed().newProject('css-budget')
  for (let i = 0; i < 60; i++) {
    const res = await budgetCall('PATCH', path(project.projectId), project.key, { customCss: { light: `.a${i}{color:red}`, dark: null } })
    assert.is(res.status, 200, res.text)
  }
  const over = await budgetCall('PATCH', path(project.projectId), project.key, { customCss: { light: '.over{color:red}', dark: null } })
  assertProblem(over, 429)
  assert.ok(Number(over.headers.get('retry-after')) >= 1)
  assert.is((await budgetCall('PATCH', path(project.projectId), project.key, { customCss: null })).status, 200)
})

budget.run()
