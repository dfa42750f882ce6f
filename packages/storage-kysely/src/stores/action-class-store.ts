import type { ActionClassConflict, ActionClassRecord, ActionClassStore } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import { classTable } from '../sql/class-table'
import type { ActionClassesTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { toJsonb } from '../sql/to-jsonb'
import { uniqueViolation } from '../postgres/unique-violation'

/** Action classes; the unique constraints on `(environment_id, name)` and `(environment_id, key)` decide duplicates. */
export function createActionClassStore(db: Kysely<Database>): ActionClassStore {
  return {
    ...classTable(db, { table: 'action_classes', toRecord: toActionClassRecord, builtInType: 'automatic' }),

    async insert(record) {
      try {
        await db
          .insertInto('action_classes')
          .values({
            id: record.id,
            environment_id: record.environmentId,
            created_at: record.createdAt,
            ...fields(record),
          })
          .execute()
        return 'created'
      } catch (error) {
        const conflict = conflictOf(error)
        if (conflict) return conflict
        throw error
      }
    },

    async update(environmentId, id, change) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      try {
        return await db.transaction().execute(async (trx) => {
          // The lock serialises concurrent updates of one class: each `change` sees the last write.
          const current = await trx
            .selectFrom('action_classes')
            .selectAll()
            .where('id', '=', id)
            .where('environment_id', '=', environmentId)
            .forUpdate()
            .executeTakeFirst()
          if (!current) return null
          // A throw here rolls the transaction back and propagates.
          const record = change(toActionClassRecord(current))
          const row = await trx
            .updateTable('action_classes')
            .set(fields(record))
            .where('id', '=', id)
            .where('environment_id', '=', environmentId)
            .where('type', '<>', 'automatic')
            .returningAll()
            .executeTakeFirst()
          return row ? toActionClassRecord(row) : null
        })
      } catch (error) {
        // The failed statement aborted the transaction, which has been rolled back by now.
        const conflict = conflictOf(error)
        if (conflict) return conflict
        throw error
      }
    },
  }
}

/** The columns a create or an update writes. */
function fields(record: ActionClassRecord) {
  return {
    name: record.name,
    description: record.description,
    type: record.type,
    key: record.key,
    no_code_config: toJsonb(record.noCodeConfig ?? null, true),
    updated_at: record.updatedAt,
  }
}

/** Which unique rule a failed write broke: the constraint names are those of the first migration. */
function conflictOf(error: unknown): ActionClassConflict | undefined {
  const constraint = uniqueViolation(error)
  if (constraint === 'action_classes_environment_id_key_key') return 'duplicate_key'
  if (constraint === 'action_classes_environment_id_name_key') return 'duplicate_name'
  return undefined
}

function toActionClassRecord(row: Selectable<ActionClassesTable>): ActionClassRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    description: row.description,
    type: row.type,
    key: row.key,
    noCodeConfig: row.no_code_config,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
