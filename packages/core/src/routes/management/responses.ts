import type { CanvassContext, CanvassRouter, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../http/auth'
import { readJsonBody } from '../../http/body'
import { notFound, unauthorized, validationError } from '../../http/errors'
import { nextLink, readPageQuery } from '../../http/pagination'
import { ok, okItems } from '../../http/respond'
import { parseInput } from '../../http/validate'
import type { PageQuery, ResponseRecord } from '../../ports/storage'
import { managementResponseUpdateSchema, responseCreateSchema } from '../../schemas/response'
import { newResponse, responseOutput, responsePatch } from '../../services/response-service'
import { checkPatchedSize, utf8Length } from '../../services/response-size'
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

/**
 * Most bytes of response JSON in one page of the list. A page ends early (with a `Link` to the rest) once
 * the next response would pass it, so a page of 1,000 responses of up to 1 MiB each never needs 1 GB: the
 * server holds at most this much plus one batch.
 */
export const RESPONSE_PAGE_BYTES = 8 * 1024 * 1024
/** Responses read per storage call while a page is built. */
const LIST_BATCH = 20

const listResponses: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const page = readPageQuery(request.query)
  const surveyId = request.query.surveyId
  // A repeated parameter is ambiguous, as repeated page parameters are (contract §5).
  if (Array.isArray(surveyId)) throw validationError({ surveyId: 'Must be given once' })
  const scope = surveyId === undefined ? {} : { surveyId: (await ownedSurvey(ctx, environmentId, surveyId)).id }
  const items: string[] = []
  let bytes = 0
  let last: ResponseRecord | undefined
  let more = false
  let position: Pick<PageQuery, 'skip' | 'after'> = { skip: page.skip, after: page.after }
  batches: for (;;) {
    const want = Math.min(LIST_BATCH, page.limit - items.length)
    const rows = await ctx.storage.responses.list(environmentId, { ...scope, ...definedOnly(position), limit: want })
    for (const row of rows.slice(0, want)) {
      const text = JSON.stringify(responseOutput(row))
      const size = utf8Length(text)
      // At least one response per page, however large, so that paging always advances.
      if (items.length > 0 && bytes + size > RESPONSE_PAGE_BYTES) {
        more = true
        break batches
      }
      items.push(text)
      bytes += size
      last = row
    }
    if (rows.length <= want) break
    if (items.length >= page.limit) {
      more = true
      break
    }
    position = { after: { createdAt: (last as ResponseRecord).createdAt, id: (last as ResponseRecord).id } }
  }
  const headers = more && last ? { link: nextLink(last, externalUrl(request, ctx)) } : undefined
  return okItems(items, headers)
}

function definedOnly(position: Pick<PageQuery, 'skip' | 'after'>): Pick<PageQuery, 'skip' | 'after'> {
  const out: Pick<PageQuery, 'skip' | 'after'> = {}
  if (position.skip) out.skip = position.skip
  if (position.after) out.after = position.after
  return out
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
    return checkPatchedSize(current, responsePatch(current, input, ctx.now()), ctx.maxResponseBytes)
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
