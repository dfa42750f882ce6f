/**
 * The audit log is append-only in the database itself: whoever holds a connection (not only Canvass's code)
 * cannot change an entry, nor delete or truncate entries outside the retention purge's transaction.
 */
import { createId } from '@canvass/core'
import type { AuditEntry } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage } from '../src'
import { backends, sharedDatabase } from './backends'

const entry = (createdAt: Date): AuditEntry => ({
  id: createId(),
  environmentId: 'env-1',
  createdAt,
  apiKeyId: 'key-1',
  apiKeyLabel: 'ci',
  action: 'delete',
  method: 'DELETE',
  route: '/api/v1/management/surveys/:surveyId',
  resourceType: 'survey',
  resourceId: 'survey-1',
  status: 200,
  summary: {},
  address: '127.0.0.1',
  requestId: 'req-1',
})

/** The error a statement fails with, or a failure of the test when it succeeds. */
async function refusal(db: Kysely<unknown>, statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await statement.execute(db)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  throw new Error('the database accepted the statement')
}

const count = async (db: Kysely<unknown>) =>
  Number((await sql<{ n: string }>`select count(*) as n from canvass.audit_log`.execute(db)).rows[0]?.n)

for (const backend of backends()) {
  const test = suite(`the audit log on ${backend.name} refuses changes`)
  const database = sharedDatabase(backend, 'migrated')
  let db: Kysely<unknown>

  test.before.each(async () => {
    db = await database.take()
  })
  test.after(() => database.close())

  test('an UPDATE of an entry is refused, also with the purge setting', async () => {
    const stored = entry(new Date('2031-01-01T00:00:00.000Z'))
    await createKyselyStorage({ db }).auditLog.append(stored)
    assert.match(await refusal(db, sql`update canvass.audit_log set action = 'create'`), /append-only: UPDATE is refused/)
    const message = await db
      .transaction()
      .execute(async (trx) => {
        await sql`set local canvass.audit_purge = 'on'`.execute(trx)
        await sql`update canvass.audit_log set resource_id = null`.execute(trx)
      })
      .then(
        () => 'accepted',
        (error: Error) => error.message,
      )
    assert.match(message, /append-only: UPDATE is refused/)
    assert.equal(await createKyselyStorage({ db }).reporting.auditLog.list('env-1', { limit: 10 }), [stored], 'the entry as it was')
  })

  test('a DELETE or TRUNCATE without the purge setting is refused; the purge removes old entries', async () => {
    const storage = createKyselyStorage({ db })
    await storage.auditLog.append(entry(new Date('2020-01-01T00:00:00.000Z')))
    await storage.auditLog.append(entry(new Date('2031-01-01T00:00:00.000Z')))
    assert.match(await refusal(db, sql`delete from canvass.audit_log`), /append-only: DELETE is refused/)
    assert.match(await refusal(db, sql`truncate canvass.audit_log`), /append-only: TRUNCATE is refused/)
    // A session-wide setting is no way around it unless set: `set local` outside a transaction lasts no statement.
    await sql`set local canvass.audit_purge = 'on'`.execute(db).catch(() => {})
    assert.match(await refusal(db, sql`delete from canvass.audit_log`), /append-only: DELETE is refused/)
    assert.is(await count(db), 2)
    assert.is(await storage.auditLog.purge(new Date('2025-01-01T00:00:00.000Z'), 100), 1)
    assert.is(await count(db), 1)
    // The purge's setting ended with its transaction.
    assert.match(await refusal(db, sql`delete from canvass.audit_log`), /append-only: DELETE is refused/)
  })

  test.run()
}
