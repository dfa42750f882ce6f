import { toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema'
import type { JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import type { ErrorStatus, RouteEntry } from '../http/route-doc'
import { isClientRoute, pathParameters } from '../http/route-table'
import * as answers from '../schemas/answers'
import { actionClassCreateSchema, noCodeConfigSchema } from '../schemas/action-class'
import { responseCreateSchema, responseUpdateSchema } from '../schemas/response'
import { segmentFiltersSchema } from '../schemas/segment'
import { surveyEndingSchema, surveyQuestionSchema } from '../schemas/survey'

/** Schemas named in `components.schemas` (and referenced where they occur), as answers and as request bodies. */
const OUTPUT_SCHEMAS: Record<string, v.GenericSchema> = {
  Error: answers.errorAnswer,
  UploadError: answers.uploadErrorAnswer,
  Environment: answers.meAnswer,
  Survey: answers.surveyAnswer,
  Segment: answers.segmentAnswer,
  Response: answers.responseAnswer,
  AttributeClass: answers.attributeClassAnswer,
  ActionClass: answers.actionClassAnswer,
  ContactAttributeKey: answers.contactAttributeKeyAnswer,
  Contact: answers.contactAnswer,
  ContactAttribute: answers.contactAttributeAnswer,
  Webhook: answers.webhookAnswer,
  WebhookDelivery: answers.deliveryAnswer,
  UserState: answers.userStateAnswer,
  EnvironmentState: answers.environmentStateAnswer,
  Presign: answers.presignAnswer,
  Problem: answers.problemAnswer,
}
const INPUT_SCHEMAS: Record<string, v.GenericSchema> = {
  SurveyQuestion: surveyQuestionSchema,
  SurveyEnding: surveyEndingSchema,
  SegmentFilters: segmentFiltersSchema,
  NoCodeConfig: noCodeConfigSchema,
  ResponseCreate: responseCreateSchema,
  ResponseUpdate: responseUpdateSchema,
  ActionClassCreate: actionClassCreateSchema,
}

/** The OpenAPI 3.1 document of a route table, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.1'; paths: Record<string, Record<string, unknown>> }

export interface OpenApiOptions {
  /** The server's URL: `publicUrl` when set, else the base path (a relative URL, `/` without one). */
  serverUrl: string
  /** The version of the API the document describes. */
  version: string
}

const MESSAGES: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  204: 'Done: no content',
  303: 'Done: on to the page `Location` names (no body)',
  304: 'Not modified: the `If-None-Match` tag is current',
  400: 'Bad request: malformed JSON, a field missing or wrong (`details` names each), or a domain rule',
  401: 'No valid API key, or the resource belongs to another environment',
  403: 'The survey accepts no submissions',
  404: "No such resource (or route) in the caller's environment",
  409: 'A request with this Idempotency-Key is still running',
  413: 'The body, or the stored response it would make, is too large',
  415: 'A JSON route was sent `multipart/*` or `application/x-www-form-urlencoded`',
  422: 'This Idempotency-Key was used for another request',
  429: 'Rate limited: `Retry-After`, `RateLimit-Policy` and `RateLimit` say when to come back',
  503: 'The database is unreachable for now; nothing was written (`Retry-After`)',
}

/** Where a v3 route's problem means something else than the v1 error of the same status. */
const PROBLEM_MESSAGES: Record<number, string> = {
  400: 'Bad request: malformed JSON, an unknown or wrong query parameter or field (`invalid_params` names each)',
  401: 'No valid API key',
  403: "The workspace or the resource is not the key's, or does not exist (the two are not told apart)",
  404: 'No such route',
  422: 'The request is well-formed but cannot be applied to what is stored (`invalid_params` says why)',
  501: 'Not implemented by Canvass: the problem links to the docs',
}

/** The statuses a route's description implies, besides 200 and its `errors`. */
export function impliedErrors(route: RouteEntry): number[] {
  const statuses = new Set<number>([429, 503, ...(route.errors ?? [])])
  if (route.auth === 'apiKey' || route.auth === 'upload' || route.auth === 'file') statuses.add(401)
  if (route.body !== undefined) [400, 413].forEach((status) => statuses.add(status))
  if (route.body !== undefined && route.body !== 'upload') statuses.add(415)
  if (route.query) statuses.add(400)
  if (pathParameters(route.path).length > 0) statuses.add(404)
  if (route.etag) statuses.add(304)
  if (route.idempotent) [400, 409, 422].forEach((status) => statuses.add(status))
  if (route.notImplemented) statuses.add(501)
  return [...statuses].sort((a, b) => a - b)
}

/** Builds the document: one operation per route, its schemas from the valibot schemas the route uses. */
export function openApiDocument(routes: readonly RouteEntry[], options: OpenApiOptions): OpenApiDocument {
  const components = new Components()
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    ;(paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, components)
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Canvass API',
      version: options.version,
      summary: 'A drop-in compatible implementation of the Formbricks v1 HTTP API.',
      description:
        'Management routes take an API key in `x-api-key` or as `Authorization: Bearer <key>`; client routes take none and answer CORS. Every ' +
        'success is 200 with `{ "data": … }` (but `/api/v1/me`); errors are `{ code, message, details }`. ' +
        'Lists are pages of at most `limit` rows, newest first; a `Link` header with `rel="next"` points ' +
        'to the next page. Routes marked `x-requires` exist only when Canvass is created with that option.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: [{ url: options.serverUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The same management key as `Authorization: Bearer <key>`' },
        editorToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cvse_…',
          description:
            'An editor token (`POST /api/v1/management/editor-tokens`), on the routes marked `x-editor-token`: `workspace` (a token ' +
            'bound to one survey only where the route writes nothing), `survey` (a bound token for its survey only). See docs/editor.md.',
        },
      },
      schemas: components.schemas,
    },
  }
}

/** The operation of one route: who may call it, its parameters, body and answers, and Canvass's extensions. */
function operationOf(route: RouteEntry, components: Components): Record<string, unknown> {
  const operation: Record<string, unknown> = {
    operationId: operationId(route),
    // A title, as RapiDoc and most viewers show it: plain text (OpenAPI leaves markdown to `description`).
    summary: route.summary.replaceAll('`', ''),
    ...(route.description ? { description: route.description } : {}),
    tags: [tagOf(route.path)],
    ...(route.auth === 'apiKey'
      ? { security: [{ apiKey: [] }, { bearerAuth: [] }, ...(route.editorToken ? [{ editorToken: [] }] : [])] }
      : route.auth === 'none'
        ? { security: [] }
        : {}),
  }
  const parameters = parametersOf(route, components)
  if (parameters.length > 0) operation.parameters = parameters
  const requestBody = requestBodyOf(route, components)
  if (requestBody !== undefined) operation.requestBody = requestBody
  // The console's bundle is for its own page only: no CORS.
  if (isClientRoute(route.path) || (route.produces === 'text/javascript' && route.requires !== 'console')) {
    operation['x-cors'] = 'Access-Control-Allow-Origin: *'
  }
  if (route.editorToken) {
    // The editor runs in the app's page, on any origin (docs/editor.md#editor-tokens).
    operation['x-cors'] = 'Access-Control-Allow-Origin: *'
    operation['x-editor-token'] = route.editorToken
  }
  if (route.requires) operation['x-requires'] = route.requires
  operation.responses = responsesOf(route, components)
  return operation
}

/** A route's parameters: its path's, its query's, `Idempotency-Key` where it takes one, an upload's signing headers. */
function parametersOf(route: RouteEntry, components: Components): unknown[] {
  const parameters: unknown[] = pathParameters(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1 },
  }))
  if (route.query) {
    const query = components.inline(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema })
    }
  }
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Retry safely: the same key and body within 24 h get the first answer again',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?$' },
    })
  }
  // Without the signing headers, a multipart upload is signed by the presign's `presignedFields` as its fields.
  if (route.auth === 'upload')
    parameters.push(
      ...UPLOAD_HEADERS.map((name) => ({
        name,
        in: 'header',
        required: false,
        description: UPLOAD_HEADER_NOTES[name] ?? UPLOAD_HEADER_NOTE,
        schema: { type: 'string' },
      })),
    )
  return parameters
}

/** A route's request body: a file upload's two forms, or the JSON its schema takes. */
function requestBodyOf(route: RouteEntry, components: Components): unknown {
  if (route.body === 'upload') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: "The file; without the signing headers, the presign's `presignedFields` as fields before it",
            properties: {
              ...Object.fromEntries(PRESIGNED_FIELDS.map((name) => [name, { type: 'string' }])),
              file: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
            required: ['file'],
          },
        },
        'application/json': {
          schema: { type: 'object', properties: { fileBase64String: { type: 'string' } }, required: ['fileBase64String'] },
        },
      },
    }
  }
  if (route.body) return { required: true, content: { 'application/json': { schema: components.inline(route.body, 'input') } } }
  return undefined
}

/** A route's answers: its success (none for a route that only refuses) and every error it may give. */
function responsesOf(route: RouteEntry, components: Components): Record<string, unknown> {
  const errorRef = { $ref: '#/components/schemas/Error' }
  const uploadErrorRef = { $ref: '#/components/schemas/UploadError' }
  const problemRef = { $ref: '#/components/schemas/Problem' }
  const success = route.status ?? 200
  const responses: Record<string, unknown> =
    route.notImplemented || route.noSuccess
      ? {}
      : {
          [success]:
            success === 204 || success === 303
              ? { description: MESSAGES[success] }
              : { description: MESSAGES[success], content: answerContent(route, components) },
        }
  if (route.dryRunAnswer) {
    responses[200] = {
      description: 'Dry run: nothing was written',
      content: { 'application/json': { schema: components.inline(route.dryRunAnswer, 'output') } },
    }
  }
  if (route.redirects) responses[303] = { description: 'On to the page `Location` names (no body): for a page, its sign-in' }
  for (const status of impliedErrors(route)) {
    if (status === 304) {
      responses[304] = { description: MESSAGES[304] }
      continue
    }
    const ref = route.auth === 'upload' && status !== 429 && status !== 503 ? uploadErrorRef : errorRef
    // Limits and outages are answered before the route runs, in the contract's shape.
    const problem = route.problems && status !== 429 && status !== 503
    const content = problem
      ? { 'application/problem+json': { schema: problemRef } }
      : (route.path === '/api/v1/me' || route.path === '/api/v1/management/me') && status === 401
        ? { 'text/plain': { schema: { type: 'string' } } }
        : route.produces === 'text/html' && status !== 429 && status !== 503
          ? { 'text/html': { schema: { type: 'string' } } }
          : { 'application/json': { schema: ref } }
    responses[status] = { description: (problem ? PROBLEM_MESSAGES[status] : undefined) ?? MESSAGES[status] ?? 'Error', content }
  }
  return responses
}

const UPLOAD_HEADERS = [
  'X-File-Type',
  'X-File-Name',
  'X-Environment-ID',
  'X-Signature',
  'X-UUID',
  'X-Timestamp',
  'X-Survey-ID',
  'X-Element-ID',
  'x-api-key',
]
const UPLOAD_HEADER_NOTE =
  "From the presign (x-api-key: the management key); a multipart body may carry the presign's `presignedFields` instead of the signing headers"
/** The two headers that are not the signature's: which survey and file-upload element the file answers. */
const UPLOAD_HEADER_NOTES: Record<string, string> = {
  'X-Survey-ID':
    'The survey the file belongs to, as presigned: required on the client route (a survey of the environment), optional on the management route',
  'X-Element-ID':
    "The survey's fileUpload element (question) the file answers, as presigned: required on the client route, whose limits it applies; not read on the management route",
}
const PRESIGNED_FIELDS = ['fileName', 'fileType', 'environmentId', 'uuid', 'timestamp', 'signature', 'surveyId', 'elementId']

function answerContent(route: RouteEntry, components: Components): Record<string, unknown> {
  if (route.produces === 'text/html') return { 'text/html': { schema: { type: 'string' } } }
  if (route.produces === 'text/javascript') return { 'text/javascript': { schema: { type: 'string' } } }
  if (route.produces === 'text/csv')
    return {
      'text/csv': { schema: { type: 'string' } },
      'application/x-ndjson': { schema: { type: 'string' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
    }
  if (route.produces === 'file')
    return { '*/*': { schema: { type: 'string', description: 'the file, with the media type it was uploaded with' } } }
  return { [route.mediaType ?? 'application/json']: { schema: route.answer ? components.inline(route.answer, 'output') : {} } }
}

/** `getManagementSurveysBySurveyId`-like ids, unique per method and path. */
function operationId(route: RouteEntry): string {
  const words = route.path
    .split('/')
    .filter((part) => part !== '' && part !== 'api')
    .map((part) => (part.startsWith(':') ? `By-${part.slice(1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return route.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
}

/** The group a route is listed under. */
export function tagOf(path: string): string {
  if (path.startsWith('/api/v2/client/')) return 'client (v2)'
  if (path.startsWith('/api/v1/client/')) return 'client'
  if (path.startsWith('/api/v1/management/')) return path.split('/')[4] ?? 'management'
  if (path.startsWith('/api/v1/webhooks')) return 'webhooks'
  if (path.startsWith('/api/v3/')) return `v3 ${path.split('/')[3] ?? ''}`.trim()
  if (path.startsWith('/api/v1/schemas/')) return 'documentation'
  if (path.startsWith('/storage/')) return 'files'
  if (path.startsWith('/js/') || path.startsWith('/s/')) return 'widget'
  if (path === '/api/v1/openapi.json' || path === '/api/v1/docs') return 'documentation'
  return 'account'
}

/**
 * Conversions with the options Canvass uses, and the named schemas they reference: JSON Schema 2020-12, with
 * checks that JSON Schema cannot say (custom checks, transforms) left out, so that the document may accept a
 * little more than a route does, never less.
 */
class Components {
  readonly schemas: Record<string, JsonSchema>

  constructor() {
    this.schemas = {
      ...clean(toJsonSchemaDefs(OUTPUT_SCHEMAS, { ...CONVERSION, typeMode: 'output' })),
      ...clean(toJsonSchemaDefs(INPUT_SCHEMAS, { ...CONVERSION, typeMode: 'input' })),
    }
  }

  inline(schema: v.GenericSchema, mode: 'input' | 'output'): JsonSchema {
    const definitions = mode === 'output' ? OUTPUT_SCHEMAS : INPUT_SCHEMAS
    return clean({ root: toJsonSchema(schema, { ...CONVERSION, typeMode: mode, definitions }) }).root as JsonSchema
  }
}

const CONVERSION = {
  target: 'draft-2020-12',
  errorMode: 'ignore',
  overrideRef: ({ referenceId }: { referenceId: string }) => `#/components/schemas/${referenceId}`,
} as const

/** Without the `$schema` and `$defs` each conversion carries: the document holds the definitions once. */
function clean(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {}
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $defs: _defs, ...rest } = schema as Record<string, unknown>
    out[name] = rest as JsonSchema
  }
  return out
}

export type { ErrorStatus }
