import { testConsoleAccountStorage, testReportingStorage, testStorage } from '@canvass/test-utils'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { Backend, OpenBackend } from './backends'
import { kyselyFixtures } from './kysely-fixtures'

/** A storage on a migrated database of its own on `backend`, and how to close it. */
function storageOn(backend: Backend) {
  let open: OpenBackend | undefined
  return {
    async create() {
      open = await backend.open({ migrated: true })
      await migrate(open.db)
      return createKyselyStorage({ db: open.db })
    },
    cleanup: async () => open?.close(),
    db() {
      if (!open) throw new Error(`${backend.name} is not open`)
      return open.db
    },
  }
}

// The shared conformance suites, on PGlite always and on the Postgres server when TEST_DATABASE_URL is set: the
// main port's, then those of the optional ports this storage provides, each on a database of its own.
for (const backend of backends({ prepared: true })) {
  const main = storageOn(backend)
  testStorage({ name: `storage-kysely on ${backend.name}`, ...main, fixtures: kyselyFixtures(main.db) })
  testReportingStorage({ name: `storage-kysely reporting on ${backend.name}`, ...storageOn(backend) })
  testConsoleAccountStorage({ name: `storage-kysely console accounts on ${backend.name}`, ...storageOn(backend) })
}
