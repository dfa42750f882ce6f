import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { badRequest, notFound, unauthorized } from '../../errors'
import { ok } from '../../http/respond'

import type { SegmentRecord } from '../../ports/storage'
import { MAX_SEGMENTS_PER_ENVIRONMENT, segmentCreateSchema, segmentUpdateSchema } from '../../schemas/segment'
import { segmentOutput, segmentReferenceCheck } from '../../domain/segment-service'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf, pageOf, segmentAnswer } from '../../schemas/answers'
import { pageQuery } from '../../http/pagination'
import { checkNamedEnvironment } from '../../domain/named-environment'
import { environmentResourceHandlers } from '../../http/environment-resource'

/** `/api/v1/management/segments` (a Canvass addition): list, create, get, update and delete. */
export function registerSegmentRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/segments', listSegments, {
    summary: 'List segments',
    auth: 'apiKey',
    query: pageQuery,
    answer: pageOf(segmentAnswer),
  })
  routes.post('/api/v1/management/segments', createSegment, {
    audit: { action: 'create', resourceType: 'segment', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a segment',
    auth: 'apiKey',
    body: segmentCreateSchema,
    answer: dataOf(segmentAnswer),
  })
  routes.get('/api/v1/management/segments/:segmentId', getSegment, {
    summary: 'Read one segment',
    auth: 'apiKey',
    answer: dataOf(segmentAnswer),
  })
  routes.put('/api/v1/management/segments/:segmentId', updateSegment, {
    audit: { action: 'update', resourceType: 'segment', resourceId: { param: 'segmentId' } },
    summary: 'Update a segment',
    auth: 'apiKey',
    body: segmentUpdateSchema,
    answer: dataOf(segmentAnswer),
  })
  routes.delete('/api/v1/management/segments/:segmentId', deleteSegment, {
    audit: { action: 'delete', resourceType: 'segment', resourceId: { param: 'segmentId' } },
    summary: 'Delete a segment; returns it',
    auth: 'apiKey',
    answer: dataOf(segmentAnswer),
    errors: [400],
  })
}

const {
  list: listSegments,
  get: getSegment,
  remove: deleteSegment,
  owned: ownedSegment,
} = environmentResourceHandlers({
  name: 'Segment',
  idParam: 'segmentId',
  store: (storage) => storage.segments,
  output: segmentOutput,
  refusals: { in_use: 'Segment is used by a survey: remove it from its surveys first' },
})

const createSegment: BodyHandler<typeof segmentCreateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = await body()
  await checkNamedEnvironment(ctx, environmentId, input, unauthorized)
  const id = ctx.newId()
  const now = ctx.now()
  const record: SegmentRecord = {
    id,
    environmentId,
    title: input.title,
    description: input.description ?? null,
    isPrivate: input.isPrivate,
    filters: input.filters,
    surveys: [],
    createdAt: now,
    updatedAt: now,
  }
  const check = segmentReferenceCheck(id, input.filters, 'filters')
  if ((await ctx.storage.segments.insert(record, MAX_SEGMENTS_PER_ENVIRONMENT, check)) === 'limit') {
    throw badRequest(`An environment holds at most ${MAX_SEGMENTS_PER_ENVIRONMENT} segments`)
  }
  return ok(segmentOutput(record))
}

const updateSegment: BodyHandler<typeof segmentUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const changes = await body()
  const id = param(request, 'segmentId')
  const stored = await ownedSegment(ctx, environmentId, id)
  const check = changes.filters && segmentReferenceCheck(stored.id, changes.filters, 'filters')
  const updated = await ctx.storage.segments.update(environmentId, stored.id, { ...changes, updatedAt: ctx.now() }, check)
  if (!updated) throw notFound('Segment', id)
  return ok(segmentOutput(updated))
}
