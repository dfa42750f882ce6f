import type { IRequest } from 'itty-router'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'
import { CanvassError } from '../../errors'
import { readJsonBody } from '../../http/body'
import { isFilterParam, readResponseFilters } from '../../http/response-filters'
import type { RouteTable } from '../../http/route-table'
import {
  checkWorkspace,
  cursorParam,
  decodeV3Cursor,
  encodeV3Cursor,
  noV3Query,
  parseV3Body,
  readV3Query,
  v3BadRequest,
  v3Forbidden,
  v3Limit,
  v3Ok,
  V3Problem,
  v3Route,
  v3Unprocessable,
} from '../../http/v3'
import type { ResponseDateField, ResponseFilter, ResponseRecord } from '../../ports/storage'
import { answerOffScale, answerOutOfRange, hasNumberAnswer } from '../../domain/answer-scales'
import { responseOutput, responsePatch } from '../../domain/response-service'
import { checkPatchedSize } from '../../domain/response-size'
import { createResponseOrThrow } from '../client/responses'
import { MAX_EXACT_COUNT, managementResponse } from '../management/responses'
import {
  MAX_V3_BATCH_DELETE,
  v3ResponseAnswer,
  v3ResponseBatchDeleteAnswer,
  v3ResponseBatchDeleteSchema,
  v3ResponseCountAnswer,
  v3ResponseCreateSchema,
  v3ResponsePageAnswer,
  v3ResponsePatchSchema,
} from '../../schemas/v3-response'

const FILTERS_DOC =
  'Takes `filter[<field>][<operator>]=<value>` on answers, hidden fields, variables, `meta`, contact attributes, quotas, tags, language, `finished` and dates (docs/api.md, "Filtering responses"); a bad filter or a parameter the route does not take is a 400 naming it.'

/**
 * Responses in the reference's v3 style (docs/api.md, "Responses in v3"): Canvass's extension, since the
 * reference's v3 (0.1.0) has no responses routes. List, count, create, get, patch, delete and batch delete,
 * with the v3 rules (problems, `workspaceId`, 403 for an id that is not the key's, cursor pages) and the v1
 * management routes' services.
 */
export function registerV3ResponseRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/responses', v3Route(listResponses), {
    ...common,
    summary: "List a workspace's responses: cursor pages, filters, sortBy",
    description: `\`workspaceId\` (required) is the key's project or environment; \`surveyId\` narrows to one survey. Newest first by \`sortBy\` (\`createdAt\`, the default, or \`updatedAt\`). ${FILTERS_DOC} \`meta.totalCount\` is exact up to 10,000 (\`meta.totalCountRelation\` \`eq\`); past that it is 10000 with \`gte\`.`,
    query: listQueryDoc,
    answer: v3ResponsePageAnswer,
    errors: [403],
  })
  routes.post('/api/v3/responses', v3Route(createResponse), {
    ...common,
    audit: { action: 'create', resourceType: 'response', resourceId: 'answer' },
    summary: "Create a response, whatever the survey's status; imports give `createdAt` and `updatedAt`",
    body: v3ResponseCreateSchema,
    answer: v3ResponseAnswer,
    status: 201,
    errors: [403, 422],
  })
  // Before `…/:responseId`, which would take `count` for an id.
  routes.get('/api/v3/responses/count', v3Route(countResponses), {
    ...common,
    summary: 'Count the responses the list would answer: exact up to 10,000, then `gte`',
    description: `The list's \`workspaceId\`, \`surveyId\` and filters. ${FILTERS_DOC}`,
    query: countQueryDoc,
    answer: v3ResponseCountAnswer,
    errors: [403],
  })
  routes.post('/api/v3/responses/batch-delete', v3Route(batchDelete), {
    ...common,
    audit: { action: 'delete', resourceType: 'response', result: true },
    summary: `Delete up to ${MAX_V3_BATCH_DELETE.toLocaleString('en-US')} responses of the workspace, all or none, in one transaction`,
    description:
      "Each goes as `DELETE /api/v3/responses/{responseId}` deletes one (notes, tag links and uploaded files with it). An id that is not a response of the workspace (unknown, already deleted, or another workspace's) is a 403 listing each such id in `invalid_params`, and nothing is deleted.",
    body: v3ResponseBatchDeleteSchema,
    answer: v3ResponseBatchDeleteAnswer,
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
    summary: 'Update a response (finished ones too): the fields sent replace the stored ones, `data` merged by question',
    body: v3ResponsePatchSchema,
    answer: v3ResponseAnswer,
    errors: [403],
  })
  routes.delete('/api/v3/responses/:responseId', v3Route(deleteResponse), {
    ...common,
    audit: { action: 'delete', resourceType: 'response', resourceId: { param: 'responseId' } },
    summary: 'Delete a response with its notes, tag links and uploaded files',
    status: 204,
    errors: [403],
  })
}

const SORTS = ['createdAt', 'updatedAt'] as const
const idParam = v.pipe(v.string(), v.minLength(1), v.maxLength(255))

const countQuery = v.object({
  workspaceId: idParam,
  surveyId: v.optional(idParam),
})

const listQuery = v.object({
  ...countQuery.entries,
  limit: v3Limit(100),
  cursor: cursorParam,
  includeTotalCount: v.optional(v.picklist(['true', 'false'], 'Must be true or false')),
  sortBy: v.optional(v.picklist(SORTS, `Must be one of ${SORTS.join(', ')}`)),
})

/** A filter parameter as the OpenAPI document shows one (the route takes any `filter[<field>][<operator>]`). */
const filterDoc = { 'filter[data.<questionId>][gte]': v.optional(v.pipe(v.string(), v.maxLength(1000))) }
const listQueryDoc = v.object({ ...listQuery.entries, ...filterDoc })
const countQueryDoc = v.object({ ...countQuery.entries, ...filterDoc })

/**
 * The route's own parameters, parsed by `schema`, and its `filter[…][…]` ones as a filter of the workspace's
 * responses (`surveyId` checked to be the workspace's: another's, or an unknown one, is a 403).
 */
async function readListQuery<S extends typeof countQuery | typeof listQuery>(
  request: IRequest,
  ctx: CanvassContext,
  environmentId: string,
  schema: S,
): Promise<{ query: v.InferOutput<S>; filter: ResponseFilter }> {
  const all = (request.query ?? {}) as Record<string, string | string[] | undefined>
  const own = Object.fromEntries(Object.entries(all).filter(([name]) => !isFilterParam(name)))
  const filters = Object.fromEntries(Object.entries(all).filter(([name]) => isFilterParam(name)))
  const query = readV3Query({ query: own } as unknown as IRequest, schema)
  const where = filtersOf(filters)
  await checkWorkspace(ctx, environmentId, query.workspaceId)
  const filter: ResponseFilter = where.length > 0 ? { where } : {}
  if (query.surveyId !== undefined) {
    const survey = await ctx.storage.surveys.get(query.surveyId)
    if (!survey || survey.environmentId !== environmentId) throw v3Forbidden()
    filter.surveyId = survey.id
  }
  return { query, filter }
}

/** `readResponseFilters` with its 400 as a problem naming each parameter at fault. */
function filtersOf(query: Record<string, string | string[] | undefined>) {
  try {
    return readResponseFilters(query)
  } catch (error) {
    if (!(error instanceof CanvassError) || error.status !== 400) throw error
    const params = Object.entries(error.details)
      .filter(([name]) => name !== '_more')
      .map(([name, reason]) => ({ name, reason: String(reason) }))
    throw v3BadRequest('Invalid query parameters', params)
  }
}

/** A count that stopped past `MAX_EXACT_COUNT`, as the answer shows it. */
function countOf(total: number): { count: number; relation: 'eq' | 'gte' } {
  return total > MAX_EXACT_COUNT ? { count: MAX_EXACT_COUNT, relation: 'gte' } : { count: total, relation: 'eq' }
}

const listResponses = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const { query, filter } = await readListQuery(request, ctx, environmentId, listQuery)
  const sortBy: ResponseDateField = query.sortBy ?? 'createdAt'
  const limit = query.limit ?? 20
  const after = query.cursor !== undefined ? positionOf(decodeV3Cursor(query.cursor, sortBy)) : undefined
  const counted = query.includeTotalCount !== 'false'
  const [rows, total] = await Promise.all([
    ctx.storage.responses.list(environmentId, { ...filter, sortBy, order: 'desc', limit, ...(after ? { after } : {}) }),
    counted ? ctx.storage.responses.count(environmentId, filter, { upTo: MAX_EXACT_COUNT }) : undefined,
  ])
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const count = total === undefined ? undefined : countOf(total)
  return v3Ok({
    data: page.map(responseOutput),
    meta: {
      limit,
      nextCursor: rows.length > limit && last ? encodeV3Cursor(sortBy, last[sortBy].toISOString(), last.id) : null,
      totalCount: count?.count ?? null,
      totalCountRelation: count?.relation ?? null,
    },
  })
}

/** A cursor's position; one whose value is no date was not written by this route (a 400 naming `cursor`). */
function positionOf(cursor: { value: string; id: string }): { createdAt: Date; id: string } {
  const at = new Date(cursor.value)
  if (Number.isNaN(at.getTime())) throw v3BadRequest('Invalid query parameters', [{ name: 'cursor', reason: 'Invalid cursor' }])
  return { createdAt: at, id: cursor.id }
}

const countResponses = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const { filter } = await readListQuery(request, ctx, environmentId, countQuery)
  return v3Ok({ data: countOf(await ctx.storage.responses.count(environmentId, filter, { upTo: MAX_EXACT_COUNT })) })
}

const createResponse = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  const { workspaceId, ...body } = parseV3Body(v3ResponseCreateSchema, await readJsonBody(request))
  await checkWorkspace(ctx, environmentId, workspaceId)
  // A survey that is not the workspace's is a reference the body makes, as the survey routes' triggers are.
  const survey = await ctx.storage.surveys.get(body.surveyId)
  if (!survey || survey.environmentId !== environmentId) {
    throw v3Unprocessable('Response failed validation', [
      { name: 'surveyId', reason: 'No survey of this workspace has this id', code: 'invalid_reference' },
    ])
  }
  const response = managementResponse(ctx, body, request.headers.get('user-agent'))
  const id = await createResponseOrThrow(ctx, response, {
    environmentId,
    requireAccepting: false,
    checkEnvironment: false,
    pinProven: true,
  })
  const created = await ctx.storage.responses.get(id)
  if (!created) throw v3Forbidden()
  return v3Ok({ data: responseOutput(created) }, 201, { location: `/api/v3/responses/${id}` })
}

const getResponse = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  return v3Ok({ data: responseOutput(await ownResponse(ctx, environmentId, param(request, 'responseId'))) })
}

const patchResponse = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  const input = parseV3Body(v3ResponsePatchSchema, await readJsonBody(request))
  const updated = await ctx.storage.responses.update(
    param(request, 'responseId'),
    (current, survey) => {
      if (current.environmentId !== environmentId) throw v3Forbidden()
      const offScale = answerOffScale(survey.answerScales, input.data)
      if (offScale) throw answerOutOfRange(offScale)
      return checkPatchedSize(current, responsePatch(current, input, ctx.now()), ctx.maxResponseBytes)
    },
    { answerScales: hasNumberAnswer(input.data) },
  )
  if (!updated) throw v3Forbidden()
  return v3Ok({ data: responseOutput(updated) })
}

const deleteResponse = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  if (!(await ctx.storage.responses.delete(environmentId, param(request, 'responseId')))) throw v3Forbidden()
  // Its files were recorded for deletion with it.
  ctx.blobDeletionsRecorded()
  return v3Ok({}, 204)
}

const batchDelete = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  const { workspaceId, ids } = parseV3Body(v3ResponseBatchDeleteSchema, await readJsonBody(request))
  await checkWorkspace(ctx, environmentId, workspaceId)
  const result = await ctx.storage.responses.deleteMany(environmentId, ids)
  if ('missing' in result) {
    const missing = new Set(result.missing)
    const params = ids.flatMap((id, index) =>
      missing.delete(id) ? [{ name: `ids.${index}`, reason: 'Names no response of this workspace' }] : [],
    )
    throw new V3Problem(403, 'You are not authorized to access these responses: nothing was deleted', params)
  }
  ctx.blobDeletionsRecorded()
  return v3Ok({ data: { deleted: result.deleted } })
}

/** The response if it is the key's; any other id (unknown, malformed, another environment's) is a 403. */
async function ownResponse(ctx: CanvassContext, environmentId: string, id: string): Promise<ResponseRecord> {
  const response = await ctx.storage.responses.get(id)
  if (!response || response.environmentId !== environmentId) throw v3Forbidden()
  return response
}
