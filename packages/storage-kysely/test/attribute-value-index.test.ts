import { randomUUID } from 'node:crypto'
import { DEFAULT_CONTACT_LIMITS } from '@canvass/core'
import { CompiledQuery, sql } from 'kysely'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'
import type { OpenBackend } from './backends'

// The lookup of a unique attribute's value compares the same digest the index holds, so the index serves it
// (a lookup that compared the value alone would read every value of the key).
for (const backend of backends()) {
  const test = suite(`attribute value index on ${backend.name}`)
  let open: OpenBackend | undefined
  const queries: CompiledQuery[] = []

  test.before(async () => {
    open = await backend.open({ migrated: true, log: (event) => void (event.level === 'query' && queries.push(event.query)) })
    await migrate(open.db)
  })
  test.after(async () => {
    await open?.close()
  })

  test('finding who holds a unique value uses the digest index', async () => {
    const db = (open as OpenBackend).db
    const storage = createKyselyStorage({ db })
    const environments = { production: randomUUID(), development: randomUUID() }
    await storage.projects.createOrganization({ id: 'org', name: 'Org', createdAt: new Date() })
    await storage.projects.create({
      id: 'project',
      organizationId: 'org',
      name: 'P',
      createdAt: new Date(),
      environments,
      newId: randomUUID,
    })
    const who = { environmentId: environments.production, userId: 'holder', now: new Date(), newId: randomUUID }
    queries.length = 0
    await storage.clientContacts.setAttributes(who, { email: 'holder@example.com' }, DEFAULT_CONTACT_LIMITS)
    const lookup = queries.find((query) => query.sql.includes('md5('))
    assert.ok(lookup, 'a lookup by digest was sent')
    const plan = await db.transaction().execute(async (trx) => {
      // On a table this small a sequential scan is cheaper; the question is whether the index can serve.
      await sql`set local enable_seqscan = off`.execute(trx)
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${lookup.sql}`, [...lookup.parameters]))
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    assert.match(plan, 'contact_attributes_attribute_key_id_value_hash_idx')
  })

  test.run()
}
