/**
 * A primary Postgres of the test's own, migrated, with a real streaming replica of it (`pg_basebackup -R`), and a
 * Kysely on each: what the replica suites (replicas.test.ts, read-your-writes.test.ts) start in their `before`.
 */
import { startOwnPostgres, startStreamingReplica } from '@canvass/test-bed'
import type { OwnPostgres, StreamingReplica } from '@canvass/test-bed'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrate } from '../src'

export interface ReplicaPair {
  primary: OwnPostgres
  replica: StreamingReplica
  primaryDb: Kysely<unknown>
  replicaDb: Kysely<unknown>
  /** Closes both Kyselys and removes both servers. */
  close(): Promise<void>
}

/** A pool of four on `url` whose broken connections are dropped, as the server's pools drop them. */
export function replicaTestPool(url: string): pg.Pool {
  const made = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 2_000 })
  // An idle connection of a replica that stops breaks: the pool drops it.
  made.on('error', () => {})
  made.on('connect', (client) => client.on('error', () => {}))
  return made
}

/** Starts the primary, migrates it, then starts its replica. */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const primary = await startOwnPostgres()
  const primaryDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: replicaTestPool(primary.url) }) })
  let replica: StreamingReplica | undefined
  try {
    await migrate(primaryDb)
    replica = await startStreamingReplica(primary)
  } catch (error) {
    await primaryDb.destroy()
    await primary.remove()
    throw error
  }
  const replicaDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: replicaTestPool(replica.url) }) })
  const started = replica
  return {
    primary,
    replica,
    primaryDb,
    replicaDb,
    async close() {
      await replicaDb.destroy()
      await primaryDb.destroy()
      await started.remove()
      await primary.remove()
    },
  }
}

/** Before a test: the replica running (a test may have stopped it), replaying and caught up with the primary. */
export async function replicaCaughtUp(pair: ReplicaPair): Promise<void> {
  const running = await pair.replicaDb
    .selectNoFrom((eb) => eb.lit(1).as('one'))
    .execute()
    .then(
      () => true,
      () => false,
    )
  if (!running) await pair.replica.start()
  await pair.replica.resumeReplay()
  await pair.replica.waitUntilCaughtUp()
}
