import { createPostgresTestDatabase } from '@canvass/test-bed'
import type { PostgresTestDatabase } from '@canvass/test-bed'

/** Where an e2e file runs its server: embedded PGlite always, a database of its own on TEST_DATABASE_URL too. */
export interface E2eBackend {
  label: string
  /** Environment variables for the server (`DATABASE_URL` for Postgres; none for PGlite). */
  env(): Promise<Record<string, string>>
  /** Releases what `env` created (`PostgresTestDatabase.release`). */
  dispose(): Promise<void>
}

export function e2eBackends(): E2eBackend[] {
  const list: E2eBackend[] = [{ label: 'pglite', env: async () => ({}), dispose: async () => {} }]
  const postgres = postgresBackend()
  if (postgres) list.push(postgres)
  return list
}

/**
 * A database of its own on the server named by TEST_DATABASE_URL, or undefined when it is unset: the test bed's
 * copy of a database migrated once per test process (`createPostgresTestDatabase`), so the server's migrations
 * find nothing to do, as on every start but the first, and each start saves their half second.
 */
export function postgresBackend(): E2eBackend | undefined {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return undefined
  let database: PostgresTestDatabase | undefined
  return {
    label: 'postgres',
    async env() {
      database = await createPostgresTestDatabase(serverUrl)
      return { DATABASE_URL: database.url }
    },
    dispose: async () => {
      await database?.release()
    },
  }
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
