/**
 * The sessions the standalone server opens on a Postgres server. Regression: a server stopped (SIGSTOP) in the
 * middle of a transaction held that transaction's row locks for as long as it was stopped, and with them every
 * request of every other instance that needed those rows; Postgres now ends such a session after
 * `IDLE_IN_TRANSACTION_TIMEOUT_MS` of idleness.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { skipSuiteUnless } from '@canvass/test-utils'
import { sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, openDatabase } from '../src/database'

const test = suite("the standalone server's Postgres sessions")
const serverUrl = process.env.TEST_DATABASE_URL

skipSuiteUnless(test, serverUrl ? undefined : 'TEST_DATABASE_URL is unset')(
  'a transaction left idle is ended by Postgres after IDLE_IN_TRANSACTION_TIMEOUT_MS',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-sessions-'))
    const { db } = await openDatabase({ databaseUrl: serverUrl, dataDir })
    try {
      const shown = await sql<{ idle_in_transaction_session_timeout: string }>`show idle_in_transaction_session_timeout`.execute(db)
      assert.is(shown.rows[0]?.idle_in_transaction_session_timeout, `${IDLE_IN_TRANSACTION_TIMEOUT_MS / 1000}s`)
      assert.ok(IDLE_IN_TRANSACTION_TIMEOUT_MS > 0 && IDLE_IN_TRANSACTION_TIMEOUT_MS <= 30_000, 'shorter than a pause worth waiting out')
    } finally {
      await db.destroy()
      await rm(dataDir, { recursive: true, force: true })
    }
  },
)

test.run()
