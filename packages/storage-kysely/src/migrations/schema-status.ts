import type { Kysely } from 'kysely'
import { schemaNames } from '../postgres/schema-names'
import { migrationNames } from './migrate'
import type { MigrateOptions } from './migrate'
import { readMigrationRecords } from './migration-tables'

/** How a database's schema stands against this version's migrations. */
export interface SchemaStatus {
  /** Migrations this version has that the database has not run (all of them on a database never migrated). */
  missing: string[]
  /**
   * Migrations the database requires that this version does not know: a newer version contracted the schema, and
   * this one must not serve it.
   */
  unknown: string[]
  /**
   * Migrations a newer version ran that this one does not know and need not: they only add, and this version
   * serves beside them (during a rolling upgrade, the previous release on the next one's schema).
   */
  newer: string[]
}

/**
 * Compares the migrations the database has run and requires with this version's, in one statement that changes
 * nothing: this version may serve the database when `missing` and `unknown` are empty. A readiness check can
 * call it as often as it is polled.
 *
 * @throws what the database throws when it cannot be reached.
 */
export async function schemaStatus(db: Kysely<any>, options: Pick<MigrateOptions, 'schema'> = {}): Promise<SchemaStatus> {
  const { schema } = schemaNames(options.schema)
  const known = migrationNames()
  const { logged = [], required = [] } = await readMigrationRecords(db, schema)
  const applied = new Set(logged)
  const unknown = [...new Set(required)].filter((name) => !known.includes(name)).sort()
  return {
    missing: known.filter((name) => !applied.has(name)),
    unknown,
    newer: logged.filter((name) => !known.includes(name) && !unknown.includes(name)).sort(),
  }
}
