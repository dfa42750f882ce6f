/**
 * The storage kit on a storage without the optional webhook and quota groups: the tests of those groups are
 * skipped with the reason printed, and every other test passes without reaching them.
 */
import { testStorage } from '@canvass/test-utils'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'
import { kyselyFixtures } from './kysely-fixtures'

// One database: the groups' absence is the same on every one. The Postgres server when there is one (it costs the
// test process far less CPU than PGlite, which runs in it), else PGlite.
const all = backends()
const backend = (all.find((candidate) => candidate.name === 'Postgres') ?? all[0])!
let open: OpenBackend | undefined
const db = () => {
  if (!open) throw new Error(`${backend.name} is not open`)
  return open.db
}
testStorage({
  name: `storage-kysely without webhooks and quotas on ${backend.name}`,
  async create() {
    open = await backend.open({ migrated: true })
    await migrate(open.db)
    const { webhooks: _w, webhookDeliveries: _d, quotas: _q, ...storage } = createKyselyStorage({ db: open.db })
    return storage
  },
  cleanup: async () => open?.close(),
  fixtures: kyselyFixtures(db),
  webhooks: false,
  quotas: false,
})
