import type { IRequest } from 'itty-router'
import type { V3BodyHandler } from '../../http/v3'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'
import { CanvassError } from '../../errors'

import type { InvalidParam } from '../../http/problem'
import { capInvalidParams } from '../../http/problem'
import type { Caller } from '../../auth/authenticate'
import { checkContactAttributeFilter } from '../../auth/console-roles'
import type { RouteTable } from '../../http/route-table'
import {
  V3Problem,
  checkWorkspace,
  noV3Query,
  parseV3Body,
  readV3Query,
  v3Forbidden,
  v3Ok,
  v3Route,
  v3Unprocessable,
  workspaceOf,
} from '../../http/v3'
import { V3_COUNT_CAP, encodeV3ResponsesCursor, readV3ResponsesCountQuery, readV3ResponsesListQuery } from '../../http/v3-response-query'
import type { ResponseRecord, SurveyRecord } from '../../ports/storage'
import { answerOutOfRange, hasNumberAnswer } from '../../domain/responses/answer-scales'
import { responseUpdateRefusal } from '../../domain/responses/response-write-rules'
import { meetsQuota } from '../../domain/quotas/quota-conditions'
import { screenResponse } from '../../domain/quotas/quota-service'
import { createV3ResponseViews } from '../../domain/responses/v3-response-view'
import { withAnswerForms } from '../../domain/results/answer-filters'
import type { V3CreateBody, V3PatchBody } from '../../domain/responses/v3-response-judgement'
import { judgeV3Create, judgeV3Patch, paramsOfRefusal } from '../../domain/responses/v3-response-judgement'
import { createResponseOrThrow } from '../../domain/responses/response-create'
import {
  v3ResponseAnswer,
  v3ResponseBatchDeleteAnswer,
  v3ResponseBatchDeleteSchema,
  v3ResponseCountAnswer,
  v3ResponseCreateSchema,
  v3ResponsePageAnswer,
  v3ResponsePatchSchema,
  v3ResponseValidateAnswer,
  v3ResponseValidateSchema,
} from '../../schemas/v3-response'
import { updateResponse } from '../../domain/responses/response-updates'
import { reportingOf } from '../../domain/optional-ports/reporting'

const EXTENSION_DOC =
  'Canvass\'s extension: also takes `filter[<field>][<operator>]=<value>` on answers, hidden fields, variables, `meta`, contact attributes, quotas, tags and `updatedAt` (docs/api.md, "Filtering responses"); the cursor is bound to those too.'

/**
 * The reference's v3 responses routes, version 0.2.0 (docs/api.md, "Responses in v3"): list, count, get,
 * create, patch, delete, batch delete and validate. Responses are shown as `domain/responses/v3-response-view.ts` builds
 * them; writes go through the response create and update of every other route (webhooks, quotas,
 * `autoComplete`).
 */
export function registerV3ResponseRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/responses', v3Route(listResponses), {
    ...common,
    summary: "List a workspace's responses: keyset pages by createdAt, newest first by default",
    description: `\`workspaceId\` (required); \`surveyId\` or \`contactId\` narrow it. \`limit\` 1 to 250 (default 20). \`filter[createdAt][gte|gt|lte|lt]\` (one lower, one upper bound), \`filter[finished][eq]\` and \`filter[language][in]\` (these two need \`surveyId\` or \`contactId\`), \`filter[id][in]\` (at most 100; ids of other workspaces are simply absent). \`sortBy\` \`-createdAt\` or \`createdAt\`. \`meta.nextCursor\` is null on the last page; a cursor is bound to its sort and filters. \`includeTotalCount=true\` counts up to 10,000 (\`gte\` past it). ${EXTENSION_DOC}`,
    query: listQueryDoc,
    answer: v3ResponsePageAnswer,
    errors: [403],
  })
  routes.post('/api/v3/responses', v3Route(createResponse), {
    ...common,
    audit: { action: 'create', resourceType: 'response', resourceId: 'answer' },
    summary: 'Submit a response to a survey of the workspace, as a respondent would (webhooks, quotas, autoComplete)',
    description:
      "An unknown survey and another workspace's are the same 403. A rule of the survey the body breaks (ending, language, contact, display, single-use id, tag, embedded data name, hidden field sent in `data`, answer out of scale, answer breaking its element's validation rules, input type, character limit, required flag or upload storage) is a 422 listing each in `invalid_params`.",
    body: v3ResponseCreateSchema,
    answer: v3ResponseAnswer,
    status: 201,
    errors: [403, 422],
  })
  // Before `…/:responseId`, which would take these for an id.
  routes.get('/api/v3/responses/count', v3Route(countResponses), {
    ...common,
    summary: 'Count the responses the list would show: capped at 10,000 (`gte`) unless `precision=exact`',
    description: `The list's scope and filters; \`precision=exact\` needs \`surveyId\` or \`contactId\`. ${EXTENSION_DOC}`,
    query: countQueryDoc,
    answer: v3ResponseCountAnswer,
    errors: [403],
  })
  routes.post('/api/v3/responses/batch-delete', v3Route(batchDelete), {
    ...common,
    audit: { action: 'delete', resourceType: 'response', result: true },
    summary: 'Delete up to 100 responses of the workspace in one transaction; ids not of it are skipped',
    description:
      "`workspaceId` in the query. Ids that name no response of the workspace (unknown, already deleted, another workspace's) are skipped, so a retry is safe; `deleted` counts what went. A repeated id is a 400.",
    query: v.object({ workspaceId: v.string() }),
    body: v3ResponseBatchDeleteSchema,
    answer: v3ResponseBatchDeleteAnswer,
    errors: [403],
  })
  routes.post('/api/v3/responses/validate', v3Route(validateResponse), {
    ...common,
    // It writes nothing: no audit entry.
    readOnly: true,
    summary: 'Check a create or a patch without writing it: `valid`, `invalid_params` and its effects',
    body: v3ResponseValidateSchema,
    answer: v3ResponseValidateAnswer,
    errors: [403],
  })
  routes.get('/api/v3/responses/:responseId', v3Route(getResponse), {
    ...common,
    summary: 'Read one response',
    answer: v3ResponseAnswer,
    errors: [403],
  })
  routes.patch('/api/v3/responses/:responseId', v3Route(patchResponse), {
    ...common,
    audit: { action: 'update', resourceType: 'response', resourceId: { param: 'responseId' } },
    idempotent: 'management',
    summary: 'Update a response: `data` replaced as a whole, `embeddedData` merged by name, `tags` replaced',
    body: v3ResponsePatchSchema,
    answer: v3ResponseAnswer,
    errors: [403, 422],
  })
  routes.delete('/api/v3/responses/:responseId', v3Route(deleteResponse), {
    ...common,
    audit: { action: 'delete', resourceType: 'response', resourceId: { param: 'responseId' } },
    summary: 'Delete a response with its notes, tag links and uploaded files',
    status: 204,
    errors: [403],
  })
}

const optionalText = v.optional(v.string())
const scopeDoc = {
  workspaceId: v.string(),
  surveyId: optionalText,
  contactId: optionalText,
  'filter[createdAt][gte]': optionalText,
  'filter[createdAt][gt]': optionalText,
  'filter[createdAt][lte]': optionalText,
  'filter[createdAt][lt]': optionalText,
  'filter[finished][eq]': v.optional(v.picklist(['true', 'false'])),
  'filter[language][in]': optionalText,
  'filter[id][in]': optionalText,
  'filter[data.<questionId>][eq]': optionalText,
}
const listQueryDoc = v.object({
  ...scopeDoc,
  limit: optionalText,
  cursor: optionalText,
  includeTotalCount: v.optional(v.picklist(['true', 'false'])),
  sortBy: v.optional(v.picklist(['-createdAt', 'createdAt'])),
})
const countQueryDoc = v.object({ ...scopeDoc, precision: v.optional(v.picklist(['capped', 'exact'])) })

/**
 * The key's environment checked against `workspaceId`, and `surveyId` against the environment (403 otherwise).
 * Returns the survey read, for the views of its responses, and the workspace the views name.
 */
async function checkScope(
  ctx: CanvassContext,
  environmentId: string,
  scope: { workspaceId: string; surveyId?: string },
): Promise<{ survey: SurveyRecord | undefined; workspaceId: string }> {
  // Read together, judged together: the key's environment (its workspace) and the survey named.
  const [environment, survey] = await Promise.all([
    ctx.storage.environments.get(environmentId),
    scope.surveyId === undefined ? undefined : ctx.storage.surveys.get(scope.surveyId),
  ])
  if (scope.workspaceId !== environmentId && environment?.projectId !== scope.workspaceId) throw v3Forbidden()
  if (survey === null || (survey !== undefined && survey.environmentId !== environmentId)) throw v3Forbidden()
  return { survey, workspaceId: environment?.projectId ?? environmentId }
}

/** The views of `rows` in `workspaceId`, each survey read once (`known`, already read, not again). */
async function viewsOf(ctx: CanvassContext, workspaceId: string, rows: readonly ResponseRecord[], detail: boolean, known?: SurveyRecord) {
  const views = createV3ResponseViews(workspaceId)
  const surveys = new Map<string, SurveyRecord | null>(known ? [[known.id, known]] : [])
  const out = []
  for (const row of rows) {
    if (!surveys.has(row.surveyId)) surveys.set(row.surveyId, await ctx.storage.surveys.get(row.surveyId))
    const survey = surveys.get(row.surveyId)
    // A response outlives no survey (its survey's delete takes it): one read in between is skipped.
    if (!survey) continue
    out.push(detail ? views.resource(row, survey) : views.listItem(row, survey))
  }
  return out
}

const listResponses = async (request: IRequest, ctx: CanvassContext, caller: Caller) => {
  const { environmentId } = caller
  const query = readV3ResponsesListQuery(request)
  checkContactAttributeFilter(caller, query.filter.where)
  const { survey, workspaceId } = await checkScope(ctx, environmentId, query)
  // A filter on one of the survey's choices matches the answer in every language.
  const filter = survey ? withAnswerForms(survey, query.filter) : query.filter
  const order = query.sortBy === 'createdAt' ? 'asc' : 'desc'
  // At once, not one after another: the page and its count.
  const [rows, total] = await Promise.all([
    ctx.storage.responses.list(environmentId, {
      ...filter,
      sortBy: 'createdAt',
      order,
      limit: query.limit,
      ...(query.after ? { after: query.after } : {}),
    }),
    query.includeTotalCount ? reportingOf(ctx.storage).responses.count(environmentId, filter, { upTo: V3_COUNT_CAP }) : undefined,
  ])
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  const count = total === undefined ? undefined : countOf(total)
  return v3Ok({
    data: await viewsOf(ctx, workspaceId, page, false, survey),
    meta: {
      limit: query.limit,
      nextCursor: rows.length > query.limit && last ? encodeV3ResponsesCursor(query.sortBy, query.fingerprint, last) : null,
      totalCount: count?.count ?? null,
      totalCountRelation: count?.relation ?? null,
    },
  })
}

/** A count that stopped past the cap, as the answer shows it. */
function countOf(total: number): { count: number; relation: 'eq' | 'gte' } {
  return total > V3_COUNT_CAP ? { count: V3_COUNT_CAP, relation: 'gte' } : { count: total, relation: 'eq' }
}

const countResponses = async (request: IRequest, ctx: CanvassContext, caller: Caller) => {
  const { environmentId } = caller
  const query = readV3ResponsesCountQuery(request)
  checkContactAttributeFilter(caller, query.filter.where)
  const { survey } = await checkScope(ctx, environmentId, query)
  const filter = survey ? withAnswerForms(survey, query.filter) : query.filter
  if (query.precision === 'exact')
    return v3Ok({ data: { count: await reportingOf(ctx.storage).responses.count(environmentId, filter), relation: 'eq' } })
  return v3Ok({ data: countOf(await reportingOf(ctx.storage).responses.count(environmentId, filter, { upTo: V3_COUNT_CAP })) })
}

const getResponse = async (request: IRequest, ctx: CanvassContext, { environmentId }: Caller) => {
  noV3Query(request)
  return v3Ok({ data: await resourceOf(ctx, environmentId, await ownResponse(ctx, environmentId, param(request, 'responseId'))) })
}

async function resourceOf(ctx: CanvassContext, environmentId: string, response: ResponseRecord) {
  const [view] = await viewsOf(ctx, await workspaceOf(ctx, environmentId), [response], true)
  if (!view) throw v3Forbidden()
  return view
}

/** The response if it is the key's; any other id (unknown, malformed, another environment's) is a 403. */
async function ownResponse(ctx: CanvassContext, environmentId: string, id: string): Promise<ResponseRecord> {
  const response = await ctx.storage.responses.get(id)
  if (!response || response.environmentId !== environmentId) throw v3Forbidden()
  return response
}

/** The survey of a create, when it is the key's; an unknown one and another workspace's are the same 403. */
async function createSurvey(ctx: CanvassContext, environmentId: string, surveyId: string): Promise<SurveyRecord> {
  const survey = await ctx.storage.surveys.get(surveyId)
  if (!survey || survey.environmentId !== environmentId) throw v3Forbidden()
  return survey
}

const createResponse: V3BodyHandler<typeof v3ResponseCreateSchema> = async (request, ctx, { environmentId }, readBody) => {
  noV3Query(request)
  const body = await readBody()
  const record = await createSurvey(ctx, environmentId, body.surveyId)
  // Validate judges with the same call (`validateResponse`).
  const judged = await judgeV3Create(ctx, environmentId, record, body)
  if (!judged.ok) throw judged.error
  const response = judged.write
  const check = { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: true, screenQuotas: true }
  const id = await asV3Problem(() => createResponseOrThrow(ctx, response, check))
  // A storage without quotas has none to screen against.
  const quotas = (await ctx.storage.quotas?.listAll(environmentId, record.id)) ?? []
  if (quotas.length > 0) {
    const { surveyId, finished, data, variables } = response
    await screenResponse(ctx, { environmentId, surveyId, responseId: id, finished, data, variables, mark: response.createdAt })
  }
  const created = await ownResponse(ctx, environmentId, id)
  return v3Ok({ data: await resourceOf(ctx, environmentId, created) }, 201, { location: `/api/v3/responses/${id}` })
}

/**
 * A refusal of the storage's create or update as the v3 problem: a 400 of a survey rule is a 422 naming its
 * fields. Judged before by `judgeV3Create` or `judgeV3Patch`, it is met only when the survey or the display
 * changed in between, or for a display or a single-use id another response names already (the unique indexes').
 */
async function asV3Problem<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!(error instanceof CanvassError)) throw error
    if (error.status === 401 || error.status === 403 || error.status === 404) throw v3Forbidden()
    if (error.status !== 400) throw error
    throw v3Unprocessable(error.message, paramsOfRefusal(error))
  }
}

const patchResponse: V3BodyHandler<typeof v3ResponsePatchSchema> = async (request, ctx, { environmentId }, readBody) => {
  noV3Query(request)
  const body = await readBody()
  const id = param(request, 'responseId')
  const current = await ownResponse(ctx, environmentId, id)
  const record = await ctx.storage.surveys.get(current.surveyId)
  if (!record) throw v3Forbidden()
  // Validate judges with the same call (`validateResponse`).
  const judged = await judgeV3Patch(ctx, environmentId, record, current, body)
  if (!judged.ok) throw judged.error
  const updated = await asV3Problem(() =>
    updateResponse(
      ctx.storage.responses,
      id,
      (latest, facts) => {
        // A manager's update (domain/responses/response-write-rules.ts): a response of another environment is a 403; the
        // scales are judged again on the survey as the update reads it.
        const refusal = responseUpdateRefusal(latest, facts, body.data, { kind: 'manager', environmentId })
        if (refusal) throw refusal.outcome === 'answer_out_of_range' ? answerOutOfRange(refusal) : v3Forbidden()
        return judged.write(latest)
      },
      { answerScales: hasNumberAnswer(body.data), screenQuotas: true },
    ),
  )
  if (!updated) throw v3Forbidden()
  const quotas = (await ctx.storage.quotas?.listAll(environmentId, updated.surveyId)) ?? []
  if (quotas.length > 0) {
    const { surveyId, finished, data, variables, updatedAt: mark } = updated
    await screenResponse(ctx, { environmentId, surveyId, responseId: id, finished, data, variables, mark })
  }
  return v3Ok({ data: await resourceOf(ctx, environmentId, await ownResponse(ctx, environmentId, id)) })
}

const deleteResponse = async (request: IRequest, ctx: CanvassContext, { environmentId }: Caller) => {
  noV3Query(request)
  if (!(await ctx.storage.responses.delete(environmentId, param(request, 'responseId')))) throw v3Forbidden()
  // Its files were recorded for deletion with it.
  ctx.blobDeletionsRecorded()
  return v3Ok({}, 204)
}

const batchDelete: V3BodyHandler<typeof v3ResponseBatchDeleteSchema> = async (request, ctx, { environmentId }, body) => {
  const { workspaceId } = readV3Query(request, v.object({ workspaceId: v.pipe(v.string(), v.minLength(1, 'Required'), v.maxLength(255)) }))
  const { ids } = await body()
  await checkWorkspace(ctx, environmentId, workspaceId)
  const result = await ctx.storage.responses.deleteMany(environmentId, ids, { skipMissing: true })
  const deleted = 'deleted' in result ? result.deleted : 0
  if (deleted > 0) ctx.blobDeletionsRecorded()
  return v3Ok({ data: { deleted } })
}

/**
 * Validate is the write's judgement: the body parsed by the write's schema, then judged by the write's own
 * `judgeV3Create` or `judgeV3Patch`; `invalid_params` name what the write's 400 or 422 would, relative to the
 * body sent in `data`.
 */
const validateResponse: V3BodyHandler<typeof v3ResponseValidateSchema> = async (request, ctx, { environmentId }, readBody) => {
  noV3Query(request)
  const envelope = await readBody()
  const invalid = (params: readonly InvalidParam[]) =>
    v3Ok({ data: { valid: false, operation: envelope.operation, invalid_params: capInvalidParams(params) } })
  const parsed = bodyProblems(envelope.operation === 'create' ? v3ResponseCreateSchema : v3ResponsePatchSchema, envelope.data)
  if ('problems' in parsed) return invalid(parsed.problems)
  if (envelope.operation === 'create') {
    const body = parsed.value as V3CreateBody
    const record = await createSurvey(ctx, environmentId, body.surveyId)
    const judged = await judgeV3Create(ctx, environmentId, record, body)
    if (!judged.ok) return invalid(judged.problems)
    const { data, variables } = judged.write
    return v3Ok({
      data: {
        valid: true,
        operation: 'create',
        invalid_params: [],
        effects: {
          language: body.language ?? null,
          contactId: body.contactId ?? null,
          displayId: body.displayId ?? null,
          firesPipeline: true,
          countsTowardMeteredResponses: true,
          quotas: await quotaEffects(ctx, environmentId, record, { finished: body.finished, data, variables }),
          tagsToApply: body.tags ?? [],
        },
      },
    })
  }
  const current = await ownResponse(ctx, environmentId, envelope.responseId)
  const body = parsed.value as V3PatchBody
  const record = await ctx.storage.surveys.get(current.surveyId)
  if (!record) throw v3Forbidden()
  const judged = await judgeV3Patch(ctx, environmentId, record, current, body)
  if (!judged.ok) return invalid(judged.problems)
  const patch = judged.write(current)
  return v3Ok({
    data: {
      valid: true,
      operation: 'patch',
      invalid_params: [],
      effects: {
        language: patch.language !== undefined ? patch.language : current.language,
        contactId: current.person?.id ?? null,
        displayId: current.displayId,
        firesPipeline: true,
        countsTowardMeteredResponses: false,
        quotas: await quotaEffects(ctx, environmentId, record, {
          finished: patch.finished ?? current.finished,
          data: patch.data ?? current.data,
          variables: patch.variables ?? current.variables,
        }),
        tagsToApply: body.tags ?? [],
      },
    },
  })
}

/** A body parsed by `schema`, or each problem the write's 400 would list (names relative to the body). */
function bodyProblems<S extends v.GenericSchema>(schema: S, body: unknown): { value: v.InferOutput<S> } | { problems: InvalidParam[] } {
  try {
    return { value: parseV3Body(schema, body) }
  } catch (error) {
    if (error instanceof V3Problem) return { problems: [...error.invalidParams] }
    throw error
  }
}

/** Whether the response would count in each quota of its survey, and fill it. */
async function quotaEffects(
  ctx: CanvassContext,
  environmentId: string,
  survey: SurveyRecord,
  response: { finished: boolean; data: Record<string, unknown>; variables: Record<string, unknown> },
) {
  const quotas = (await ctx.storage.quotas?.listAll(environmentId, survey.id)) ?? []
  if (quotas.length === 0) return []
  const counts = await reportingOf(ctx.storage).quotas.counts(environmentId, survey.id)
  return quotas.map((quota) => {
    const wouldCount =
      (response.finished || quota.countPartialSubmissions) &&
      meetsQuota(quota.logic, { questions: survey.questions, variables: survey.variables }, response)
    return {
      quotaId: quota.id,
      quotaName: quota.name,
      wouldCount,
      ...(wouldCount ? { wouldFill: (counts[quota.id] ?? 0) + 1 >= quota.limit } : {}),
    }
  })
}
