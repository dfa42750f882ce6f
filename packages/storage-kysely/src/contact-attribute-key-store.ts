import type { ContactAttributeKeyRecord, ContactAttributeKeyStore } from '@canvass/core'
import type { Kysely, Selectable, Updateable } from 'kysely'
import { applyPage } from './apply-page'
import type { ContactAttributeKeysTable, Database } from './database'
import { isStorable } from './is-storable'

/** Contact attribute keys; the unique constraint on `(environment_id, key)` decides duplicates, also under races. */
export function createContactAttributeKeyStore(db: Kysely<Database>): ContactAttributeKeyStore {
  return {
    async list(environmentId, page) {
      if (!isStorable(environmentId)) return []
      const rows = await db
        .selectFrom('contact_attribute_keys')
        .selectAll()
        .where('environment_id', '=', environmentId)
        .$call((query) => applyPage(query, 'contact_attribute_keys', page))
        .execute()
      return rows.map(toContactAttributeKeyRecord)
    },

    async get(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const row = await db
        .selectFrom('contact_attribute_keys')
        .selectAll()
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .executeTakeFirst()
      return row ? toContactAttributeKeyRecord(row) : null
    },

    async insert(record) {
      const inserted = await db
        .insertInto('contact_attribute_keys')
        .values({
          id: record.id,
          environment_id: record.environmentId,
          key: record.key,
          name: record.name,
          description: record.description,
          type: record.type,
          is_unique: record.isUnique,
          created_at: record.createdAt,
          updated_at: record.updatedAt,
        })
        .onConflict((conflict) => conflict.columns(['environment_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted ? 'created' : 'duplicate'
    },

    async update(environmentId, id, changes) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const set: Updateable<ContactAttributeKeysTable> = { updated_at: changes.updatedAt }
      if (changes.name !== undefined) set.name = changes.name
      if (changes.description !== undefined) set.description = changes.description
      const row = await db
        .updateTable('contact_attribute_keys')
        .set(set)
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .returningAll()
        .executeTakeFirst()
      return row ? toContactAttributeKeyRecord(row) : null
    },

    async delete(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      // The contacts' values of this key go with it (`on delete cascade`), in this one statement.
      const row = await db
        .deleteFrom('contact_attribute_keys')
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .where('type', '<>', 'default')
        .returningAll()
        .executeTakeFirst()
      return row ? toContactAttributeKeyRecord(row) : null
    },
  }
}

function toContactAttributeKeyRecord(row: Selectable<ContactAttributeKeysTable>): ContactAttributeKeyRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    key: row.key,
    name: row.name,
    description: row.description,
    type: row.type,
    isUnique: row.is_unique,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
