// A migrated database on the run's Postgres server (TEST_DATABASE_URL), made once by `pnpm test` before any test
// starts and named to the tests by CANVASS_TEST_PG_TEMPLATE: every test process copies it for the databases it
// hands to tests and servers (`createPostgresTestDatabase` of @canvass/test-bed) instead of migrating a template of
// its own, a third of a CPU-second of the server's and as much of its own each. `pnpm test` drops it at the end; a
// test file run by hand, without it, makes its own as before.
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// pg, Kysely and the storage package are dependencies of the test bed, not of the workspace root.
const requireFromBed = createRequire(join(root, 'packages', 'test-bed', 'package.json'))

/**
 * Makes the template on `serverUrl` and migrates it with the storage package's build; gives its name and how to
 * drop it, or undefined with the reason printed when it cannot be made (each test process then makes its own).
 */
export async function postgresTemplate(serverUrl) {
  const name = `canvass_run_template_${randomBytes(6).toString('hex')}`
  try {
    const pg = requireFromBed('pg')
    const { Kysely, PostgresDialect } = requireFromBed('kysely')
    const storage = join(root, 'packages', 'storage-kysely', 'dist', 'index.js')
    const { migrate } = await import(pathToFileURL(storage).href)
    const admin = async (statement) => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      try {
        await client.query(statement)
      } finally {
        await client.end()
      }
    }
    await admin(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    // A template may have no connection while it is copied: the pool is gone before any test starts.
    const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.href, max: 1 }) }) })
    try {
      await migrate(db)
    } finally {
      await db.destroy()
    }
    return { name, drop: () => admin(`drop database if exists ${name} with (force)`).catch(() => {}) }
  } catch (error) {
    console.log(`No shared Postgres template (each test process migrates its own): ${error?.message ?? error}`)
    return undefined
  }
}
