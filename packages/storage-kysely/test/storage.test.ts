import { testStorage } from '@canvass/test-utils'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'
import { kyselyFixtures } from './kysely-fixtures'

// The shared conformance suite, on PGlite always and on the Postgres server when TEST_DATABASE_URL is set.
for (const backend of backends({ prepared: true })) {
  let open: OpenBackend | undefined
  testStorage({
    name: `storage-kysely on ${backend.name}`,
    async create() {
      open = await backend.open({ migrated: true })
      await migrate(open.db)
      return createKyselyStorage({ db: open.db })
    },
    cleanup: async () => open?.close(),
    fixtures: kyselyFixtures(() => {
      if (!open) throw new Error(`${backend.name} is not open`)
      return open.db
    }),
  })
}
