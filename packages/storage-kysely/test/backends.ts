import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import type { LogEvent } from 'kysely'
import pg from 'pg'
import { PGLITE_PARSERS, withPreparedStatements } from '../src'

/** A database to test on, opened empty (not migrated) and closed (dropped, for a server) afterwards. */
export interface Backend {
  name: string
  open(options?: { log?: (event: LogEvent) => void }): Promise<OpenBackend>
}

export interface OpenBackend {
  db: Kysely<unknown>
  close(): Promise<void>
}

/**
 * PGlite in memory always; the Postgres server too when `TEST_DATABASE_URL` names one, and with `prepared`
 * the Postgres server once more through `withPreparedStatements`: for the suites whose statements that
 * wrapper changes (the storage's queries), not for those of schema, dispatch or process behaviour.
 */
export function backends({ prepared = false }: { prepared?: boolean } = {}): Backend[] {
  const list: Backend[] = [{ name: 'PGlite', open: openPglite }]
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    list.push({ name: 'Postgres', open: (options) => openPostgres(serverUrl, options) })
  }
  if (serverUrl && prepared) {
    list.push({
      name: 'Postgres with prepared statements',
      open: (options) => openPostgres(serverUrl, { ...options, prepared: true }),
    })
  }
  return list
}

async function openPglite(options: { log?: (event: LogEvent) => void } = {}): Promise<OpenBackend> {
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: new PGlite({ parsers: PGLITE_PARSERS }) }), log: options.log })
  return { db, close: () => db.destroy() }
}

/** A database of its own on the server (`canvass_test_<random>`), dropped on close. */
async function openPostgres(
  serverUrl: string,
  options: { log?: (event: LogEvent) => void; prepared?: boolean } = {},
): Promise<OpenBackend> {
  const name = `canvass_test_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.href, max: 10 })
  // `drop database … with (force)` may reach a connection that `pool.end()` is still closing; that
  // connection's error must not crash the run.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(error)
  })
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: options.prepared ? withPreparedStatements(pool) : pool }),
    log: options.log,
  })
  return {
    db,
    async close() {
      await db.destroy()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      try {
        await dropper.query(`drop database if exists ${name} with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}
