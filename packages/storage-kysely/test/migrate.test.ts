import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MigrationError, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

const TABLES = [
  'action_classes',
  'api_keys',
  'attribute_classes',
  'contact_attribute_keys',
  'contact_attributes',
  'contacts',
  'displays',
  'environments',
  'files',
  'organizations',
  'projects',
  'rate_limit_counters',
  'response_notes',
  'response_tags',
  'responses',
  'spent_upload_uuids',
  'surveys',
  'tags',
  'webhook_deliveries',
  'webhooks',
]

for (const backend of backends()) {
  const test = suite(`migrate on ${backend.name}`)
  let open: OpenBackend | undefined

  test.after.each(async () => {
    await open?.close()
    open = undefined
  })

  test('creates every table of contract §1, and migrating again is a no-op', async () => {
    open = await backend.open()
    assert.equal(await migrate(open.db), ['0001-initial'])
    assert.equal(await tableNames(open), [...TABLES, 'canvass_migration', 'canvass_migration_lock'].sort())
    assert.equal(await migrate(open.db), [], 'nothing is pending')
    const applied = await sql<{ name: string }>`select name from canvass_migration`.execute(open.db)
    assert.equal(applied.rows, [{ name: '0001-initial' }])
  })

  test('stores every timestamp as timestamptz(3)', async () => {
    open = await backend.open()
    await migrate(open.db)
    const columns = await sql<{ table_name: string; column_name: string; data_type: string; datetime_precision: number }>`
      select table_name, column_name, data_type, datetime_precision from information_schema.columns
      where table_schema = 'public' and data_type like 'timestamp%' and table_name not like 'canvass_migration%'`.execute(open.db)
    assert.ok(columns.rows.length > 0)
    for (const column of columns.rows) {
      assert.is(`${column.data_type}(${column.datetime_precision})`, 'timestamp with time zone(3)', `${column.table_name}.${column.column_name}`)
    }
  })

  test('a failing migration throws MigrationError and applies nothing', async () => {
    open = await backend.open()
    // A table in the way makes the first migration fail part-way.
    await sql`create table webhooks (id text primary key)`.execute(open.db)
    let error: unknown
    try {
      await migrate(open.db)
    } catch (caught) {
      error = caught
    }
    assert.instance(error, MigrationError)
    assert.is((error as MigrationError).migrationName, '0001-initial')
    assert.match((error as MigrationError).message, /0001-initial failed: .*webhooks/)
    assert.ok((error as MigrationError).cause, 'the database error is the cause')
    assert.not.ok((await tableNames(open)).includes('organizations'), 'the tables created before the failure are rolled back')
  })

  test.run()
}

async function tableNames(open: OpenBackend): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(open.db)
  return result.rows.map((row) => row.table_name)
}
