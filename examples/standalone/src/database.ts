import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_PARSERS, withPreparedStatements } from '@canvass/storage-kysely'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock'

/** A Kysely instance on the Postgres server at `databaseUrl`, or on embedded PGlite under `dataDir`. */
export async function openDatabase(config: {
  databaseUrl: string | undefined
  dataDir: string
  pgliteSettings?: Record<string, string>
}): Promise<{
  db: Kysely<unknown>
  description: string
}> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 20,
      // While the server is away, a request waits this long for a connection, then gets 503.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A server that vanished without closing its sockets is noticed instead of waited for forever.
      keepAlive: true,
    })
    watchConnectionErrors(pool)
    const url = new URL(config.databaseUrl)
    return {
      db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) }),
      description: `Postgres at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    }
  }
  // Before anything opens the folder: a second server on it would silently lose writes.
  await lockDataDir(config.dataDir)
  const dir = join(config.dataDir, 'pgdata')
  await mkdir(dir, { recursive: true })
  const settings = { ...PGLITE_SETTINGS, ...config.pgliteSettings }
  const pglite = await PGlite.create(dir, {
    parsers: PGLITE_PARSERS,
    startParams: [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  }).catch((error: unknown) => {
    const own = Object.keys(config.pgliteSettings ?? {})
    if (own.length === 0) throw error
    // Postgres refuses an unknown name or a value out of range only by not starting.
    throw new Error(`CANVASS_PGLITE_SETTINGS (${own.join(', ')}) kept the embedded database from starting: check each name and value against Postgres's settings (${error instanceof Error ? error.message : String(error)})`)
  })
  return { db: new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) }), description: `embedded PGlite in ${dir}` }
}

/**
 * Postgres's memory settings for the embedded database, scaled to a small server's traffic: Postgres's own
 * defaults (128 MB of shared buffers) hold twice the memory for no gain on one connection. A bigger machine
 * raises them with `CANVASS_PGLITE_SETTINGS` (docs/deploying.md).
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  shared_buffers: '16MB',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '1MB',
  wal_buffers: '1MB',
})

/** How long a request waits for a database connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000

/**
 * A database restart or a dropped connection must not end the process: `pg` emits `error` on the pool for
 * an idle connection that dies and on a client whose connection breaks between queries, and an `error`
 * event without a listener crashes Node. The broken connection is dropped by the pool (a busy query on it
 * fails and its request gets 503); new connections are made on demand once the server is back. One line
 * is logged per outage, not per connection.
 */
function watchConnectionErrors(pool: pg.Pool): void {
  let lastLogged = 0
  const log = (error: Error) => {
    const now = Date.now()
    if (now - lastLogged < 10_000) return
    lastLogged = now
    console.error(`Database connection lost: ${error.message} (requests get 503 until it is back)`)
  }
  pool.on('error', log)
  pool.on('connect', (client) => client.on('error', log))
}
