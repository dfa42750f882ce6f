import { createPostgresTestDatabase } from '@canvass/test-bed'
import { skipTest } from '@canvass/test-utils'
import { DummyDriver, Kysely, PostgresAdapter, PostgresDialect, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withPreparedStatements } from '../src'
import type { PostgresPoolClientLike } from '../src'
import { resultIsWildcard } from '../src/postgres/prepared-statements'

const prepared = suite('withPreparedStatements')

/** A pool that records what its clients were asked to run. */
function recordingPool() {
  const calls: unknown[][] = []
  const client: PostgresPoolClientLike & { processID: number } = {
    processID: 42,
    async query(...args: unknown[]) {
      calls.push(args)
      return { rows: [] }
    },
    release() {},
  }
  return { calls, pool: { connect: async () => client, end: async () => {}, totalCount: 3 } }
}

prepared('names a statement the second time it is sent, and keeps other members of pool and client', async () => {
  const { calls, pool } = recordingPool()
  const wrapped = withPreparedStatements(pool)
  assert.is(wrapped.totalCount, 3)
  const client = (await wrapped.connect()) as PostgresPoolClientLike & { processID: number }
  assert.is(client.processID, 42)
  await client.query('select $1', [1])
  await client.query('select $1', [2])
  await client.query('select $1', [3])
  await client.query('select 2', [])
  const [first, second, third, fourth] = calls.map((args) => args[0])
  assert.is(first, 'select $1', 'sent once: unnamed')
  const named = second as { name: string; text: string; values: unknown[] }
  assert.match(named.name, /^canvass_[0-9a-f]{16}$/)
  assert.equal(named, { name: named.name, text: 'select $1', values: [2] })
  assert.equal(third, { name: named.name, text: 'select $1', values: [3] })
  assert.is(fourth, 'select 2')
  const recorded = recordingPool()
  const other = await withPreparedStatements(recorded.pool).connect()
  await other.query('select $1', [3])
  await other.query('select $1', [4])
  assert.is((recorded.calls[1]?.[0] as { name: string }).name, named.name, 'another wrapper names the same text alike')
})

prepared("statements sent once (a migration's) take no name: the names go to those sent again", async () => {
  const { calls, pool } = recordingPool()
  const client = await withPreparedStatements(pool, { maxStatements: 2 }).connect()
  for (let i = 0; i < 10; i++) await client.query(`create table t${i} ()`, [])
  await client.query('insert into t0 default values', [])
  await client.query('insert into t0 default values', [])
  assert.ok(
    calls.slice(0, 10).every(([text]) => typeof text === 'string'),
    'the one-off statements ran unnamed',
  )
  assert.match((calls[11]?.[0] as { name: string }).name, /^canvass_/)
})

prepared('past maxStatements, new statements run unnamed', async () => {
  const { calls, pool } = recordingPool()
  const client = await withPreparedStatements(pool, { maxStatements: 1 }).connect()
  for (const text of ['select 1', 'select 1', 'select 2', 'select 2', 'select 1']) await client.query(text, [])
  const named = (calls[1]?.[0] as { name: string }).name
  assert.equal(calls, [
    ['select 1', []],
    [{ name: named, text: 'select 1', values: [] }],
    ['select 2', []],
    ['select 2', []],
    [{ name: named, text: 'select 1', values: [] }],
  ])
})

prepared('gives the same object for the same pooled client on every checkout', async () => {
  // Kysely keys its connection object by what `connect` returns: a new wrapper per checkout made it build a
  // new connection object for every query.
  const clients = [0, 1].map((n) => ({ processID: n, query: async () => ({ rows: [] }), release() {} }))
  let next = 0
  const wrapped = withPreparedStatements({ connect: async () => clients[next++ % 2]!, end: async () => {} })
  const [a, b, again] = [await wrapped.connect(), await wrapped.connect(), await wrapped.connect()]
  assert.is(again, a)
  assert.is.not(b, a)
  assert.is((b as unknown as { processID: number }).processID, 1)
})

prepared('a statement whose result is every column of a table runs unnamed; a star inside a part of it does not count', async () => {
  // Compiled by Kysely as the storage's statements are; nothing is sent.
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (on) => new PostgresIntrospector(on),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  })
  const wildcard = [
    db.selectFrom('surveys').selectAll().where('id', '=', 'x'),
    db.selectFrom('surveys as s').selectAll('s').select('s.id as again'),
    db.updateTable('tags').set({ name: 'x' }).where('id', '=', 'x').returningAll(),
    db.selectFrom('surveys').select('id').select(sql`"surveys".*`.as('ignored')),
  ].map((query) => query.compile().sql)
  const named = [
    db.selectFrom('surveys').select(['id', 'name']).where('id', '=', 'x'),
    db.selectFrom('responses').select((eb) => eb.fn.countAll().as('n')),
    db.selectFrom('responses').select(sql<number>`count(*)`.as('n')),
    db
      .with('written', (qc) => qc.updateTable('responses').set({ finished: true }).where('id', '=', 'x').returningAll())
      .selectFrom('written')
      .select(['id', 'finished']),
    db
      .selectFrom('surveys')
      .select('id')
      .where((eb) => eb.exists(eb.selectFrom('tags').selectAll())),
    db.selectFrom('surveys').select(sql<number>`2 * "surveys"."status_rank"`.as('twice')),
    db.selectFrom('surveys').select(sql<string>`'select *'`.as('text')),
  ].map((query) => query.compile().sql)
  for (const text of wildcard) assert.ok(resultIsWildcard(text), text)
  for (const text of named) assert.not.ok(resultIsWildcard(text), text)
  const { calls, pool } = recordingPool()
  const client = await withPreparedStatements(pool).connect()
  for (const text of [wildcard[0], wildcard[0], wildcard[0], named[0], named[0]]) await client.query(text, [])
  assert.equal(
    calls.map(([sent]) => typeof sent === 'string'),
    [true, true, true, true, false],
    'the wildcard statement never named; the other named the second time',
  )
})

const onPostgres = suite('withPreparedStatements on a Postgres server')
const serverUrl = process.env.TEST_DATABASE_URL

// 0.1.0 prepared `select *` statements: once a newer version added a column to the table, each connection that
// had prepared one failed it ("cached plan must not change result type") until the instance stopped.
if (!serverUrl)
  skipTest(onPostgres, 'a column added by a newer version', 'TEST_DATABASE_URL is unset: prepared statements live on a Postgres server')
else
  onPostgres('a column added by a newer version while statements are prepared: every statement goes on', async () => {
    const database = await createPostgresTestDatabase(serverUrl, { migrated: false })
    const pool = new pg.Pool({ connectionString: database.url, max: 1 })
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) })
    try {
      await sql`create table t (id text primary key, name text not null)`.execute(db)
      await sql`insert into t values ('a', 'first')`.execute(db)
      const every = () => db.selectFrom('t').selectAll().where('id', '=', 'a').executeTakeFirstOrThrow()
      const named = () => db.selectFrom('t').select(['id', 'name']).where('id', '=', 'a').executeTakeFirstOrThrow()
      const renamed = () => db.updateTable('t').set({ name: 'again' }).where('id', '=', 'a').returningAll().executeTakeFirstOrThrow()
      for (let i = 0; i < 3; i++) await Promise.all([every(), named(), renamed()])
      // The expand step, from another connection, as a newer version's migration runs.
      const other = new pg.Client({ connectionString: database.url })
      await other.connect()
      await other.query(`alter table t add column note text`)
      await other.end()
      assert.equal(await every(), { id: 'a', name: 'again', note: null })
      assert.equal(await named(), { id: 'a', name: 'again' })
      assert.equal(await renamed(), { id: 'a', name: 'again', note: null })
    } finally {
      await db.destroy()
      await database.release()
    }
  })

prepared.run()
onPostgres.run()
