import * as v from 'valibot'
import type { CanvassContext, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { readJsonBatch } from '../../http/body'
import { CanvassError, notFound, unauthorized, validationError } from '../../errors'
import { LARGE_ROW_BATCH, listPage } from '../../http/pagination'
import {
  MAX_ANONYMIZE_IDS,
  readAnonymizeSelection,
  readExportQuery,
  readResponseQuery,
  responseAnonymizeBody,
  responseExportQuery,
  responseListQuery,
} from '../../http/response-query'
import { exportAnswer } from '../../domain/responses/export-answer'
import { ok } from '../../http/respond'
import type { CreateResponseCheck, NewResponse, ResponseRecord } from '../../ports/storage'
import { parseInput, parseItem } from '../../http/validate'
import { managementResponseCreateSchema, managementResponseUpdateSchema } from '../../schemas/response'
import { answerOutOfRange, hasNumberAnswer } from '../../domain/responses/answer-scales'
import { responseUpdateRefusal } from '../../domain/responses/response-write-rules'
import { checkNotInFuture } from '../../domain/responses/backdated-times'
import { groupDigits } from '../../group-digits'
import { newResponse, responseOutput, responsePatch } from '../../domain/responses/response-service'
import { checkPatchedSize, checkResponseSize } from '../../domain/responses/response-size'
import { createRefusal, createResponseOrThrow } from '../../domain/responses/response-create'
import { ownedSurvey } from '../../domain/surveys/owned-survey'
import { withAnswerForms } from '../../domain/results/answer-filters'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { anonymizeAnswer, bulkImportAnswer, dataOf, pageOf, responseAnswer } from '../../schemas/answers'
import { checkNamedEnvironment, namedEnvironmentChecker } from '../../domain/environments/named-environment'
import { checkContactAttributeFilter, readsContactAttributes } from '../../auth/console-roles'
import { importResponses as writeResponseImport } from '../../domain/responses/response-imports'
import { updateResponse as writeResponseUpdate } from '../../domain/responses/response-updates'
import { reportingOf } from '../../domain/optional-ports/reporting'

/** `/api/v1/management/responses`: list, create, get, update and delete, without survey status checks. */
export function registerManagementResponseRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/responses', listResponses, {
    summary: 'List responses: filtered, sorted, counted with `count=true` (`X-Total-Count`)',
    description:
      'Besides its own parameters, takes `filter[<field>][<operator>]=<value>` on answers, hidden fields, variables, `meta`, contact attributes, quotas, tags, language, `finished` and dates (docs/api.md, "Filtering responses"). A parameter it does not take is a `400` naming it. `count=true` counts exactly up to 10,000; past that `X-Total-Count` is 10000 and `X-Total-Count-Relation` is `gte`.',
    auth: 'apiKey',
    query: responseListQuery,
    answer: pageOf(responseAnswer),
    errors: [404],
  })
  routes.post('/api/v1/management/responses', createResponse, {
    audit: { action: 'create', resourceType: 'response', resourceId: 'answer' },
    idempotent: 'management',
    summary: "Create a response, whatever the survey's status; imports give `createdAt` and `updatedAt`",
    auth: 'apiKey',
    body: managementResponseCreateSchema,
    answer: dataOf(responseAnswer),
    errors: [404],
  })
  routes.post('/api/v1/management/responses/bulk', importResponses, {
    audit: { action: 'create', resourceType: 'response', result: true },
    summary: 'Import up to 1,000 responses in one transaction, with a result per item; webhooks only with `?webhooks=true`',
    auth: 'apiKey',
    query: v.object({ webhooks: v.optional(v.picklist(['true', 'false'])) }),
    description: `The answer lists every created item with its id and the first ${MAX_LISTED_ERRORS} failed ones with their error (one field in \`details\`), in the order sent; \`unlistedErrors\` counts the failed items beyond them. NUL, a lone surrogate or a number past the float limit inside one item fails that item alone.`,
    body: bulkImportSchema,
    answer: dataOf(bulkImportAnswer),
    idempotent: 'management',
    batch: 'responses',
  })
  routes.post('/api/v1/management/responses/anonymize', anonymizeResponses, {
    audit: { action: 'anonymize', resourceType: 'response', result: true },
    summary: `Anonymize responses: up to ${groupDigits(MAX_ANONYMIZE_IDS)} by id, or a survey's with the list's filters; the answers stay`,
    description:
      "Each response of the key's environment selected loses its contact (`contactId` null), the contact's attributes it stored (`personAttributes`/`contactAttributes`), `meta.url`, `meta.userAgent` and the address-derived `meta` fields (`country`, `city`, `region`, `ipAddress`), and its `displayId` when that display was made for a contact. `data`, `ttc`, `variables`, `language`, `finished`, the ending, `meta.source`, `meta.action`, notes, tags and the dates stay; `updatedAt` is not changed and no webhook event is sent. `missing` lists the given ids that name no response of the environment (unknown or another environment's, not told apart); they change nothing. Done in batches of 5,000, each atomic: a call cut short can be repeated (`anonymized` counts anonymous responses selected, already anonymous ones included).",
    auth: 'apiKey',
    body: responseAnonymizeBody,
    answer: dataOf(anonymizeAnswer),
    errors: [404],
  })
  // Before `…/:responseId`, which would take `export` for an id.
  routes.get('/api/v1/management/responses/export', exportResponses, {
    audit: { action: 'export', resourceType: 'survey', resourceId: { query: 'surveyId' } },
    summary: "Every response of a survey as CSV, NDJSON or XLSX, streamed; the list's filters and order",
    description:
      'One row per response: metadata, one column per question (per matrix row, address field and contact info field), each hidden field, one column per survey variable (`Variable: <name>`) and `Other Variables` for the rest. CSV cells a spreadsheet would run as a formula start with `\'`; in XLSX they keep their text and take the quote-prefix style. A browser downloads through a link of `POST /api/v1/management/responses/export-links` (docs/api.md, "Exporting responses").',
    auth: 'apiKey',
    query: responseExportQuery,
    produces: 'text/csv',
    errors: [404],
  })
  routes.get('/api/v1/management/responses/:responseId', getResponse, {
    summary: 'Read one response',
    auth: 'apiKey',
    answer: dataOf(responseAnswer),
  })
  routes.put('/api/v1/management/responses/:responseId', updateResponse, {
    audit: { action: 'update', resourceType: 'response', resourceId: { param: 'responseId' } },
    idempotent: 'management',
    summary: 'Update a response (finished ones too)',
    auth: 'apiKey',
    body: managementResponseUpdateSchema,
    answer: dataOf(responseAnswer),
  })
  routes.delete('/api/v1/management/responses/:responseId', deleteResponse, {
    audit: { action: 'delete', resourceType: 'response', resourceId: { param: 'responseId' } },
    summary: 'Delete a response with its notes, tag links and uploaded files',
    auth: 'apiKey',
    answer: dataOf(responseAnswer),
  })
}

const listResponses: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const { environmentId } = caller
  const { page, filter: asked, sortBy, order, count, cursorTag } = readResponseQuery(request.query)
  checkContactAttributeFilter(caller, asked.where)
  const view = { contactAttributes: readsContactAttributes(caller) }
  // A survey of another environment is refused (401) rather than listed as empty; a filter on one of its
  // choices matches the answer in every language.
  const survey = asked.surveyId === undefined ? undefined : await ownedSurvey(ctx, environmentId, asked.surveyId)
  const filter = survey ? withAnswerForms(survey, { ...asked, surveyId: survey.id }) : asked
  const total = count ? await reportingOf(ctx.storage).responses.count(environmentId, filter, { upTo: MAX_EXACT_COUNT }) : undefined
  return listPage(page, {
    read: (position) => ctx.storage.responses.list(environmentId, { ...filter, sortBy, order, ...position }),
    output: (response) => responseOutput(response, view),
    nextUrl: () => externalUrl(request, ctx),
    // A response can be 1 MiB (docs/design.md, "Limits and input").
    batch: LARGE_ROW_BATCH,
    positionOf: (row) => ({ createdAt: row[sortBy], id: row.id }),
    ...(cursorTag ? { cursorTag } : {}),
    ...(total !== undefined ? { headers: totalCountHeaders(total) } : {}),
  })
}

/**
 * Responses `count=true` counts exactly: past it, counting stops (a count never reads more than this many rows)
 * and the answer says `X-Total-Count: 10000` with `X-Total-Count-Relation: gte`, as the reference's 10,000
 * cut-off does (docs/api.md, "Responses").
 */
export const MAX_EXACT_COUNT = 10_000

/** `X-Total-Count` and whether it is exact (`eq`) or a floor (`gte`), from a count that stopped past `MAX_EXACT_COUNT`. */
function totalCountHeaders(total: number): Record<string, string> {
  return total > MAX_EXACT_COUNT
    ? { 'x-total-count': String(MAX_EXACT_COUNT), 'x-total-count-relation': 'gte' }
    : { 'x-total-count': String(total), 'x-total-count-relation': 'eq' }
}

const anonymizeResponses: BodyHandler<typeof responseAnonymizeBody> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const selection = readAnonymizeSelection(await body())
  // A survey of another environment is refused (401) and an unknown one is a 404, as the list does.
  if ('filter' in selection) selection.filter.surveyId = (await ownedSurvey(ctx, environmentId, selection.filter.surveyId as string)).id
  return ok(await ctx.storage.responses.anonymize(environmentId, selection))
}

const exportResponses: Handler = async (request, ctx, info) => {
  const caller = await authenticate(request, ctx)
  return exportAnswer(ctx, caller, readExportQuery(request.query), info.requestId)
}

/** At most this many responses per import request (and the JSON body limit, 1 MiB, holds too). */
export const MAX_IMPORT = 1000

/**
 * Failed items an import's answer lists; `unlistedErrors` counts the rest, so that the answer grows with what
 * was imported rather than with what was wrong (1,000 empty items are a 3 KB body).
 */
export const MAX_LISTED_ERRORS = 100

const bulkImportSchema = v.object({
  responses: v.pipe(
    v.array(v.unknown()),
    v.minLength(1, 'Must hold at least one response'),
    v.maxLength(MAX_IMPORT, `Must hold at most ${MAX_IMPORT} responses`),
  ),
})

type ItemResult =
  | { index: number; id: string }
  | { index: number; error: { code: string; message: string; details: Record<string, unknown> } }

const importResponses: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const webhooks = request.query.webhooks
  if (Array.isArray(webhooks) || (webhooks !== undefined && webhooks !== 'true' && webhooks !== 'false')) {
    throw validationError({ webhooks: 'Must be true or false, once' })
  }
  const { body, itemProblems } = await readJsonBatch(request, 'responses')
  const { responses: items } = parseInput(bulkImportSchema, body)
  const results: ItemResult[] = []
  const valid: Array<{ index: number; response: NewResponse }> = []
  const userAgent = request.headers.get('user-agent')
  const checkItemEnvironment = namedEnvironmentChecker(ctx, environmentId)
  for (const [index, item] of items.entries()) {
    try {
      const problem = itemProblems.get(index)
      if (problem) throw validationError({ [problem.path]: problem.message })
      const body = parseItem(managementResponseCreateSchema, item)
      await checkItemEnvironment(body, unauthorized)
      const response = managementResponse(ctx, body, userAgent)
      checkResponseSize(response, ctx.maxResponseBytes)
      valid.push({ index, response })
    } catch (error) {
      if (!(error instanceof CanvassError)) throw error
      results.push({ index, error: { code: error.code, message: error.message, details: error.details } })
    }
  }
  const check: CreateResponseCheck = { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: true }
  const outcomes =
    valid.length === 0
      ? []
      : await writeResponseImport(
          ctx.storage.responses,
          valid.map((entry) => entry.response),
          check,
          { webhooks: webhooks === 'true' },
        )
  outcomes.forEach((outcome, i) => {
    const { index } = valid[i]!
    if (outcome.outcome === 'created') results.push({ index, id: outcome.id })
    else {
      const error = createRefusal(outcome, valid[i]!.response, check)
      results.push({ index, error: { code: error.code, message: error.message, details: error.details } })
    }
  })
  results.sort((a, b) => a.index - b.index)
  const created = results.filter((result) => 'id' in result).length
  let listedErrors = 0
  const listed = results.filter((result) => 'id' in result || ++listedErrors <= MAX_LISTED_ERRORS)
  return ok({ created, failed: results.length - created, results: listed, unlistedErrors: results.length - listed.length })
}

const createResponse: BodyHandler<typeof managementResponseCreateSchema> = async (request, ctx, _info, readBody) => {
  const caller = await authenticate(request, ctx)
  const { environmentId } = caller
  const body = await readBody()
  await checkNamedEnvironment(ctx, environmentId, body, unauthorized)
  const response = managementResponse(ctx, body, request.headers.get('user-agent'))
  const id = await createResponseOrThrow(ctx, response, {
    environmentId,
    requireAccepting: false,
    checkEnvironment: false,
    pinProven: true,
  })
  const created = await ctx.storage.responses.get(id)
  if (!created) throw notFound('Response', id)
  return ok(responseOutput(created, { contactAttributes: readsContactAttributes(caller) }))
}

/**
 * The response a management create or import body makes (the environment it names is checked apart). An
 * import keeps its own times, none more than a few minutes ahead of the clock (`checkNotInFuture`);
 * `updatedAt` defaults to `createdAt` and may not be before it.
 */
export function managementResponse(
  ctx: CanvassContext,
  body: v.InferOutput<typeof managementResponseCreateSchema>,
  userAgent: string | null,
): NewResponse {
  const { createdAt, updatedAt, environmentId: _environmentId, workspaceId: _workspaceId, ...input } = body
  const given = {
    ...(createdAt === undefined ? {} : { createdAt: new Date(createdAt) }),
    ...(updatedAt === undefined ? {} : { updatedAt: new Date(updatedAt) }),
  }
  checkNotInFuture(given, ctx.now())
  const now = given.createdAt ?? ctx.now()
  const response = newResponse(input, userAgent, { id: ctx.newId(), newId: ctx.newId, now })
  if (given.updatedAt !== undefined) {
    response.updatedAt = given.updatedAt
    if (response.updatedAt < now) throw validationError({ updatedAt: 'Must not be before createdAt' })
  }
  return response
}

const getResponse: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const response = await ownedResponse(ctx, caller.environmentId, param(request, 'responseId'))
  return ok(responseOutput(response, { contactAttributes: readsContactAttributes(caller) }))
}

const updateResponse: BodyHandler<typeof managementResponseUpdateSchema> = async (request, ctx, _info, body) => {
  const caller = await authenticate(request, ctx)
  const { environmentId } = caller
  const input = await body()
  const id = param(request, 'responseId')
  const updated = await writeResponseUpdate(
    ctx.storage.responses,
    id,
    (current, survey) => {
      const refusal = responseUpdateRefusal(current, survey, input.data, { kind: 'manager', environmentId })
      if (refusal) throw refusal.outcome === 'answer_out_of_range' ? answerOutOfRange(refusal) : unauthorized()
      return checkPatchedSize(current, responsePatch(current, input, ctx.now()), ctx.maxResponseBytes)
    },
    { answerScales: hasNumberAnswer(input.data) },
  )
  if (!updated) throw notFound('Response', id)
  return ok(responseOutput(updated, { contactAttributes: readsContactAttributes(caller) }))
}

const deleteResponse: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const { environmentId } = caller
  const id = param(request, 'responseId')
  await ownedResponse(ctx, environmentId, id)
  const deleted = await ctx.storage.responses.delete(environmentId, id)
  if (!deleted) throw notFound('Response', id)
  // Its files were recorded for deletion with it.
  ctx.blobDeletionsRecorded()
  return ok(responseOutput(deleted, { contactAttributes: readsContactAttributes(caller) }))
}

async function ownedResponse(ctx: CanvassContext, environmentId: string, id: string): Promise<ResponseRecord> {
  const response = await ctx.storage.responses.get(id)
  if (!response) throw notFound('Response', id)
  if (response.environmentId !== environmentId) throw unauthorized()
  return response
}
