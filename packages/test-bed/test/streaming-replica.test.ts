import { skipSuiteUnless } from '@canvass/test-utils'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ownPostgresUnavailable, startOwnPostgres, startStreamingReplica } from '../src'
import type { OwnPostgres, StreamingReplica } from '../src'

const test = skipSuiteUnless(suite('streaming replica'), ownPostgresUnavailable({ failUnderCi: true }))

let primary: OwnPostgres | undefined
let replica: StreamingReplica | undefined

test.before(async () => {
  primary = await startOwnPostgres()
  replica = await startStreamingReplica(primary)
})

test.after(async () => {
  await replica?.remove()
  await primary?.remove()
})

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

test('the replica is in recovery and follows the primary; paused, it falls behind; resumed, it catches up', async () => {
  const { url: primaryUrl } = primary as OwnPostgres
  const standby = replica as StreamingReplica
  assert.equal(await query(standby.url, 'select pg_is_in_recovery() as recovering'), [{ recovering: true }])
  await query(primaryUrl, 'create table marks (n int); insert into marks values (1)')
  await standby.waitUntilCaughtUp()
  assert.equal(await query(standby.url, 'select count(*)::int as n from marks'), [{ n: 1 }])

  await standby.pauseReplay()
  await query(primaryUrl, 'insert into marks values (2)')
  assert.equal(await query(standby.url, 'select count(*)::int as n from marks'), [{ n: 1 }], 'paused: the new row is not applied')
  await standby.resumeReplay()
  await standby.waitUntilCaughtUp()
  assert.equal(await query(standby.url, 'select count(*)::int as n from marks'), [{ n: 2 }])
})

test('a stopped replica refuses connections; started again, it streams what it missed', async () => {
  const { url: primaryUrl } = primary as OwnPostgres
  const standby = replica as StreamingReplica
  standby.stop()
  const refused = await query(standby.url, 'select 1').then(
    () => false,
    () => true,
  )
  assert.ok(refused, 'a stopped replica answers nothing')
  await query(primaryUrl, 'insert into marks values (3)')
  await standby.start()
  await standby.waitUntilCaughtUp()
  assert.equal(await query(standby.url, 'select count(*)::int as n from marks'), [{ n: 3 }])
})

test.run()
