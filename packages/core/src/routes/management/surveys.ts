import type { CanvassContext, CanvassRouter, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../http/auth'
import { readJsonBody } from '../../http/body'
import { badRequest, notFound, unauthorized, validationError } from '../../http/errors'
import { LARGE_ROW_BATCH, listPage, readPageQuery } from '../../http/pagination'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import type { SurveyRecord } from '../../ports/storage'
import { surveyCreateSchema, surveyUpdateSchema } from '../../schemas/survey'
import { IMMUTABLE_SURVEY_FIELDS, surveyFieldsFromInput, surveyOutput } from '../../services/survey-service'

/** `/api/v1/management/surveys`: list, create, get, update (merge) and delete. */
export function registerSurveyRoutes(router: CanvassRouter): void {
  router.get('/api/v1/management/surveys', listSurveys)
  router.post('/api/v1/management/surveys', createSurvey)
  router.get('/api/v1/management/surveys/:surveyId', getSurvey)
  router.put('/api/v1/management/surveys/:surveyId', updateSurvey)
  router.delete('/api/v1/management/surveys/:surveyId', deleteSurvey)
}

const listSurveys: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const page = readPageQuery(request.query, true)
  const now = ctx.now()
  return listPage(page, {
    read: (position) => ctx.storage.surveys.list(environmentId, position),
    output: (survey) => surveyOutput(survey, now),
    nextUrl: () => externalUrl(request, ctx),
    // A survey can grow to several MiB through PUTs of different fields.
    batch: LARGE_ROW_BATCH,
  })
}

const createSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = parseInput(surveyCreateSchema, await readJsonBody(request))
  if (input.environmentId !== environmentId) throw unauthorized()
  rejectSegment(input.segmentId)
  const now = ctx.now()
  const survey: SurveyRecord = {
    id: ctx.newId(),
    environmentId,
    createdAt: now,
    updatedAt: now,
    ...surveyFieldsFromInput(input),
  }
  await ctx.storage.surveys.insert(survey)
  return ok(surveyOutput(survey, now))
}

const getSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  return ok(surveyOutput(survey, ctx.now()))
}

const updateSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const body = await readJsonBody(request)
  // Fields a PUT ignores (contract §4) are dropped before validation: `"environmentId": null` is not a 400.
  for (const field of IMMUTABLE_SURVEY_FIELDS) delete body[field]
  const changes = parseInput(surveyUpdateSchema, body)
  const id = param(request, 'surveyId')
  const now = ctx.now()
  // The merge runs on the survey as it is under the storage's lock: a concurrent PUT of another field, or a
  // completion by `autoComplete`, is kept unless this body sets that field itself.
  const updated = await ctx.storage.surveys.update(id, (stored) => {
    if (stored.environmentId !== environmentId) throw unauthorized()
    const merged: Record<string, unknown> = { ...surveyOutput(stored, now), ...changes }
    for (const field of IMMUTABLE_SURVEY_FIELDS) delete merged[field]
    merged.environmentId = environmentId
    const input = parseInput(surveyCreateSchema, merged)
    rejectSegment(input.segmentId)
    return { id: stored.id, environmentId, createdAt: stored.createdAt, updatedAt: now, ...surveyFieldsFromInput(input) }
  })
  // The spec answers a PUT of an unknown survey with 400, unlike GET and DELETE.
  if (!updated) throw badRequest(`Survey with ID ${id} not found`)
  return ok(surveyOutput(updated, now))
}

const deleteSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  const deleted = await ctx.storage.surveys.delete(environmentId, survey.id)
  if (!deleted) throw notFound('Survey', survey.id)
  return ok(surveyOutput(deleted, ctx.now()))
}

/** The survey if it is the caller's: 404 when unknown, 401 when it belongs to another environment. */
export async function ownedSurvey(ctx: CanvassContext, environmentId: string, id: string): Promise<SurveyRecord> {
  const survey = await ctx.storage.surveys.get(id)
  if (!survey) throw notFound('Survey', id)
  if (survey.environmentId !== environmentId) throw unauthorized()
  return survey
}

function rejectSegment(segmentId: string | null | undefined): void {
  if (segmentId != null) throw validationError({ segmentId: 'Segments are not supported yet; send null' })
}
