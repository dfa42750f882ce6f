import { sql } from 'kysely'
import type { Kysely } from 'kysely'

/**
 * Runs `work` while this process holds a Postgres advisory lock that every start of the standalone server on
 * the same database takes. Instances started together on an empty database would otherwise each find no
 * project and each create one: a second default project, or, with `CANVASS_INIT_API_KEY`, an instance that
 * exits because its key was just taken by another's project. The lock is held by one pooled connection while
 * `work` uses others, and ends with that connection if the process dies.
 *
 * Through PgBouncer in transaction mode (`sessionLocks` false) the lock and its release could reach different
 * server connections, and the lock would stay with one PgBouncer keeps open: there it is a transaction lock,
 * held by a transaction left open (on a server connection of its own) while `work` runs, and let go of by its
 * commit, or its rollback if `work` fails.
 */
export async function withStartupLock<T>(db: Kysely<unknown>, work: () => Promise<T>, sessionLocks = true): Promise<T> {
  if (!sessionLocks)
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('canvass: first start'))`.execute(trx)
      return work()
    })
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext('canvass: first start'))`.execute(connection)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(hashtext('canvass: first start'))`.execute(connection)
    }
  })
}
