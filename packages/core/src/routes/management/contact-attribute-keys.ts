import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { badRequest, notFound, unauthorized } from '../../errors'
import { ok } from '../../http/respond'

import type { ContactAttributeKeyRecord } from '../../ports/storage'
import { contactAttributeKeyCreateSchema, contactAttributeKeyUpdateSchema } from '../../schemas/contact-attribute-key'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { contactAttributeKeyAnswer, dataOf, pageOf } from '../../schemas/answers'
import { pageQuery } from '../../http/pagination'
import { checkNamedEnvironment } from '../../domain/named-environment'
import { environmentResourceHandlers } from '../../http/environment-resource'

/** `/api/v1/management/contact-attribute-keys`: list (defaults included), create, get, update and delete. */
export function registerContactAttributeKeyRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/contact-attribute-keys', listKeys, {
    summary: 'List contact attribute keys (the defaults included)',
    auth: 'apiKey',
    query: pageQuery,
    answer: pageOf(contactAttributeKeyAnswer),
  })
  routes.post('/api/v1/management/contact-attribute-keys', createKey, {
    audit: { action: 'create', resourceType: 'contactAttributeKey', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a contact attribute key',
    auth: 'apiKey',
    body: contactAttributeKeyCreateSchema,
    answer: dataOf(contactAttributeKeyAnswer),
  })
  routes.get('/api/v1/management/contact-attribute-keys/:contactAttributeKeyId', getKey, {
    summary: 'Read one contact attribute key',
    auth: 'apiKey',
    answer: dataOf(contactAttributeKeyAnswer),
  })
  routes.put('/api/v1/management/contact-attribute-keys/:contactAttributeKeyId', updateKey, {
    audit: { action: 'update', resourceType: 'contactAttributeKey', resourceId: { param: 'contactAttributeKeyId' } },
    summary: 'Update a contact attribute key',
    auth: 'apiKey',
    body: contactAttributeKeyUpdateSchema,
    answer: dataOf(contactAttributeKeyAnswer),
  })
  routes.delete('/api/v1/management/contact-attribute-keys/:contactAttributeKeyId', deleteKey, {
    audit: { action: 'delete', resourceType: 'contactAttributeKey', resourceId: { param: 'contactAttributeKeyId' } },
    summary: 'Delete a contact attribute key; returns it',
    auth: 'apiKey',
    answer: dataOf(contactAttributeKeyAnswer),
    errors: [400],
  })
}

/** The 400 of a duplicate key, worded like the attribute classes' (docs/design.md, "Errors"). */
export const DUPLICATE_CONTACT_ATTRIBUTE_KEY = 'Unique constraint failed on the fields: (`key`,`environmentId`)'

const {
  list: listKeys,
  get: getKey,
  remove: deleteKey,
} = environmentResourceHandlers({
  name: 'Contact Attribute Key',
  idParam: 'contactAttributeKeyId',
  store: (storage) => storage.contactAttributeKeys,
  output: contactAttributeKeyOutput,
  // The type never changes, so checking it first is no race; the delete refuses default keys too.
  undeletable: (stored) => (stored.type === 'default' ? 'Default contact attribute keys cannot be deleted' : undefined),
})

const createKey: BodyHandler<typeof contactAttributeKeyCreateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = await body()
  await checkNamedEnvironment(ctx, environmentId, input, unauthorized)
  const now = ctx.now()
  const record: ContactAttributeKeyRecord = {
    id: ctx.newId(),
    environmentId,
    key: input.key,
    name: input.name ?? input.key,
    description: input.description ?? null,
    type: input.type,
    isUnique: false,
    createdAt: now,
    updatedAt: now,
  }
  if ((await ctx.storage.contactAttributeKeys.insert(record)) === 'duplicate') {
    throw badRequest(DUPLICATE_CONTACT_ATTRIBUTE_KEY)
  }
  return ok(contactAttributeKeyOutput(record))
}

const updateKey: BodyHandler<typeof contactAttributeKeyUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const changes = await body()
  const id = param(request, 'contactAttributeKeyId')
  const updated = await ctx.storage.contactAttributeKeys.update(environmentId, id, { ...changes, updatedAt: ctx.now() })
  if (!updated) throw notFound('Contact Attribute Key', id)
  return ok(contactAttributeKeyOutput(updated))
}

/** The spec's Contact attribute key. */
function contactAttributeKeyOutput(record: ContactAttributeKeyRecord) {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    key: record.key,
    name: record.name,
    description: record.description,
    type: record.type,
    isUnique: record.isUnique,
    environmentId: record.environmentId,
  }
}
