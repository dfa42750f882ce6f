import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withPreparedStatements } from '../src'
import type { PostgresPoolClientLike } from '../src'

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

prepared.run()
