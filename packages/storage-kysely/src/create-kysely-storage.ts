import type { Storage } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { createApiKeyStore } from './api-key-store'
import type { Database } from './database'
import { createEnvironmentStore } from './environment-store'
import { createProjectStore } from './project-store'
import { createResponseStore } from './response-store'
import { schemaNames } from './schema-names'
import { createSurveyStore } from './survey-store'

export interface KyselyStorageOptions<DB = unknown> {
  /**
   * A ready Kysely instance on Postgres (`PostgresDialect` with a `pg` pool, or `PGliteDialect`), migrated
   * with `migrate(db)`. Its database type does not matter: the storage uses its own view of the tables.
   * The storage never destroys it.
   */
  db: Kysely<DB>
  /**
   * The Postgres schema that holds Canvass's tables; the same one `migrate(db, { schema })` was given.
   * Every statement names it, so the application's own tables in other schemas are never touched.
   * @default 'canvass'
   */
  schema?: string
}

/**
 * The Canvass storage port on Postgres through Kysely. Every method is one statement or one transaction;
 * response create is one round trip.
 *
 * ```ts
 * const db = new Kysely({ dialect: new PGliteDialect({ pglite: new PGlite() }) })
 * await migrate(db)
 * const canvass = createCanvass({ storage: createKyselyStorage({ db }) })
 * ```
 */
export function createKyselyStorage<DB = unknown>({ db, schema }: KyselyStorageOptions<DB>): Storage {
  const names = schemaNames(schema)
  // The caller's type for its own database says nothing about Canvass's tables; this one does.
  const canvassDb = (db as unknown as Kysely<Database>).withSchema(names.schema)
  return {
    projects: createProjectStore(canvassDb),
    environments: createEnvironmentStore(canvassDb),
    apiKeys: createApiKeyStore(canvassDb),
    surveys: createSurveyStore(canvassDb),
    responses: createResponseStore(canvassDb, names),
    async ping() {
      try {
        await sql`select 1`.execute(canvassDb)
        return true
      } catch {
        return false
      }
    },
  }
}
