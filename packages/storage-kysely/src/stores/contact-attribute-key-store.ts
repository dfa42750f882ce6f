import type { ContactAttributeKeyRecord, ContactAttributeKeyStore } from '@canvass/core'
import type { Kysely, Selectable, Updateable } from 'kysely'
import { classTable } from '../sql/class-table'
import type { ContactAttributeKeysTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** Contact attribute keys; the unique constraint on `(environment_id, key)` decides duplicates, also under races. */
export function createContactAttributeKeyStore(db: Kysely<Database>): ContactAttributeKeyStore {
  return {
    // The contacts' values of a deleted key go with it (`on delete cascade`), in the delete's one statement.
    ...classTable(db, { table: 'contact_attribute_keys', toRecord: toContactAttributeKeyRecord, builtInType: 'default' }),

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
