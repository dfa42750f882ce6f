/**
 * `DATABASE_POOL_SIZE` and `CANVASS_DRAIN_SECONDS` (docs/configuration.md): whole numbers in a range, their
 * defaults when unset, and anything else stops the start with a line naming the variable. In-process, through
 * `readConfig`, which every command reads its settings with. The pool's size on a Postgres server, and the
 * drain, are seen on real processes in drain.test.ts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readConfig } from '../src/config'

const test = suite('DATABASE_POOL_SIZE and CANVASS_DRAIN_SECONDS')

function refusal(env: Record<string, string>): string {
  try {
    readConfig(env)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${JSON.stringify(env)} was accepted`)
}

test('unset: a pool of 20 and a drain of 5 s; set: the value given', () => {
  assert.equal([readConfig({}).databasePoolSize, readConfig({}).drainSeconds], [20, 5])
  const config = readConfig({ DATABASE_POOL_SIZE: '1000', CANVASS_DRAIN_SECONDS: '0' })
  assert.equal([config.databasePoolSize, config.drainSeconds], [1000, 0])
  assert.is(readConfig({ DATABASE_POOL_SIZE: ' 7 ' }).databasePoolSize, 7)
})

test('a value that is not a whole number in range names the variable and the range', () => {
  for (const value of ['0', '1001', '2.5', '-3', 'twenty', '1e2']) {
    assert.is(
      refusal({ DATABASE_POOL_SIZE: value }),
      `DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000, got ${JSON.stringify(value)}`,
    )
  }
  for (const value of ['601', '1.5', 'soon']) {
    assert.is(
      refusal({ CANVASS_DRAIN_SECONDS: value }),
      `CANVASS_DRAIN_SECONDS must be a whole number of seconds from 0 to 600, got ${JSON.stringify(value)}`,
    )
  }
})

test.run()
