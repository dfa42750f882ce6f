import * as v from 'valibot'
import type { CanvassContext, Handler } from '../../context'
import { CanvassError } from '../../errors'
import { authenticate } from '../../http/auth'
import { readJsonBody } from '../../http/body'
import type { InvalidParam } from '../../http/problem'
import { capInvalidParams, problemResponse, requestIdOf, withProblems } from '../../http/problem'
import { ok } from '../../http/respond'
import type { RouteTable } from '../../http/route-table'
import { FULL_REPORT_MAX_VALUES, hasAtMostValues } from '../../http/validate'
import { idString } from '../../schemas/common'
import { surveyCreateSchema, surveyUpdateSchema } from '../../schemas/survey'
import { checkNamedEnvironment } from '../../domain/named-environment'
import type { NamedEnvironment } from '../../domain/named-environment'
import { IMMUTABLE_SURVEY_FIELDS, SURVEY_DATE_NAMES, oneDateName, surveyFieldsFromInput, surveyOutput } from '../../domain/survey-service'
import { oneOverwritesName } from '../../domain/survey-overwrites'
import { resolveSurveyTriggers } from '../../domain/survey-triggers'
import { customCssValidationFields, previewCustomCss } from '../../domain/workspace-custom-css'

/**
 * `POST /api/v3/surveys/validate`, as the reference's v3 spec has it (docs/surveys.md#validating-a-survey): a
 * create or patch body checked without writing anything. An invalid survey is a 200 with `valid: false` and
 * every problem in `invalid_params` (each with its path in the survey document); a malformed envelope, a query
 * parameter or an unknown `surveyId` are problems (`application/problem+json`), 400 and 403.
 */
export function registerSurveyValidateRoutes(routes: RouteTable): void {
  routes.post('/api/v3/surveys/validate', withProblems(validateSurvey), {
    summary: 'Validate a survey create or patch body without writing anything: every problem with its path',
    description:
      'The reference\'s v3 route. `{"operation": "create", "data": {…}}` checks a body of `POST /api/v1/management/surveys`; ' +
      '`{"operation": "patch", "surveyId": "…", "data": {…}}` checks a `PUT` of that survey (merged over it as the PUT would). ' +
      'An invalid survey answers 200 with `valid: false` and `invalid_params` (at most 100, then one counting the rest); ' +
      'errors are `application/problem+json`: 400 for a malformed envelope or a query parameter, 403 for a survey that is ' +
      "not the key's.",
    auth: 'apiKey',
    readOnly: true,
    problems: true,
    body: validateEnvelope,
    answer: v.object({ data: validationResult }),
    errors: [403],
  })
}

const envelopeFields = { data: v.unknown() }

/** The envelope: the operation, the survey to patch, and the document (anything: checking it is the point). */
const validateEnvelope = v.variant('operation', [
  v.strictObject({ operation: v.literal('create'), ...envelopeFields }),
  v.strictObject({ operation: v.literal('patch'), surveyId: idString, ...envelopeFields }),
  v.strictObject({ operation: v.literal('customCss'), ...customCssValidationFields }),
])

const validationResult = v.object({
  valid: v.boolean(),
  operation: v.picklist(['create', 'patch', 'customCss']),
  invalid_params: v.array(v.object({ name: v.string(), reason: v.string() })),
  customCss: v.optional(v.object({ light: v.nullable(v.string()), dark: v.nullable(v.string()) })),
  warnings: v.optional(v.array(v.unknown())),
  errors: v.optional(v.array(v.unknown())),
  languages: v.optional(
    v.array(v.object({ code: v.string(), default: v.boolean(), enabled: v.boolean(), writeBehavior: v.literal('connect_or_create') })),
  ),
})

const validateSurvey: Handler = async (request, ctx) => {
  // The route takes no query: the key is checked first (401 before 400, as the reference), and a
  // `workspaceId` in the query is refused as a parameter, not checked as the environment it names.
  const query = request.query ?? {}
  request.query = {}
  const { environmentId, apiKeyId } = await authenticate(request, ctx)
  request.query = query
  const requestId = requestIdOf(request)
  const unknownQuery = Object.keys(query)
  if (unknownQuery.length > 0) {
    const invalidParams = unknownQuery.map((name) => ({ name, reason: `Unrecognized key: "${name}"` }))
    return problemResponse(400, 'bad_request', 'Invalid query parameters', requestId, { invalidParams })
  }
  const body = await readJsonBody(request)
  const envelope = v.safeParse(validateEnvelope, body)
  if (!envelope.success) {
    const invalidParams = envelope.issues.map((issue) => ({ name: v.getDotPath(issue) ?? '', reason: issue.message }))
    return problemResponse(400, 'bad_request', 'Invalid survey validation request', requestId, { invalidParams })
  }
  if (envelope.output.operation === 'customCss') {
    const preview = await previewCustomCss(ctx, { environmentId, apiKeyId }, envelope.output)
    return preview === 'forbidden' ? forbidden(requestId) : ok(preview, { 'cache-control': 'private, no-store' })
  }
  const { operation, data } = envelope.output
  if (operation === 'create') {
    const problems = await createProblems(ctx, environmentId, data)
    if (problems === 'forbidden') return forbidden(requestId)
    return ok(result(operation, problems, data), { 'cache-control': 'private, no-store' })
  }
  const survey = await ctx.storage.surveys.get(envelope.output.surveyId)
  // As the reference: a survey that is not the caller's is a 403 whether it exists or not.
  if (!survey || survey.environmentId !== environmentId) return forbidden(requestId)
  const problems = await patchProblems(ctx, environmentId, surveyOutput(survey, ctx.now()), data)
  if (problems === 'forbidden') return forbidden(requestId)
  return ok(result(operation, problems, data), { 'cache-control': 'private, no-store' })
}

const forbidden = (requestId: string) => problemResponse(403, 'forbidden', 'You are not authorized to access this resource', requestId)

/**
 * Whether a document names an environment or workspace that is not the key's (`checkNamedEnvironment`, the
 * rule of every management create): a create and a patch that do are both a 403.
 */
async function namesAnotherEnvironment(ctx: CanvassContext, environmentId: string, named: NamedEnvironment): Promise<boolean> {
  const refused = new CanvassError('forbidden', 'forbidden')
  try {
    await checkNamedEnvironment(ctx, environmentId, named, () => refused)
    return false
  } catch (error) {
    if (error === refused) return true
    throw error
  }
}

const textOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** What `POST /api/v1/management/surveys` would refuse in `data`, or `forbidden` for another environment. */
async function createProblems(ctx: CanvassContext, environmentId: string, data: unknown): Promise<InvalidParam[] | 'forbidden'> {
  const parsed = schemaProblems(surveyCreateSchema, data)
  if (!parsed.ok) return parsed.problems
  const input = parsed.output
  const named = isRecord(data) ? data : {}
  if (await namesAnotherEnvironment(ctx, environmentId, input)) return 'forbidden'
  const problems: InvalidParam[] = []
  if (input.resultShareKey !== null) problems.push({ name: 'resultShareKey', reason: RESULT_SHARE_KEY })
  await collect(problems, async () => {
    oneOverwritesName(input, named)
    oneDateName(input, named)
  })
  await collect(problems, async () => {
    await resolveSurveyTriggers(ctx, environmentId, input.triggers)
  })
  await collect(problems, async () => {
    if (input.segmentId !== null && !(await ctx.storage.segments.get(environmentId, input.segmentId)))
      problems.push({ name: 'segmentId', reason: 'Must be a segment of the survey’s environment' })
  })
  await collect(problems, async () => {
    surveyFieldsFromInput(input)
  })
  return problems
}

/**
 * What `PUT /api/v1/management/surveys/{id}` would refuse in `data`, merged over `stored` as the PUT merges, or
 * `forbidden` when `data` names another environment (or workspace) than the key's, as for a create.
 */
async function patchProblems(
  ctx: CanvassContext,
  environmentId: string,
  stored: Record<string, unknown>,
  data: unknown,
): Promise<InvalidParam[] | 'forbidden'> {
  const body: Record<string, unknown> = isRecord(data) ? { ...data } : (data as Record<string, unknown>)
  // The PUT ignores them, but a document naming another environment is refused as a create's is.
  const named = isRecord(body) ? { environmentId: textOrUndefined(body.environmentId), workspaceId: textOrUndefined(body.workspaceId) } : {}
  if (isRecord(body)) for (const field of IMMUTABLE_SURVEY_FIELDS) delete body[field]
  const parsed = schemaProblems(surveyUpdateSchema, body)
  if (!parsed.ok) return parsed.problems
  if (await namesAnotherEnvironment(ctx, environmentId, named)) return 'forbidden'
  const changes = parsed.output
  const problems: InvalidParam[] = []
  if (changes.resultShareKey !== undefined && changes.resultShareKey !== stored.resultShareKey)
    problems.push({ name: 'resultShareKey', reason: RESULT_SHARE_KEY })
  await collect(problems, async () => {
    oneOverwritesName(changes, body)
    oneDateName(changes, body)
  })
  if (changes.triggers !== undefined) {
    const triggers = changes.triggers
    await collect(problems, async () => {
      await resolveSurveyTriggers(ctx, environmentId, triggers)
    })
  }
  if (changes.segmentId !== undefined && changes.segmentId !== null) {
    const segmentId = changes.segmentId
    if (!(await ctx.storage.segments.get(environmentId, segmentId)))
      problems.push({ name: 'segmentId', reason: 'Must be a segment of the survey’s environment' })
  }
  if (problems.length > 0) return problems
  // The merge the PUT makes (routes/management/surveys.ts), checked as a whole survey.
  const merged: Record<string, unknown> = { ...stored, ...changes }
  for (const field of IMMUTABLE_SURVEY_FIELDS) delete merged[field]
  delete merged.workspaceOverwrites
  delete merged.projectOverwrites
  delete merged.segment
  for (const [current] of SURVEY_DATE_NAMES) delete merged[current]
  if (changes.questions === undefined) delete merged.questions
  else if (changes.blocks === undefined) delete merged.blocks
  merged.environmentId = environmentId
  const whole = schemaProblems(surveyCreateSchema, merged)
  if (!whole.ok) return whole.problems
  await collect(problems, async () => {
    surveyFieldsFromInput(whole.output)
  })
  return problems
}

const RESULT_SHARE_KEY =
  "Can only be the survey's current key (or null when it has none): POST /api/v1/management/surveys/{surveyId}/share makes one"

/**
 * Every issue of `schema` on `input`, with its path. An input of more than `FULL_REPORT_MAX_VALUES` values is
 * checked up to its first issue only (listing every issue of a huge document costs far more than checking it),
 * and the answer says so.
 */
function schemaProblems<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; problems: InvalidParam[] } {
  const first = v.safeParse(schema, input, { abortEarly: true })
  if (first.success) return { ok: true, output: first.output }
  if (!hasAtMostValues(input, FULL_REPORT_MAX_VALUES)) {
    const issue = first.issues[0]
    return {
      ok: false,
      problems: [
        { name: v.getDotPath(issue) ?? '', reason: issue.message },
        { name: '', reason: `The document holds more than ${FULL_REPORT_MAX_VALUES} values: only its first problem is listed` },
      ],
    }
  }
  const full = v.safeParse(schema, input)
  if (full.success) return { ok: true, output: full.output }
  const problems: InvalidParam[] = []
  const seen = new Set<string>()
  for (const issue of full.issues) {
    const name = v.getDotPath(issue) ?? ''
    const key = `${name}\n${issue.message}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push({ name, reason: issue.message })
  }
  return { ok: false, problems }
}

/** Runs a check that throws the contract's validation 400, adding its fields to `problems`. */
async function collect(problems: InvalidParam[], check: () => Promise<void>): Promise<void> {
  try {
    await check()
  } catch (error) {
    if (!(error instanceof CanvassError) || error.status !== 400) throw error
    const fields = Object.entries(error.details).filter(([name]) => name !== '_more')
    if (fields.length === 0) problems.push({ name: '', reason: error.message })
    for (const [name, reason] of fields) problems.push({ name, reason: String(reason) })
  }
}

/** The answer's `data`: the reference's `SurveyValidationResult`. */
function result(operation: 'create' | 'patch', problems: InvalidParam[], data: unknown) {
  if (problems.length > 0) return { valid: false, operation, invalid_params: capInvalidParams(problems) }
  return { valid: true, operation, invalid_params: [], languages: languagesOf(data) }
}

/** The languages a write would use: those the document lists (`{language: {code}, default, enabled}`). */
function languagesOf(data: unknown) {
  const languages = isRecord(data) && Array.isArray(data.languages) ? data.languages : []
  return languages.flatMap((entry: unknown) => {
    if (!isRecord(entry)) return []
    const language = isRecord(entry.language) ? entry.language : entry
    if (typeof language.code !== 'string') return []
    return [
      {
        code: language.code,
        default: entry.default === true,
        enabled: entry.enabled !== false,
        writeBehavior: 'connect_or_create' as const,
      },
    ]
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
