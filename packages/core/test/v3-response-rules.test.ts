/**
 * A v3 response write checks each answer it carries against its element (docs/api.md, "Responses in v3"):
 * the element's validation rules, an open text's input type and character limit, a required element sent
 * empty, a file upload's URLs. Create and patch answer 422, validate `valid: false`, each with one
 * `invalid_params` entry per broken check; valid answers are written. On PGlite, and on the Postgres server
 * when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, createTestClock, suiteWithBed } from '@canvass/test-bed'
import type { ApiResult } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const t = (text: string) => ({ default: text })

const ruledSurvey = {
  status: 'inProgress',
  questions: [
    {
      id: 'code',
      type: 'openText',
      headline: t('Your code?'),
      required: false,
      inputType: 'text',
      validation: {
        rules: [
          { id: 'fmt', type: 'pattern', params: { pattern: '^[A-Z]{2}-\\d{3}$' } },
          { id: 'notTest', type: 'doesNotEqual', params: { value: 'XX-000' } },
        ],
        logic: 'and',
      },
    },
    { id: 'mail', type: 'openText', headline: t('Email?'), required: false, inputType: 'email' },
    {
      id: 'short',
      type: 'openText',
      headline: t('In a few words?'),
      required: true,
      inputType: 'text',
      charLimit: { enabled: true, max: 5 },
    },
    {
      id: 'files',
      type: 'fileUpload',
      headline: t('Your file'),
      required: false,
      allowMultipleFiles: true,
      allowedFileExtensions: ['pdf'],
    },
  ],
}

/** The `invalid_params` entries of a 422 or a `valid: false`, as `name:code` (else `name:identifier`). */
function entries(params: Array<{ name: string; identifier?: string; code?: string }>): string[] {
  return params.map((p) => `${p.name}:${p.code ?? p.identifier ?? ''}`).sort()
}

function assert422(res: ApiResult, expected: string[]) {
  assert.is(res.status, 422, res.text)
  assert.is(res.headers.get('content-type'), 'application/problem+json')
  assert.equal(entries(res.body.invalid_params), expected.sort(), res.text)
}

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`v3 response writes check answers against their elements (${backend})`, () => ({
    backend,
    clock: createTestClock('2026-11-20T10:00:00.000Z'),
  }))

  const call = (method: string, path: string, body?: unknown) =>
    bed().call(method, path, { key: bed().keyA, ...(body !== undefined ? { body } : {}) })
  const fileUrl = (environmentId: string, name: string) => `https://files.example/storage/${environmentId}/private/${name}`

  test('create: each broken check is one 422 entry; nothing is written; valid answers are created', async () => {
    const x = bed()
    const survey = await createSurvey(x, ruledSurvey)
    const refused = await call('POST', '/api/v3/responses', {
      surveyId: survey.id,
      finished: true,
      data: {
        code: 'XX-0001',
        mail: 'not-an-email',
        short: 'far too long',
        files: [fileUrl(x.envB, 'a.pdf'), fileUrl(x.envA, 'b.exe')],
      },
    })
    assert422(refused, ['data.code:fmt', 'data.mail:inputType', 'data.short:charLimit', 'data.files.0:invalid_reference', 'data.files.1:'])
    const none = await call('GET', `/api/v3/responses/count?workspaceId=${x.projectId}&surveyId=${survey.id}`)
    assert.is(none.body.data.count, 0, 'a refused create writes nothing')

    assert422(await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: { code: 'XX-000', short: '' } }), [
      'data.code:notTest',
      'data.short:missing_required_field',
    ])

    const created = await call('POST', '/api/v3/responses', {
      surveyId: survey.id,
      finished: true,
      data: { code: 'AB-123', mail: 'ada@example.org', short: 'fine', files: [fileUrl(x.envA, 'c.pdf')] },
    })
    assert.is(created.status, 201, created.text)
    assert.equal(created.body.data.data.code, 'AB-123')
  })

  test('patch: the answers sent are checked (422, nothing changed); a patch without data checks none', async () => {
    const x = bed()
    const survey = await createSurvey(x, ruledSurvey)
    const made = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: { code: 'AB-123' } })
    assert.is(made.status, 201, made.text)
    const id = made.body.data.id as string
    assert422(await call('PATCH', `/api/v3/responses/${id}`, { data: { code: 'ab-123', mail: 'a@b' } }), [
      'data.code:fmt',
      'data.mail:inputType',
    ])
    assert.equal((await call('GET', `/api/v3/responses/${id}`)).body.data.data, { code: 'AB-123' }, 'a refused patch changes nothing')
    const patched = await call('PATCH', `/api/v3/responses/${id}`, { data: { code: 'CD-456', mail: 'a@b.co' } })
    assert.is(patched.status, 200, patched.text)
    assert.equal(patched.body.data.data, { code: 'CD-456', mail: 'a@b.co' })
    const finished = await call('PATCH', `/api/v3/responses/${id}`, { finished: true })
    assert.is(finished.status, 200, finished.text)
  })

  test('validate: create and patch name the same entries as the write (relative to the body sent) with valid: false, and valid: true when they hold', async () => {
    const x = bed()
    const survey = await createSurvey(x, ruledSurvey)
    const create = await call('POST', '/api/v3/responses/validate', {
      operation: 'create',
      data: { surveyId: survey.id, finished: true, data: { code: 'nope', files: ['https://elsewhere.example/x.pdf'] } },
    })
    assert.is(create.status, 200, create.text)
    assert.is(create.body.data.valid, false)
    assert.equal(entries(create.body.data.invalid_params), ['data.code:fmt', 'data.files.0:invalid_reference'])

    const made = await call('POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: {} })
    assert.is(made.status, 201, made.text)
    const patch = await call('POST', '/api/v3/responses/validate', {
      operation: 'patch',
      responseId: made.body.data.id,
      data: { data: { short: 'much too long' } },
    })
    assert.is(patch.body.data.valid, false, patch.text)
    assert.equal(entries(patch.body.data.invalid_params), ['data.short:charLimit'])

    const good = await call('POST', '/api/v3/responses/validate', {
      operation: 'patch',
      responseId: made.body.data.id,
      data: { data: { short: 'ok', code: 'ZZ-999' } },
    })
    assert.is(good.body.data.valid, true, good.text)
    assert.equal((await call('GET', `/api/v3/responses/${made.body.data.id}`)).body.data.data, {}, 'validate writes nothing')
  })

  test.run()
}
