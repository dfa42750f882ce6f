import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { schemaNames } from '../postgres/schema-names'
import { migrationNames } from './migrate'
import type { MigrateOptions } from './migrate'

/** How a database's schema stands against this version's migrations. */
export interface SchemaStatus {
  /** Migrations this version has that the database has not run (all of them on a database never migrated). */
  missing: string[]
  /** Migrations the database has run that this version does not know: a newer version migrated it. */
  unknown: string[]
}

/**
 * Compares the migrations the database has run with this version's, in one statement that changes nothing: the
 * schema is current when both lists are empty. A readiness check can call it as often as it is polled.
 *
 * @throws what the database throws when it cannot be reached.
 */
export async function schemaStatus(db: Kysely<any>, options: Pick<MigrateOptions, 'schema'> = {}): Promise<SchemaStatus> {
  const { schema } = schemaNames(options.schema)
  const known = migrationNames()
  let applied: Set<string>
  try {
    const { rows } = await sql<{ name: string }>`select name::text as "name" from ${sql.id(schema, 'canvass_migration')}`.execute(db)
    applied = new Set(rows.map((row) => row.name))
  } catch (error) {
    // No bookkeeping table (undefined_table): a database never migrated, on which every migration is missing.
    if ((error as { code?: unknown } | null)?.code !== '42P01') throw error
    applied = new Set()
  }
  return {
    missing: known.filter((name) => !applied.has(name)),
    unknown: [...applied].filter((name) => !known.includes(name)).sort(),
  }
}
