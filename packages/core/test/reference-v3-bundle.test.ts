/**
 * Issue 70: Canvass against the reference's own v3 bundle, version 0.2.0 (`docs/api-v3-reference/openapi.yml` in
 * the reference's repository). The bundle cannot be shipped with Canvass (its licence) and CI has no network, so
 * this runs only when `CANVASS_REFERENCE_V3_BUNDLE` names a local copy of it; otherwise it prints why and runs
 * nothing (docs/api.md, "Checking against the reference's bundle").
 *
 * With the bundle it generates a client's types from it (openapi-typescript), drives every v3 operation the
 * bundle and Canvass both have through openapi-fetch against a real Canvass over loopback HTTP, validates every
 * answer's body (ajv, the 2020-12 dialect of OpenAPI 3.1) against the bundle's schema for its status and content
 * type, and sends each operation's own request `examples` (their placeholder ids replaced by the test's rows),
 * expecting them to be taken. A difference Canvass documents is allowed below, each naming its docs section.
 */
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { suiteWithBed } from '@canvass/test-bed'
import type { TestProject } from '@canvass/test-bed'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import createClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'

const bundlePath = process.env.CANVASS_REFERENCE_V3_BUNDLE

/** The bundle is the reference's YAML, read as plain data. */
type Json = any

/** The operations of the bundle Canvass does not serve: docs/api.md, "Not implemented in v3". */
const NOT_IMPLEMENTED = new Set(['/api/v3/surveys/generate'])
const notImplemented = (path: string) =>
  NOT_IMPLEMENTED.has(path) || path.startsWith('/api/v3/workflows') || path.startsWith('/api/v3/feedbackRecords')

if (!bundlePath) {
  console.log(
    "reference-v3-bundle: skipped, CANVASS_REFERENCE_V3_BUNDLE is not set (the path of the reference's docs/api-v3-reference/openapi.yml, version 0.2.0; see docs/api.md)",
  )
} else {
  run(bundlePath)
}

function run(file: string) {
  const doc: Json = parse(readFileSync(file, 'utf8'))
  if (doc?.info?.version !== '0.2.0') throw new Error(`${file}: info.version is ${doc?.info?.version}, not 0.2.0`)

  const ajv = new Ajv2020({ strict: false, allErrors: true })
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule
  addFormats(ajv)
  // The reference's cuid2 ids: a lowercase letter, then lowercase letters and digits.
  ajv.addFormat('cuid2', /^[a-z][a-z0-9]{1,31}$/)
  ajv.addFormat('double', { type: 'number', validate: () => true })
  ajv.addFormat('float', { type: 'number', validate: () => true })
  ajv.addSchema({ components: doc.components }, 'reference-v3')

  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((node: Json, part) => node?.[part], doc)
  const rebase = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rebase)
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, value]) => [
          key,
          key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `reference-v3${value}` : rebase(value),
        ]),
      )
    }
    return node
  }
  const validators = new Map<string, ValidateFunction>()

  /** The problems of one answer against the bundle: none when its status, content type and body are the spec's. */
  function judge(path: string, method: string, status: number, headers: Headers, text: string): string[] {
    const operation = doc.paths[path]?.[method]
    if (!operation) return [`${method.toUpperCase()} ${path} is not in the bundle`]
    let entry = operation.responses[String(status)]
    if (!entry) return [`status ${status} is not one of the spec's (${Object.keys(operation.responses).join(', ')}): ${text.slice(0, 400)}`]
    if (entry.$ref) entry = resolve(entry.$ref)
    // The headers the spec lists for the status (`X-Request-Id`, `Cache-Control`, `Location`, `WWW-Authenticate`).
    const missing = Object.keys(entry.headers ?? {}).filter((name) => !headers.has(name))
    if (missing.length > 0) return [`the spec's headers ${missing.join(', ')} are missing`]
    const cacheExample = entry.headers?.['Cache-Control']?.example
    if (cacheExample !== undefined && headers.get('cache-control') !== cacheExample)
      return [`Cache-Control is ${headers.get('cache-control')}, the spec's is ${cacheExample}`]
    const contentType = headers.get('content-type')
    if (!entry.content) return text === '' ? [] : [`status ${status} has no body in the spec, got ${text.slice(0, 200)}`]
    const type = (contentType ?? '').split(';')[0]!.trim()
    const media = entry.content[type]
    if (!media) return [`content type ${type} is not the spec's (${Object.keys(entry.content).join(', ')})`]
    const key = `${path} ${method} ${status} ${type}`
    let validate = validators.get(key)
    if (!validate) {
      validate = ajv.compile(rebase(media.schema))
      validators.set(key, validate)
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return [`the body is not JSON: ${text.slice(0, 200)}`]
    }
    if (validate(body)) return []
    return (validate.errors ?? [])
      .slice(0, 12)
      .map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`)
  }

  /** The request examples of an operation's JSON body, by name. */
  const examplesOf = (path: string, method: string): Record<string, Json> =>
    Object.fromEntries(
      Object.entries(doc.paths[path][method].requestBody?.content?.['application/json']?.examples ?? {}).map(([name, example]) => [
        name,
        (example as { value: Json }).value,
      ]),
    )

  /** `value` with every string that is a key of `ids` replaced by its value (the examples' placeholder ids). */
  const substitute = (value: Json, ids: Record<string, string>): Json => {
    if (Array.isArray(value)) return value.map((item) => substitute(item, ids))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, ids)]))
    return typeof value === 'string' && value in ids ? ids[value] : value
  }

  const implemented: Array<{ path: string; method: string; operationId: string }> = []
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (notImplemented(path)) continue
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (item[method]) implemented.push({ path, method, operationId: item[method].operationId })
    }
  }

  const { test, bed } = suiteWithBed('the reference v3 bundle 0.2.0')
  const raw = new WeakMap<Response, string>()
  const covered = new Set<string>()
  let url = ''

  test.before(async () => {
    url = await bed().listen()
  })

  /** An openapi-fetch client of `project`'s key that keeps each answer's text for `judge`. */
  const clientOf = (project: TestProject) =>
    createClient<Json>({
      baseUrl: url,
      headers: { 'x-api-key': project.key },
      fetch: async (request: Request) => {
        const response = await globalThis.fetch(request)
        raw.set(response, await response.clone().text())
        return response
      },
    })

  /**
   * The differences Canvass documents, each allowed where it shows: a failure matching one is printed, not
   * counted.
   */
  const ALLOWED: Array<{ match: RegExp; docs: string }> = []

  type Result = { response: Response; data?: unknown; error?: unknown }
  const failures: string[] = []
  /** Judges one call; `label` names the operation (and the example). Returns the parsed body. */
  function check(label: string, path: string, method: string, result: Result, expect?: (status: number, body: Json) => string | undefined) {
    covered.add(`${method} ${path}`)
    const status = result.response.status
    const text = raw.get(result.response) ?? ''
    const problems = judge(path, method, status, result.response.headers, text)
    const body = text ? JSON.parse(text) : undefined
    const unexpected = expect?.(status, body)
    if (unexpected) problems.push(unexpected)
    for (const problem of problems) {
      const failure = `${label} (${method.toUpperCase()} ${path} → ${status}): ${problem}`
      const allowance = ALLOWED.find((allowed) => allowed.match.test(failure))
      if (allowance) console.log(`  allowed (${allowance.docs}): ${failure.slice(0, 300)}`)
      else failures.push(failure)
    }
    return body as Json
  }
  const accepted = (status: number, body: Json) =>
    status >= 200 && status < 300 ? undefined : `not accepted: ${JSON.stringify(body).slice(0, 600)}`
  const validTrue = (status: number, body: Json) =>
    status === 200 && body?.data?.valid === true ? undefined : `not valid: ${JSON.stringify(body).slice(0, 600)}`

  function assertNoFailures() {
    const these = failures.splice(0)
    assert.ok(these.length === 0, `\n${these.join('\n')}`)
  }

  // ---- the world the examples name, made per test in a project of its own ----

  const json = async (project: TestProject, method: string, path: string, body?: unknown) => {
    const res = await bed().call(method, path, { key: project.key, ...(body !== undefined ? { body } : {}) })
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`)
    return res.body
  }

  /**
   * The survey the response examples answer: `nps_score`, `what_could_be_better`, `channels`, ending
   * `cmpthankyou…`, hidden field `plan`, and the language `de` (a language-only code, which a v3 create does not
   * take, so it is made through the v1 route).
   */
  async function responseSurvey(project: TestProject) {
    const t = (en: string, de: string) => ({ default: en, de })
    const body = await json(project, 'POST', '/api/v1/management/surveys', {
      environmentId: project.environmentId,
      name: 'Q3 Product Feedback',
      status: 'inProgress',
      languages: [
        { language: { code: 'en' }, default: true, enabled: true },
        { language: { code: 'de' }, default: false, enabled: true },
      ],
      questions: [
        { id: 'nps_score', type: 'nps', headline: t('Recommend us?', 'Empfehlen?'), required: false },
        { id: 'what_could_be_better', type: 'openText', headline: t('Better?', 'Besser?'), required: false, inputType: 'text' },
        {
          id: 'channels',
          type: 'multipleChoiceMulti',
          headline: t('Heard of us?', 'Erfahren?'),
          required: false,
          choices: [
            { id: 'ch_2f8a', label: t('A friend', 'Ein Freund') },
            { id: 'other', label: t('Other', 'Andere') },
          ],
        },
      ],
      endings: [{ id: 'cmpthankyou00000000000000', type: 'endScreen', headline: t('Thanks', 'Danke') }],
      hiddenFields: { enabled: true, fieldIds: ['plan'] },
    })
    return body.data as Json
  }

  /** A tag of the project (tags come with imported responses), by id. */
  async function tagOf(project: TestProject, surveyId: string, name: string) {
    const made = await json(project, 'POST', '/api/v3/responses', { surveyId, finished: false, data: {} })
    await bed().storage.imports.insertNotesAndTags(project.environmentId, [{ responseId: made.data.id, notes: [], tags: [name] }])
    const tags = await json(project, 'GET', `/api/v3/tags?workspaceId=${project.projectId}`)
    return (tags.data as Array<{ id: string; name: string }>).find((tag) => tag.name === name)!.id
  }

  /** A contact of the project with a `userId`, by id. */
  async function contactOf(project: TestProject, userId: string) {
    const res = await bed().call('GET', `/api/v1/client/${project.environmentId}/identify/contacts/${userId}`)
    assert.is(res.status, 200, res.text)
    const contacts = await json(project, 'GET', '/api/v1/management/contacts')
    const rows = (contacts.data ?? contacts) as Array<{ id: string; userId?: string; attributes?: Record<string, string> }>
    return rows.find((row) => row.userId === userId || row.attributes?.userId === userId)!.id
  }

  /** A survey with the given block ids (each one open text element named after its block). */
  async function blocksSurvey(project: TestProject, blockIds: string[], languages: string[] = []) {
    const text = (value: string) => Object.fromEntries([['en-US', value], ...languages.map((code) => [code, value])])
    const body = await json(project, 'POST', '/api/v3/surveys', {
      workspaceId: project.projectId,
      name: 'Blocks',
      languages: languages.map((code) => ({ code, enabled: true })),
      blocks: blockIds.map((id, i) => ({
        id,
        name: `Block ${i + 1}`,
        elements: [{ id: i === 0 ? 'satisfaction' : `q_${i}`, type: 'openText', headline: text(`Question ${i + 1}`), required: false }],
      })),
    })
    return body.data as Json
  }

  const WS = 'clxx1234567890123456789012'
  const SURVEY = 'clsv1234567890123456789012'

  // ---- the tests ----

  test('openapi-typescript generates a client for every operation Canvass serves', async () => {
    const types = astToString(await openapiTS(pathToFileURL(file)))
    for (const { path } of implemented) assert.ok(types.includes(`"${path}"`), `the generated types name ${path}`)
  })

  test('surveys: list, create (every example), read, patch (every example), delete', async () => {
    const project = await bed().newProject('surveys')
    const client = clientOf(project)
    const action = await json(project, 'POST', '/api/v1/management/action-classes', {
      environmentId: project.environmentId,
      name: 'Opened',
      type: 'code',
      key: 'opened',
    })
    for (const key of ['plan', 'role']) {
      await json(project, 'POST', '/api/v1/management/contact-attribute-keys', { environmentId: project.environmentId, key, name: key })
    }
    const ids = { [WS]: project.projectId, clyy1234567890123456789012: action.data.id }
    for (const [name, example] of Object.entries(examplesOf('/api/v3/surveys', 'post'))) {
      const result = await client.POST('/api/v3/surveys', { body: substitute(example, ids) })
      check(`createSurveyV3 example ${name}`, '/api/v3/surveys', 'post', result, accepted)
    }
    const list = await client.GET('/api/v3/surveys', { params: { query: { workspaceId: project.projectId, limit: 2 } } })
    const page = check('getSurveysV3', '/api/v3/surveys', 'get', list, accepted)
    const next = await client.GET('/api/v3/surveys', {
      params: { query: { workspaceId: project.projectId, limit: 2, cursor: page.meta.nextCursor, includeTotalCount: false } },
    })
    check('getSurveysV3 (second page)', '/api/v3/surveys', 'get', next, accepted)

    const survey = await blocksSurvey(project, ['clbk1234567890123456789012'], ['de-DE'])
    const path = '/api/v3/surveys/{surveyId}'
    const params = { path: { surveyId: survey.id } }
    check('getSurveyV3', path, 'get', await client.GET(path, { params }), accepted)
    check('getSurveyV3 ?lang=de-DE', path, 'get', await client.GET(path, { params: { ...params, query: { lang: ['de-DE'] } } }), accepted)
    for (const [name, example] of Object.entries(examplesOf(path, 'patch'))) {
      check(`patchSurveyV3 example ${name}`, path, 'patch', await client.PATCH(path, { params, body: example }), accepted)
    }
    check('getSurveyV3 (unknown id)', path, 'get', await client.GET(path, { params: { path: { surveyId: SURVEY } } }))
    check('deleteSurveyV3', path, 'delete', await client.DELETE(path, { params }), accepted)
    assertNoFailures()
  })

  test('surveys: archive and restore', async () => {
    const project = await bed().newProject('archive')
    const client = clientOf(project)
    const survey = await blocksSurvey(project, ['clbk1234567890123456789012'])
    const params = { path: { surveyId: survey.id } }
    check(
      'archiveSurveyV3',
      '/api/v3/surveys/{surveyId}/archive',
      'post',
      await client.POST('/api/v3/surveys/{surveyId}/archive', { params }),
      accepted,
    )
    check(
      'restoreSurveyV3',
      '/api/v3/surveys/{surveyId}/restore',
      'post',
      await client.POST('/api/v3/surveys/{surveyId}/restore', { params }),
      accepted,
    )
    assertNoFailures()
  })

  test('surveys: edit blocks and set their order (every example)', async () => {
    const project = await bed().newProject('blocks')
    const client = clientOf(project)
    const path = '/api/v3/surveys/{surveyId}/blocks'
    for (const [name, example] of Object.entries(examplesOf(path, 'patch'))) {
      const survey = await blocksSurvey(project, ['k1p9wq2m4x7c3v8b5n6t0j2r', 'n7m4q8w2e6r0t3y5u1i9o2p4'])
      // The example's `expectedUpdatedAt` stands for "the updatedAt of your last read".
      const body = example.expectedUpdatedAt ? { ...example, expectedUpdatedAt: survey.updatedAt } : example
      check(
        `editSurveyBlocksV3 example ${name}`,
        path,
        'patch',
        await client.PATCH(path, { params: { path: { surveyId: survey.id } }, body }),
        accepted,
      )
    }
    const order = '/api/v3/surveys/{surveyId}/blocks/order'
    for (const [name, example] of Object.entries(examplesOf(order, 'put'))) {
      const survey = await blocksSurvey(project, ['k1p9wq2m4x7c3v8b5n6t0j2r', 'n7m4q8w2e6r0t3y5u1i9o2p4', 'b4h8s2d6f0g3j5k7l9z1x3c5'])
      const body = example.expectedUpdatedAt ? { ...example, expectedUpdatedAt: survey.updatedAt } : example
      check(
        `setSurveyBlockOrderV3 example ${name}`,
        order,
        'put',
        await client.PUT(order, { params: { path: { surveyId: survey.id } }, body }),
        accepted,
      )
    }
    const survey = await blocksSurvey(project, ['k1p9wq2m4x7c3v8b5n6t0j2r'])
    const stale = await client.PUT(order, {
      params: { path: { surveyId: survey.id } },
      body: { order: ['k1p9wq2m4x7c3v8b5n6t0j2r'], expectedUpdatedAt: '2020-01-01T00:00:00.000Z' },
    })
    check('setSurveyBlockOrderV3 (stale)', order, 'put', stale, (status) => (status === 409 ? undefined : `expected 409, got ${status}`))
    assertNoFailures()
  })

  test('surveys: validate (every example)', async () => {
    const project = await bed().newProject('validate')
    const client = clientOf(project)
    const survey = await blocksSurvey(project, ['clbk1234567890123456789012'])
    const ids = { [WS]: project.projectId, [SURVEY]: survey.id }
    for (const [name, example] of Object.entries(examplesOf('/api/v3/surveys/validate', 'post'))) {
      const result = await client.POST('/api/v3/surveys/validate', { body: substitute(example, ids) })
      check(`validateSurveyV3 example ${name}`, '/api/v3/surveys/validate', 'post', result, validTrue)
    }
    const invalid = await client.POST('/api/v3/surveys/validate', {
      body: { operation: 'create', data: { workspaceId: project.projectId, name: 'x', blocks: [] } },
    })
    check('validateSurveyV3 (an invalid document)', '/api/v3/surveys/validate', 'post', invalid, (status, body) =>
      status === 200 && body.data.valid === false ? undefined : 'expected valid: false',
    )
    assertNoFailures()
  })

  test('surveys: visibility', async () => {
    const project = await bed().newProject('visibility')
    const client = clientOf(project)
    const survey = await blocksSurvey(project, ['clbk1234567890123456789012'])
    const path = '/api/v3/surveys/{surveyId}/visibility'
    const params = { path: { surveyId: survey.id } }
    // docs/api.md, "Survey visibility in v3": Canvass answers as the reference answers an API key, 403 `forbidden`.
    const refused = (status: number, body: Json) =>
      status === 403 && body.code === 'forbidden' ? undefined : `expected the key's 403, got ${status}`
    check('getSurveyVisibilityV3', path, 'get', await client.GET(path, { params }), refused)
    for (const [name, example] of Object.entries(examplesOf(path, 'post'))) {
      check(`changeSurveyVisibilityV3 example ${name}`, path, 'post', await client.POST(path, { params, body: example }), refused)
    }
    assertNoFailures()
  })

  test('responses: create (every example), read, list, count', async () => {
    const project = await bed().newProject('responses')
    const client = clientOf(project)
    const survey = await responseSurvey(project)
    const tag = await tagOf(project, survey.id, 'vip')
    const contact = await contactOf(project, 'u_123')
    const ids = { [SURVEY]: survey.id, cltg1234567890123456789012: tag, clct1234567890123456789012: contact }
    const made: string[] = []
    for (const [name, example] of Object.entries(examplesOf('/api/v3/responses', 'post'))) {
      const result = await client.POST('/api/v3/responses', { body: substitute(example, ids) })
      const body = check(`createResponseV3 example ${name}`, '/api/v3/responses', 'post', result, accepted)
      if (body?.data?.id) made.push(body.data.id)
    }
    const one = '/api/v3/responses/{responseId}'
    for (const id of made) check('getResponseV3', one, 'get', await client.GET(one, { params: { path: { responseId: id } } }), accepted)
    const query = { workspaceId: project.projectId, surveyId: survey.id }
    const page = check(
      'getResponsesV3',
      '/api/v3/responses',
      'get',
      await client.GET('/api/v3/responses', { params: { query: { ...query, limit: 2, includeTotalCount: true } } }),
      accepted,
    )
    if (page?.meta?.nextCursor) {
      const next = await client.GET('/api/v3/responses', { params: { query: { ...query, limit: 2, cursor: page.meta.nextCursor } } })
      check('getResponsesV3 (second page)', '/api/v3/responses', 'get', next, accepted)
    }
    const filtered = await client.GET('/api/v3/responses', {
      params: {
        query: { ...query, 'filter[finished][eq]': true, 'filter[createdAt][gte]': '2000-01-01T00:00:00.000Z', sortBy: 'createdAt' },
      },
    })
    check('getResponsesV3 (filtered)', '/api/v3/responses', 'get', filtered, accepted)
    check(
      'countResponsesV3',
      '/api/v3/responses/count',
      'get',
      await client.GET('/api/v3/responses/count', { params: { query } }),
      accepted,
    )
    check(
      'countResponsesV3 (exact)',
      '/api/v3/responses/count',
      'get',
      await client.GET('/api/v3/responses/count', { params: { query: { ...query, precision: 'exact' } } }),
      accepted,
    )
    const bad = await client.GET('/api/v3/responses', { params: { query: { ...query, 'filter[nope][eq]': 'x' } } })
    check('getResponsesV3 (an unknown filter)', '/api/v3/responses', 'get', bad, (status) =>
      status === 400 ? undefined : `expected 400, got ${status}`,
    )
    assertNoFailures()
  })

  test('responses: the answer shape of every element type, embedded data and unresolved keys, in the list and the resource', async () => {
    const project = await bed().newProject('response-shapes')
    const client = clientOf(project)
    const t = (text: string) => ({ default: text })
    const labelled = (...labels: string[]) => labels.map((label, index) => ({ id: `c${index + 1}`, label: t(label) }))
    const elements = [
      { id: 'text', type: 'openText', headline: t('Your name?'), inputType: 'text', required: false },
      { id: 'nps', type: 'nps', headline: t('NPS'), required: false },
      { id: 'rating', type: 'rating', headline: t('Rating'), range: 5, scale: 'star', required: false },
      { id: 'csat', type: 'csat', headline: t('CSAT'), range: 5, scale: 'smiley', required: false },
      { id: 'ces', type: 'ces', headline: t('CES'), range: 5, scale: 'number', required: false },
      { id: 'consent', type: 'consent', headline: t('Consent'), label: t('I agree'), required: false },
      { id: 'cta', type: 'cta', headline: t('CTA'), required: false },
      { id: 'single', type: 'multipleChoiceSingle', headline: t('Single'), choices: labelled('Red', 'Blue'), required: false },
      {
        id: 'multi',
        type: 'multipleChoiceMulti',
        headline: t('Multi'),
        choices: [...labelled('Red', 'Blue'), { id: 'other', label: t('Other') }],
        required: false,
      },
      {
        id: 'picture',
        type: 'pictureSelection',
        headline: t('Picture'),
        choices: [
          { id: 'p1', imageUrl: 'https://example.com/a.png' },
          { id: 'p2', imageUrl: 'https://example.com/b.png' },
        ],
        required: false,
      },
      { id: 'ranking', type: 'ranking', headline: t('Ranking'), choices: labelled('A', 'B', 'C'), required: false },
      { id: 'date', type: 'date', headline: t('Date'), format: 'y-M-d', required: false },
      { id: 'files', type: 'fileUpload', headline: t('Files'), allowMultipleFiles: true, required: false },
      { id: 'cal', type: 'cal', headline: t('Cal'), calUserName: 'someone', required: false },
      {
        id: 'matrix',
        type: 'matrix',
        headline: t('Matrix'),
        rows: [{ id: 'r1', label: t('Speed') }],
        columns: [{ id: 'k1', label: t('Good') }],
        required: false,
      },
      { id: 'address', type: 'address', headline: t('Address'), required: false },
      { id: 'contact', type: 'contactInfo', headline: t('Contact'), required: false },
    ]
    const made = await json(project, 'POST', '/api/v1/management/surveys', {
      environmentId: project.environmentId,
      name: 'Every element',
      status: 'inProgress',
      blocks: [
        { id: 'clbk1234567890123456789012', name: 'Block 1', elements: elements.slice(0, 9) },
        { id: 'clbk2234567890123456789012', name: 'Block 2', elements: elements.slice(9) },
      ],
      hiddenFields: { enabled: true, fieldIds: ['campaign'] },
      variables: [{ id: 'clvr1234567890123456789012', name: 'score', type: 'number', value: 0 }],
    })
    const surveyId = made.data.id as string
    const data = {
      text: 'Ann',
      nps: 9,
      rating: 4,
      csat: 2,
      ces: 4,
      consent: 'accepted',
      cta: 'dismissed',
      single: 'Blue',
      multi: ['Red', 'my own'],
      picture: ['p2'],
      ranking: ['C', 'A', 'B'],
      date: '2026-01-31',
      files: ['https://example.com/storage/a.pdf'],
      cal: 'booked',
      matrix: { Speed: 'Good' },
      address: ['1 Main St', '', 'Springfield', '', '', ''],
      contact: ['Ann', 'Lee', 'ann@example.com', '', ''],
      campaign: 'spring',
      gone: 'an answer to a deleted question',
    }
    const response = await json(project, 'POST', '/api/v1/management/responses', {
      surveyId,
      finished: true,
      data,
      variables: { clvr1234567890123456789012: 7 },
      meta: { source: 'email', url: 'https://example.com/page', userAgent: { browser: 'Firefox', os: 'Linux', device: 'desktop' } },
      ttc: { text: 1500, nps: 2000, _total: 30_000 },
    })
    const one = '/api/v3/responses/{responseId}'
    const read = check(
      'getResponseV3 (every element type)',
      one,
      'get',
      await client.GET(one, { params: { path: { responseId: response.data.id } } }),
      accepted,
    )
    const types = new Set((read?.data?.answers ?? []).map((answer: { elementType: string }) => answer.elementType))
    for (const element of elements)
      assert.ok(types.has(element.type), `an answer of type ${element.type}: ${JSON.stringify(read).slice(0, 400)}`)
    assert.ok((read?.data?.unresolved ?? []).length > 0, 'the answer to a deleted question is unresolved')
    const list = await client.GET('/api/v3/responses', { params: { query: { workspaceId: project.projectId, surveyId } } })
    check('getResponsesV3 (every element type)', '/api/v3/responses', 'get', list, accepted)
    assertNoFailures()
  })

  test('responses: patch (every example), validate (every example), delete, batch delete (every example)', async () => {
    const project = await bed().newProject('response-writes')
    const client = clientOf(project)
    const survey = await responseSurvey(project)
    const tag = await tagOf(project, survey.id, 'vip')
    const create = async () =>
      (await json(project, 'POST', '/api/v3/responses', { surveyId: survey.id, finished: false, data: { nps_score: 7 } })).data.id as string
    const one = '/api/v3/responses/{responseId}'
    for (const [name, example] of Object.entries(examplesOf(one, 'patch'))) {
      const id = await create()
      const result = await client.PATCH(one, {
        params: { path: { responseId: id } },
        body: substitute(example, { cltg1234567890123456789012: tag }),
      })
      check(`updateResponseV3 example ${name}`, one, 'patch', result, accepted)
    }
    const target = await create()
    const ids = { [SURVEY]: survey.id, clrs1234567890123456789012: target }
    for (const [name, example] of Object.entries(examplesOf('/api/v3/responses/validate', 'post'))) {
      const result = await client.POST('/api/v3/responses/validate', { body: substitute(example, ids) })
      check(`validateResponseV3 example ${name}`, '/api/v3/responses/validate', 'post', result, validTrue)
    }
    check('deleteResponseV3', one, 'delete', await client.DELETE(one, { params: { path: { responseId: target } } }), accepted)
    check('getResponseV3 (deleted)', one, 'get', await client.GET(one, { params: { path: { responseId: target } } }))
    const batch = {
      clrs1234567890123456789012: await create(),
      clrs2234567890123456789012: await create(),
      clrs3234567890123456789012: await create(),
    }
    for (const [name, example] of Object.entries(examplesOf('/api/v3/responses/batch-delete', 'post'))) {
      const result = await client.POST('/api/v3/responses/batch-delete', {
        params: { query: { workspaceId: project.projectId } },
        body: substitute(example, batch),
      })
      check(`batchDeleteResponsesV3 example ${name}`, '/api/v3/responses/batch-delete', 'post', result, (status, body) =>
        status === 200 && body.data.deleted === 3 ? undefined : `expected 3 deleted: ${JSON.stringify(body)}`,
      )
    }
    assertNoFailures()
  })

  test('tags, action classes, contact attribute keys', async () => {
    const project = await bed().newProject('lists')
    const client = clientOf(project)
    const survey = await responseSurvey(project)
    const vip = await tagOf(project, survey.id, 'vip')
    const churn = await tagOf(project, survey.id, 'churn')
    const later = await tagOf(project, survey.id, 'later')
    const query = { workspaceId: project.projectId }
    check('listTagsV3', '/api/v3/tags', 'get', await client.GET('/api/v3/tags', { params: { query } }), accepted)
    const one = '/api/v3/tags/{tagId}'
    check('renameTagV3', one, 'patch', await client.PATCH(one, { params: { path: { tagId: vip } }, body: { name: 'VIP' } }), accepted)
    check(
      'renameTagV3 (a taken name)',
      one,
      'patch',
      await client.PATCH(one, { params: { path: { tagId: vip } }, body: { name: 'churn' } }),
    )
    const merge = '/api/v3/tags/{tagId}/merge'
    check(
      'mergeTagsV3',
      merge,
      'post',
      await client.POST(merge, { params: { path: { tagId: later } }, body: { newTagId: churn } }),
      accepted,
    )
    check('deleteTagV3', one, 'delete', await client.DELETE(one, { params: { path: { tagId: churn } } }), accepted)
    check(
      'listActionClassesV3',
      '/api/v3/action-classes',
      'get',
      await client.GET('/api/v3/action-classes', { params: { query } }),
      accepted,
    )
    const keys = await client.GET('/api/v3/contact-attribute-keys', { params: { query: { ...query, limit: 2 } } })
    check('listContactAttributeKeysV3', '/api/v3/contact-attribute-keys', 'get', keys, accepted)
    assertNoFailures()
  })

  test('workspace custom CSS: read, save and clear (every example)', async () => {
    const project = await bed().newProject('css')
    const client = clientOf(project)
    const path = '/api/v3/workspaces/{workspaceId}/custom-css'
    const params = { path: { workspaceId: project.projectId } }
    check('getWorkspaceCustomCssV3', path, 'get', await client.GET(path, { params }), accepted)
    for (const [name, example] of Object.entries(examplesOf(path, 'patch'))) {
      check(`patchWorkspaceCustomCssV3 example ${name}`, path, 'patch', await client.PATCH(path, { params, body: example }), accepted)
    }
    const broken = await client.PATCH(path, { params, body: { customCss: { light: 'a {', dark: null } } })
    check('patchWorkspaceCustomCssV3 (unprocessable CSS)', path, 'patch', broken, (status) =>
      status === 422 ? undefined : `expected 422, got ${status}`,
    )
    assertNoFailures()
  })

  test('errors: 401 without a key, 403 for another workspace', async () => {
    const project = await bed().newProject('errors')
    const anonymous = createClient<Json>({
      baseUrl: url,
      fetch: async (request: Request) => {
        const response = await globalThis.fetch(request)
        raw.set(response, await response.clone().text())
        return response
      },
    })
    check(
      'getSurveysV3 (no key)',
      '/api/v3/surveys',
      'get',
      await anonymous.GET('/api/v3/surveys', { params: { query: { workspaceId: project.projectId } } }),
    )
    const other = await bed().newProject('other')
    const client = clientOf(project)
    check(
      'getResponsesV3 (another workspace)',
      '/api/v3/responses',
      'get',
      await client.GET('/api/v3/responses', { params: { query: { workspaceId: other.projectId } } }),
    )
    assertNoFailures()
  })

  test('every operation of the bundle that Canvass serves was driven', () => {
    const missing = implemented.filter(({ path, method }) => !covered.has(`${method} ${path}`)).map(({ operationId }) => operationId)
    assert.equal(missing, [])
  })

  test.run()
}
