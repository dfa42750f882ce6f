import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { CHILDREN, PREPARED_INDEXES as PREPARED, validIndex } from './0038-partitioned-responses'
import { LOG_TABLE } from './migration-tables'

/**
 * What `0038-partitioned-responses` would otherwise build under its lock of `responses`, built before it on
 * Postgres while writes go on, so that the lock lasts seconds where it lasted a scan per index (about 10 s for a
 * million responses, long enough for a server's requests to time out waiting for a connection):
 *
 * - the old table's new key, `(id, created_at)`, and its two partial indexes of single-use ids and displays,
 *   each made `concurrently` (blocking no write), which the migration then takes as they are;
 * - each child table's `response_created_at`, added nullable and filled from the responses, with a partial
 *   index of the rows still without one, so that the migration fills only those written meanwhile.
 *
 * Nothing here changes what a running Canvass reads or writes: the indexes are extra, and the column is
 * one that no statement of the version before names. Run again after a failure, it goes on where it stopped (an
 * index that a failed `concurrently` left invalid is made again). Several processes starting at once take
 * turns on a session lock; a database that has `responses` partitioned already is left alone. The migration
 * works the same without it (PGlite, whose one connection has nothing to wait for, never runs it).
 */
export async function prepareResponsePartitions(db: Kysely<any>, schema: string): Promise<void> {
  await db.connection().execute(async (connection) => {
    const unpartitioned = async () => {
      const { rows } = await sql<{ kind: string | null }>`
        select c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relname = 'responses'`.execute(connection)
      return rows[0]?.kind === 'r'
    }
    if (!(await unpartitioned()) || !(await justBefore(connection, schema))) return
    const lock = sql`hashtext(${`canvass: prepare partitions ${schema}`})`
    await sql`select pg_advisory_lock(${lock})`.execute(connection)
    try {
      const responses = sql.id(schema, 'responses')
      await concurrentIndex(
        connection,
        schema,
        PREPARED.key,
        sql`create unique index concurrently ${sql.id(PREPARED.key)}
        on ${responses} (id, created_at)`,
      )
      await concurrentIndex(
        connection,
        schema,
        PREPARED.singleUse,
        sql`create index concurrently ${sql.id(PREPARED.singleUse)}
        on ${responses} (survey_id, single_use_id) where single_use_id is not null`,
      )
      await concurrentIndex(
        connection,
        schema,
        PREPARED.display,
        sql`create index concurrently ${sql.id(PREPARED.display)}
        on ${responses} (display_id) where display_id is not null`,
      )
      for (const child of CHILDREN) {
        const table = sql.id(schema, child)
        await sql`alter table ${table} add column if not exists response_created_at timestamptz(3)`.execute(connection)
        await sql`update ${table} c set response_created_at = r.created_at
          from ${responses} r where r.id = c.response_id and c.response_created_at is null`.execute(connection)
        const missing = `${child}_response_created_at_missing`
        await concurrentIndex(
          connection,
          schema,
          missing,
          sql`create index concurrently ${sql.id(missing)}
          on ${table} (response_id) where response_created_at is null`,
        )
      }
    } catch (error) {
      // Another process's migration committed meanwhile (`responses` is partitioned now): nothing to prepare.
      if (await unpartitioned()) throw error
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(connection)
    }
  })
}

/**
 * Whether the database's last migration is the one before 0038: an older database has tables and columns still
 * to come, and its pending migrations run under their lock anyway.
 */
async function justBefore(db: Kysely<any>, schema: string): Promise<boolean> {
  const { rows: table } = await sql<{ found: boolean }>`
    select to_regclass(${`${schema}.${LOG_TABLE}`}) is not null as found`.execute(db)
  if (table[0]?.found !== true) return false
  const { rows } = await sql<{ last: string | null }>`select max(name) as last from ${sql.id(schema, LOG_TABLE)}`.execute(db)
  return rows[0]?.last === '0037-console-accounts'
}

/** Makes an index by `create`, unless a valid one of that name is there (an invalid one is dropped first). */
async function concurrentIndex(db: Kysely<any>, schema: string, name: string, create: ReturnType<typeof sql>): Promise<void> {
  if (await validIndex(db, schema, name)) return
  await sql`drop index concurrently if exists ${sql.id(schema, name)}`.execute(db)
  await create.execute(db)
}
