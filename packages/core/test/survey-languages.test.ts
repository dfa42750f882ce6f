/**
 * A survey lists each language once (docs/surveys.md#languages): a repeated code is a 400 naming it, on the v1
 * and v3 creates and updates, validate and the import. Guards issue 69's survey that listed `de` enabled and
 * disabled, which v3 `?lang=de` then refused as ambiguous.
 */
import { question, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { importFromStandIn } from './helpers'

const { test, bed } = suiteWithBed('surveys: a language is listed once')

const language = (code: string, enabled = true) => ({
  language: { id: `cl${code}`, code, alias: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
  default: false,
  enabled,
})
const twice = [language('de'), language('de', false)]
const repeated = { 'languages.1.language.code': 'Language de is listed more than once' }

const call = (method: string, path: string, body: unknown) => bed().call(method, path, { key: bed().keyA, body })

test('v1: a create or update listing a code twice is a 400 naming it; once, the survey reads in that language', async () => {
  const created = await call('POST', '/api/v1/management/surveys', { name: 'Twice', questions: [question()], languages: twice })
  assert.is(created.status, 400, created.text)
  assert.equal(created.body.details, repeated)
  const cases = await call('POST', '/api/v1/management/surveys', {
    name: 'Cases',
    questions: [question()],
    languages: [{ code: 'de' }, language('DE')],
  })
  assert.equal([cases.status, cases.body.details], [400, { 'languages.1.language.code': 'Language DE is listed more than once' }])
  const once = await call('POST', '/api/v1/management/surveys', { name: 'Once', questions: [question()], languages: [language('de')] })
  assert.is(once.status, 200, once.text)
  const updated = await call('PUT', `/api/v1/management/surveys/${once.body.data.id}`, { languages: twice })
  assert.equal([updated.status, updated.body.details], [400, repeated])
  const read = await call('GET', `/api/v3/surveys/${once.body.data.id}?lang=de`, undefined)
  assert.is(read.status, 200, read.text)
})

test('v3: a create or patch listing a code twice is a 400 problem naming it', async () => {
  const document = {
    workspaceId: bed().projectId,
    name: 'Twice',
    blocks: [{ name: 'Main', elements: [{ id: 'why', type: 'openText', headline: { 'en-US': 'Why?' }, required: true }] }],
  }
  const languages = [{ code: 'de-DE' }, { code: 'de-DE', enabled: false }]
  const created = await call('POST', '/api/v3/surveys', { ...document, languages })
  assert.is(created.status, 400, created.text)
  assert.is(created.headers.get('content-type'), 'application/problem+json')
  assert.equal(created.body.invalid_params, [{ name: 'languages.1.code', reason: 'Language de-DE is listed more than once' }])
  const fine = await call('POST', '/api/v3/surveys', document)
  assert.is(fine.status, 201, fine.text)
  const patched = await call('PATCH', `/api/v3/surveys/${fine.body.data.id}`, { languages })
  assert.equal([patched.status, patched.body.invalid_params], [400, created.body.invalid_params])
})

test('validate: a v3 create or patch listing a code twice is invalid, naming it as the write does', async () => {
  const document = {
    workspaceId: bed().projectId,
    name: 'Twice',
    blocks: [{ name: 'Main', elements: [{ id: 'why', type: 'openText', headline: { 'en-US': 'Why?' }, required: true }] }],
  }
  const languages = [{ code: 'de-DE' }, { code: 'de-DE', enabled: false }]
  const listedTwice = [{ name: 'languages.1.code', reason: 'Language de-DE is listed more than once' }]
  const create = await call('POST', '/api/v3/surveys/validate', { operation: 'create', data: { ...document, languages } })
  assert.equal(create.body.data?.invalid_params, listedTwice)
  const survey = (await call('POST', '/api/v3/surveys', document)).body.data
  const patch = await call('POST', '/api/v3/surveys/validate', { operation: 'patch', surveyId: survey.id, data: { languages } })
  assert.equal(patch.body.data?.invalid_params, listedTwice)
})

test('import: a source survey listing a code twice is refused with the reason, the rest is copied', async () => {
  const source = (id: string, languages: unknown[]) => ({ id, name: id, type: 'link', status: 'draft', questions: [question()], languages })
  const report = await importFromStandIn(bed(), {
    '/api/v1/management/surveys': [source('cltwicelanguages00000000', twice), source('cloncelanguage0000000000', [language('de')])],
  })
  const surveys = report.resources.find((row) => row.resource === 'surveys')!
  assert.equal([surveys.created, surveys.refused], [1, 1], JSON.stringify(surveys))
  assert.equal(Object.entries(surveys.reasons), [
    ['Invalid (languages.1.language.code: Language de is listed more than once)', { count: 1, ids: ['cltwicelanguages00000000'] }],
  ])
})

test.run()
