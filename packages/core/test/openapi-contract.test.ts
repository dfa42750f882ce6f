/**
 * Contract fuzzing: every operation of the OpenAPI document, driven in-process against the fetch handler on
 * the test bed with fast-check. Requests generated from the document's own schemas (path parameters often real
 * ids, so that handlers get past their 404) must get a status the operation documents, whose JSON body
 * validates against the document (ajv, draft 2020-12); requests made invalid on purpose (a body of the wrong
 * type, a required field left out or of the wrong type, a query value outside its schema, no API key) must
 * get a documented 4xx; nothing may get a 5xx. 30 runs per operation (`CANVASS_CONTRACT_RUNS` per half, 15
 * unless set, from a fixed seed, `CANVASS_CONTRACT_SEED`); a failure prints the shrunk request. Deleting
 * operations run last, so that the others find their resources.
 */
import type { Canvass, OpenApiDocument } from '@canvass/core'
import { TEST_ORIGIN as ORIGIN, arbitraryOf, resolve, suiteWithBed } from '@canvass/test-bed'
import type { JsonSchema, SchemaContext } from '@canvass/test-bed'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { consoleAccountSettings, createConsoleSession } from '../src/domain/console/console-accounts'
import * as assert from 'uvu/assert'
import { seedCall, seedSurroundings, seedSurveyAndWebhook } from './helpers'
import { mailedLinkToken } from './mailed-link'

const RUNS = Number(process.env.CANVASS_CONTRACT_RUNS ?? 15)
const SEED = Number(process.env.CANVASS_CONTRACT_SEED ?? 20261125)

interface Operation {
  method: string
  path: string
  name: string
  spec: Record<string, any>
}

interface GeneratedRequest {
  path: Record<string, string>
  query: Record<string, unknown>
  headers: Record<string, string>
  body?: unknown
}

const { test, bed } = suiteWithBed('OpenAPI contract fuzzing', {
  apiReferenceBundle: true,
  logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
})
let canvass: Canvass
let document: OpenApiDocument
let context: SchemaContext
let key: string
let ajv: InstanceType<typeof Ajv2020>
/** Real values for path parameters, by parameter name. */
const seeds: Record<string, string[]> = {}
const stats = { operations: 0, requests: 0, started: 0 }
/** Operations that answered 200 at least once, so that their answer schema was checked. */
const answered = new Set<string>()

test.before(async () => {
  stats.started = Date.now()
  canvass = bed().canvass
  const environmentId = bed().envA
  key = bed().keyA
  document = JSON.parse(JSON.stringify(canvass.openApi()))
  context = { components: (document.components as { schemas: Record<string, JsonSchema> }).schemas }
  ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema(document, 'openapi')
  await seed(environmentId)
})

/** One of each resource, through the API itself, so that path parameters can name something real. */
async function seed(environmentId: string): Promise<void> {
  const call = seedCall(canvass, key)
  // The webhook before the response, so that the response makes a delivery of it (never sent: no dispatcher runs here).
  const { survey, webhook } = await seedSurveyAndWebhook(call, environmentId)
  const response = await call(
    'POST',
    `/api/v1/client/${environmentId}/responses`,
    { surveyId: survey.id, finished: false, data: { q1: 'a' }, userId: 'seed-user' },
    false,
  )
  const display = await call('POST', `/api/v1/client/${environmentId}/displays`, { surveyId: survey.id }, false)
  const deliveries = (await call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`)) as unknown as Array<{ id: string }>
  const { segment, quota, attributeClass, actionClass, attributeKey, people, presign } = await seedSurroundings(
    call,
    canvass,
    key,
    environmentId,
    survey.id,
  )
  // The seeded survey's results shared; the share examples below use surveys of their own, so the key stays.
  const shared = await call('POST', `/api/v1/management/surveys/${survey.id}/share`)
  Object.assign(seeds, {
    resultShareKey: [shared.resultShareKey],
    environmentId: [environmentId],
    surveyId: [survey.id],
    responseId: [response.id],
    displayId: [display.id],
    webhookId: [webhook.id],
    deliveryId: deliveries.map((delivery) => delivery.id),
    segmentId: [segment.id],
    quotaId: [quota.id],
    attributeClassId: [attributeClass.id],
    actionClassId: [actionClass.id],
    contactAttributeKeyId: [attributeKey.id],
    personId: people.map((person) => person.id),
    contactId: people.map((person) => person.id),
    userId: ['seed-user'],
    accessType: ['public', 'private'],
    fileName: [presign.updatedFileName],
  })
  seeds.tagId = [await freshTag('seed-tag')]
  // What a respondent's upload answers: a survey with a fileUpload question (not a path parameter).
  const files = await call('POST', '/api/v1/management/surveys', {
    environmentId,
    name: 'Files',
    questions: [{ id: 'file', type: 'fileUpload', headline: { default: 'A file?' }, required: false, allowMultipleFiles: false }],
  })
  seeds.fileSurveyId = [files.id]
  // The reference's workflows and feedback records are not implemented: any id gets the route's 501.
  seeds.workflowId = ['clwf1234567890123456789012']
  seeds.runId = ['clrn1234567890123456789012']
  seeds.feedbackRecordId = ['clfr1234567890123456789012']
  seeds.consolePersonId = [await freshConsolePerson()]
  // A link mailed to a person: its sign-in and reset pages answer 200 (a GET uses nothing).
  const linked = await canvass.admin.addConsolePerson({
    email: `linked-${Date.now()}@example.com`,
    role: 'viewer',
    projectId: bed().projectId,
  })
  seeds.token = [await mailedLinkToken(bed().storage, linked.accountId)]
  // A v3 workspace is the key's project or environment (docs/api.md, "The reference's v3").
  seeds.workspaceId = [environmentId]
}

/** A tag on the seeded response (tags are written by imports and the reference's app); its id. */
async function freshTag(name: string): Promise<string> {
  const environmentId = bed().envA
  await bed().storage.imports.insertNotesAndTags(environmentId, [{ responseId: seeds.responseId![0]!, notes: [], tags: [name] }])
  const tags = await bed().storage.tags.list(environmentId, { limit: 1000 })
  const tag = tags.find((candidate) => candidate.name === name)
  if (!tag) throw new Error(`no tag ${name}`)
  return tag.id
}

function operations(): Operation[] {
  const all: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods as Record<string, Record<string, any>>)) {
      all.push({ method: method.toUpperCase(), path, name: `${method.toUpperCase()} ${path}`, spec })
    }
  }
  // Deletions last, so that every other operation still finds the seeded resources.
  return all.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
}

/** A path parameter: often a real id of its kind, else any string the schema allows. */
function pathValue(name: string): fc.Arbitrary<string> {
  const real = seeds[name] ?? []
  // `.` and `..` are dot segments, which URLs resolve away: no client can send them as a parameter.
  const any = fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text !== '.' && text !== '..')
  return real.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: any }) : any
}

const headerText = fc.string({
  minLength: 1,
  maxLength: 40,
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_.%'.split('')),
})

/** A request the document says is well-formed. */
function validRequest(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const parameters: Array<Record<string, any>> = operation.spec.parameters ?? []
  const path = fc.record(Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p.name)])))
  const queryParameters = parameters.filter((p) => p.in === 'query')
  const queryModel: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
    queryParameters.map((p) => [p.name, arbitraryOf(p.schema, context)]),
  )
  const query = fc.record(queryModel, { requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name as string) })
  const headerParameters = parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'x-api-key')
  const headerModel: Record<string, fc.Arbitrary<string>> = Object.fromEntries(headerParameters.map((p) => [p.name, headerText]))
  const headers = fc.record(headerModel, { requiredKeys: [] as string[] })
  const bodySchema = operation.spec.requestBody?.content?.['application/json']?.schema
  const body = bodySchema ? arbitraryOf(bodySchema, context) : fc.constant(undefined)
  return fc.record({ path, query, headers, body }).map((request) => ({
    ...request,
    headers: { ...(request.headers as Record<string, string>), ...(operation.spec.security?.length ? { 'x-api-key': key } : {}) },
  })) as fc.Arbitrary<GeneratedRequest>
}

/** A JSON value of another type than the schema allows, or undefined when the schema allows every type. */
function wrongTypeFor(schema: JsonSchema): unknown[] {
  const resolved = typeof schema.$ref === 'string' ? resolve(schema.$ref, context) : schema
  const allowed = new Set<string>()
  const collect = (s: JsonSchema) => {
    const r = typeof s.$ref === 'string' ? resolve(s.$ref, context) : s
    for (const choice of r.anyOf ?? r.oneOf ?? []) collect(choice)
    if (Array.isArray(r.type)) r.type.forEach((type: string) => allowed.add(type))
    else if (typeof r.type === 'string') allowed.add(r.type)
    else if (Array.isArray(r.enum) || r.const !== undefined) allowed.add('enum')
    else if (!r.anyOf && !r.oneOf) allowed.add('any')
  }
  collect(resolved)
  if (allowed.has('any')) return []
  const candidates: Array<[string, unknown]> = [
    ['string', 'not-of-this-type'],
    ['number', 123456.5],
    ['boolean', true],
    ['object', { unexpected: 1 }],
    ['array', [1, 2]],
    ['null', null],
  ]
  return candidates
    .filter(([type]) => !allowed.has(type) && !(type === 'number' && allowed.has('integer')) && !(allowed.has('enum') && type === 'string'))
    .map(([, value]) => value)
}

/** A request made invalid on purpose, so that the answer must be a documented 4xx. */
function invalidRequest(operation: Operation): fc.Arbitrary<GeneratedRequest> | undefined {
  const valid = validRequest(operation)
  const bodySchema = operation.spec.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined
  const breakers: Array<fc.Arbitrary<GeneratedRequest>> = []
  if (bodySchema) {
    const resolved = typeof bodySchema.$ref === 'string' ? resolve(bodySchema.$ref, context) : bodySchema
    breakers.push(fc.tuple(valid, fc.constantFrom<unknown>(42, 'text', [1], null, true)).map(([request, body]) => ({ ...request, body })))
    const properties: Record<string, JsonSchema> = resolved.properties ?? {}
    for (const name of resolved.required ?? []) {
      breakers.push(
        valid.map((request) => {
          const body = { ...(request.body as Record<string, unknown>) }
          delete body[name]
          return { ...request, body }
        }),
      )
      const wrong = properties[name] ? wrongTypeFor(properties[name]!) : []
      if (wrong.length > 0) {
        breakers.push(
          fc
            .tuple(valid, fc.constantFrom(...wrong))
            .map(([request, value]) => ({ ...request, body: { ...(request.body as object), [name]: value } })),
        )
      }
    }
  }
  const parameters: Array<Record<string, any>> = operation.spec.parameters ?? []
  for (const parameter of parameters.filter((p) => p.in === 'query' && typeof p.schema?.pattern === 'string')) {
    breakers.push(valid.map((request) => ({ ...request, query: { ...request.query, [parameter.name]: 'not a number!' } })))
  }
  if (operation.spec.security?.length) {
    breakers.push(
      fc.tuple(valid, fc.constantFrom(undefined, 'cvs_not-a-key', key.slice(0, -1))).map(([request, bad]) => {
        const headers = { ...request.headers }
        if (bad === undefined) delete headers['x-api-key']
        else headers['x-api-key'] = bad
        return { ...request, headers }
      }),
    )
  }
  return breakers.length > 0 ? fc.oneof(...breakers) : undefined
}

function toRequest(operation: Operation, generated: GeneratedRequest): Request {
  const path = operation.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(generated.path[name] ?? ''))
  const url = new URL(ORIGIN + path)
  for (const [name, value] of Object.entries(generated.query)) {
    if (value !== undefined) url.searchParams.append(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  const hasBody = generated.body !== undefined && operation.method !== 'GET' && operation.method !== 'DELETE'
  return new Request(url, {
    method: operation.method,
    headers: { ...generated.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(generated.body) : undefined,
  })
}

/** Sends one request and checks the answer against the operation; returns the status. */
async function check(operation: Operation, generated: GeneratedRequest, expectClientError: boolean): Promise<void> {
  stats.requests++
  const answer = await canvass.fetch(toRequest(operation, generated), { clientAddress: '127.0.0.1' })
  const status = answer.status
  const text = await answer.text()
  // A 501 is the documented answer of a route Canvass does not implement; any other 5xx is a failure.
  if (status >= 500 && !(status === 501 && operation.spec.responses?.['501'])) throw new Error(`${status}: ${text.slice(0, 500)}`)
  const documented = operation.spec.responses?.[String(status)]
  if (!documented)
    throw new Error(
      `status ${status} is not documented (documented: ${Object.keys(operation.spec.responses).join(', ')}): ${text.slice(0, 300)}`,
    )
  if (status >= 200 && status < 300) answered.add(operation.name)
  if (expectClientError && (status < 400 || status > 499)) throw new Error(`an invalid request got ${status}: ${text.slice(0, 300)}`)
  const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim()
  const content: Record<string, unknown> = documented.content ?? {}
  if (status === 304 || status === 204 || status === 303) return
  if (!(contentType in content) && !('*/*' in content))
    throw new Error(`${status} answered ${contentType || 'no content type'}, documented ${Object.keys(content).join(', ') || 'none'}`)
  if (contentType === 'application/json') {
    const pointer = `openapi#/paths/${escapePointer(operation.path)}/${operation.method.toLowerCase()}/responses/${status}/content/application~1json/schema`
    const validate = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer })
    if (!validate(JSON.parse(text))) {
      throw new Error(`the ${status} body does not match the document: ${ajv.errorsText(validate.errors)}: ${text.slice(0, 300)}`)
    }
  }
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1').replace(/\{/g, '%7B').replace(/\}/g, '%7D')
}

/**
 * A request each operation answers with 200, for those whose bodies random generation rarely gets right:
 * the answer must then match the document's schema. Others use their seeded path parameters and no query.
 */
const EXAMPLES: Record<string, () => Promise<Partial<GeneratedRequest>>> = {
  'PATCH /api/v3/workspaces/{workspaceId}/custom-css': async () => ({
    body: { customCss: { light: '.cv-headline { color: #123456 }', dark: null } },
  }),
  'POST /api/v1/management/surveys': async () => ({
    body: {
      environmentId: seeds.environmentId![0],
      name: 'Example',
      questions: [{ id: 'q1', type: 'nps', headline: { default: 'Score?' }, required: false }],
    },
  }),
  'PUT /api/v1/management/surveys/{surveyId}': async () => ({ body: { name: 'Renamed' } }),
  'PUT /api/v1/management/styling': async () => ({
    body: { styling: { brandColor: { light: '#0f766e' }, roundness: 8 }, logo: null },
  }),
  'GET /api/v3/surveys': async () => ({ query: { workspaceId: seeds.environmentId![0] } }),
  'GET /api/v1/console/mail': async () => ({ query: { limit: '10' } }),
  'POST /api/v3/surveys': async () => ({
    body: {
      workspaceId: seeds.environmentId![0],
      name: 'Example',
      blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: false }] }],
    },
  }),
  'POST /api/v3/surveys/preview': async () => ({
    body: {
      name: 'Example',
      blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: false }] }],
    },
  }),
  'PATCH /api/v3/surveys/{surveyId}': async () => ({ body: { name: 'Renamed in v3' } }),
  'DELETE /api/v3/surveys/{surveyId}': async () => ({ path: { surveyId: await freshSurvey() } }),
  'POST /api/v3/surveys/{surveyId}/archive': async () => ({ path: { surveyId: await freshSurvey() } }),
  'POST /api/v3/surveys/{surveyId}/restore': async () => ({ path: { surveyId: await freshSurvey() } }),
  // A fresh survey has one block, `q1` (a block made from a question takes its id).
  'PATCH /api/v3/surveys/{surveyId}/blocks': async () => ({
    path: { surveyId: await freshSurvey() },
    body: {
      ops: [
        {
          op: 'insert',
          position: { type: 'end' },
          block: { name: 'Added', elements: [{ id: 'q2', type: 'openText', headline: { 'en-US': 'More?' }, required: false }] },
        },
      ],
    },
  }),
  'PUT /api/v3/surveys/{surveyId}/blocks/order': async () => ({ path: { surveyId: await freshSurvey() }, body: { order: ['q1'] } }),
  'GET /api/v3/action-classes': async () => ({ query: { workspaceId: seeds.environmentId![0] } }),
  'GET /api/v3/contact-attribute-keys': async () => ({ query: { workspaceId: seeds.environmentId![0] } }),
  'GET /api/v3/tags': async () => ({ query: { workspaceId: seeds.environmentId![0] } }),
  'POST /api/v3/tags': async () => ({ body: { workspaceId: seeds.environmentId![0], name: `made-${Math.random()}` } }),
  'PATCH /api/v3/tags/{tagId}': async () => ({ body: { name: 'renamed-seed-tag' } }),
  'DELETE /api/v3/tags/{tagId}': async () => ({ path: { tagId: await freshTag(`doomed-${Math.random()}`) } }),
  'POST /api/v3/tags/{tagId}/merge': async () => ({
    path: { tagId: await freshTag(`merged-${Math.random()}`) },
    body: { newTagId: seeds.tagId![0] },
  }),
  'POST /api/v3/surveys/import': async () => ({
    body: {
      workspaceId: seeds.environmentId![0],
      document: {
        name: 'Imported',
        blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: true }] }],
      },
    },
  }),
  'POST /api/v3/surveys/validate': async () => ({
    body: {
      operation: 'create',
      data: {
        workspaceId: seeds.environmentId![0],
        name: 'Example',
        blocks: [{ name: 'Main', elements: [{ id: 'q1', type: 'openText', headline: { 'en-US': 'Why?' }, required: true }] }],
      },
    },
  }),
  'GET /api/v3/responses': async () => ({ query: { workspaceId: seeds.environmentId![0] } }),
  'GET /api/v3/responses/count': async () => ({ query: { workspaceId: seeds.environmentId![0] } }),
  'POST /api/v3/responses': async () => ({
    body: { surveyId: seeds.surveyId![0], finished: true, data: { q1: 'x' } },
  }),
  'POST /api/v3/responses/validate': async () => ({
    body: { operation: 'create', data: { surveyId: seeds.surveyId![0], finished: true, data: { q1: 'x' } } },
  }),
  'PATCH /api/v3/responses/{responseId}': async () => ({ body: { data: { q1: 'y' } } }),
  'DELETE /api/v3/responses/{responseId}': async () => ({ path: { responseId: await freshResponse() } }),
  'POST /api/v3/responses/batch-delete': async () => ({
    query: { workspaceId: seeds.environmentId![0] },
    body: { ids: [await freshResponse()] },
  }),
  'POST /api/v1/management/responses': async () => ({ body: { surveyId: seeds.surveyId![0], finished: true, data: { q1: 'x' } } }),
  'PUT /api/v1/management/responses/{responseId}': async () => ({ body: { data: { q1: 'y' } } }),
  'POST /api/v1/client/{environmentId}/responses': async () => ({
    body: { surveyId: seeds.surveyId![0], finished: false, data: { q1: 'x' } },
  }),
  'PUT /api/v1/client/{environmentId}/responses/{responseId}': async () => ({
    path: { responseId: await freshResponse() },
    body: { finished: false, data: { q1: 'z' } },
  }),
  'PUT /api/v1/client/responses/{responseId}': async () => ({
    path: { responseId: await freshResponse() },
    body: { finished: false, data: { q1: 'z' } },
  }),
  'POST /api/v2/client/{environmentId}/responses': async () => ({
    body: { surveyId: seeds.surveyId![0], finished: false, data: { q1: 'x' } },
  }),
  'PUT /api/v2/client/{environmentId}/responses/{responseId}': async () => ({
    path: { responseId: await freshResponse() },
    body: { finished: true, data: {} },
  }),
  'POST /api/v1/client/{environmentId}/displays': async () => ({ body: { surveyId: seeds.surveyId![0] } }),
  'POST /api/v2/client/{environmentId}/displays': async () => ({ body: { surveyId: seeds.surveyId![0] } }),
  'PUT /api/v1/client/{environmentId}/contacts/{userId}/attributes': async () => ({ body: { attributes: { plan: 'pro' } } }),
  'POST /api/v1/client/{environmentId}/user': async () => ({ body: { userId: 'example-user', attributes: { plan: 'free' } } }),
  // One JSON-RPC message, with the Accept the Streamable HTTP transport asks for.
  'POST /api/mcp': async () => ({
    headers: { accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id: 1, method: 'ping' },
  }),
  'POST /api/v2/client/{environmentId}/user': async () => ({ body: { userId: 'example-user' } }),
  'POST /api/v1/management/storage': async () => ({ body: { fileName: 'a.txt', fileType: 'text/plain' } }),
  'POST /api/v1/client/{environmentId}/storage': async () => ({ body: { fileName: 'a.txt', fileType: 'text/plain', ...fileElement() } }),
  'POST /api/v2/client/{environmentId}/storage': async () => ({ body: { fileName: 'a.txt', fileType: 'text/plain', ...fileElement() } }),
  'POST /api/v1/management/storage/local': async () => signedUpload('/api/v1/management/storage'),
  'POST /api/v1/client/{environmentId}/storage/local': async () => signedUpload(`/api/v1/client/${seeds.environmentId![0]}/storage`),
  'POST /api/v1/webhooks': async () => ({ body: { url: 'https://example.invalid/other', triggers: ['responseFinished'] } }),
  'PATCH /api/v1/management/webhooks/{webhookId}': async () => ({ body: { name: 'Renamed' } }),
  'POST /api/v1/management/editor-tokens': async () => ({ body: { workspaceId: seeds.environmentId![0], expiresIn: 600 } }),
  'POST /api/v1/management/segments': async () => ({ body: { environmentId: seeds.environmentId![0], title: 'Example', filters: [] } }),
  'PUT /api/v1/management/segments/{segmentId}': async () => ({ body: { title: 'Renamed' } }),
  'PUT /api/v1/management/environment': async () => ({ body: { responseRetentionDays: 365 } }),
  'POST /api/v1/management/surveys/{surveyId}/quotas': async () => ({
    body: {
      name: 'Example quota',
      limit: 3,
      logic: { connector: 'or', conditions: [{ id: 'c', leftOperand: { type: 'element', value: 'q1' }, operator: 'isSubmitted' }] },
      action: 'continueSurvey',
      countPartialSubmissions: true,
    },
  }),
  'PUT /api/v1/management/surveys/{surveyId}/quotas/{quotaId}': async () => ({ body: { limit: 4 } }),
  'POST /api/v1/management/attribute-classes': async () => ({
    body: { environmentId: seeds.environmentId![0], name: 'example', type: 'code' },
  }),
  'PUT /api/v1/management/attribute-classes/{attributeClassId}': async () => ({ body: { description: 'changed' } }),
  'POST /api/v1/management/action-classes': async () => ({
    body: { environmentId: seeds.environmentId![0], name: 'Example', type: 'code', key: 'example' },
  }),
  'PUT /api/v1/management/action-classes/{actionClassId}': async () => ({ body: { description: 'changed' } }),
  'POST /api/v1/management/contact-attribute-keys': async () => ({ body: { environmentId: seeds.environmentId![0], key: 'exampleKey' } }),
  'PUT /api/v1/management/contact-attribute-keys/{contactAttributeKeyId}': async () => ({ body: { description: 'changed' } }),
  'POST /api/v1/management/responses/bulk': async () => ({
    body: { responses: [{ surveyId: seeds.surveyId![0], finished: true, data: { q1: 'bulk' } }] },
  }),
  'GET /api/v1/management/responses/export': async () => ({ query: { surveyId: seeds.surveyId![0], format: 'ndjson' } }),
  'GET /api/v1/management/surveys/{surveyId}/answers': async () => ({ query: { questionId: 'q1', search: 'a', limit: '5' } }),
  'POST /api/v1/management/storage/file-links': async () => ({
    body: { url: `${ORIGIN}/storage/${seeds.environmentId![0]}/public/${encodeURIComponent(seeds.fileName![0] as string)}` },
  }),
  'POST /api/v1/management/responses/export-links': async () => ({
    body: { surveyId: seeds.surveyId![0], format: 'csv', filters: { finished: 'true' } },
  }),
  // A link minted as the console mints one: the download's query is the link's, its token included.
  'GET /api/v1/management/responses/export/download': async () => {
    const minted = await canvass.fetch(
      new Request(`${ORIGIN}/api/v1/management/responses/export-links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ surveyId: seeds.surveyId![0], format: 'ndjson' }),
      }),
    )
    const { url } = ((await minted.json()) as { data: { url: string } }).data
    return { query: Object.fromEntries(new URL(url).searchParams) }
  },
  'POST /api/v1/management/responses/anonymize': async () => ({ body: { responseIds: [await freshResponse()] } }),
  // Deletions of resources of their own, so that the seeded ones stay for the rest.
  'DELETE /api/v1/management/surveys/{surveyId}': async () => ({ path: { surveyId: await freshSurvey() } }),
  'POST /api/v1/management/surveys/{surveyId}/share': async () => ({ path: { surveyId: await freshSurvey() } }),
  'DELETE /api/v1/management/surveys/{surveyId}/share': async () => ({ path: { surveyId: await freshSurvey() } }),
  'GET /share/{resultShareKey}/summary.json': async () => ({ query: { finished: 'true', lang: 'default', startDate: '2026-01-01' } }),
  'DELETE /api/v1/management/responses/{responseId}': async () => ({ path: { responseId: await freshResponse() } }),
  'POST /api/v1/management/responses/delete': async () => ({ body: { responseIds: [await freshResponse()] } }),
  'POST /api/v1/management/responses/{responseId}/notes': async () => ({ body: { text: 'A note' } }),
  'PATCH /api/v1/management/responses/{responseId}/notes/{noteId}': async () => ({
    path: await freshNote(),
    body: { text: 'An edited note' },
  }),
  'DELETE /api/v1/management/responses/{responseId}/notes/{noteId}': async () => ({ path: await freshNote() }),
  'POST /api/v1/management/responses/{responseId}/tags': async () => ({ body: { tagId: seeds.tagId![0] } }),
  'DELETE /api/v1/management/responses/{responseId}/tags/{tagId}': async () => ({ path: { tagId: seeds.tagId![0] as string } }),
  'DELETE /api/v1/management/people/{personId}': async () => ({ path: { personId: await freshContact() } }),
  'POST /api/v1/management/api-keys': async () => ({ body: { label: 'Example' } }),
  // The console's page for a signed-in viewer (its session made in the store, as a sign-in makes it).
  'GET /console': async () => {
    const person = await bed().storage.consoleAccounts.getPerson(await freshConsolePerson())
    if (!person) throw new Error('the console person is not stored')
    const session = await createConsoleSession(
      { storage: bed().storage, now: () => new Date() },
      { id: person.accountId },
      consoleAccountSettings(true),
    )
    return { headers: { cookie: `canvass_console=${session.token}` } }
  },
  // A key of its own, so that the bed's stays live for the rest.
  'DELETE /api/v1/management/api-keys/{apiKeyId}': async () => ({
    path: { apiKeyId: (await canvass.admin.createApiKey({ environmentId: seeds.environmentId![0] as string, label: 'example' })).id },
  }),
  // Single sign-on's last page, the same for everyone: it only goes on to /console.
  'GET /console/signed-in': async () => ({}),
  // The bed has no single sign-on provider: these answer their 404 page (a provider's flow is console-sso.test.ts's).
  'GET /console/sso/{providerId}': async () => ({ path: { providerId: 'keycloak' } }),
  'GET /console/sso/{providerId}/callback': async () => ({ path: { providerId: 'keycloak' }, query: { code: 'x', state: 'y' } }),
  'POST /api/v1/console/people': async () => ({ body: { email: `example-${Date.now()}@example.com`, role: 'viewer' } }),
  'PATCH /api/v1/console/people/{consolePersonId}': async () => ({
    path: { consolePersonId: await freshConsolePerson() },
    body: { role: 'editor' },
  }),
  'DELETE /api/v1/console/people/{consolePersonId}': async () => ({ path: { consolePersonId: await freshConsolePerson() } }),
  'POST /api/v1/console/people/{consolePersonId}/link': async () => ({ path: { consolePersonId: await freshConsolePerson() } }),
  'DELETE /api/v1/management/contacts/{contactId}': async () => ({ path: { contactId: await freshContact() } }),
  'DELETE /api/v1/console/people/{consolePersonId}/sessions/{consoleSessionId}': async () => {
    const { personId, sessionId } = await freshConsoleSession()
    return { path: { consolePersonId: personId, consoleSessionId: sessionId } }
  },
  'DELETE /api/v1/console/people/{consolePersonId}/sessions': async () => ({
    path: { consolePersonId: (await freshConsoleSession()).personId },
  }),
  // One's own sessions are a signed-in person's: the console's headers, and no key.
  'GET /api/v1/console/me/sessions': async () => ({ headers: (await freshConsoleSession()).headers }),
  'DELETE /api/v1/console/me/sessions': async () => ({ headers: (await freshConsoleSession()).headers }),
  'DELETE /api/v1/console/me/sessions/{consoleSessionId}': async () => {
    const { headers, sessionId } = await freshConsoleSession()
    return { headers, path: { consoleSessionId: sessionId } }
  },
}

/**
 * A viewer of the bed's project signed in (the session made in the store, as a sign-in makes it): its ids, and
 * the headers of a console call (the cookie, the console header, the page's CSRF token; `x-api-key` dropped).
 */
async function freshConsoleSession(): Promise<{ personId: string; sessionId: string; headers: Record<string, string> }> {
  const personId = await freshConsolePerson()
  const person = await bed().storage.consoleAccounts.getPerson(personId)
  if (!person) throw new Error('the console person is not stored')
  const session = await createConsoleSession(
    { storage: bed().storage, now: () => new Date() },
    { id: person.accountId },
    consoleAccountSettings(true),
  )
  const cookie = `canvass_console=${session.token}`
  const page = await (await canvass.fetch(new Request(`${ORIGIN}/console`, { headers: { cookie } }))).text()
  const boot = JSON.parse(/<script type="application\/json" id="canvass-console-boot">([^<]*)<\/script>/.exec(page)?.[1] ?? 'null')
  const headers = { cookie, 'x-canvass-console': '1', 'x-canvass-csrf': boot.csrfToken, 'x-api-key': undefined as unknown as string }
  return { personId, sessionId: session.id, headers }
}

/** A viewer of the console of the bed's project; its id. */
async function freshConsolePerson(): Promise<string> {
  const email = `person-${Math.random().toString(36).slice(2)}@example.com`
  return (await canvass.admin.addConsolePerson({ email, role: 'viewer', projectId: bed().projectId })).id
}

async function freshSurvey(): Promise<string> {
  const answer = await canvass.fetch(
    new Request(`${ORIGIN}/api/v1/management/surveys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({
        environmentId: seeds.environmentId![0],
        name: 'Doomed',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Hm?' }, required: false }],
      }),
    }),
  )
  return ((await answer.json()) as { data: { id: string } }).data.id
}

/** A new contact (made by identifying a new user id); its id. */
async function freshContact(): Promise<string> {
  const userId = `doomed-${Math.random().toString(36).slice(2)}`
  await canvass.fetch(new Request(`${ORIGIN}/api/v1/client/${seeds.environmentId![0]}/identify/contacts/${userId}`))
  const answer = await canvass.fetch(new Request(`${ORIGIN}/api/v1/management/contacts?limit=1000`, { headers: { 'x-api-key': key } }))
  const contacts = ((await answer.json()) as { data: Array<{ id: string; userId: string }> }).data
  const contact = contacts.find((candidate) => candidate.userId === userId)
  if (!contact) throw new Error(`no contact ${userId}`)
  return contact.id
}

/** An unfinished response of the seeded survey, for the updates that finish one. */
async function freshResponse(): Promise<string> {
  const answer = await canvass.fetch(
    new Request(`${ORIGIN}/api/v1/client/${seeds.environmentId![0]}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ surveyId: seeds.surveyId![0], finished: false, data: {} }),
    }),
  )
  return ((await answer.json()) as { data: { id: string } }).data.id
}

/** A note on a fresh response: the path parameters of the note routes. */
async function freshNote(): Promise<{ responseId: string; noteId: string }> {
  const responseId = await freshResponse()
  const answer = await canvass.fetch(
    new Request(`${ORIGIN}/api/v1/management/responses/${responseId}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ text: 'A note' }),
    }),
  )
  return { responseId, noteId: ((await answer.json()) as { data: { id: string } }).data.id }
}

/** The headers and body of an upload signed by the presign at `presignPath`. */
/** The survey and fileUpload element a respondent's upload names. */
const fileElement = () => ({ surveyId: seeds.fileSurveyId![0], elementId: 'file' })

async function signedUpload(presignPath: string): Promise<Partial<GeneratedRequest>> {
  const client = presignPath.includes('/client/')
  const answer = await canvass.fetch(
    new Request(ORIGIN + presignPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ fileName: 'b.txt', fileType: 'text/plain', ...(client ? fileElement() : {}) }),
    }),
  )
  const signed = ((await answer.json()) as { data: Record<string, any> }).data
  return {
    headers: {
      'x-api-key': key,
      'X-File-Type': 'text/plain',
      'X-File-Name': encodeURIComponent(signed.updatedFileName),
      'X-Signature': signed.signingData.signature,
      'X-Timestamp': String(signed.signingData.timestamp),
      'X-UUID': signed.signingData.uuid,
      ...(client ? { 'X-Survey-ID': fileElement().surveyId, 'X-Element-ID': 'file' } : {}),
    },
    body: { fileBase64String: btoa('example') },
  }
}

test('every operation answers its example with 200 and a body the document describes', async () => {
  for (const operation of operations()) {
    const parameters: Array<Record<string, any>> = operation.spec.parameters ?? []
    const example = (await EXAMPLES[operation.name]?.()) ?? {}
    const request: GeneratedRequest = {
      path: {
        ...Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, seeds[p.name]?.[0] ?? ''])),
        ...example.path,
      },
      query: { ...example.query },
      // An example's header set to undefined is left out (a console session's call carries no key).
      headers: Object.fromEntries(
        Object.entries({ ...(operation.spec.security?.length ? { 'x-api-key': key } : {}), ...example.headers }).filter(
          ([, value]) => value !== undefined,
        ),
      ),
      body: example.body,
    }
    try {
      await check(operation, request, false)
    } catch (error) {
      throw new Error(`${operation.name} with ${JSON.stringify(request)}: ${error instanceof Error ? error.message : String(error)}`)
    }
    // A route Canvass does not implement documents no success, only its 501.
    if (!Object.keys(operation.spec.responses).some((status) => status.startsWith('2'))) continue
    assert.ok(answered.has(operation.name), `${operation.name} answered its example with 2xx`)
  }
})

test('every operation answers generated requests as documented, and invalid ones with a documented 4xx', async () => {
  const all = operations()
  assert.ok(all.length >= 60, `the document has ${all.length} operations`)
  for (const [index, operation] of all.entries()) {
    stats.operations++
    const seed = SEED + index
    await runProperty(
      operation,
      'generated',
      fc.asyncProperty(validRequest(operation), (request) => check(operation, request, false)),
      seed,
    )
    const invalid = invalidRequest(operation)
    if (invalid)
      await runProperty(
        operation,
        'invalid',
        fc.asyncProperty(invalid, (request) => check(operation, request, true)),
        seed,
      )
  }
  const unanswered = all
    .filter((operation) => Object.keys(operation.spec.responses).some((status) => status.startsWith('2')))
    .map((operation) => operation.name)
    .filter((name) => !answered.has(name))
  console.log(
    `Contract fuzzing: ${stats.operations} operations, ${stats.requests} requests, ${((Date.now() - stats.started) / 1000).toFixed(1)} s ` +
      `(seed ${SEED}, ${RUNS} runs per half); ${answered.size} operations answered 200 at least once.`,
  )
  if (unanswered.length > 0) console.log(`Never 200 on generated requests (their examples did): ${unanswered.join('; ')}`)
})

async function runProperty(
  operation: Operation,
  kind: string,
  property: fc.IAsyncProperty<[GeneratedRequest]>,
  seed: number,
): Promise<void> {
  try {
    await fc.assert(property, { numRuns: RUNS, seed, endOnFailure: false, interruptAfterTimeLimit: 20_000 })
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\nCause: ${error.cause.message}` : ''
    throw new Error(`${operation.name}, ${kind} requests (seed ${seed}): ${error instanceof Error ? error.message : String(error)}${cause}`)
  }
}

test.run()
