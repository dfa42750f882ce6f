import * as v from 'valibot'
import { environmentIdField, storedDescription, storedName } from './stored-text'

/** Body of `POST /management/contact-attribute-keys`: only `custom` keys are created over HTTP. */
export const contactAttributeKeyCreateSchema = v.object({
  environmentId: environmentIdField,
  workspaceId: environmentIdField,
  key: storedName,
  name: v.nullish(storedName),
  description: v.nullish(storedDescription),
  type: v.optional(v.literal('custom', 'Must be "custom": default keys are created by the system'), 'custom'),
})

/** Body of `PUT /management/contact-attribute-keys/{id}`: `name` and `description` change when sent. */
export const contactAttributeKeyUpdateSchema = v.object({
  name: v.nullish(storedName),
  description: v.nullish(storedDescription),
})
