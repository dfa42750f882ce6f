/**
 * `POST /api/v3/surveys/validate` as the reference's v3 0.2.0 has it (docs/api.md, "Validating a v3 survey"):
 * it checks the v3 document that `POST /api/v3/surveys` and `PATCH /api/v3/surveys/{id}` take, with their
 * parser and rules, and writes nothing. Regression: it used to check the v1 document, so the spec's own
 * `createValidation` and `patchValidation` examples came back `valid: false` (`headline.default`) and a
 * v1-shaped document `valid: true`.
 */
import { createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const clock = createTestClock('2026-11-20T10:00:00.000Z')
const { test, bed } = suiteWithBed('v3 surveys validate', { clock })

const call = (method: string, path: string, body?: unknown, key = bed().keyA) =>
  bed().call(method, path, { key, ...(body !== undefined ? { body } : {}) })
const validate = (body: unknown, key = bed().keyA) => call('POST', '/api/v3/surveys/validate', body, key)

/**
 * The spec's `createValidation` example (bundle `docs/api-v3-reference/openapi.yml` at 3ab606e6), as written
 * there; only its made-up `workspaceId` is replaced by the test's workspace.
 */
const createValidation = (workspaceId: string) => ({
  operation: 'create',
  data: {
    workspaceId,
    name: 'Product Feedback Survey',
    defaultLanguage: 'en-US',
    blocks: [
      {
        id: 'clbk1234567890123456789012',
        name: 'Main Block',
        elements: [{ id: 'satisfaction', type: 'openText', headline: { 'en-US': 'What should we improve?' }, required: true }],
      },
    ],
  },
})

/** The spec's `patchValidation` example; only its made-up `surveyId` is replaced by a survey of the test's. */
const patchValidation = (surveyId: string) => ({
  operation: 'patch',
  surveyId,
  data: {
    blocks: [
      {
        id: 'clbk1234567890123456789012',
        name: 'Main Block',
        elements: [{ id: 'satisfaction', type: 'openText', headline: { 'en-US': 'What should we improve?' }, required: true }],
      },
    ],
  },
})

function assertProblem(res: ApiResult, status: number, names: string[] = []) {
  assert.is(res.status, status, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  const listed = (res.body.invalid_params ?? []).map((param: { name: string }) => param.name)
  for (const name of names) assert.ok(listed.includes(name), `invalid_params names ${name}: ${JSON.stringify(res.body.invalid_params)}`)
}

const names = (params: Array<{ name: string }>) => params.map((param) => param.name).sort()

async function surveyCount(): Promise<number> {
  const res = await call('GET', `/api/v3/surveys?workspaceId=${bed().projectId}&limit=100`)
  assert.is(res.status, 200, res.text)
  return res.body.data.length
}

async function createdSurveyId(): Promise<string> {
  const res = await call('POST', '/api/v3/surveys', createValidation(bed().projectId).data)
  assert.is(res.status, 201, res.text)
  return res.body.data.id
}

test("the spec's createValidation example is valid, with its languages, and writes nothing; create takes it", async () => {
  const before = await surveyCount()
  const res = await validate(createValidation(bed().projectId))
  assert.is(res.status, 200, res.text)
  assert.is(res.headers.get('cache-control'), 'private, no-store')
  assert.equal(res.body.data, {
    valid: true,
    operation: 'create',
    invalid_params: [],
    languages: [{ code: 'en-US', default: true, enabled: true, writeBehavior: 'connect_or_create' }],
  })
  assert.is(await surveyCount(), before)
  const created = await call('POST', '/api/v3/surveys', createValidation(bed().projectId).data)
  assert.is(created.status, 201, created.text)
})

test("the spec's patchValidation example is valid and changes nothing; the patch takes it", async () => {
  const id = await createdSurveyId()
  const before = await call('GET', `/api/v3/surveys/${id}`)
  clock.advance(60_000)
  const res = await validate(patchValidation(id))
  assert.is(res.status, 200, res.text)
  assert.equal(res.body.data, {
    valid: true,
    operation: 'patch',
    invalid_params: [],
    languages: [{ code: 'en-US', default: true, enabled: true, writeBehavior: 'connect_or_create' }],
  })
  const after = await call('GET', `/api/v3/surveys/${id}`)
  assert.equal(after.body, before.body)
  const patched = await call('PATCH', `/api/v3/surveys/${id}`, patchValidation(id).data)
  assert.is(patched.status, 200, patched.text)
})

test('a v1-shaped document is invalid, naming its paths, as create refuses it', async () => {
  const v1 = {
    environmentId: bed().envA,
    name: 'v1 survey',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false }],
  }
  const res = await validate({ operation: 'create', data: v1 })
  assert.is(res.status, 200, res.text)
  assert.is(res.body.data.valid, false)
  assert.not.ok('languages' in res.body.data)
  const listed = names(res.body.data.invalid_params)
  for (const name of ['environmentId', 'questions', 'workspaceId', 'blocks']) assert.ok(listed.includes(name), `${name} in ${listed}`)
  const created = await call('POST', '/api/v3/surveys', v1)
  assertProblem(created, 400)
  assert.equal(names(created.body.invalid_params), listed)
})

test('create: whatever validate says valid the write takes, and what it refuses the write refuses with the same params', async () => {
  const classes = await call('GET', `/api/v3/action-classes?workspaceId=${bed().projectId}`)
  const actionClassId = classes.body.data[0].id as string
  const base = createValidation(bed().projectId).data
  const cases: Record<string, Record<string, unknown>> = {
    'a valid link survey in two languages': {
      ...base,
      languages: [{ code: 'de-DE', enabled: false }],
      welcomeCard: { enabled: true, headline: { 'en-US': 'Hi', 'de-DE': 'Hallo' } },
    },
    'v1 text maps (`default`) in a v3 document': {
      ...base,
      blocks: [{ name: 'B', elements: [{ id: 'q', type: 'openText', headline: { default: 'Why?' }, required: true }] }],
    },
    'an undeclared locale (422)': { ...base, welcomeCard: { enabled: true, headline: { 'en-US': 'Hi', 'fr-FR': 'Salut' } } },
    'distribution on a link survey (400)': { ...base, distribution: { triggers: [] } },
    'an unknown top-level field (400)': { ...base, questions: [] },
    'a missing name (400)': { ...base, name: undefined },
    'an element type no survey has (400)': {
      ...base,
      blocks: [{ name: 'B', elements: [{ id: 'q', type: 'hologram', headline: { 'en-US': 'Q' }, required: true }] }],
    },
    'an app survey with a known trigger': {
      ...base,
      type: 'app',
      distribution: { triggers: [{ actionClassId }] },
      targeting: { filters: [] },
    },
    'an app survey with an unknown trigger (422)': { ...base, type: 'app', distribution: { triggers: [{ actionClassId: 'nope' }] } },
    'an app survey targeting a segment that is not there (400)': {
      ...base,
      type: 'app',
      targeting: {
        filters: [
          {
            id: 'f1',
            connector: null,
            resource: {
              id: 'r1',
              root: { type: 'segment', segmentId: 'clnosuchsegment000000000' },
              qualifier: { operator: 'userIsIn' },
              value: 'clnosuchsegment000000000',
            },
          },
        ],
      },
    },
  }
  for (const [label, document] of Object.entries(cases)) {
    const data = JSON.parse(JSON.stringify(document))
    const before = await surveyCount()
    const checked = await validate({ operation: 'create', data })
    assert.is(checked.status, 200, `${label}: ${checked.text}`)
    assert.is(await surveyCount(), before, `${label}: validate wrote nothing`)
    const written = await call('POST', '/api/v3/surveys', data)
    if (checked.body.data.valid) assert.is(written.status, 201, `${label}: valid, so created: ${written.text}`)
    else {
      assert.ok([400, 422].includes(written.status), `${label}: invalid, so refused: ${written.text}`)
      assert.equal(checked.body.data.invalid_params, written.body.invalid_params, label)
    }
  }
})

test('patch: valid exactly when the patch is taken; an archived survey is invalid, as its patch is a 422', async () => {
  const id = await createdSurveyId()
  const cases: Record<string, Record<string, unknown>> = {
    'a new name': { name: 'Renamed' },
    'an undeclared locale (422)': { welcomeCard: { enabled: true, headline: { 'en-US': 'Hi', 'it-IT': 'Ciao' } } },
    'an unknown field (400)': { questions: [] },
    'nothing (400)': {},
    'distribution on a link survey (400)': { distribution: { triggers: [] } },
    'a language and text in it': {
      languages: [{ code: 'de-DE', enabled: true }],
      welcomeCard: { enabled: true, headline: { 'en-US': 'Hi', 'de-DE': 'Hallo' } },
    },
  }
  for (const [label, data] of Object.entries(cases)) {
    const checked = await validate({ operation: 'patch', surveyId: id, data })
    assert.is(checked.status, 200, `${label}: ${checked.text}`)
    const written = await call('PATCH', `/api/v3/surveys/${id}`, data)
    if (checked.body.data.valid) assert.is(written.status, 200, `${label}: valid, so patched: ${written.text}`)
    else {
      assert.ok([400, 422].includes(written.status), `${label}: invalid, so refused: ${written.text}`)
      assert.equal(checked.body.data.invalid_params, written.body.invalid_params, label)
    }
  }
  const languages = await validate({ operation: 'patch', surveyId: id, data: { name: 'Again' } })
  assert.equal(languages.body.data.languages, [
    { code: 'en-US', default: true, enabled: true, writeBehavior: 'connect_or_create' },
    { code: 'de-DE', default: false, enabled: true, writeBehavior: 'connect_or_create' },
  ])
  assert.is((await call('POST', `/api/v3/surveys/${id}/archive`)).status, 200)
  const archived = await validate({ operation: 'patch', surveyId: id, data: { name: 'Archived' } })
  assert.equal(archived.body.data, {
    valid: false,
    operation: 'patch',
    invalid_params: [{ name: 'archivedAt', reason: 'This survey is archived. Restore it before editing.' }],
  })
  const refused = await call('PATCH', `/api/v3/surveys/${id}`, { name: 'Archived' })
  assertProblem(refused, 422, ['archivedAt'])
})

test("a workspace or survey that is not the key's is a 403, as for the write", async () => {
  const other = await bed().newProject('Other workspace')
  const foreign = await validate(createValidation(other.projectId))
  assertProblem(foreign, 403)
  assertProblem(await call('POST', '/api/v3/surveys', createValidation(other.projectId).data), 403)
  const id = await createdSurveyId()
  assertProblem(await validate(patchValidation(id), other.key), 403)
  assertProblem(await validate(patchValidation('clnosuchsurvey00000000000')), 403)
})

test('a malformed envelope or a query parameter is a 400 problem naming it', async () => {
  assertProblem(await validate({ operation: 'publish', data: {} }), 400, ['operation'])
  assertProblem(await validate({ data: {} }), 400, ['operation'])
  assertProblem(await validate({ operation: 'patch', data: { name: 'x' } }), 400, ['surveyId'])
  assertProblem(await validate({ operation: 'create' }), 400, ['data'])
  assertProblem(await validate({ operation: 'create', data: [] }), 400, ['data'])
  const extra = await validate({ operation: 'create', data: {}, surveyId: 'x' })
  assertProblem(extra, 400, ['surveyId'])
  assert.is(extra.body.invalid_params[0].code, 'unsupported_field')
  const query = await bed().call('POST', `/api/v3/surveys/validate?workspaceId=${bed().projectId}`, {
    key: bed().keyA,
    body: createValidation(bed().projectId),
  })
  assertProblem(query, 400, ['workspaceId'])
})

test('a document failing in many places lists 50 problems, the last counting the rest', async () => {
  const unknown = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`field${index}`, true]))
  const data = { ...createValidation(bed().projectId).data, ...unknown }
  const res = await validate({ operation: 'create', data })
  assert.is(res.body.data.valid, false)
  const params = res.body.data.invalid_params
  assert.is(params.length, 50)
  assert.equal(params[0], { name: 'field0', reason: 'Unsupported field', code: 'unsupported_field' })
  assert.equal(params[49], { name: '', reason: '31 more problems are not listed' })
  // The write's 400 lists the same.
  const written = await call('POST', '/api/v3/surveys', data)
  assertProblem(written, 400)
  assert.equal(written.body.invalid_params, params)
})

test.run()
