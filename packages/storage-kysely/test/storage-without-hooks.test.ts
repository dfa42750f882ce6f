/**
 * The storage kit on a storage without the optional webhook and quota groups: the tests of those groups are
 * skipped with the reason printed, and every other test passes without reaching them.
 */
import { testStorage } from '@canvass/test-utils'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'
import { kyselyFixtures } from './kysely-fixtures'

// PGlite only: the groups' absence is the same on every database.
const [pglite] = backends()
let open: OpenBackend | undefined
const db = () => {
  if (!open) throw new Error('PGlite is not open')
  return open.db
}
testStorage({
  name: 'storage-kysely without webhooks and quotas on PGlite',
  async create() {
    open = await pglite!.open({ migrated: true })
    await migrate(open.db)
    const { webhooks: _w, webhookDeliveries: _d, quotas: _q, ...storage } = createKyselyStorage({ db: open.db })
    return storage
  },
  cleanup: async () => open?.close(),
  fixtures: kyselyFixtures(db),
  webhooks: false,
  quotas: false,
})
