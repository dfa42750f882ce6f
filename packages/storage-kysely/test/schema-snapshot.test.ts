import { readFile, writeFile } from 'node:fs/promises'
import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import { Migrator } from 'kysely/migration'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate } from '../src'
import { initial } from '../src/migrations/0001-initial'
import { management } from '../src/migrations/0003-management'
import { client } from '../src/migrations/0004-client'
import { webhooks } from '../src/migrations/0005-webhooks'
import { webhookEvents } from '../src/migrations/0006-webhook-events'
import { outboxMatching } from '../src/migrations/0007-outbox-matching'
import { backends, sharedDatabase } from './backends'

/**
 * The schema every migration together makes, as `schema-snapshot.json` records it: the snapshot was taken
 * from the migrations as they were before they were frozen (each one installing the outbox functions of the
 * day through a shared module), and the frozen migrations must end at the very same functions, triggers,
 * indexes, constraints and columns. A migration added later changes the schema: rerun this file with
 * `CANVASS_WRITE_SCHEMA_SNAPSHOT=1` once, and review the snapshot's diff with the migration.
 */
const SNAPSHOT = new URL('./schema-snapshot.json', import.meta.url)

interface SchemaSnapshot {
  functions: string[]
  triggers: string[]
  indexes: string[]
  constraints: string[]
  columns: string[]
  sequences: string[]
}

for (const backend of backends()) {
  const test = suite(`the migrated schema on ${backend.name}`)
  const database = sharedDatabase(backend, 'empty')
  let db: Kysely<unknown>

  test.before.each(async () => {
    db = await database.take()
  })
  test.after(() => database.close())

  test('every migration on a new database ends at the snapshot', async () => {
    await migrate(db)
    const snapshot = await schemaSnapshot(db, 'canvass')
    if (process.env.CANVASS_WRITE_SCHEMA_SNAPSHOT === '1') {
      await writeFile(SNAPSHOT, `${JSON.stringify(snapshot, null, 2)}\n`)
    }
    assert.equal(snapshot, await expected())
  })

  test('a database migrated into public and then moved ends at the snapshot', async () => {
    await migrate(db, { schema: 'public' })
    await migrate(db)
    assert.equal(await schemaSnapshot(db, 'canvass'), await expected())
    assert.equal(await functionsIn(db, 'public'), [], 'no function of Canvass stays in public')
  })

  test('a database migrated into public up to 0007, with the outbox of its day, and then moved ends at the snapshot', async () => {
    // An earlier Canvass: its tables and the outbox's functions in public, the later migrations not yet run.
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({
          '0001-initial': initial('public'),
          '0003-management': management('public'),
          '0004-client': client('public'),
          '0005-webhooks': webhooks('public'),
          '0006-webhook-events': webhookEvents('public'),
          '0007-outbox-matching': outboxMatching('public'),
        }),
      },
      migrationTableSchema: 'public',
      migrationTableName: 'canvass_migration',
      migrationLockTableName: 'canvass_migration_lock',
    })
    assert.is((await migrator.migrateToLatest()).error, undefined)
    assert.equal(await functionsIn(db, 'public'), ['enqueue_webhook_deliveries_on_insert', 'enqueue_webhook_deliveries_on_update'])
    assert.equal((await migrate(db))[0], '0008-sequential-event-ids')
    assert.equal(await schemaSnapshot(db, 'canvass'), await expected())
    assert.equal(await functionsIn(db, 'public'), [], 'no function of Canvass stays in public')
  })

  test.run()
}

async function expected(): Promise<SchemaSnapshot> {
  return JSON.parse(await readFile(SNAPSHOT, 'utf8')) as SchemaSnapshot
}

async function functionsIn(db: Kysely<unknown>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select p.proname as name from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${schema} order by p.proname`.execute(db)
  return rows.map((row) => row.name)
}

/**
 * What the migrations made in `schema`, as text Postgres writes back, in a stable order. Partitions (those of
 * `responses`, one a month, named by the month the database was migrated in) are left out: their columns,
 * indexes and constraints are their table's. So is the lock table of the migrator before the log
 * (`canvass_migration_lock`), which a database that 0.1.0 or earlier migrated keeps and a new one never has.
 */
async function schemaSnapshot(db: Kysely<unknown>, schema: string): Promise<SchemaSnapshot> {
  const texts = async (query: RawBuilder<{ text: string }>) => (await query.execute(db)).rows.map((row) => row.text)
  return {
    functions: await texts(sql`
      select pg_get_functiondef(p.oid) as text
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} order by p.proname, p.oid::regprocedure::text`),
    triggers: await texts(sql`
      select pg_get_triggerdef(t.oid) as text
      from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not t.tgisinternal and not c.relispartition order by c.relname, t.tgname`),
    indexes: await texts(sql`
      select i.indexdef as text from pg_catalog.pg_indexes i
      where i.schemaname = ${schema} and not ${isPartition(sql.ref('i.schemaname'), sql.ref('i.tablename'))}
        and i.tablename <> ${OLD_LOCK}
      order by i.tablename, i.indexname`),
    constraints: await texts(sql`
      select c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) as text
      from pg_catalog.pg_constraint k join pg_catalog.pg_class c on c.oid = k.conrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      -- Not-null constraints are columns' (newer Postgres, PGlite's, lists them here too).
      -- A constraint made for each partition from its table's (conparentid) is its table's too.
      where n.nspname = ${schema} and k.contype <> 'n' and not c.relispartition and k.conparentid = 0 and c.relname <> ${OLD_LOCK}
      order by c.relname, k.conname`),
    columns: await texts(sql`
      select table_name || '.' || column_name || ' ' || data_type || coalesce('(' || datetime_precision || ')', '')
        || case when is_nullable = 'NO' then ' not null' else '' end || coalesce(' default ' || column_default, '') as text
      from information_schema.columns c
      where c.table_schema = ${schema} and not ${isPartition(sql.ref('c.table_schema'), sql.ref('c.table_name'))}
        and c.table_name <> ${OLD_LOCK}
      order by table_name, ordinal_position`),
    sequences: await texts(sql`
      select sequencename || ' ' || data_type::text as text from pg_catalog.pg_sequences
      where schemaname = ${schema} order by sequencename`),
  }
}

const OLD_LOCK = 'canvass_migration_lock'

/** Whether the table named is a partition. */
function isPartition(schema: RawBuilder<unknown>, table: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select from pg_catalog.pg_class pc join pg_catalog.pg_namespace pn on pn.oid = pc.relnamespace
    where pn.nspname = ${schema} and pc.relname = ${table} and pc.relispartition)`
}
