import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { tracedDialect, withPreparedStatements } from '@canvass/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import type { Dialect } from 'kysely'
import type pg from 'pg'
import { lockDataDir } from './data-dir-lock'
import { BACKGROUND_LANE, currentLane } from './database-lanes'
import { fairPGliteDialect } from './fair-pglite-dialect'
import { createFairQueue } from './fair-queue'
import type { FairQueue } from './fair-queue'
import { dropPrestartedThread, startPGliteThread } from './pglite-thread'

/** What the server learns of its connections to a Postgres server (`DATABASE_URL`); PGlite has none. */
export interface DatabaseHooks {
  /**
   * Where a lost connection is reported, one line per outage.
   * @default console.error
   */
  logError?: (message: string) => void
  /** Each checkout of a pooled connection, with how long it waited for one, in seconds. */
  onCheckout?: (seconds: number) => void
  /**
   * Each connection error: `connect` when a checkout got no connection (the server is away, or none came
   * free in time), `lost` when an open connection broke.
   */
  onError?: (kind: 'connect' | 'lost') => void
}

/** A Kysely instance on the Postgres server at `databaseUrl`, or on embedded PGlite under `dataDir`. */
export async function openDatabase(
  config: {
    databaseUrl: string | undefined
    dataDir: string
    pgliteSettings?: Record<string, string>
    /**
     * The most connections the pool opens (`DATABASE_POOL_SIZE`).
     * @default 20
     */
    databasePoolSize?: number
    /**
     * `DATABASE_PGBOUNCER`: `databaseUrl` is PgBouncer in transaction mode, which gives each transaction (or
     * statement outside one) whichever server connection is free: no startup settings, no named prepared statements.
     */
    databasePgbouncer?: boolean
    /** With traces exported (`OTEL_*`), every statement is a span of OpenTelemetry (`tracedDialect`). */
    telemetry?: { traces: unknown } | undefined
  },
  hooks: DatabaseHooks = {},
): Promise<{
  db: Kysely<unknown>
  description: string
  /** The connection pool, on a Postgres server. */
  pool?: pg.Pool
  /** The embedded database runs one statement at a time: give it to `createKyselyStorage`. */
  oneStatementAtATime?: boolean
  /** How callers take turns on the embedded database. */
  queue?: FairQueue
  /** Whether the embedded database's thread still runs. */
  alive?: () => boolean
  /** Gives back the memory the embedded database's thread allocated while it opened (see `pglite-worker.ts`). */
  settle?: () => Promise<void>
}> {
  if (config.databaseUrl) {
    await dropPrestartedThread()
    // Loaded only here, so that a server on the embedded database does not hold the Postgres client's code.
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize ?? DEFAULT_POOL_SIZE,
      // While the server is away, a request waits this long for a connection, then gets 503.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A server that vanished without closing its sockets is noticed instead of waited for forever.
      keepAlive: true,
      ...sessionSettings(config.databasePgbouncer),
    })
    watchConnectionErrors(pool, hooks, 'Database connection lost', 'requests get 503 until it is back')
    const url = new URL(config.databaseUrl)
    const checkedOut = hooks.onCheckout || hooks.onError ? timedCheckouts(pool, hooks) : pool
    return {
      db: new Kysely<unknown>({
        dialect: traced(
          new PostgresDialect({ pool: prepared(checkedOut, config.databasePgbouncer) }),
          config.telemetry?.traces !== undefined,
        ),
      }),
      description: `Postgres at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      pool,
    }
  }
  // Before anything opens the folder: a second server on it would silently lose writes.
  await lockDataDir(config.dataDir)
  const dir = join(config.dataDir, 'pgdata')
  await seedDataFolder(dir)
  await mkdir(dir, { recursive: true })
  const settings = { ...PGLITE_SETTINGS, ...config.pgliteSettings }
  const thread = await startPGliteThread({
    dataDir: dir,
    startParams: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  }).catch((error: unknown) => {
    const own = Object.keys(config.pgliteSettings ?? {})
    if (own.length === 0) throw error
    // Postgres refuses an unknown name or a value out of range only by not starting.
    throw new Error(
      `CANVASS_PGLITE_SETTINGS (${own.join(', ')}) kept the embedded database from starting: check each name and value against Postgres's settings (${error instanceof Error ? error.message : String(error)})`,
    )
  })
  // PGlite runs in a thread of its own, and callers take turns on it (docs/deploying.md, "The embedded database").
  const queue = createFairQueue({ unboundedLanes: [BACKGROUND_LANE] })
  return {
    db: new Kysely<unknown>({ dialect: traced(fairPGliteDialect(thread, queue, currentLane), config.telemetry?.traces !== undefined) }),
    description: `embedded PGlite in ${dir}`,
    oneStatementAtATime: true,
    queue,
    alive: () => thread.alive(),
    settle: () => thread.settle(),
  }
}

/**
 * Postgres's memory settings for the embedded database, scaled to a small server's traffic: PGlite's shared
 * memory is resident from the start (all of it is zeroed when Postgres starts), so every megabyte of it counts
 * in an idle server. Postgres's own defaults (128 MB of shared buffers) hold twice the memory for no gain on one
 * connection; 2 MB of buffers miss more than 8 MB would on a database bigger than that, and a miss reads the page
 * from the operating system's cache. `max_connections` sizes the lock and process tables: PGlite has one
 * connection, and the lock table sized for 10 still takes a transaction that creates a thousand tables. A bigger
 * machine raises them with `CANVASS_PGLITE_SETTINGS` (docs/deploying.md).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  shared_buffers: '2MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '1MB',
  wal_buffers: '64kB',
  max_connections: '10',
})

/**
 * The empty database the build made (`dist/pgdata-seed`, by `scripts/pgdata-seed.mjs`): a first start unpacks it
 * instead of running PGlite's initdb, which takes seconds and more than 600 MB of memory at its peak. The seed
 * holds each file of the database folder gzipped, at the same place with `.gz` added (6 MB where the folder takes
 * 41 MB, most of it the zeros of a WAL segment and of empty pages): that is what the package and the container
 * image carry. The copy is made beside the data folder and renamed into place, so that a first start killed
 * half-way leaves no half-made database. Without the seed (the server run from its sources), PGlite's initdb
 * makes the database. `seed`: another such folder (tests of the sources, with the build's).
 */
export async function seedDataFolder(dir: string, seed = fileURLToPath(new URL('./pgdata-seed', import.meta.url))): Promise<void> {
  if (!existsSync(join(seed, `PG_VERSION${PACKED}`))) return
  // A folder with anything in it is a database (or someone's files): never replaced.
  const entries = await readdir(dir).catch(() => undefined)
  if (entries !== undefined && entries.length > 0) return
  const copying = `${dir}.seeding`
  await rm(copying, { recursive: true, force: true })
  unpackSeed(seed, copying)
  if (entries !== undefined) await rm(dir, { recursive: true })
  await rename(copying, dir)
}

/** What the build adds to the name of each file of the seed (`scripts/pgdata-seed.mjs`). */
export const PACKED = '.gz'

/**
 * Writes each file of the seed `from`, gunzipped, at its place under `to`. Synchronous: nothing else runs before
 * the database is open, and a promise per file leaves V8's heap megabytes bigger for the process's life. One file
 * at a time in memory (the largest is a WAL segment of 16 MB). Makes the empty folders of a data folder too.
 */
export function unpackSeed(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(PACKED)) continue
    const source = join(entry.parentPath, entry.name)
    const target = join(to, relative(from, source).slice(0, -PACKED.length))
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, gunzipSync(readFileSync(source)))
  }
  // The seed has files only, and Postgres will not open a data folder without these.
  for (const folder of POSTGRES_EMPTY_FOLDERS) mkdirSync(join(to, folder), { recursive: true })
}

/** The folders of a Postgres data folder that initdb makes empty. */
const POSTGRES_EMPTY_FOLDERS = [
  'pg_commit_ts',
  'pg_dynshmem',
  'pg_logical/mappings',
  'pg_logical/snapshots',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat',
  'pg_stat_tmp',
  'pg_tblspc',
  'pg_twophase',
  'pg_wal/archive_status',
  'pg_wal/summaries',
]

/** Streaming replicas of the primary (`DATABASE_READ_URL`), one pool each, named by host, port and database. */
export async function openReadReplicas(
  urls: readonly string[],
  hooks: Pick<DatabaseHooks, 'logError'> = {},
  poolSize = DEFAULT_POOL_SIZE,
  pgbouncer = false,
  tracedStatements = false,
): Promise<{ databases: Kysely<unknown>[]; names: string[]; pools: pg.Pool[] }> {
  const { default: pg } = await import('pg')
  const opened = urls.map((connectionString) => {
    const url = new URL(connectionString)
    const name = `${url.hostname}:${url.port || 5432}${url.pathname}`
    const pool = new pg.Pool({
      connectionString,
      max: poolSize,
      // A replica that does not answer soon is skipped: the read runs on the primary instead.
      connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...sessionSettings(pgbouncer),
    })
    watchConnectionErrors(pool, hooks, `Read replica ${name} connection lost`, 'its reads go to the primary until it is back')
    const dialect = traced(new PostgresDialect({ pool: prepared(pool, pgbouncer) }), tracedStatements)
    return { db: new Kysely<unknown>({ dialect }), name, pool }
  })
  return { databases: opened.map((o) => o.db), names: opened.map((o) => o.name), pools: opened.map((o) => o.pool) }
}

/**
 * Settings each connection starts with. A transaction of this process that waits on nothing but this process
 * (stopped, or stalled) is ended by Postgres, which lets go of the rows it locked, instead of holding up every
 * instance for as long. PgBouncer refuses a connection that asks for a setting (its own `idle_transaction_timeout`
 * does the same there: docs/deploying.md, "Behind PgBouncer").
 */
function sessionSettings(pgbouncer: boolean | undefined): { idle_in_transaction_session_timeout?: number } {
  return pgbouncer ? {} : { idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS }
}

/**
 * The pool, sending repeated statements as named prepared statements, except through PgBouncer in transaction
 * mode: a statement prepared on one server connection is unknown to the next one PgBouncer hands out.
 */
/** The dialect with a span for every statement (`tracedDialect`) when `on`; as it is otherwise, at no cost. */
function traced(dialect: Dialect, on: boolean | undefined): Dialect {
  return on ? tracedDialect(dialect) : dialect
}

function prepared<P extends Parameters<typeof withPreparedStatements>[0]>(pool: P, pgbouncer: boolean | undefined): P {
  return pgbouncer ? pool : withPreparedStatements(pool)
}

/** Connections a pool opens at most unless `DATABASE_POOL_SIZE` says otherwise (docs/deploying.md, "Sizing the Postgres connections"). */
const DEFAULT_POOL_SIZE = 20

/** How long a read waits for a replica's connection before the replica counts as down and the primary answers. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000

/** How long a request waits for a database connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000

/**
 * How long a transaction may sit idle, its next statement not sent, before Postgres ends its session. Canvass's
 * transactions send their statements one after another with no wait between them (their longest pause is a
 * round trip), so an idle one is a process that stopped mid-transaction; its request, if the process comes
 * back, fails with 503 and writes nothing.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000

/**
 * A database restart or a dropped connection must not end the process: `pg` emits `error` on the pool for
 * an idle connection that dies and on a client whose connection breaks between queries, and an `error`
 * event without a listener crashes Node. The broken connection is dropped by the pool (a busy query on it
 * fails and its request gets 503); new connections are made on demand once the server is back. One line
 * is logged per outage, not per connection.
 */
function watchConnectionErrors(pool: pg.Pool, hooks: DatabaseHooks, what: string, consequence: string): void {
  let lastLogged = 0
  const logError = hooks.logError ?? ((message: string) => console.error(message))
  const log = (error: Error) => {
    const now = Date.now()
    if (now - lastLogged < 10_000) return
    lastLogged = now
    logError(`${what}: ${error.message} (${consequence})`)
  }
  pool.on('error', log)
  // A broken connection emits `error` on its client, idle or not (the pool re-emits an idle one's): counted here once.
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      hooks.onError?.('lost')
      log(error)
    }),
  )
}

/** The pool, with each checkout timed and each failed one counted. */
function timedCheckouts(pool: pg.Pool, hooks: DatabaseHooks): pg.Pool {
  const connect = async () => {
    const started = performance.now()
    try {
      const client = await pool.connect()
      hooks.onCheckout?.((performance.now() - started) / 1000)
      return client
    } catch (error) {
      hooks.onError?.('connect')
      throw error
    }
  }
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
