import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { badRequest, notFound, unauthorized } from '../../errors'
import { ok } from '../../http/respond'

import type { AttributeClassRecord } from '../../ports/storage'
import { attributeClassCreateSchema, attributeClassUpdateSchema } from '../../schemas/attribute-class'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { attributeClassAnswer, dataOf, pageOf } from '../../schemas/answers'
import { pageQuery } from '../../http/pagination'
import { checkNamedEnvironment } from '../../domain/named-environment'
import { environmentResourceHandlers } from '../../http/environment-resource'

/** `/api/v1/management/attribute-classes`: list (automatic ones included), create, get, update and delete. */
export function registerAttributeClassRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/attribute-classes', listAttributeClasses, {
    summary: 'List attribute classes (the automatic ones included)',
    auth: 'apiKey',
    query: pageQuery,
    answer: pageOf(attributeClassAnswer),
  })
  routes.post('/api/v1/management/attribute-classes', createAttributeClass, {
    audit: { action: 'create', resourceType: 'attributeClass', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a attribute class',
    auth: 'apiKey',
    body: attributeClassCreateSchema,
    answer: dataOf(attributeClassAnswer),
  })
  routes.get('/api/v1/management/attribute-classes/:attributeClassId', getAttributeClass, {
    summary: 'Read one attribute class',
    auth: 'apiKey',
    answer: dataOf(attributeClassAnswer),
  })
  routes.put('/api/v1/management/attribute-classes/:attributeClassId', updateAttributeClass, {
    audit: { action: 'update', resourceType: 'attributeClass', resourceId: { param: 'attributeClassId' } },
    summary: 'Update a attribute class',
    auth: 'apiKey',
    body: attributeClassUpdateSchema,
    answer: dataOf(attributeClassAnswer),
  })
  routes.delete('/api/v1/management/attribute-classes/:attributeClassId', deleteAttributeClass, {
    audit: { action: 'delete', resourceType: 'attributeClass', resourceId: { param: 'attributeClassId' } },
    summary: 'Delete a attribute class; returns it',
    auth: 'apiKey',
    answer: dataOf(attributeClassAnswer),
    errors: [400],
  })
}

/** The 400 of a duplicate name, naming the unique constraint as the reference does (docs/design.md, "Errors"). */
export const DUPLICATE_ATTRIBUTE_CLASS = 'Unique constraint failed on the fields: (`name`,`environmentId`)'

const {
  list: listAttributeClasses,
  get: getAttributeClass,
  remove: deleteAttributeClass,
} = environmentResourceHandlers({
  name: 'Attribute Class',
  idParam: 'attributeClassId',
  store: (storage) => storage.attributeClasses,
  output: attributeClassOutput,
  // The type never changes, so checking it before the delete is no race; the delete refuses automatic ones too.
  undeletable: (stored) => (stored.type === 'automatic' ? 'Automatic Attribute Classes cannot be deleted' : undefined),
})

const createAttributeClass: BodyHandler<typeof attributeClassCreateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = await body()
  await checkNamedEnvironment(ctx, environmentId, input, unauthorized)
  const now = ctx.now()
  const record: AttributeClassRecord = {
    id: ctx.newId(),
    environmentId,
    name: input.name,
    type: input.type,
    description: input.description ?? null,
    archived: false,
    createdAt: now,
    updatedAt: now,
  }
  if ((await ctx.storage.attributeClasses.insert(record)) === 'duplicate') throw badRequest(DUPLICATE_ATTRIBUTE_CLASS)
  return ok(attributeClassOutput(record))
}

const updateAttributeClass: BodyHandler<typeof attributeClassUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const changes = await body()
  const id = param(request, 'attributeClassId')
  const updated = await ctx.storage.attributeClasses.update(environmentId, id, { ...changes, updatedAt: ctx.now() })
  if (updated === null) throw notFound('Attribute Class', id)
  if (updated === 'duplicate') throw badRequest(DUPLICATE_ATTRIBUTE_CLASS)
  return ok(attributeClassOutput(updated))
}

/** The spec's Attribute class, fields in its order. */
function attributeClassOutput(record: AttributeClassRecord) {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    name: record.name,
    description: record.description,
    type: record.type,
    archived: record.archived,
    environmentId: record.environmentId,
  }
}
