import { PGlite } from '@electric-sql/pglite'
import type { Canvass } from '@canvass/core'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'

/** The Postgres server at `DATABASE_URL`, else embedded PGlite in `DATA_DIR`, else PGlite in memory. */
export async function openDatabase(env: Record<string, string | undefined>): Promise<{ db: Kysely<unknown> }> {
  if (env.DATABASE_URL) {
    return { db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL }) }) }) }
  }
  const pglite = env.DATA_DIR ? await PGlite.create(env.DATA_DIR) : await PGlite.create()
  return { db: new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) }) }
}

/**
 * A project on first start, and a key for its production environment: `key` when given (kept as it is),
 * else a new one, returned so that it can be printed once.
 */
export async function ensureApiKey(canvass: Canvass, key: string | undefined): Promise<string | undefined> {
  const project = (await canvass.admin.listProjects())[0] ?? (await canvass.admin.createProject({ name: 'Example app' }))
  const environmentId = project.environments.production
  if (key) {
    await canvass.admin.ensureApiKey({ environmentId, key, label: 'CANVASS_API_KEY' })
    return undefined
  }
  if ((await canvass.admin.listApiKeys(environmentId)).length > 0) return undefined
  return (await canvass.admin.createApiKey({ environmentId, label: 'example' })).key
}
