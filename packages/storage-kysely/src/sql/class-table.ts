import type { PageQuery } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** The columns of a class table that the shared statements name. */
interface ClassColumns {
  id: string
  environment_id: string
  type: string
  created_at: Date
}

/** The tables of an environment's classes: action classes, attribute classes and contact attribute keys. */
export type ClassTable = 'action_classes' | 'attribute_classes' | 'contact_attribute_keys'

export interface ClassTableOptions<Table extends ClassTable, Record> {
  table: Table
  /** The record of a row. */
  toRecord: (row: Selectable<Database[Table]>) => Record
  /** The type of the classes Canvass made itself, which are never deleted (`automatic`, `default`). */
  builtInType: Database[Table]['type']
}

/** The statements that the class stores share: list a page of an environment's classes, read one, delete one. */
export function classTable<Table extends ClassTable, Record>(database: Kysely<Database>, options: ClassTableOptions<Table, Record>) {
  // Kysely types no statement on a table chosen by a type parameter: the three are typed here by the columns
  // the statements name. `selectAll()` and `returningAll()` still read whole rows of `table`.
  const db = database as unknown as Kysely<{ [Name in ClassTable]: ClassColumns }>
  const table: ClassTable = options.table
  const toRecord = (row: Selectable<ClassColumns>): Record => options.toRecord(row as unknown as Selectable<Database[Table]>)
  return {
    async list(environmentId: string, page: PageQuery): Promise<Record[]> {
      if (!isStorable(environmentId)) return []
      const rows = await db
        .selectFrom(table)
        .selectAll()
        .where('environment_id', '=', environmentId)
        .$call((query) => applyPage(query, table, page))
        .execute()
      return rows.map(toRecord)
    },

    async get(environmentId: string, id: string): Promise<Record | null> {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const row = await db.selectFrom(table).selectAll().where('id', '=', id).where('environment_id', '=', environmentId).executeTakeFirst()
      return row ? toRecord(row) : null
    },

    async delete(environmentId: string, id: string): Promise<Record | null> {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const row = await db
        .deleteFrom(table)
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .where('type', '<>', options.builtInType as string)
        .returningAll()
        .executeTakeFirst()
      return row ? toRecord(row) : null
    },
  }
}
