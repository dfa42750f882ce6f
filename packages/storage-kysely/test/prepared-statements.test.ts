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

prepared('names each distinct statement once and keeps other members of pool and client', async () => {
  const { calls, pool } = recordingPool()
  const wrapped = withPreparedStatements(pool)
  assert.is(wrapped.totalCount, 3)
  const client = (await wrapped.connect()) as PostgresPoolClientLike & { processID: number }
  assert.is(client.processID, 42)
  await client.query('select $1', [1])
  await client.query('select $1', [2])
  await client.query('select 2', [])
  const [first, second, third] = calls.map((args) => args[0] as { name: string; text: string; values: unknown[] })
  assert.match(first?.name ?? '', /^canvass_[0-9a-f]{16}$/)
  assert.equal(first, { name: first?.name, text: 'select $1', values: [1] })
  assert.equal(second, { name: first?.name, text: 'select $1', values: [2] })
  assert.equal(third?.text, 'select 2')
  assert.is.not(third?.name, first?.name)
  const recorded = recordingPool()
  await (await withPreparedStatements(recorded.pool).connect()).query('select $1', [3])
  assert.is((recorded.calls[0]?.[0] as { name: string }).name, first?.name, 'another wrapper names the same text alike')
})

prepared('past maxStatements, new statements run unnamed', async () => {
  const { calls, pool } = recordingPool()
  const client = await withPreparedStatements(pool, { maxStatements: 1 }).connect()
  await client.query('select 1', [])
  await client.query('select 2', [])
  await client.query('select 1', [])
  const named = (calls[0]?.[0] as { name: string }).name
  assert.equal(calls, [[{ name: named, text: 'select 1', values: [] }], ['select 2', []], [{ name: named, text: 'select 1', values: [] }]])
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
