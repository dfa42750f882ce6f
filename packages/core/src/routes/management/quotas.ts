import * as v from 'valibot'
import type { CanvassContext, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { badRequest, notFound, validationError } from '../../errors'
import { listPage, pageQuery, readPageQuery } from '../../http/pagination'
import { ok } from '../../http/respond'
import type { BodyHandler, RouteTable } from '../../http/route-table'

import type { QuotaRecord, SurveyRecord } from '../../ports/storage'
import { dataOf, pageOf, quotaAnswer } from '../../schemas/answers'
import { MAX_QUOTAS_PER_SURVEY, quotaCreateSchema, quotaUpdateSchema } from '../../schemas/quota'
import { checkQuotaAgainstSurvey, quotaOutput } from '../../domain/quotas/quota-service'
import { ownedSurvey } from '../../domain/surveys/owned-survey'
import { quotasOf } from '../../domain/optional-ports/hooks-ports'
import { reportingOf } from '../../domain/optional-ports/reporting'
import { ownValue } from '../../own-value'

const BASE = '/api/v1/management/surveys/:surveyId/quotas'

/**
 * `/api/v1/management/surveys/{surveyId}/quotas` (a Canvass addition: the reference manages quotas in its
 * app only): list, create, get, update and delete a survey's quotas. A list and a read add each quota's
 * `count`, the responses it counts so far. An editor token of the survey opens them all (the survey editor
 * edits its quotas).
 */
export function registerQuotaRoutes(routes: RouteTable): void {
  routes.get(BASE, listQuotas, {
    summary: "List a survey's quotas, each with the responses it counts so far",
    auth: 'apiKey',
    editorToken: 'survey',
    query: pageQuery,
    answer: pageOf(countedQuotaAnswer),
  })
  routes.post(BASE, createQuota, {
    editorToken: 'survey',
    audit: { action: 'create', resourceType: 'quota', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a quota of a survey',
    auth: 'apiKey',
    body: quotaCreateSchema,
    answer: dataOf(quotaAnswer),
  })
  routes.get(`${BASE}/:quotaId`, getQuota, {
    summary: 'Read one quota, with the responses it counts so far',
    auth: 'apiKey',
    editorToken: 'survey',
    answer: dataOf(countedQuotaAnswer),
  })
  routes.put(`${BASE}/:quotaId`, updateQuota, {
    editorToken: 'survey',
    audit: { action: 'update', resourceType: 'quota', resourceId: { param: 'quotaId' } },
    summary: 'Update a quota: fields sent replace those stored',
    auth: 'apiKey',
    body: quotaUpdateSchema,
    answer: dataOf(quotaAnswer),
  })
  routes.delete(`${BASE}/:quotaId`, deleteQuota, {
    editorToken: 'survey',
    audit: { action: 'delete', resourceType: 'quota', resourceId: { param: 'quotaId' } },
    summary: 'Delete a quota; returns it',
    auth: 'apiKey',
    answer: dataOf(quotaAnswer),
  })
}

const listQuotas: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const page = readPageQuery(request.query)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  const counts = await quotaCounts(ctx, environmentId, survey.id)
  return listPage(page, {
    read: (position) => quotasOf(ctx.storage).list(environmentId, survey.id, position),
    output: (record) => countedQuotaOutput(record, counts),
    nextUrl: () => externalUrl(request, ctx),
  })
}

/**
 * A quota as a list or a read answers it: with `count`, the responses it counts now (`QuotaReports.counts`),
 * when the storage reports them (`counts` null: it does not).
 */
const countedQuotaOutput = (record: QuotaRecord, counts: Record<string, number> | null) => ({
  ...quotaOutput(record),
  ...(counts ? { count: ownValue(counts, record.id) ?? 0 } : {}),
})

const countedQuotaAnswer = v.object({ ...quotaAnswer.entries, count: v.optional(v.number()) })

/** How many responses each quota of the survey counts, or null from a storage that reports none. */
function quotaCounts(ctx: CanvassContext, environmentId: string, surveyId: string): Promise<Record<string, number>> | null {
  return ctx.storage.reporting ? reportingOf(ctx.storage).quotas.counts(environmentId, surveyId) : null
}

const createQuota: BodyHandler<typeof quotaCreateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = await body()
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  checkSurveyId(input.surveyId, survey)
  const now = ctx.now()
  const record: QuotaRecord = {
    id: ctx.newId(),
    environmentId,
    surveyId: survey.id,
    name: input.name,
    limit: input.limit,
    logic: input.logic,
    action: input.action,
    endingCardId: input.endingCardId,
    countPartialSubmissions: input.countPartialSubmissions,
    createdAt: now,
    updatedAt: now,
  }
  checkQuotaAgainstSurvey(record, survey)
  const outcome = await quotasOf(ctx.storage).insert(record, MAX_QUOTAS_PER_SURVEY)
  if (outcome === 'limit') throw badRequest(`A survey holds at most ${MAX_QUOTAS_PER_SURVEY} quotas`)
  if (outcome === 'name_taken') throw nameTaken()
  if (outcome === 'survey_not_found') throw notFound('Survey', survey.id)
  return ok(quotaOutput(record))
}

const getQuota: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  const quota = await ownedQuota(ctx, environmentId, survey.id, param(request, 'quotaId'))
  return ok(countedQuotaOutput(quota, await quotaCounts(ctx, environmentId, survey.id)))
}

const updateQuota: BodyHandler<typeof quotaUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const changes = await body()
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  checkSurveyId(changes.surveyId, survey)
  const id = param(request, 'quotaId')
  const { surveyId: _, ...fields } = changes
  const sent = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
  const now = ctx.now()
  // Merged and checked on the quota as it is under the store's lock: a concurrent PUT of another field stays.
  const updated = await quotasOf(ctx.storage).update(environmentId, survey.id, id, (stored) => {
    const record: QuotaRecord = { ...stored, ...sent, updatedAt: now }
    checkQuotaAgainstSurvey(record, survey)
    return record
  })
  if (updated === 'name_taken') throw nameTaken()
  if (!updated) throw notFound('Quota', id)
  return ok(quotaOutput(updated))
}

const deleteQuota: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  const id = param(request, 'quotaId')
  const deleted = await quotasOf(ctx.storage).delete(environmentId, survey.id, id)
  if (!deleted) throw notFound('Quota', id)
  return ok(quotaOutput(deleted))
}

async function ownedQuota(ctx: CanvassContext, environmentId: string, surveyId: string, id: string): Promise<QuotaRecord> {
  const record = await quotasOf(ctx.storage).get(environmentId, surveyId, id)
  if (!record) throw notFound('Quota', id)
  return record
}

/** A body's `surveyId` may repeat the path's survey, never name another. */
function checkSurveyId(surveyId: string | undefined, survey: SurveyRecord): void {
  if (surveyId !== undefined && surveyId !== survey.id) throw validationError({ surveyId: 'Must be the id of the survey in the path' })
}

const nameTaken = () => validationError({ name: 'Another quota of this survey has this name' })
