import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MigrationError, createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

/** Every migration, in the order they run. */
const MIGRATIONS = ['0001-initial', '0003-management', '0004-client', '0005-webhooks']

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
    assert.equal(await migrate(open.db), MIGRATIONS)
    assert.equal(await tableNames(open), [...TABLES, 'canvass_migration', 'canvass_migration_lock'].sort())
    assert.equal(await tableNames(open, 'public'), [], 'nothing is created in public')
    assert.equal(await migrate(open.db), [], 'nothing is pending')
    const applied = await sql<{ name: string }>`select name from canvass.canvass_migration`.execute(open.db)
    assert.equal(applied.rows, MIGRATIONS.map((name) => ({ name })))
  })

  test('stores every timestamp as timestamptz(3)', async () => {
    open = await backend.open()
    await migrate(open.db)
    const columns = await sql<{ table_name: string; column_name: string; data_type: string; datetime_precision: number }>`
      select table_name, column_name, data_type, datetime_precision from information_schema.columns
      where table_schema = 'canvass' and data_type like 'timestamp%' and table_name not like 'canvass_migration%'`.execute(open.db)
    assert.ok(columns.rows.length > 0)
    for (const column of columns.rows) {
      assert.is(`${column.data_type}(${column.datetime_precision})`, 'timestamp with time zone(3)', `${column.table_name}.${column.column_name}`)
    }
  })

  test('a failing migration throws MigrationError and applies nothing', async () => {
    open = await backend.open()
    // A table in the way makes the first migration fail part-way.
    await sql`create schema canvass`.execute(open.db)
    await sql`create table canvass.webhooks (id text primary key)`.execute(open.db)
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


  test('leaves an application\'s own tables in public alone, even when they share names with Canvass\'s', async () => {
    open = await backend.open()
    await sql`create table public.projects (id serial primary key, title text)`.execute(open.db)
    await sql`create table public.surveys (slug text primary key)`.execute(open.db)
    await sql`insert into public.projects (title) values ('the app''s own')`.execute(open.db)
    assert.equal(await migrate(open.db), MIGRATIONS)
    assert.equal(await tableNames(open, 'public'), ['projects', 'surveys'])
    const own = await sql<{ title: string }>`select title from public.projects`.execute(open.db)
    assert.equal(own.rows, [{ title: "the app's own" }])
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = 'public' and table_name = 'surveys'`.execute(open.db)
    assert.equal(columns.rows, [{ column_name: 'slug' }], 'the app\'s table is unchanged')
    // And Canvass works beside them.
    const storage = createKyselyStorage({ db: open.db })
    assert.equal(await storage.projects.list(), [])
  })

  test('moves the tables of a database migrated into public by an earlier Canvass, data included', async () => {
    open = await backend.open()
    // The layout before the own schema: every table and the bookkeeping in public.
    await migrate(open.db, { schema: 'public' })
    const before = createKyselyStorage({ db: open.db, schema: 'public' })
    await before.projects.createOrganization({ id: 'org-1', name: 'Org', createdAt: new Date() })
    assert.equal(await migrate(open.db), [], 'the moved bookkeeping says nothing is pending')
    assert.equal(await tableNames(open, 'public'), [])
    assert.equal(await tableNames(open), [...TABLES, 'canvass_migration', 'canvass_migration_lock'].sort())
    const orgs = await sql<{ id: string }>`select id from canvass.organizations`.execute(open.db)
    assert.equal(orgs.rows, [{ id: 'org-1' }])
    assert.equal(await migrate(open.db), [], 'migrating again is a no-op')
  })

  test('takes another schema when told, and refuses a schema name that would need quoting', async () => {
    open = await backend.open()
    assert.equal(await migrate(open.db, { schema: 'feedback' }), MIGRATIONS)
    assert.equal(await tableNames(open, 'feedback'), [...TABLES, 'canvass_migration', 'canvass_migration_lock'].sort())
    assert.equal(await tableNames(open), [])
    const storage = createKyselyStorage({ db: open.db, schema: 'feedback' })
    assert.equal(await storage.projects.list(), [])
    for (const bad of ['Feedback', 'a"b', 'x; drop table y', '']) {
      assert.throws(() => createKyselyStorage({ db: open!.db, schema: bad }), /lowercase Postgres identifier/)
      let error: unknown
      await migrate(open.db, { schema: bad }).catch((caught: unknown) => {
        error = caught
      })
      assert.instance(error, TypeError, bad)
    }
  })

  test.run()
}

async function tableNames(open: OpenBackend, schema = 'canvass'): Promise<string[]> {
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(open.db)
  return result.rows.map((row) => row.table_name)
}
