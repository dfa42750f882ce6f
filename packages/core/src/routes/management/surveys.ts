import type { Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { ownedSurvey } from '../../domain/owned-survey'
import { authenticate } from '../../auth/authenticate'
import { readJsonBody } from '../../http/body'
import { badRequest, notFound, unauthorized } from '../../errors'
import { LARGE_ROW_BATCH, listPage, readPageQuery } from '../../http/pagination'
import { ok } from '../../http/respond'
import type { SegmentRecord } from '../../ports/storage'
import { surveyCreateSchema, surveyUpdateSchema } from '../../schemas/survey'
import { segmentsById } from '../../domain/segment-service'
import { surveyOutput } from '../../domain/survey-service'
import type { RouteTable } from '../../http/route-table'
import { readSummaryQuery, summaryFilterQuery } from '../../http/response-query'
import { readSurveySummary } from '../../domain/survey-summary'
import { dataOf, pageOf, summaryAnswer, surveyAnswer } from '../../schemas/answers'
import { pageQueryWithOffset } from '../../http/pagination'
import { checkContactAttributeFilter } from '../../auth/console-roles'
import { createSurveyFromBody, segmentOf, segmentOfSurvey, updateSurveyFromBody } from '../../domain/survey-writes'

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

// The survey writes read the body as sent and parse it in the domain (`survey-writes.ts`), not through the table's
// `body()`: their rules need keys the schema's output no longer tells apart (the segment, the two names of the
// overwrites and of the dates, the fields a PUT ignores). The table's schema still documents the body.
const createSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const body = await readJsonBody(request)
  const { survey, segment } = await createSurveyFromBody(ctx, environmentId, body, unauthorized)
  return ok(surveyOutput(survey, survey.createdAt, segment))
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

const summarizeSurvey: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const { environmentId } = caller
  const filter = readSummaryQuery(request.query)
  checkContactAttributeFilter(caller, filter.where)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  return ok(await readSurveySummary(ctx, survey, filter))
}
