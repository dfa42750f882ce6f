import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { badRequest, notFound, unauthorized } from '../../errors'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import type { ActionClassConflict, ActionClassRecord } from '../../ports/storage'
import { actionClassCreateSchema, actionClassUpdateSchema } from '../../schemas/action-class'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { actionClassAnswer, dataOf, pageOf } from '../../schemas/answers'
import { pageQuery } from '../../http/pagination'
import { checkNamedEnvironment } from '../../domain/named-environment'
import { environmentResourceHandlers } from '../../http/environment-resource'

/** `/api/v1/management/action-classes`: list (`New Session` included), create, get, update and delete. */
export function registerActionClassRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/action-classes', listActionClasses, {
    summary: 'List action classes (the automatic `New Session` included)',
    auth: 'apiKey',
    query: pageQuery,
    answer: pageOf(actionClassAnswer),
  })
  routes.post('/api/v1/management/action-classes', createActionClass, {
    audit: { action: 'create', resourceType: 'actionClass', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a action class',
    auth: 'apiKey',
    body: actionClassCreateSchema,
    answer: dataOf(actionClassAnswer),
  })
  routes.get('/api/v1/management/action-classes/:actionClassId', getActionClass, {
    summary: 'Read one action class',
    auth: 'apiKey',
    answer: dataOf(actionClassAnswer),
  })
  routes.put('/api/v1/management/action-classes/:actionClassId', updateActionClass, {
    audit: { action: 'update', resourceType: 'actionClass', resourceId: { param: 'actionClassId' } },
    summary: 'Update a action class',
    auth: 'apiKey',
    body: actionClassUpdateSchema,
    answer: dataOf(actionClassAnswer),
  })
  routes.delete('/api/v1/management/action-classes/:actionClassId', deleteActionClass, {
    audit: { action: 'delete', resourceType: 'actionClass', resourceId: { param: 'actionClassId' } },
    summary: 'Delete a action class; returns it',
    auth: 'apiKey',
    answer: dataOf(actionClassAnswer),
    errors: [400],
  })
}

/** The 400s of a taken name or key, naming the unique constraint like the attribute classes' (docs/design.md, "Errors"). */
export const DUPLICATE_ACTION_CLASS: Record<ActionClassConflict, string> = {
  duplicate_name: 'Unique constraint failed on the fields: (`name`,`environmentId`)',
  duplicate_key: 'Unique constraint failed on the fields: (`key`,`environmentId`)',
}

const {
  list: listActionClasses,
  get: getActionClass,
  remove: deleteActionClass,
} = environmentResourceHandlers({
  name: 'Action Class',
  idParam: 'actionClassId',
  store: (storage) => storage.actionClasses,
  output: actionClassOutput,
  // The type of an automatic class never changes, so checking it first is no race.
  undeletable: (stored) => (stored.type === 'automatic' ? 'Automatic action classes cannot be deleted' : undefined),
})

const createActionClass: BodyHandler<typeof actionClassCreateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = await body()
  await checkNamedEnvironment(ctx, environmentId, input, unauthorized)
  const now = ctx.now()
  const record: ActionClassRecord = {
    id: ctx.newId(),
    environmentId,
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    key: input.type === 'code' ? input.key : null,
    noCodeConfig: input.type === 'noCode' ? input.noCodeConfig : null,
    createdAt: now,
    updatedAt: now,
  }
  const outcome = await ctx.storage.actionClasses.insert(record)
  if (outcome !== 'created') throw badRequest(DUPLICATE_ACTION_CLASS[outcome])
  return ok(actionClassOutput(record))
}

/**
 * Sent fields replace the stored ones; the result must be a valid create. Switching `type` drops the other
 * type's field (`key` or `noCodeConfig`) unless it is sent, so the merged class is checked as a whole.
 */
const updateActionClass: BodyHandler<typeof actionClassUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const changes = await body()
  const id = param(request, 'actionClassId')
  // Merged under the row lock, so a concurrent update's changes are kept.
  const updated = await ctx.storage.actionClasses.update(environmentId, id, (stored) => {
    if (stored.type === 'automatic') throw badRequest('Automatic action classes cannot be updated')
    const merged: Record<string, unknown> = {
      name: stored.name,
      description: stored.description,
      type: stored.type,
      key: stored.key,
      noCodeConfig: stored.noCodeConfig,
    }
    for (const [field, value] of Object.entries(changes)) if (value !== undefined) merged[field] = value
    if (merged.type === 'code' && changes.noCodeConfig === undefined) merged.noCodeConfig = null
    if (merged.type === 'noCode' && changes.key === undefined) merged.key = null
    const input = parseInput(actionClassCreateSchema, merged)
    return {
      ...stored,
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      key: input.type === 'code' ? input.key : null,
      noCodeConfig: input.type === 'noCode' ? input.noCodeConfig : null,
      updatedAt: ctx.now(),
    }
  })
  if (updated === null) throw notFound('Action Class', id)
  if (typeof updated === 'string') throw badRequest(DUPLICATE_ACTION_CLASS[updated])
  return ok(actionClassOutput(updated))
}

/** The spec's Action class, with the reference's `key`. */
export function actionClassOutput(record: ActionClassRecord) {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    name: record.name,
    description: record.description,
    type: record.type,
    key: record.key,
    noCodeConfig: record.noCodeConfig ?? null,
    environmentId: record.environmentId,
  }
}
