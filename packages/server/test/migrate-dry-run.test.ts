/**
 * `canvass migrate --dry-run` and a database a newer Canvass migrated (docs/deploying.md, "Upgrading"), as real
 * processes on a Postgres database of their own: the dry run lists what would run and changes nothing; after a
 * migration it says the database is current; a newer version's migration that only adds is named and served
 * beside; one a newer version requires, which this one does not know, makes the dry run, the migration and the
 * server's start each refuse with one line naming it, the database left as it was. Needs
 * TEST_DATABASE_URL (the test writes the unknown migration's row while no process holds the database).
 */
import { createPostgresTestDatabase, skipSuiteUnless } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'
import { migrationNames } from '@canvass/storage-kysely'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { runCli, testKysely } from './cli-on-database'

const test = skipSuiteUnless(
  suite('canvass migrate --dry-run, and a newer schema refused'),
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is unset: the test writes a migration row of a newer version',
)
let database: PostgresTestDatabase
let db: Kysely<unknown>

const cli = (...args: string[]) => runCli({ DATABASE_URL: database.url, CANVASS_DRAIN_SECONDS: '0', PORT: '0', HOST: '127.0.0.1' }, ...args)

const applied = async () =>
  (await sql<{ name: string }>`select name from canvass.canvass_migration_log order by name`.execute(db)).rows.map((row) => row.name)

test.before(async () => {
  database = await createPostgresTestDatabase()
  db = testKysely(database.url)
})

test.after(async () => {
  await db?.destroy()
  await database?.release()
})

test('the dry run lists every migration of a new database and runs none; migrate runs them; then nothing would run', async () => {
  // The test bed's databases may come migrated already: this one is made new.
  await sql`drop schema if exists canvass cascade`.execute(db)
  const dry = await cli('migrate', '--dry-run')
  assert.is(dry.code, 0, dry.stderr)
  const names = migrationNames()
  assert.match(dry.stdout, `${names.length} migrations would run, in this order:`)
  assert.equal(
    dry.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim()),
    [...names],
  )
  const schema = await sql<{ found: boolean }>`select to_regclass('canvass.canvass_migration_log') is not null as found`.execute(db)
  assert.is(schema.rows[0]?.found, false, 'nothing was made')
  const migrated = await cli('migrate')
  assert.is(migrated.code, 0, migrated.stderr)
  assert.equal(await applied(), [...names])
  const again = await cli('migrate', '--dry-run')
  assert.is(again.code, 0, again.stderr)
  assert.match(again.stdout, /The database is current for version \d+\.\d+\.\d+: no migration would run/)
})

test("a newer version's migration that only adds: the dry run says the database is current and names it", async () => {
  if ((await applied()).length === 0) assert.is((await cli('migrate')).code, 0)
  // Run by the next release (in the log), not required by it (docs/deploying.md, "Upgrading").
  await sql`insert into canvass.canvass_migration_log (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db)
  try {
    const dry = await cli('migrate', '--dry-run')
    assert.is(dry.code, 0, dry.stderr)
    assert.match(
      dry.stdout,
      /The database is current for version \S+: no migration would run; it also has 9999-from-the-future of a newer version/,
    )
    const migrated = await cli('migrate')
    assert.is(migrated.code, 0, migrated.stderr)
  } finally {
    await sql`delete from canvass.canvass_migration_log where name = '9999-from-the-future'`.execute(db)
  }
})

test('a migration a newer version requires: the dry run, migrate and start each refuse with one line, and change nothing', async () => {
  if ((await applied()).length === 0) assert.is((await cli('migrate')).code, 0)
  await sql`insert into canvass.canvass_migration (name, timestamp) values ('9999-from-the-future', now()::text)`.execute(db)
  try {
    const before = await applied()
    for (const args of [['migrate', '--dry-run'], ['migrate'], ['start']]) {
      const answer = await cli(...args)
      assert.is.not(answer.code, 0, `${args.join(' ')} refused`)
      const lines = answer.stderr.trim().split('\n')
      assert.ok(
        lines.some((line) => line.includes('migrated by a newer Canvass') && line.includes('9999-from-the-future')),
        `${args.join(' ')}: ${answer.stderr}`,
      )
    }
    assert.equal(await applied(), before, 'nothing changed')
  } finally {
    await sql`delete from canvass.canvass_migration where name = '9999-from-the-future'`.execute(db)
  }
})

test.run()
