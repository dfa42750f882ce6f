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
  assert.equal(calls, [
    [{ name: 'canvass_0', text: 'select $1', values: [1] }],
    [{ name: 'canvass_0', text: 'select $1', values: [2] }],
    [{ name: 'canvass_1', text: 'select 2', values: [] }],
  ])
})

prepared('past maxStatements, new statements run unnamed', async () => {
  const { calls, pool } = recordingPool()
  const client = await withPreparedStatements(pool, { maxStatements: 1 }).connect()
  await client.query('select 1', [])
  await client.query('select 2', [])
  await client.query('select 1', [])
  assert.equal(calls, [[{ name: 'canvass_0', text: 'select 1', values: [] }], ['select 2', []], [{ name: 'canvass_0', text: 'select 1', values: [] }]])
})

prepared.run()
