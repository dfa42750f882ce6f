import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { TABLES } from './0001-initial'
import { installOutbox } from './0009-created-event-columns'

/**
 * Canvass before 0.1 created its tables in `public`. Such a database is recognised by its migration
 * bookkeeping (`public.canvass_migration`), and its tables (with their indexes, constraints and data) are
 * moved into `schema` in one transaction, before the migrator looks at `schema`. The outbox's trigger
 * functions, which name their tables with the schema, are created anew in `schema`, as the last migration that
 * defines them (`0009-created-event-columns`) makes them, and `0031-events-written-with-responses` drops them
 * when it runs; the sequence of event ids moves with the tables. The migrations after the level the database was at run next. A table of the
 * application that merely shares a name with one of Canvass's is never touched: without our bookkeeping in
 * `public`, nothing is moved.
 */
export async function moveFromPublicSchema(db: Kysely<any>, schema: string): Promise<void> {
  if (schema === 'public' || !(await isPresent(db, 'public', 'canvass_migration'))) return
  await db.transaction().execute(async (trx) => {
    // Several processes may start at once: one moves, the others find nothing left to move.
    await sql`select pg_advisory_xact_lock(hashtext('canvass: move tables from public'))`.execute(trx)
    if (!(await isPresent(trx, 'public', 'canvass_migration'))) return
    if (await isPresent(trx, schema, 'canvass_migration')) {
      throw new Error(
        `Canvass tables exist both in "public" and in "${schema}"; keep one set (the newer is in "${schema}") and drop the other`,
      )
    }
    // The partitions of `responses` (0038) move with it: a partitioned table's schema is its own, not theirs.
    const partitions = await sql<{ name: string }>`
      select c.relname as name from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid
      join pg_catalog.pg_class p on p.oid = i.inhparent join pg_catalog.pg_namespace n on n.oid = p.relnamespace
      where n.nspname = 'public' and p.relname = 'responses' order by c.relname`.execute(trx)
    for (const table of [
      ...TABLES,
      ...partitions.rows.map((row) => row.name),
      'response_claims',
      'webhook_events',
      'segments',
      'idempotency_keys',
      'quotas',
      'response_quota_links',
      'import_mappings',
      'blob_deletions',
      'audit_log',
      'maintenance_leases',
      'unscreened_responses',
      'console_accounts',
      'console_people',
      'console_sessions',
      'console_links',
      'response_changes',
      'summary_parts',
      'mail_outbox',
      'canvass_migration',
      'canvass_migration_lock',
      // The log (`migration-tables.ts`) of a database that a version since 0.1 migrated into public by choice.
      'canvass_migration_log',
      'canvass_migration_log_lock',
    ]) {
      if (await isPresent(trx, 'public', table)) {
        await sql`alter table ${sql.id('public', table)} set schema ${sql.id(schema)}`.execute(trx)
      }
    }
    // The numbers of webhook event ids, which the response writes draw from in the schema.
    const sequence = await sql<{ present: boolean }>`
      select exists (select from pg_catalog.pg_sequences where schemaname = 'public' and sequencename = 'webhook_event_ids') as present`.execute(
      trx,
    )
    if (sequence.rows[0]?.present === true) {
      await sql`alter sequence ${sql.id('public', 'webhook_event_ids')} set schema ${sql.id(schema)}`.execute(trx)
    }
    if (await functionPresent(trx, 'public', 'enqueue_webhook_deliveries_on_insert')) {
      // The triggers moved with their table but still call the functions left in public.
      await installOutbox(trx, schema)
      for (const event of ['insert', 'update']) {
        await sql`drop function ${sql.id('public', `enqueue_webhook_deliveries_on_${event}`)}()`.execute(trx)
      }
    }
    // Its triggers moved with the table and call the function by identity, wherever it lives.
    if (await functionPresent(trx, 'public', 'audit_log_append_only')) {
      await sql`alter function ${sql.id('public', 'audit_log_append_only')}() set schema ${sql.id(schema)}`.execute(trx)
    }
  })
}

async function isPresent(db: Kysely<any>, schema: string, table: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select exists (
      select from pg_catalog.pg_tables where schemaname = ${schema} and tablename = ${table}
    ) as present`.execute(db)
  return rows[0]?.present === true
}

async function functionPresent(db: Kysely<any>, schema: string, name: string): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select exists (
      select from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} and p.proname = ${name}
    ) as present`.execute(db)
  return rows[0]?.present === true
}
