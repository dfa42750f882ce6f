import * as v from 'valibot'
import { environmentIdField, storedDescription, storedName } from './stored-text'

/** Body of `POST /management/attribute-classes`: only `code` classes are created over HTTP. */
export const attributeClassCreateSchema = v.object({
  environmentId: environmentIdField,
  workspaceId: environmentIdField,
  name: storedName,
  type: v.optional(v.literal('code', 'Must be "code": automatic attribute classes are created by the system'), 'code'),
  description: v.nullish(storedDescription),
})

/** Body of `PUT /management/attribute-classes/{id}`: the fields sent change, the others stay. */
export const attributeClassUpdateSchema = v.object({
  name: v.optional(storedName),
  description: v.nullish(storedDescription),
  archived: v.optional(v.boolean()),
})
