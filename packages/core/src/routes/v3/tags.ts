import type { IRequest } from 'itty-router'
import type { V3BodyHandler } from '../../http/v3'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'

import type { RouteTable } from '../../http/route-table'
import {
  checkWorkspace,
  cursorParam,
  decodeV3Cursor,
  encodeV3Cursor,
  noV3Query,
  readV3Query,
  v3BadRequest,
  v3Forbidden,
  v3Limit,
  v3Ok,
  v3Route,
  v3Unprocessable,
  workspaceOf,
} from '../../http/v3'
import type { TagRecord } from '../../ports/storage'
import { v3PageOf, v3TagAnswer, v3TagCreateSchema, v3TagMergeSchema, v3TagRenameSchema } from '../../schemas/v3'
import { responseWorkOf } from '../../domain/optional-ports/response-work-port'

/**
 * The reference's v3 tags (docs/api.md, "Tags"): list with counts, rename, delete, merge, and create. The reference takes
 * only a session on these; Canvass, which has no sessions, takes the management key.
 */
export function registerV3TagRoutes(routes: RouteTable): void {
  const common = { auth: 'apiKey', problems: true } as const
  routes.get('/api/v3/tags', v3Route(listTags), {
    ...common,
    summary: "List a workspace's response tags by name, each with the number of responses carrying it",
    description: 'Pages of `limit` (1 to 1000, default 1000) tags: `meta.nextCursor` names the next one (a Canvass addition).',
    query: listQuery,
    answer: v3PageOf(v3TagAnswer),
    errors: [403],
  })
  routes.post('/api/v3/tags', v3Route(createTag), {
    ...common,
    audit: { action: 'create', resourceType: 'tag', resourceId: 'answer' },
    summary: 'Create a response tag in a workspace (a name another tag of the workspace has is a 422, as a rename)',
    body: v3TagCreateSchema,
    answer: v.object({ data: v3TagAnswer }),
    status: 201,
    errors: [403, 422],
  })
  routes.patch('/api/v3/tags/:tagId', v3Route(renameTag), {
    ...common,
    audit: { action: 'update', resourceType: 'tag', resourceId: { param: 'tagId' } },
    summary: 'Rename a tag (a name another tag of the workspace has is a 422)',
    body: v3TagRenameSchema,
    answer: v.object({ data: v3TagAnswer }),
    errors: [403, 422],
  })
  routes.delete('/api/v3/tags/:tagId', v3Route(deleteTag), {
    ...common,
    audit: { action: 'delete', resourceType: 'tag', resourceId: { param: 'tagId' } },
    summary: 'Delete a tag and remove it from every response carrying it',
    answer: v.object({ data: v.object({ id: v.string() }) }),
    errors: [403],
  })
  routes.post('/api/v3/tags/:tagId/merge', v3Route(mergeTag), {
    ...common,
    audit: { action: 'update', resourceType: 'tag', resourceId: { param: 'tagId' } },
    summary: 'Merge a tag into another: its responses move to `newTagId`, then it is deleted (one transaction)',
    body: v3TagMergeSchema,
    answer: v.object({ data: v.object({ id: v.string() }) }),
    errors: [403],
  })
}

const listQuery = v.object({
  workspaceId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  limit: v3Limit(1000),
  cursor: cursorParam,
})

const listTags = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const query = readV3Query(request, listQuery)
  await checkWorkspace(ctx, environmentId, query.workspaceId)
  const limit = query.limit ?? 1000
  const position = query.cursor !== undefined ? decodeV3Cursor(query.cursor, 'name') : undefined
  const rows = await ctx.storage.tags.list(environmentId, {
    limit,
    ...(position ? { after: { name: position.value, id: position.id } } : {}),
  })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const workspaceId = await workspaceOf(ctx, environmentId)
  return v3Ok({
    data: page.map((tag) => tagOutput(tag, workspaceId)),
    meta: { limit, nextCursor: rows.length > limit && last ? encodeV3Cursor('name', last.name, last.id) : null },
  })
}

const createTag: V3BodyHandler<typeof v3TagCreateSchema> = async (request, ctx, { environmentId }, body) => {
  noV3Query(request)
  const { workspaceId, name } = await body()
  await checkWorkspace(ctx, environmentId, workspaceId)
  const created = await responseWorkOf(ctx.storage).createTag({ id: ctx.newId(), environmentId, name, createdAt: ctx.now() })
  if (created === 'duplicate') throw nameTaken()
  return v3Ok({ data: tagOutput(created, await workspaceOf(ctx, environmentId)) }, 201, { location: `/api/v3/tags/${created.id}` })
}

/** The 422 of a name another tag of the workspace has, for a create as for a rename. */
const nameTaken = () => v3Unprocessable('Tag name is taken', [{ name: 'name', reason: 'Another tag of this workspace has this name' }])

const renameTag: V3BodyHandler<typeof v3TagRenameSchema> = async (request, ctx, { environmentId }, body) => {
  noV3Query(request)
  const { name } = await body()
  const renamed = await ctx.storage.tags.rename(environmentId, param(request, 'tagId'), name, ctx.now())
  if (renamed === null) throw v3Forbidden()
  if (renamed === 'duplicate') throw nameTaken()
  return v3Ok({ data: tagOutput(renamed, await workspaceOf(ctx, environmentId)) })
}

const deleteTag = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  noV3Query(request)
  const id = param(request, 'tagId')
  if (!(await ctx.storage.tags.delete(environmentId, id))) throw v3Forbidden()
  return v3Ok({ data: { id } })
}

const mergeTag: V3BodyHandler<typeof v3TagMergeSchema> = async (request, ctx, { environmentId }, body) => {
  noV3Query(request)
  const { newTagId } = await body()
  const id = param(request, 'tagId')
  if (newTagId === id) throw v3BadRequest('Invalid request body', [{ name: 'newTagId', reason: 'Cannot merge a tag into itself' }])
  // Either tag outside the key's environment (or nowhere) is a 403: a merge never crosses a workspace.
  if ((await ctx.storage.tags.merge(environmentId, id, newTagId, ctx.now())) === 'missing') throw v3Forbidden()
  return v3Ok({ data: { id: newTagId } })
}

function tagOutput(tag: TagRecord, workspaceId: string) {
  return {
    id: tag.id,
    name: tag.name,
    workspaceId,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
    count: tag.count,
  }
}
