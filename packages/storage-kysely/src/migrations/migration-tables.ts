import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The two tables of migration bookkeeping, so that two releases can serve one database during a rolling upgrade
 * (docs/deploying.md, "Upgrading"):
 *
 * - `canvass_migration_log`, the migrator's own table: every migration the database has run.
 * - `canvass_migration`: the migrations a version must know to serve the database. Every version reads it, the
 *   releases before the log included (0.1.0 reads this table alone, and is ready only when it knows every name in
 *   it). It holds every migration up to the last one written before rolling upgrades, and, for each later migration
 *   that contracts, the migration it requires. A migration that only adds (an expand step) is not named in it, so
 *   the instances of the previous release stay ready while the next one migrates.
 */
export const LOG_TABLE = 'canvass_migration_log'
export const REQUIRED_TABLE = 'canvass_migration'

/**
 * `migration` run by the migrator, then `required` added to the required migrations in the same transaction:
 * a contract step and the refusal of the versions it breaks are committed together.
 */
export function requiring(migration: Migration, schema: string, required: string): Migration {
  return {
    ...migration,
    async up(db) {
      await migration.up(db)
      await sql`insert into ${sql.id(schema, REQUIRED_TABLE)} (name, timestamp) values (${required}, ${new Date().toISOString()})
        on conflict (name) do nothing`.execute(db)
    },
  }
}

/**
 * Makes both tables when missing, before the migrator reads the log. A database that a version before the log
 * migrated has its `canvass_migration` as the only record of what ran: the log starts as a copy of it, and that
 * table keeps its names, which every migration of that time requires. Under a transaction lock, so that several
 * processes starting at once make and fill the log once (a lock of a transaction holds through PgBouncer).
 */
export async function prepareMigrationTables(db: Kysely<any>, schema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`canvass: migration tables ${schema}`}))`.execute(trx)
    // Read from pg_class, not by to_regclass: to_regclass answers from the connection's catalog cache, which waiting
    // for an advisory lock does not refresh, so a start that had looked for the log before another made it could
    // still find it missing after the other's commit, and fail making it ("relation already exists"). A query of
    // pg_class locks it, which brings the cache up to date, and reads with a snapshot taken after the lock.
    const { rows } = await sql<{ logged: boolean; required: boolean }>`
      select coalesce(bool_or(c.relname = ${LOG_TABLE}), false) as "logged",
        coalesce(bool_or(c.relname = ${REQUIRED_TABLE}), false) as "required"
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relname in (${LOG_TABLE}, ${REQUIRED_TABLE})`.execute(trx)
    const found = rows[0]
    if (found?.logged === true) return
    // The shape of the migrator's table, which the releases before the log read and write as their own.
    for (const table of found?.required === true ? [LOG_TABLE] : [LOG_TABLE, REQUIRED_TABLE]) {
      await sql`create table ${sql.id(schema, table)} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(
        trx,
      )
    }
    if (found?.required === true) {
      await sql`insert into ${sql.id(schema, LOG_TABLE)} (name, timestamp) select name, timestamp from ${sql.id(schema, REQUIRED_TABLE)}`.execute(
        trx,
      )
    }
  })
}

/** What the two tables hold: `undefined` for a table not there (the log, on a database no version since 0.1 migrated). */
export interface MigrationRecords {
  logged: string[] | undefined
  required: string[] | undefined
}

/**
 * Reads both tables in one statement, or `canvass_migration` alone on a database whose log is not made yet (then
 * that table is also the record of what ran).
 *
 * @throws what the database throws when it cannot be reached.
 */
export async function readMigrationRecords(db: Kysely<any>, schema: string): Promise<MigrationRecords> {
  try {
    const { rows } = await sql<{ name: string; logged: boolean }>`
      select name::text as "name", true as "logged" from ${sql.id(schema, LOG_TABLE)}
      union all select name::text, false from ${sql.id(schema, REQUIRED_TABLE)}`.execute(db)
    return {
      logged: rows.filter((row) => row.logged).map((row) => row.name),
      required: rows.filter((row) => !row.logged).map((row) => row.name),
    }
  } catch (error) {
    if (!undefinedTable(error)) throw error
  }
  try {
    const { rows } = await sql<{ name: string }>`select name::text as "name" from ${sql.id(schema, REQUIRED_TABLE)}`.execute(db)
    const names = rows.map((row) => row.name)
    return { logged: names, required: names }
  } catch (error) {
    if (!undefinedTable(error)) throw error
    return { logged: undefined, required: undefined }
  }
}

function undefinedTable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '42P01'
}
