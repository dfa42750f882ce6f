import type { AttributeClassRecord, AttributeClassStore } from '@canvass/core'
import type { Kysely, Selectable, Updateable } from 'kysely'
import { classTable } from '../sql/class-table'
import type { AttributeClassesTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { uniqueViolation } from '../postgres/unique-violation'

/** Attribute classes; the unique constraint on `(environment_id, name)` decides duplicates, also under races. */
export function createAttributeClassStore(db: Kysely<Database>): AttributeClassStore {
  return {
    ...classTable(db, { table: 'attribute_classes', toRecord: toAttributeClassRecord, builtInType: 'automatic' }),

    async insert(record) {
      const inserted = await db
        .insertInto('attribute_classes')
        .values({
          id: record.id,
          environment_id: record.environmentId,
          name: record.name,
          type: record.type,
          description: record.description,
          archived: record.archived,
          created_at: record.createdAt,
          updated_at: record.updatedAt,
        })
        // Only the name can clash: ids are fresh. A concurrent insert of the same name waits and lands here.
        .onConflict((conflict) => conflict.columns(['environment_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return inserted ? 'created' : 'duplicate'
    },

    async update(environmentId, id, changes) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const set: Updateable<AttributeClassesTable> = { updated_at: changes.updatedAt }
      if (changes.name !== undefined) set.name = changes.name
      if (changes.description !== undefined) set.description = changes.description
      if (changes.archived !== undefined) set.archived = changes.archived
      try {
        const row = await db
          .updateTable('attribute_classes')
          .set(set)
          .where('id', '=', id)
          .where('environment_id', '=', environmentId)
          .returningAll()
          .executeTakeFirst()
        return row ? toAttributeClassRecord(row) : null
      } catch (error) {
        if (uniqueViolation(error) === 'attribute_classes_environment_id_name_key') return 'duplicate'
        throw error
      }
    },
  }
}

function toAttributeClassRecord(row: Selectable<AttributeClassesTable>): AttributeClassRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    type: row.type,
    description: row.description,
    archived: row.archived,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
