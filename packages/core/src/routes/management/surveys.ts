import type { CanvassContext, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../http/auth'
import { readJsonBody } from '../../http/body'
import { badRequest, notFound, unauthorized, validationError } from '../../errors'
import type { CanvassError } from '../../errors'
import { LARGE_ROW_BATCH, listPage, readPageQuery } from '../../http/pagination'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import type { SegmentRecord, SurveyRecord } from '../../ports/storage'
import { surveyCreateSchema, surveyUpdateSchema } from '../../schemas/survey'
import { segmentsById } from '../../domain/segment-service'
import { IMMUTABLE_SURVEY_FIELDS, SURVEY_DATE_NAMES, oneDateName, surveyFieldsFromInput, surveyOutput } from '../../domain/survey-service'
import { resolveSurveyTriggers } from '../../domain/survey-triggers'
import { dropReplacedPrivateSegment, readSurveySegment, surveySegmentId } from '../../domain/survey-segment'
import type { RouteTable } from '../../http/route-table'
import { readSummaryQuery, summaryFilterQuery } from '../../http/response-query'
import { readSurveySummary } from '../../domain/survey-summary'
import { checkSurveyKeepsQuotaParts } from '../../domain/quota-service'
import { dataOf, pageOf, summaryAnswer, surveyAnswer } from '../../schemas/answers'
import { pageQueryWithOffset } from '../../http/pagination'
import { checkNamedEnvironment } from '../../domain/named-environment'
import { oneOverwritesName } from '../../domain/survey-overwrites'

/** `/api/v1/management/surveys`: list, create, get, update (merge) and delete. */
export function registerSurveyRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/surveys', listSurveys, {
    summary: 'List surveys, newest first',
    auth: 'apiKey',
    query: pageQueryWithOffset,
    answer: pageOf(surveyAnswer),
  })
  routes.post('/api/v1/management/surveys', createSurvey, {
    audit: { action: 'create', resourceType: 'survey', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a survey',
    auth: 'apiKey',
    body: surveyCreateSchema,
    answer: dataOf(surveyAnswer),
  })
  routes.get('/api/v1/management/surveys/:surveyId', getSurvey, {
    summary: 'Read one survey',
    auth: 'apiKey',
    answer: dataOf(surveyAnswer),
  })
  routes.put('/api/v1/management/surveys/:surveyId', updateSurvey, {
    audit: { action: 'update', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Update a survey: fields sent replace those stored',
    auth: 'apiKey',
    body: surveyUpdateSchema,
    answer: dataOf(surveyAnswer),
  })
  routes.delete('/api/v1/management/surveys/:surveyId', deleteSurvey, {
    audit: { action: 'delete', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: 'Delete a survey with its responses, displays and files',
    auth: 'apiKey',
    answer: dataOf(surveyAnswer),
  })
  routes.get('/api/v1/management/surveys/:surveyId/summary', summarizeSurvey, {
    summary:
      "A survey's summary: displays, responses, completion, drop-off, time to complete, per-question counts (`finished`, `lang` filter the responses)",
    auth: 'apiKey',
    query: summaryFilterQuery,
    answer: dataOf(summaryAnswer),
  })
}

const listSurveys: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const page = readPageQuery(request.query, true)
  const now = ctx.now()
  let segments = new Map<string, SegmentRecord>()
  return listPage(page, {
    read: async (position) => {
      const surveys = await ctx.storage.surveys.list(environmentId, position)
      segments = await segmentsById(
        ctx,
        environmentId,
        surveys.map((survey) => survey.segmentId),
      )
      return surveys
    },
    output: (survey) => surveyOutput(survey, now, segmentOf(segments, survey)),
    nextUrl: () => externalUrl(request, ctx),
    // A survey can grow to several MiB through PUTs of different fields.
    batch: LARGE_ROW_BATCH,
  })
}

const createSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const body = await readJsonBody(request)
  const { survey, segment } = await createSurveyFromBody(ctx, environmentId, body, unauthorized)
  return ok(surveyOutput(survey, survey.createdAt, segment))
}

/**
 * The survey a v1 create `body` makes, written (the v3 create writes through it too): `refuse` answers an
 * `environmentId` or `workspaceId` that is not the key's; `extra` adds fields the v1 body does not carry.
 */
export async function createSurveyFromBody(
  ctx: CanvassContext,
  environmentId: string,
  body: Record<string, unknown>,
  refuse: () => CanvassError,
  extra: Partial<SurveyRecord> = {},
): Promise<{ survey: SurveyRecord; segment: SegmentRecord | null }> {
  const segmentInput = readSurveySegment(body)
  const input = parseInput(surveyCreateSchema, body)
  oneOverwritesName(input, body)
  oneDateName(input, body)
  // A new survey has no key: only the share route mints one (see docs/results.md).
  if (input.resultShareKey !== null) throw resultShareKeyChanged()
  // Taken from the key when absent (as on every management create); when sent, it must be the key's.
  await checkNamedEnvironment(ctx, environmentId, input, refuse)
  input.triggers = await resolveSurveyTriggers(ctx, environmentId, input.triggers)
  const id = ctx.newId()
  const segment = await surveySegmentId(ctx, environmentId, id, null, input.segmentId, segmentInput)
  const now = ctx.now()
  const survey: SurveyRecord = {
    id,
    environmentId,
    createdAt: now,
    updatedAt: now,
    ...surveyFieldsFromInput(input),
    segmentId: segment?.id ?? null,
    ...extra,
  }
  await withoutOrphan(ctx, environmentId, segment, null, () => ctx.storage.surveys.insert(survey))
  return { survey, segment: segment && { ...segment, surveys: [id, ...segment.surveys] } }
}

const getSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  return ok(surveyOutput(survey, ctx.now(), await segmentOfSurvey(ctx, survey)))
}

const updateSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const body = await readJsonBody(request)
  const id = param(request, 'surveyId')
  const updated = await updateSurveyFromBody(ctx, environmentId, id, body)
  // The spec answers a PUT of an unknown survey with 400, unlike GET and DELETE.
  if (!updated) throw badRequest(`Survey with ID ${id} not found`)
  return ok(surveyOutput(updated, ctx.now(), await segmentOfSurvey(ctx, updated)))
}

/** What a survey update may add to the PUT's merge: a check of the stored survey and fields beyond the v1 body. */
export interface SurveyUpdateOptions {
  /** Runs on the survey as stored, under its lock; a throw refuses the write. */
  check?: (stored: SurveyRecord) => void
  extra?: Partial<SurveyRecord>
}

/**
 * Merges a v1 PUT `body` over survey `id` of `environmentId` and writes it (the v3 PATCH writes through it
 * too); `null` when there is no such survey.
 */
export async function updateSurveyFromBody(
  ctx: CanvassContext,
  environmentId: string,
  id: string,
  body: Record<string, unknown>,
  options: SurveyUpdateOptions = {},
): Promise<SurveyRecord | null> {
  const segmentInput = readSurveySegment(body)
  // Fields a PUT ignores (docs/design.md, "Surveys") are dropped before validation: `"environmentId": null` is not a 400.
  for (const field of IMMUTABLE_SURVEY_FIELDS) delete body[field]
  const changes = parseInput(surveyUpdateSchema, body)
  oneOverwritesName(changes, body)
  oneDateName(changes, body)
  // Only triggers sent are resolved: a class deleted since the last write does not refuse a PUT of another field.
  if (changes.triggers !== undefined) changes.triggers = await resolveSurveyTriggers(ctx, environmentId, changes.triggers)
  // The segment is decided before the survey's lock is taken: a survey's own segment is changed in place.
  let segment: SegmentRecord | null | undefined
  let before: string | null = null
  if (segmentInput !== undefined || (changes.segmentId !== undefined && changes.segmentId !== null)) {
    const current = await ctx.storage.surveys.get(id)
    if (!current) throw badRequest(`Survey with ID ${id} not found`)
    if (current.environmentId !== environmentId) throw unauthorized()
    before = current.segmentId
    segment = await surveySegmentId(ctx, environmentId, id, current.segmentId, changes.segmentId ?? null, segmentInput)
  }
  // A change of the parts quotas name is checked against the survey's quotas (read first: the check is pure).
  const touchesQuotaParts = ['questions', 'endings', 'hiddenFields', 'variables'].some((field) => field in changes)
  const quotas = touchesQuotaParts ? await ctx.storage.quotas.listAll(environmentId, id) : []
  let replaced: string | null = null
  const now = ctx.now()
  // The merge runs on the survey as it is under the storage's lock: a concurrent PUT of another field, or a
  // completion by `autoComplete`, is kept unless this body sets that field itself.
  const updated = await withoutOrphan(ctx, environmentId, segment ?? null, before, () =>
    ctx.storage.surveys.update(id, (stored) => {
      if (stored.environmentId !== environmentId) throw unauthorized()
      options.check?.(stored)
      // The key a GET answered may come back unchanged; any other is the share route's to set.
      if (changes.resultShareKey !== undefined && changes.resultShareKey !== stored.resultShareKey) throw resultShareKeyChanged()
      const merged: Record<string, unknown> = { ...surveyOutput(stored, now), ...changes }
      for (const field of IMMUTABLE_SURVEY_FIELDS) delete merged[field]
      // The output's other names for the stored overrides; `changes` has them as `productOverwrites`.
      delete merged.workspaceOverwrites
      delete merged.projectOverwrites
      for (const [current] of SURVEY_DATE_NAMES) delete merged[current]
      // The stored blocks are the survey's structure, its questions are derived from them: one structure sent
      // replaces both, both sent must agree (domain/survey-structure), neither keeps the blocks.
      if (changes.questions === undefined) delete merged.questions
      else if (changes.blocks === undefined) delete merged.blocks
      merged.environmentId = environmentId
      if (segment !== undefined) merged.segmentId = segment?.id ?? null
      const input = parseInput(surveyCreateSchema, merged)
      replaced = stored.segmentId !== input.segmentId ? stored.segmentId : null
      const fields = surveyFieldsFromInput(input)
      if (quotas.length > 0) checkSurveyKeepsQuotaParts(quotas, fields)
      return { id: stored.id, environmentId, createdAt: stored.createdAt, updatedAt: now, ...fields, ...options.extra }
    }),
  )
  if (!updated) return null
  if (replaced !== null) await dropReplacedPrivateSegment(ctx, environmentId, replaced)
  return updated
}

const deleteSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  const segment = await segmentOfSurvey(ctx, survey)
  const deleted = await ctx.storage.surveys.delete(environmentId, survey.id)
  if (!deleted) throw notFound('Survey', survey.id)
  // The files of its responses and those uploaded for it were recorded for deletion with it.
  ctx.blobDeletionsRecorded()
  return ok(surveyOutput(deleted, ctx.now(), segment))
}

/**
 * The answer to a create or PUT whose `resultShareKey` is not the survey's own: a key is a capability only
 * the share route mints (`POST …/surveys/{id}/share`), so that a caller cannot choose a guessable key or
 * take another survey's. See docs/results.md#sharing-a-surveys-results.
 */
const resultShareKeyChanged = () =>
  validationError({
    resultShareKey:
      "Can only be the survey's current key (or null when it has none): POST /api/v1/management/surveys/{surveyId}/share makes one",
  })

/**
 * Runs the survey write that is to name `segment`. When `segment` is a private segment made for this write
 * (not the one the survey had, `before`) and the write fails or finds no survey, the segment is deleted
 * again, so that a refused write leaves no segment that nothing names.
 */
async function withoutOrphan<T>(
  ctx: CanvassContext,
  environmentId: string,
  segment: SegmentRecord | null,
  before: string | null,
  write: () => Promise<T>,
): Promise<T> {
  const made = segment?.isPrivate && segment.id !== before ? segment.id : null
  let result: T
  try {
    result = await write()
  } catch (error) {
    if (made !== null) await dropReplacedPrivateSegment(ctx, environmentId, made).catch(() => {})
    throw error
  }
  if (result == null && made !== null) await dropReplacedPrivateSegment(ctx, environmentId, made)
  return result
}

/** The survey if it is the caller's: 404 when unknown, 401 when it belongs to another environment. */
const summarizeSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const filter = readSummaryQuery(request.query)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  return ok(await readSurveySummary(ctx, survey, filter))
}

export async function ownedSurvey(ctx: CanvassContext, environmentId: string, id: string): Promise<SurveyRecord> {
  const survey = await ctx.storage.surveys.get(id)
  if (!survey) throw notFound('Survey', id)
  if (survey.environmentId !== environmentId) throw unauthorized()
  return survey
}

export async function segmentOfSurvey(ctx: CanvassContext, survey: SurveyRecord): Promise<SegmentRecord | null> {
  if (survey.segmentId === null) return null
  return ctx.storage.segments.get(survey.environmentId, survey.segmentId)
}

function segmentOf(segments: Map<string, SegmentRecord>, survey: SurveyRecord): SegmentRecord | null {
  return survey.segmentId === null ? null : (segments.get(survey.segmentId) ?? null)
}
