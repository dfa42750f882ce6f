import type { CanvassContext, CanvassRouter, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../http/auth'
import { readJsonBody } from '../../http/body'
import { notFound, unauthorized } from '../../http/errors'
import { paginate, readPageQuery } from '../../http/pagination'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import type { ResponseRecord } from '../../ports/storage'
import { managementResponseUpdateSchema, responseCreateSchema } from '../../schemas/response'
import { newResponse, responseOutput, responsePatch } from '../../services/response-service'
import { createResponseOrThrow } from '../client/responses'
import { ownedSurvey } from './surveys'

/** `/api/v1/management/responses`: list, create, get, update and delete, without survey status checks. */
export function registerManagementResponseRoutes(router: CanvassRouter): void {
  router.get('/api/v1/management/responses', listResponses)
  router.post('/api/v1/management/responses', createResponse)
  router.get('/api/v1/management/responses/:responseId', getResponse)
  router.put('/api/v1/management/responses/:responseId', updateResponse)
  router.delete('/api/v1/management/responses/:responseId', deleteResponse)
}

const listResponses: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const page = readPageQuery(request.query)
  const surveyId = request.query.surveyId
  let query: Parameters<typeof ctx.storage.responses.list>[1] = page
  if (surveyId !== undefined) {
    const id = Array.isArray(surveyId) ? (surveyId[0] ?? '') : surveyId
    query = { ...page, surveyId: (await ownedSurvey(ctx, environmentId, id)).id }
  }
  const rows = await ctx.storage.responses.list(environmentId, query)
  const { items, headers } = paginate(rows, page, externalUrl(request, ctx))
  return ok(items.map(responseOutput), headers)
}

const createResponse: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = parseInput(responseCreateSchema, await readJsonBody(request))
  const id = await createResponseOrThrow(
    ctx,
    newResponse(input, request.headers.get('user-agent'), { id: ctx.newId(), newId: ctx.newId, now: ctx.now() }),
    { environmentId, requireAccepting: false, checkEnvironment: false },
  )
  const created = await ctx.storage.responses.get(id)
  if (!created) throw notFound('Response', id)
  return ok(responseOutput(created))
}

const getResponse: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  return ok(responseOutput(await ownedResponse(ctx, environmentId, param(request, 'responseId'))))
}

const updateResponse: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = parseInput(managementResponseUpdateSchema, await readJsonBody(request))
  const id = param(request, 'responseId')
  const updated = await ctx.storage.responses.update(id, (current) => {
    if (current.environmentId !== environmentId) throw unauthorized()
    return responsePatch(current, input, ctx.now())
  })
  if (!updated) throw notFound('Response', id)
  return ok(responseOutput(updated))
}

const deleteResponse: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const id = param(request, 'responseId')
  await ownedResponse(ctx, environmentId, id)
  const deleted = await ctx.storage.responses.delete(environmentId, id)
  if (!deleted) throw notFound('Response', id)
  return ok(responseOutput(deleted))
}

async function ownedResponse(ctx: CanvassContext, environmentId: string, id: string): Promise<ResponseRecord> {
  const response = await ctx.storage.responses.get(id)
  if (!response) throw notFound('Response', id)
  if (response.environmentId !== environmentId) throw unauthorized()
  return response
}
