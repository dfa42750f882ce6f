import { createTestClock, sql, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const warnings: string[] = []
const clock = createTestClock('2026-11-20T10:00:00.000Z')
const { test: lastUsed, bed } = suiteWithBed('API key last use', {
  clock,
  logger: { error() {}, warn: (message) => warnings.push(message) },
})

/** A key of a project of its own, and a way to read its last use as the admin API lists it. */
async function newKey(bed: TestCanvass) {
  const project = await bed.newProject()
  const record = async () => {
    const [key] = await bed.canvass.admin.listApiKeys(project.environmentId)
    if (!key) throw new Error('the project has no key')
    return key
  }
  const use = async () => (await bed.call('GET', '/api/v1/management/attribute-classes', { key: project.key })).status
  return { record, use }
}

lastUsed('a key never used, or last used a minute ago or more, is marked used', async () => {
  for (const ago of [null, 60_000, 3_600_000]) {
    const now = new Date('2026-11-20T12:00:00.000Z')
    const key = await newKey(bed())
    if (ago !== null) {
      clock.set(now.getTime() - ago)
      assert.is(await key.use(), 200)
      assert.equal((await key.record()).lastUsedAt, new Date(now.getTime() - ago))
    }
    clock.set(now)
    assert.is(await key.use(), 200)
    assert.equal((await key.record()).lastUsedAt, now, String(ago))
  }
})

lastUsed('a key used within the minute is not written again', async () => {
  const first = new Date('2026-11-20T14:00:00.000Z')
  clock.set(first)
  const key = await newKey(bed())
  assert.is(await key.use(), 200)
  clock.advance(59_000)
  assert.is(await key.use(), 200)
  assert.equal((await key.record()).lastUsedAt, first)
})

lastUsed('a failed last-use write is logged and the request still answered', async () => {
  clock.set('2026-11-20T16:00:00.000Z')
  const key = await newKey(bed())
  const { id } = await key.record()
  // The database refuses the write, as a read-only replica or a revoked grant would.
  await sql`create function canvass.refuse_last_use() returns trigger language plpgsql as $$ begin raise exception 'read-only'; end $$`.execute(
    bed().db,
  )
  await sql`create trigger refuse_last_use before update of last_used_at on canvass.api_keys for each row execute function canvass.refuse_last_use()`.execute(
    bed().db,
  )
  try {
    warnings.length = 0
    assert.is(await key.use(), 200)
    assert.equal(warnings, [`Could not record the last use of API key ${id}: read-only`])
  } finally {
    await sql`drop trigger refuse_last_use on canvass.api_keys`.execute(bed().db)
  }
})

lastUsed.run()
