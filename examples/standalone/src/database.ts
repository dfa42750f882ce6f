import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { withPreparedStatements } from '@canvass/storage-kysely'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'

/** A Kysely instance on the Postgres server at `databaseUrl`, or on embedded PGlite under `dataDir`. */
export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<{
  db: Kysely<unknown>
  description: string
}> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 20 })
    const url = new URL(config.databaseUrl)
    return {
      db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) }),
      description: `Postgres at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    }
  }
  const dir = join(config.dataDir, 'pgdata')
  await mkdir(dir, { recursive: true })
  const pglite = await PGlite.create(dir)
  return { db: new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) }), description: `embedded PGlite in ${dir}` }
}
