import type { IRequest } from 'itty-router'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import type { RouteTable } from '../../http/route-table'
import { checkWorkspace, cursorParam, decodeV3Cursor, encodeV3Cursor, readV3Query, v3Limit, v3Ok, v3Route } from '../../http/v3'
import type { PageQuery } from '../../ports/storage'
import { v3ActionClassAnswer, v3ContactAttributeKeyAnswer, v3PageOf } from '../../schemas/v3'

/**
 * The reference's v3 discovery lists (docs/api.md, "The reference's v3"): the action classes an app survey's
 * triggers name, and the contact attribute keys its targeting names. Read-only, cursor pages, newest first.
 */
export function registerV3DiscoveryRoutes(routes: RouteTable): void {
  routes.get('/api/v3/action-classes', v3Route(listActionClasses), {
    description: '`limit`: 1 to 250 (default 50; above 250 is a 400).',
    summary: "List a workspace's action classes (the ids `distribution.triggers[].actionClassId` names)",
    auth: 'apiKey',
    problems: true,
    query: pageQuery,
    answer: v3PageOf(v3ActionClassAnswer),
    errors: [403],
  })
  routes.get('/api/v3/contact-attribute-keys', v3Route(listAttributeKeys), {
    description: '`limit`: 1 to 250 (default 50; above 250 is a 400).',
    summary: "List a workspace's contact attribute keys (the keys `targeting` filters name)",
    auth: 'apiKey',
    problems: true,
    query: pageQuery,
    answer: v3PageOf(v3ContactAttributeKeyAnswer),
    errors: [403],
  })
}

const pageQuery = v.object({
  workspaceId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  limit: v3Limit(250),
  cursor: cursorParam,
})

/** The rows of one page of a newest-first list, and the cursor after them. */
async function readPage<T extends { createdAt: Date; id: string }>(
  request: IRequest,
  ctx: CanvassContext,
  environmentId: string,
  read: (page: PageQuery) => Promise<T[]>,
): Promise<{ rows: T[]; meta: { limit: number; nextCursor: string | null } }> {
  const query = readV3Query(request, pageQuery)
  await checkWorkspace(ctx, environmentId, query.workspaceId)
  const limit = query.limit ?? 50
  let after: PageQuery['after']
  if (query.cursor !== undefined) {
    const position = decodeV3Cursor(query.cursor, 'createdAt')
    const createdAt = new Date(position.value)
    if (Number.isNaN(createdAt.getTime())) decodeV3Cursor('', 'createdAt')
    after = { createdAt, id: position.id }
  }
  const rows = await read({ limit, ...(after ? { after } : {}) })
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const nextCursor = rows.length > limit && last ? encodeV3Cursor('createdAt', last.createdAt.toISOString(), last.id) : null
  return { rows: page, meta: { limit, nextCursor } }
}

const listActionClasses = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const { rows, meta } = await readPage(request, ctx, environmentId, (page) => ctx.storage.actionClasses.list(environmentId, page))
  return v3Ok({
    data: rows.map((row) => ({ id: row.id, name: row.name, description: row.description, type: v3ActionType(row.type), key: row.key })),
    meta,
  })
}

/**
 * An action class's `type` as the reference's v3 lists it, `code` or `noCode`: Canvass's built-in `New Session`
 * (`automatic` in v1) is `noCode`, as the reference made its own `New Session` a no-code page view when it
 * dropped the automatic type (docs/api.md, "Action classes and attribute keys in v3").
 */
const v3ActionType = (type: string) => (type === 'automatic' ? 'noCode' : type)

const listAttributeKeys = async (request: IRequest, ctx: CanvassContext, { environmentId }: { environmentId: string }) => {
  const { rows, meta } = await readPage(request, ctx, environmentId, (page) => ctx.storage.contactAttributeKeys.list(environmentId, page))
  return v3Ok({
    data: rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      description: row.description,
      type: row.type,
      // Canvass keeps attribute values as text: every key is a `string` key.
      dataType: 'string',
    })),
    meta,
  })
}
