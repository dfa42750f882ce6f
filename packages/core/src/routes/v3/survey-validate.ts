import type { V3BodyHandler } from '../../http/v3'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { CanvassError } from '../../errors'
import type { Caller } from '../../auth/authenticate'

import type { InvalidParam } from '../../http/problem'
import { capInvalidParams } from '../../http/problem'
import type { RouteTable } from '../../http/route-table'
import { parseInput } from '../../http/validate'
import { V3Problem, checkWorkspace, noV3Query, parseV3Body, v3Forbidden, v3Ok, v3Route } from '../../http/v3'
import type { StoredCustomCss, SurveyRecord } from '../../ports/storage'
import type { CustomCssSource, CustomCssWarning } from '../../domain/css/custom-css'
import { MAX_SEGMENTS_PER_ENVIRONMENT } from '../../schemas/segment'
import { surveyCreateSchema, surveyUpdateSchema } from '../../schemas/survey'
import { v3SurveyCreateSchema, v3SurveyPatchSchema } from '../../schemas/v3'
import { checkSurveyKeepsQuotaParts } from '../../domain/quotas/quota-service'
import { segmentReferenceCheck } from '../../domain/contacts/segment-service'
import { oneOverwritesName } from '../../domain/surveys/survey-overwrites'
import { readSurveySegment } from '../../domain/surveys/survey-segment'
import { IMMUTABLE_SURVEY_FIELDS, oneDateName, surveyFieldsFromInput } from '../../domain/surveys/survey-service'
import { mergedSurveyUpdate } from '../../domain/surveys/survey-writes'
import { resolveSurveyTriggers } from '../../domain/surveys/survey-triggers'
import { V3_DEFAULT_LANGUAGE, v3Languages } from '../../domain/surveys/v3-survey'
import { checkV3SurveyEditable, v3SurveyCreateWrite, v3SurveyPatchWrite } from '../../domain/surveys/v3-survey-write'
import { customCssValidationFields, previewCustomCss } from '../../domain/css/workspace-custom-css'

/**
 * `POST /api/v3/surveys/validate`, as the reference's v3 0.2.0 has it (docs/api.md, "Validating a v3 survey"):
 * the body of a `POST /api/v3/surveys` (`operation: create`) or a `PATCH /api/v3/surveys/{id}`
 * (`operation: patch`) checked by the same parser and rules as the write, writing nothing. An invalid document
 * is a 200 with `valid: false` and every problem in `invalid_params`; a malformed envelope or a query
 * parameter is a 400, a workspace or survey that is not the key's a 403.
 */
export function registerSurveyValidateRoutes(routes: RouteTable): void {
  routes.post('/api/v3/surveys/validate', v3Route(validateSurvey), {
    summary: 'Validate a v3 survey create or patch body without writing anything: every problem with its path',
    description:
      'The reference\'s v3 route. `{"operation": "create", "data": {…}}` checks a body of `POST /api/v3/surveys`; ' +
      '`{"operation": "patch", "surveyId": "…", "data": {…}}` checks a body of `PATCH /api/v3/surveys/{surveyId}`, with ' +
      'the parser and rules of the write itself. An invalid document answers 200 with `valid: false` and `invalid_params` ' +
      '(at most 50, then one counting the rest); a valid one lists the `languages` the write would use. Errors are ' +
      "`application/problem+json`: 400 for a malformed envelope or a query parameter, 403 for a workspace or survey that is not the key's.",
    auth: 'apiKey',
    readOnly: true,
    problems: true,
    // A token bound to one survey checks patches of that survey only, and no token previews custom CSS.
    editorToken: 'workspace',
    body: envelopeSchema,
    answer: v.object({ data: validationResult }),
    errors: [403],
  })
}

/**
 * One `operation` of the envelope: its envelope (a strict object whose `operation` is a literal) and what it
 * answers as `data`, 200 even when the document is invalid. A `V3Problem` it throws (a 403) is the answer.
 */
export interface SurveyValidateOperation {
  envelope: v.StrictObjectSchema<{ operation: v.LiteralSchema<string, undefined> } & v.ObjectEntries, undefined>
  run(ctx: CanvassContext, caller: Caller, input: Record<string, unknown>): Promise<Record<string, unknown>>
}

/** The document to check: any object (checking it is the point), never another JSON value. */
const documentField = v.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Must be an object',
)

const createOperation = validateOperation(
  v.strictObject({ operation: v.literal('create'), data: documentField }),
  async (ctx, caller, { data }) => {
    const { environmentId } = caller
    // As the reference: a workspace the key cannot reach is a 403 before the document is looked at.
    if (typeof data.workspaceId === 'string') await checkWorkspace(ctx, environmentId, data.workspaceId)
    return outcome('create', async () => {
      const document = parseV3Body(v3SurveyCreateSchema, data)
      const { body, customCss, warnings } = await v3SurveyCreateWrite(ctx, caller, document)
      throwProblems(await v1CreateProblems(ctx, environmentId, body))
      return {
        languages: languagesOf(document.defaultLanguage ?? V3_DEFAULT_LANGUAGE, document.languages ?? []),
        ...cssOutcome(customCss, warnings),
      }
    })
  },
)

const patchOperation = validateOperation(
  v.strictObject({ operation: v.literal('patch'), surveyId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)), data: documentField }),
  async (ctx, caller, { surveyId, data }) => {
    const { environmentId, editor } = caller
    if (typeof editor?.surveyId === 'string' && editor.surveyId !== surveyId) throw v3Forbidden()
    const stored = await ctx.storage.surveys.get(surveyId)
    // A survey that is not the key's is a 403 whether it exists or not.
    if (!stored || stored.environmentId !== environmentId) throw v3Forbidden()
    return outcome('patch', async () => {
      const patch = parseV3Body(v3SurveyPatchSchema, data)
      const { body, customCss, warnings } = await v3SurveyPatchWrite(ctx, caller, stored, patch)
      checkV3SurveyEditable(stored)
      throwProblems(await v1PatchProblems(ctx, environmentId, stored, body))
      const { defaultLanguage, languages } = v3Languages(stored.languages)
      return { languages: languagesOf(defaultLanguage, patch.languages ?? languages), ...cssOutcome(customCss, warnings) }
    })
  },
)

/**
 * The reference's `customCss` preview (docs/api.md, "Workspace custom CSS in v3"): the CSS processed as a save
 * would, writing nothing; a workspace or survey that is not the key's is a 403.
 */
const customCssOperation = validateOperation(
  v.strictObject({ operation: v.literal('customCss'), ...customCssValidationFields }),
  async (ctx, caller, input) => {
    // The workspace's custom CSS is no editor's (docs/editor.md#editor-tokens).
    if (caller.editor) throw v3Forbidden()
    const preview = await previewCustomCss(ctx, caller, input)
    if (preview === 'forbidden') throw v3Forbidden()
    return preview
  },
)

/** The operations the envelope takes, by `operation`. */
const OPERATIONS: readonly SurveyValidateOperation[] = [createOperation, patchOperation, customCssOperation]

/** The route's body: one of the operations' envelopes, told apart by `operation`. */
const envelopeSchema = v.variant(
  'operation',
  OPERATIONS.map((operation) => operation.envelope),
)

/** An operation from its envelope and a `run` typed by it. */
export function validateOperation<E extends SurveyValidateOperation['envelope']>(
  envelope: E,
  run: (ctx: CanvassContext, caller: Caller, input: v.InferOutput<E>) => Promise<Record<string, unknown>>,
): SurveyValidateOperation {
  return { envelope, run: (ctx, caller, input) => run(ctx, caller, input as v.InferOutput<E>) }
}

const validationResult = v.object({
  valid: v.boolean(),
  operation: v.picklist(['create', 'patch', 'customCss']),
  invalid_params: v.array(v.object({ name: v.string(), reason: v.string(), code: v.optional(v.string()) })),
  languages: v.optional(
    v.array(v.object({ code: v.string(), default: v.boolean(), enabled: v.boolean(), writeBehavior: v.literal('connect_or_create') })),
  ),
  customCss: v.optional(v.object({ light: v.nullable(v.string()), dark: v.nullable(v.string()) })),
  warnings: v.optional(v.array(v.unknown())),
  errors: v.optional(v.array(v.unknown())),
})

const validateSurvey: V3BodyHandler<typeof envelopeSchema> = async (request, ctx, caller, body) => {
  noV3Query(request)
  const input = (await body()) as Record<string, unknown>
  const operation = OPERATIONS.find((candidate) => candidate.envelope.entries.operation.literal === input.operation)
  // The variant took only the operations listed.
  if (!operation) throw new Error(`No validate operation ${String(input.operation)}`)
  return v3Ok({ data: await operation.run(ctx, caller, input) })
}

/** What a valid document's check adds to `valid: true`: the languages, and the compiled CSS when it carried some. */
interface Checked {
  languages: ReturnType<typeof languagesOf>
  customCss?: CustomCssSource
  warnings?: CustomCssWarning[]
}

/** The document's CSS as the write would store it: compiled, with what was removed, when it was processed. */
function cssOutcome(customCss: StoredCustomCss | null | undefined, warnings: CustomCssWarning[] | undefined) {
  return customCss && warnings ? { customCss: customCss.compiled, warnings } : {}
}

/**
 * The result of checking a document: `valid: true` with the languages when `check` passes, else `valid: false`
 * with the problems a write would answer (its 400 or 422), and the CSS processor's located `errors` when it
 * refused the document's CSS. A 403 stays a 403.
 */
async function outcome(operation: 'create' | 'patch', check: () => Promise<Checked>): Promise<Record<string, unknown>> {
  try {
    return { valid: true, operation, invalid_params: [], ...(await check()) }
  } catch (error) {
    const problems = problemsOf(error)
    if (problems === undefined) throw error
    const cssErrors = error instanceof V3Problem ? error.problemDetails?.errors : undefined
    return { valid: false, operation, invalid_params: capInvalidParams(problems), ...(cssErrors ? { errors: cssErrors } : {}) }
  }
}

/** The fields a write's refusal names: a v3 400 or 422, or a 400 of the survey rules below it. */
function problemsOf(error: unknown): InvalidParam[] | undefined {
  if (error instanceof V3Problem) {
    if (error.problemStatus !== 400 && error.problemStatus !== 422) return undefined
    return error.invalidParams.length > 0 ? [...error.invalidParams] : [{ name: '', reason: error.message }]
  }
  if (error instanceof CanvassError && error.status === 400) return detailsOf(error)
  return undefined
}

/** A validation 400's fields, and its `_more` (the fields it did not list) last, as `problemOf` answers them. */
function detailsOf(error: CanvassError): InvalidParam[] {
  const fields = Object.entries(error.details)
  const listed = fields.filter(([name]) => name !== '_more').map(([name, reason]) => ({ name, reason: String(reason) }))
  if (listed.length === 0) return [{ name: '', reason: error.message }]
  const more = fields.find(([name]) => name === '_more')
  return more ? [...listed, { name: '', reason: String(more[1]) }] : listed
}

function throwProblems(problems: InvalidParam[]): void {
  if (problems.length > 0) throw new V3Problem(400, 'Survey document failed validation', problems)
}

/**
 * What `createSurveyFromBody` (the v1 create the v3 create writes through) would refuse in `body`, without
 * writing: the survey schema and its rules, the triggers, and the segment (its references and the
 * environment's segment limit).
 */
async function v1CreateProblems(ctx: CanvassContext, environmentId: string, body: Record<string, unknown>): Promise<InvalidParam[]> {
  const problems: InvalidParam[] = []
  await collect(problems, () => segmentProblems(ctx, environmentId, null, body))
  let input: ReturnType<typeof parseCreate> | undefined
  await collect(problems, async () => {
    input = parseCreate(body)
  })
  if (!input) return problems
  const parsed = input
  await collect(problems, async () => {
    oneOverwritesName(parsed, body)
    oneDateName(parsed, body)
  })
  if (parsed.resultShareKey !== null) problems.push({ name: 'resultShareKey', reason: RESULT_SHARE_KEY })
  await collect(problems, async () => {
    await resolveSurveyTriggers(ctx, environmentId, parsed.triggers)
  })
  await collect(problems, async () => {
    surveyFieldsFromInput(parsed)
  })
  return problems
}

const parseCreate = (body: unknown) => parseInput(surveyCreateSchema, body)

/**
 * What `updateSurveyFromBody` (the v1 update the v3 patch writes through) would refuse in `body` over `stored`,
 * without writing: the changes, the survey they leave (merged as the update merges), its segment, and the
 * quotas that name its parts.
 */
async function v1PatchProblems(
  ctx: CanvassContext,
  environmentId: string,
  stored: SurveyRecord,
  given: Record<string, unknown>,
): Promise<InvalidParam[]> {
  const problems: InvalidParam[] = []
  const body = { ...given }
  await collect(problems, () => segmentProblems(ctx, environmentId, stored, body))
  for (const field of IMMUTABLE_SURVEY_FIELDS) delete body[field]
  let parsed: ReturnType<typeof parseUpdate> | undefined
  await collect(problems, async () => {
    parsed = parseUpdate(body)
  })
  if (!parsed) return problems
  const changes = parsed
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
  if (changes.resultShareKey !== undefined && changes.resultShareKey !== stored.resultShareKey)
    problems.push({ name: 'resultShareKey', reason: RESULT_SHARE_KEY })
  if (problems.length > 0) return problems
  // The merge the update makes (domain/surveys/survey-writes.ts), checked as a whole survey.
  const merged = mergedSurveyUpdate(stored, changes, environmentId, ctx.now())
  await collect(problems, async () => {
    const fields = surveyFieldsFromInput(parseCreate(merged))
    const touchesQuotaParts = ['questions', 'endings', 'hiddenFields', 'variables'].some((field) => field in changes)
    const quotas = touchesQuotaParts ? ((await ctx.storage.quotas?.listAll(environmentId, stored.id)) ?? []) : []
    if (quotas.length > 0) checkSurveyKeepsQuotaParts(quotas, fields)
  })
  return problems
}

const parseUpdate = (body: unknown) => parseInput(surveyUpdateSchema, body)

/**
 * What `surveySegmentId` would refuse in the body's `segment` (a v3 `targeting`), without writing: a saved
 * segment that is not the environment's, filters naming segments it does not hold, or a new private segment
 * past the environment's limit.
 */
async function segmentProblems(
  ctx: CanvassContext,
  environmentId: string,
  stored: SurveyRecord | null,
  body: Record<string, unknown>,
): Promise<void> {
  const input = readSurveySegment(body)
  if (input === undefined) return
  if (input.isPrivate === false && typeof input.id === 'string') {
    if (!(await ctx.storage.segments.get(environmentId, input.id))) {
      throw new V3Problem(400, 'Invalid segment', [{ name: 'segment.id', reason: 'No segment with this id in the environment' }])
    }
    return
  }
  const segments = await ctx.storage.segments.listFilters(environmentId)
  const current = stored?.segmentId ? await ctx.storage.segments.get(environmentId, stored.segmentId) : null
  const own = current?.isPrivate && stored && current.surveys.every((id) => id === stored.id) ? current : null
  segmentReferenceCheck(own?.id ?? ctx.newId(), input.filters, 'segment.filters')?.(segments)
  if (!own && segments.length >= MAX_SEGMENTS_PER_ENVIRONMENT) {
    throw new V3Problem(400, `An environment holds at most ${MAX_SEGMENTS_PER_ENVIRONMENT} segments`)
  }
}

const RESULT_SHARE_KEY =
  "Can only be the survey's current key (or null when it has none): POST /api/v1/management/surveys/{surveyId}/share makes one"

/** Runs a check that throws a write's 400, adding the fields it names to `problems`. */
async function collect(problems: InvalidParam[], check: () => Promise<void>): Promise<void> {
  try {
    await check()
  } catch (error) {
    const found = problemsOf(error)
    if (found === undefined) throw error
    problems.push(...found)
  }
}

/**
 * The languages a write would use, as the reference lists them: the default one first, then the others by
 * code, each `connect_or_create` (Canvass keeps a survey's languages on the survey).
 */
function languagesOf(defaultLanguage: string, listed: ReadonlyArray<{ code: string; enabled?: boolean | undefined }>) {
  const byCode = new Map<string, { code: string; default: boolean; enabled: boolean; writeBehavior: 'connect_or_create' }>()
  const add = (code: string, enabled: boolean) => {
    const isDefault = code.toLowerCase() === defaultLanguage.toLowerCase()
    byCode.set(code, { code, default: isDefault, enabled: isDefault ? true : enabled, writeBehavior: 'connect_or_create' })
  }
  add(defaultLanguage, true)
  for (const language of listed) add(language.code, language.enabled !== false)
  return [...byCode.values()].sort((left, right) => (left.default ? -1 : right.default ? 1 : left.code.localeCompare(right.code)))
}
