/**
 * The Postgres databases the test bed hands out (`createPostgresTestDatabase`): a released one comes back to the
 * next test as a new copy of the template would be, or is dropped.
 */
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createPostgresTestDatabase } from '../src'

const serverUrl = process.env.TEST_DATABASE_URL
const test = suite('Postgres test databases')
/** A test of the suite, or, without a server, a skipped one with its reason printed as `pnpm test` wants it. */
function serverTest(name: string, fn: () => Promise<void>): void {
  if (serverUrl) {
    test(name, fn)
    return
  }
  // The line `skipTest` of @canvass/test-utils prints (that package depends on core, whose tests depend on this one).
  console.log(`  SKIP ${name}: TEST_DATABASE_URL is not set (no Postgres server)`)
  test.skip(name, fn)
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  // The release ends this session (57P01) while it is idle: what the test checks, not a failure.
  client.on('error', () => {})
  await client.connect()
  return client
}

async function exists(name: string): Promise<boolean> {
  const admin = await connect(serverUrl as string)
  try {
    return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
  } finally {
    await admin.end()
  }
}

const nameOf = (url: string) => new URL(url).pathname.slice(1)

serverTest('a released database comes back with no rows, its sequences restarted, and no session or lock of the last user', async () => {
  const first = await createPostgresTestDatabase(serverUrl)
  const user = await connect(first.url)
  await user.query(`insert into canvass.organizations (id, name) values ('org', 'Left behind')`)
  const before = (await user.query(`select nextval('canvass.webhook_event_ids')::int as value`)).rows[0].value
  await user.query('select pg_advisory_lock(42)')
  await first.release()

  const second = await createPostgresTestDatabase(serverUrl)
  assert.is(second.url, first.url, 'the released database is the next one given')
  const next = await connect(second.url)
  try {
    assert.is((await next.query('select count(*)::int as n from canvass.organizations')).rows[0].n, 0)
    assert.is((await next.query(`select nextval('canvass.webhook_event_ids')::int as value`)).rows[0].value, before)
    const others = await next.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    assert.is(others.rows[0].n, 0, "the last user's session was ended")
    assert.ok((await next.query('select pg_try_advisory_lock(42) as got')).rows[0].got, "the last user's lock is gone")
  } finally {
    await next.end()
    await user.end().catch(() => {})
    await second.release()
  }
})

serverTest('a released database whose schema a test changed is dropped, and the next is another', async () => {
  const changed = await createPostgresTestDatabase(serverUrl)
  const user = await connect(changed.url)
  await user.query('create table public.extra (x int)')
  await user.end()
  await changed.release()
  assert.not.ok(await exists(nameOf(changed.url)), 'the changed database was dropped')

  const next = await createPostgresTestDatabase(serverUrl)
  try {
    assert.is.not(next.url, changed.url)
  } finally {
    await next.release()
  }
})

serverTest('a database made without the migrations is dropped when released', async () => {
  const bare = await createPostgresTestDatabase(serverUrl, { migrated: false })
  assert.ok(await exists(nameOf(bare.url)))
  await bare.release()
  assert.not.ok(await exists(nameOf(bare.url)))
})

test.run()
