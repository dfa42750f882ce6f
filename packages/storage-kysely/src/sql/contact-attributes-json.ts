import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import type { SchemaNames } from '../postgres/schema-names'

/** The contact's attributes as `{key: value}`, `{}` when it has none. */
export const contactAttributesJson = (names: SchemaNames, contactId: RawBuilder<unknown>): RawBuilder<Record<string, string>> =>
  sql<Record<string, string>>`coalesce(
  (select jsonb_object_agg(k.key, a.value)
     from ${names.ref('contact_attributes')} a
     join ${names.ref('contact_attribute_keys')} k on k.id = a.attribute_key_id
    where a.contact_id = ${contactId}),
  '{}'::jsonb)`
