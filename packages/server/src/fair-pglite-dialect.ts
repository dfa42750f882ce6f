import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely'
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely'
import type { FairQueue } from './fair-queue'
import type { PGliteThread } from './pglite-thread'

/**
 * A Kysely dialect for the embedded database in its thread (`pglite-thread.ts`), shared fairly: every statement
 * outside a transaction, and every transaction whole, waits for its turn in `queue`, in the lane `lane()` names
 * when it asks (the caller: docs/deploying.md, "The embedded database"). The database runs one statement at a
 * time, so a turn is one statement or one transaction, and a long read made of many statements (an export's
 * pages, a summary's slices) lets other callers' statements run between its own.
 *
 * Kysely's own PGlite dialect takes turns first come, first served, for every caller at once (the adapter says it
 * has one connection, and Kysely then queues every statement behind one lock); this one says it has many, and the
 * queue decides whose turn it is.
 */
export function fairPGliteDialect(thread: PGliteThread, queue: FairQueue, lane: () => string): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => fairDriver(thread, queue, lane),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
}

/** A turn of the queue, seen by Kysely as a connection: held from acquire to release. */
interface TurnConnection extends DatabaseConnection {
  release?: () => void
}

function fairDriver(thread: PGliteThread, queue: FairQueue, lane: () => string): Driver {
  const run = async <R>(compiled: CompiledQuery): Promise<QueryResult<R> & { command?: string }> => {
    const result = await thread.query(compiled.sql, compiled.parameters)
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
      command: result.command,
    }
  }
  return {
    async init() {},
    async acquireConnection() {
      const release = await queue.acquire(lane())
      const connection: TurnConnection = {
        release,
        executeQuery: run,
        // Never asked for: the storage reads pages with keyset queries.
        streamQuery: () => {
          throw new Error('Streaming is not supported by the embedded database')
        },
      }
      return connection
    },
    async releaseConnection(connection) {
      const turn = connection as TurnConnection
      const release = turn.release
      turn.release = undefined
      release?.()
    },
    async beginTransaction(connection, settings: TransactionSettings) {
      let statement = 'begin'
      if (settings.isolationLevel || settings.accessMode) {
        statement = 'start transaction'
        if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`
        if (settings.accessMode) statement += ` ${settings.accessMode}`
      }
      await connection.executeQuery(CompiledQuery.raw(statement))
    },
    async commitTransaction(connection) {
      const result = (await connection.executeQuery(CompiledQuery.raw('commit'))) as QueryResult<unknown> & { command?: string }
      // Postgres completes the COMMIT of a transaction that an earlier statement's error left aborted with a
      // ROLLBACK: nothing of it was written, which the caller must hear.
      if (result.command === 'ROLLBACK') {
        throw Object.assign(new Error('The transaction was rolled back: an earlier statement in it failed'), { code: '25P02' })
      }
    },
    async rollbackTransaction(connection) {
      await connection.executeQuery(CompiledQuery.raw('rollback'))
    },
    // No savepoints: the storage never nests transactions, and Kysely refuses them without these.
    async destroy() {
      await thread.close()
    },
  }
}
