import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { isConnectionError } from './connection-error'

/** A Kysely instance whatever its table types: the caller's, whose types say nothing of Canvass's tables. */
// biome-ignore lint/suspicious/noExplicitAny: any table types; only raw statements (and the storage's own view) run on it
export type AnyDatabase = Kysely<any>

/** Where reads that tolerate a little lag go (`createReplicaReads`). */
export interface ReplicaReadsOptions {
  /**
   * The primary: the Kysely instance `createKyselyStorage` is given as `db`. The probes read its write-ahead log
   * position to tell whether a replica has caught up.
   */
  primary: AnyDatabase
  /**
   * One Kysely instance per streaming replica of the primary (`PostgresDialect` with a `pg` pool of its own).
   * They are never destroyed here: the caller closes them after `close()`.
   */
  databases: AnyDatabase[]
  /** A name for each replica in `stats()` (e.g. its host and port); by default its position, `0`, `1`, … */
  names?: string[]
  /**
   * A replica further behind the primary than this is skipped (the primary answers) until it catches up.
   * @default 10_000
   */
  maxLagMs?: number
  /**
   * How often each replica is probed. A replica whose last successful probe is older than three times this is
   * skipped, as one that is down.
   * @default 1_000
   */
  probeEveryMs?: number
  /**
   * How long a probe may take before the replica counts as down.
   * @default 2_000
   */
  probeTimeoutMs?: number
}

/** Why a read that could have gone to a replica went to the primary. */
export type PrimaryReadReason = 'down' | 'lagging' | 'retried'

/** What `ReplicaReads.stats()` says, for metrics. */
export interface ReplicaStats {
  replicas: Array<{
    name: string
    /** Its last probe succeeded, recently enough. */
    up: boolean
    /** How far behind the primary it was at its last probe, in seconds; null when not known (never probed, down). */
    lagSeconds: number | null
    /** Up and within the lag bound: reads go to it. */
    used: boolean
    /** Reads it answered. */
    reads: number
  }>
  /** Reads that could have gone to a replica and went to the primary, by why: every replica down, every one up lagging, or the replica failed under the read. */
  primaryReads: Record<PrimaryReadReason, number>
}

/** The router of reads that tolerate a little lag: to a healthy replica in turn, else to the primary. */
export interface ReplicaReads {
  readonly primary: AnyDatabase
  readonly databases: readonly AnyDatabase[]
  /**
   * How long, in milliseconds, a write committed on the primary may stay missing from a read `run` sends to a
   * replica, at most: the lag bound, plus the age a probe may have when a read relies on it (three probe
   * intervals) and the time a probe may take. The storage's `laggingReads.staleForMs`: for that long after a
   * caller's write, core reads that caller's lists on the primary.
   */
  readonly staleForMs: number
  /**
   * Runs `read` on a replica that is up and within the lag bound, or on the primary when none is. A read that fails
   * on a replica because the replica cannot be reached (or cancelled it to replay the primary's changes) runs
   * again on the primary at once; an unreachable replica is skipped until a probe reaches it again.
   */
  run<T>(read: (db: AnyDatabase) => Promise<T>): Promise<T>
  /** Probes every replica now, and resolves once each probe has ended. */
  probe(): Promise<void>
  stats(): ReplicaStats
  /** Stops probing. The databases stay open. */
  close(): void
}

interface ReplicaState {
  name: string
  db: AnyDatabase
  probedAt: number | undefined
  lagMs: number | undefined
  /** A read failed to reach it after its last successful probe. */
  failed: boolean
  probing: Promise<void> | undefined
  reads: number
}

/** SQLSTATE of a replica's query cancelled because it conflicted with the changes being replayed. */
const RECOVERY_CONFLICT = new Set(['40001', '40P01'])

/**
 * Reads routed to streaming replicas of `primary`, probed every `probeEveryMs`: a replica is used while its last
 * probe is recent and it was at most `maxLagMs` behind. A replica is caught up when it has replayed the primary's
 * write-ahead log up to the position the primary reported just before; otherwise its lag is the time since the
 * last transaction it replayed was committed, which grows while its replay is paused or cannot keep up.
 */
export function createReplicaReads(options: ReplicaReadsOptions): ReplicaReads {
  const { primary, databases, maxLagMs = 10_000, probeEveryMs = 1_000, probeTimeoutMs = 2_000 } = options
  if (databases.length === 0) throw new Error('createReplicaReads needs at least one replica database')
  for (const db of [primary, ...databases]) {
    if (db.getExecutor().adapter.supportsMultipleConnections === false) {
      throw new Error('read replicas need a Postgres server: a dialect of one connection (PGlite) has no replicas')
    }
  }
  if (!(maxLagMs >= 0) || !(probeEveryMs > 0) || !(probeTimeoutMs > 0)) {
    throw new Error('createReplicaReads: maxLagMs must be 0 or more, probeEveryMs and probeTimeoutMs more than 0')
  }
  const replicas: ReplicaState[] = databases.map((db, index) => ({
    name: options.names?.[index] ?? String(index),
    db,
    probedAt: undefined,
    lagMs: undefined,
    failed: false,
    probing: undefined,
    reads: 0,
  }))
  const primaryReads: Record<PrimaryReadReason, number> = { down: 0, lagging: 0, retried: 0 }
  let next = 0
  let closed = false

  const isUp = (replica: ReplicaState, now: number) =>
    !replica.failed && replica.probedAt !== undefined && now - replica.probedAt <= probeEveryMs * 3 && replica.lagMs !== undefined
  const isUsed = (replica: ReplicaState, now: number) => isUp(replica, now) && (replica.lagMs as number) <= maxLagMs

  function probe(): Promise<void> {
    return Promise.all(
      replicas.map((replica) => {
        // One probe at a time per replica: a slow one is not piled upon.
        replica.probing ??= probeOne(primary, replica, probeTimeoutMs).finally(() => {
          replica.probing = undefined
        })
        return replica.probing
      }),
    ).then(() => undefined)
  }

  const timer = setInterval(() => void probe(), probeEveryMs)
  timer.unref?.()
  void probe()

  function pick(): ReplicaState | PrimaryReadReason {
    const now = Date.now()
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(next + i) % replicas.length] as ReplicaState
      if (isUsed(replica, now)) {
        next = (next + i + 1) % replicas.length
        return replica
      }
    }
    return replicas.some((replica) => isUp(replica, now)) ? 'lagging' : 'down'
  }

  return {
    primary,
    databases,
    // A replica is read while its last probe is at most three intervals old (`isUp`); that probe saw it at most
    // `maxLagMs` behind, and asked it at most `probeTimeoutMs` before it was recorded.
    staleForMs: maxLagMs + probeEveryMs * 3 + probeTimeoutMs,
    async run(read) {
      const chosen = pick()
      if (typeof chosen === 'string') {
        primaryReads[chosen]++
        return read(primary)
      }
      try {
        const result = await read(chosen.db)
        chosen.reads++
        return result
      } catch (error) {
        const unreachable = isConnectionError(error)
        if (!unreachable && !RECOVERY_CONFLICT.has((error as { code?: unknown })?.code as string)) throw error
        if (unreachable) chosen.failed = true
        primaryReads.retried++
        return read(primary)
      }
    },
    probe,
    stats() {
      const now = Date.now()
      return {
        replicas: replicas.map((replica) => ({
          name: replica.name,
          up: isUp(replica, now),
          lagSeconds: isUp(replica, now) && Number.isFinite(replica.lagMs) ? (replica.lagMs as number) / 1000 : null,
          used: !closed && isUsed(replica, now),
          reads: replica.reads,
        })),
        primaryReads: { ...primaryReads },
      }
    },
    close() {
      closed = true
      clearInterval(timer)
    },
  }
}

/**
 * Asks `replica` how far behind `primary` it is: caught up when it has replayed the primary's write-ahead log up
 * to the position the primary reported just before, else the time since the last transaction it replayed.
 */
async function probeOne(primary: AnyDatabase, replica: ReplicaState, probeTimeoutMs: number): Promise<void> {
  try {
    const result = await withTimeout(probeTimeoutMs, async () => {
      // The primary's position first: a replica that has replayed up to it had everything committed before the probe.
      const { rows: primaryRows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary)
      const lsn = primaryRows[0]?.lsn as string
      const { rows } = await sql<{ recovering: boolean; caught_up: boolean | null; lag_ms: number | null }>`
        select pg_is_in_recovery() as recovering,
          pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught_up,
          (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as lag_ms`.execute(replica.db)
      return rows[0]
    })
    if (!result?.recovering) {
      // Promoted, or not a replica at all: its data is no longer the primary's.
      replica.probedAt = undefined
      replica.lagMs = undefined
      return
    }
    replica.lagMs = result.caught_up ? 0 : Math.max(0, result.lag_ms ?? Number.POSITIVE_INFINITY)
    replica.probedAt = Date.now()
    replica.failed = false
  } catch {
    replica.probedAt = undefined
    replica.lagMs = undefined
  }
}

/** `work()`, or a rejection once `ms` have passed without its answer. */
function withTimeout<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`probe took more than ${ms} ms`)), ms)
  })
  return Promise.race([work(), timeout]).finally(() => clearTimeout(timer))
}
