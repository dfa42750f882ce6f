import { Migrator } from 'kysely/migration'
import type { Kysely } from 'kysely'
import type { Migration, MigrationProvider } from 'kysely/migration'
import { MigrationError } from './migration-error'
import { initial } from './migrations/0001-initial'

/**
 * The migrations, in code rather than files on disk, so they survive bundling. Names sort in the order
 * they run; a new migration gets the next number and only adds (contract §1).
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/**
 * Brings the database to the latest schema; a no-op when it is already there. Safe to call on every start,
 * from several processes at once (Kysely holds a lock while migrating). Returns the names of the migrations
 * it applied.
 *
 * Takes `Kysely<any>` as Kysely's `Migrator` does, so that a `Kysely` typed for any database fits.
 *
 * @throws {MigrationError} when a migration fails. Pending migrations run in one transaction, so none of them is applied.
 */
export async function migrate(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    // Own names, so that an application sharing the database can keep Kysely's default tables for itself.
    migrationTableName: 'canvass_migration',
    migrationLockTableName: 'canvass_migration_lock',
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName
    throw new MigrationError(failed, error)
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
