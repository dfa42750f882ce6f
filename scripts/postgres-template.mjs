// A migrated database on the run's Postgres server (TEST_DATABASE_URL), made once by `pnpm test` before any test
// starts and named to the tests by CANVASS_TEST_PG_TEMPLATE: every test process copies it for the databases it
// hands to tests and servers (`createPostgresTestDatabase` of @canvass/test-bed) instead of migrating a template of
// its own, a third of a CPU-second of the server's and as much of its own each. `pnpm test` drops it at the end; a
// test file run by hand, without it, makes its own as before.
import { randomBytes } from 'node:crypto'
import { adminStatement, createMigratedDatabase } from '../packages/test-bed/src/postgres-server.mjs'

/**
 * Makes the template on `serverUrl` and migrates it with the storage package's build; gives its name and how to
 * drop it, or undefined with the reason printed when it cannot be made (each test process then makes its own).
 */
export async function postgresTemplate(serverUrl) {
  const name = `canvass_run_template_${randomBytes(6).toString('hex')}`
  const drop = () => adminStatement(serverUrl, `drop database if exists ${name} with (force)`).catch(() => {})
  try {
    await createMigratedDatabase(serverUrl, name)
    return { name, drop }
  } catch (error) {
    // Half made (created, not migrated) is dropped, not left on the server.
    await drop()
    console.log(`No shared Postgres template (each test process migrates its own): ${error?.message ?? error}`)
    return undefined
  }
}
