import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { migrate } from '@canvass/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'

/** Where an e2e file runs its server: embedded PGlite always, a database of its own on TEST_DATABASE_URL too. */
export interface E2eBackend {
  label: string
  /** Environment variables for the server (`DATABASE_URL` for Postgres; none for PGlite). */
  env(): Promise<Record<string, string>>
  /** Drops what `env` created. */
  dispose(): Promise<void>
}

export function e2eBackends(): E2eBackend[] {
  const list: E2eBackend[] = [{ label: 'pglite', env: async () => ({}), dispose: async () => {} }]
  const postgres = postgresBackend()
  if (postgres) list.push(postgres)
  return list
}

/**
 * A database of its own on the server named by TEST_DATABASE_URL, or undefined when it is unset. It is a copy
 * of a database migrated once per test process (`CREATE DATABASE … TEMPLATE`): the server's migrations then
 * find nothing to do, as on every start but the first, and each start saves their half second.
 */
export function postgresBackend(): E2eBackend | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return undefined
  const name = `canvass_e2e_${randomBytes(6).toString('hex')}`
  return {
    label: 'postgres',
    async env() {
      await admin(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(serverUrl)}`)
      return { DATABASE_URL: databaseUrl(serverUrl, name) }
    },
    dispose: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.href
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

let template: Promise<string> | undefined

/** The migrated database this process copies, made at the first call and dropped when the process exits. */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `canvass_e2e_template_${randomBytes(6).toString('hex')}`
    await admin(serverUrl, `CREATE DATABASE ${name}`)
    // `exit` runs nothing asynchronous: the drop runs in a short process of its own.
    process.once('exit', () => {
      const drop = `const c = new (require('pg').Client)(${JSON.stringify(serverUrl)}); c.connect().then(() => c.query('DROP DATABASE IF EXISTS ${name} WITH (FORCE)')).finally(() => c.end())`
      try {
        execFileSync(process.execPath, ['-e', drop], { stdio: 'ignore', timeout: 10_000 })
      } catch {}
    })
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(serverUrl, name), max: 1 }) }),
    })
    try {
      await migrate(db)
    } finally {
      // A template may have no connection while it is copied.
      await db.destroy()
    }
    return name
  })()
  return template
}

/**
 * The one backend the HTTP suites run on: a Postgres database of their own when TEST_DATABASE_URL is set (a
 * server on it starts in a fraction of PGlite's time), embedded PGlite otherwise. What differs between the
 * two is tested where it lives: the storage conformance suites of @canvass/storage-kysely run on both, and the
 * suites here that test the database itself (crashes, races, start-up, the CLI) name their backends. Set
 * CANVASS_TEST_BACKEND=pglite to run the HTTP suites on PGlite with Postgres at hand.
 */
export function httpBackend(): { label: string; database: () => E2eBackend } {
  const usePostgres = process.env.CANVASS_TEST_BACKEND !== 'pglite' && postgresBackend() !== undefined
  if (usePostgres) return { label: 'postgres', database: () => postgresBackend() as E2eBackend }
  return { label: 'pglite', database: pgliteBackend }
}

/** Embedded PGlite in a fresh data folder of each server's own. */
export const pgliteBackend = (): E2eBackend => ({ label: 'pglite', env: async () => ({}), dispose: async () => {} })
