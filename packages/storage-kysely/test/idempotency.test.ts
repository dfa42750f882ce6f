/**
 * Idempotency keys in the database: a claim is atomic per (environment, key) under concurrency, a finished
 * request's answer is replayed, another request with the key is a mismatch, a running one is in flight until
 * its lease passes, an expired record is free again and purged, and keys of one environment are not another's,
 * nor are a client's keys a manager's (issue 58, item 12).
 */
import type { IdempotencyClaim, Storage } from '@canvass/core'
import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKyselyStorage, migrate } from '../src'
import { backends } from './backends'

const test = suite('idempotency keys')

async function open(backend: ReturnType<typeof backends>[number]) {
  const opened = await backend.open({ migrated: true })
  await migrate(opened.db)
  const storage: Storage = createKyselyStorage({ db: opened.db })
  const environments = { production: randomUUID(), development: randomUUID() }
  const organizationId = randomUUID()
  await storage.projects.createOrganization({ id: organizationId, name: 'org', createdAt: new Date() })
  await storage.projects.create({ id: randomUUID(), organizationId, name: 'p', createdAt: new Date(), environments, newId: randomUUID })
  return { storage, environments, close: opened.close }
}

const claimAt = (
  environmentId: string,
  key: string,
  fingerprint: string,
  now: Date,
  scope: IdempotencyClaim['scope'] = 'client',
): IdempotencyClaim => ({
  environmentId,
  scope,
  key,
  fingerprint,
  now,
  leaseUntil: new Date(now.getTime() + 60_000),
  expiresAt: new Date(now.getTime() + 86_400_000),
})

for (const backend of backends()) {
  test(`${backend.name}: claim, replay, mismatch, in flight, lease, expiry, environments`, async () => {
    const { storage, environments, close } = await open(backend)
    try {
      const keys = storage.idempotency
      const t0 = new Date('2026-01-01T00:00:00Z')
      const first = claimAt(environments.production, 'k1', 'a', t0)
      // Ten at once: exactly one holder.
      const claims = await Promise.all(Array.from({ length: 10 }, () => keys.begin(first)))
      assert.equal(claims.filter((c) => c.state === 'started').length, 1, JSON.stringify(claims))
      assert.ok(claims.every((c) => c.state === 'started' || c.state === 'in_flight'))
      assert.equal(await keys.begin(claimAt(environments.production, 'k1', 'b', t0)), { state: 'mismatch' })
      await keys.finish(first, { status: 200, body: '{"data":{"id":"r1"}}', contentType: 'application/json' })
      assert.equal(await keys.begin({ ...first, now: new Date(t0.getTime() + 1000) }), {
        state: 'replay',
        status: 200,
        body: '{"data":{"id":"r1"}}',
        contentType: 'application/json',
      })
      assert.equal(
        await keys.begin(claimAt(environments.development, 'k1', 'b', t0)),
        { state: 'started' },
        'another environment, another key',
      )

      // A holder that went away: its lease passes and the same request may take over; another may not.
      const gone = claimAt(environments.production, 'k2', 'c', t0)
      assert.equal(await keys.begin(gone), { state: 'started' })
      assert.equal(await keys.begin({ ...gone, now: new Date(t0.getTime() + 30_000) }), { state: 'in_flight' })
      assert.equal(await keys.begin({ ...claimAt(environments.production, 'k2', 'd', new Date(t0.getTime() + 61_000)) }), {
        state: 'mismatch',
      })
      assert.equal(await keys.begin(claimAt(environments.production, 'k2', 'c', new Date(t0.getTime() + 61_000))), { state: 'started' })

      // Released: free again for the same request.
      await keys.release(claimAt(environments.production, 'k2', 'c', t0))
      assert.equal(await keys.begin(claimAt(environments.production, 'k2', 'c', t0)), { state: 'started' })

      // A day later the record is free for anything, and old ones are purged by later claims.
      const dayLater = new Date(t0.getTime() + 86_400_001)
      assert.equal(await keys.begin(claimAt(environments.production, 'k1', 'z', dayLater)), { state: 'started' })
      await keys.begin(claimAt(environments.production, 'k3', 'q', new Date(t0.getTime() + 3 * 86_400_000)))
      // Asked as of a time before it expired, the record of development's k1 is gone: the claim above purged it.
      const purged = await keys.begin(claimAt(environments.development, 'k1', 'other', new Date(t0.getTime() + 1000)))
      assert.is(purged.state, 'started', 'purged by a later claim')
      const kept = await keys.begin(claimAt(environments.production, 'k3', 'other', new Date(t0.getTime() + 3 * 86_400_000)))
      assert.is(kept.state, 'mismatch', 'a record not yet expired stays')

      assert.equal(await keys.begin(claimAt(randomUUID(), 'k1', 'a', t0)), { state: 'started' }, 'an unknown environment keeps nothing')
    } finally {
      await close()
    }
  })

  test(`${backend.name}: client and management keys of one environment are apart`, async () => {
    const { storage, environments, close } = await open(backend)
    try {
      const keys = storage.idempotency
      const t0 = new Date('2026-01-01T00:00:00Z')
      const squatted = claimAt(environments.production, 'shared', 'client-request', t0, 'client')
      assert.equal(await keys.begin(squatted), { state: 'started' })
      const held = claimAt(environments.production, 'held', 'client-request', t0, 'client')
      assert.equal(await keys.begin(held), { state: 'started' })
      await keys.finish(squatted, { status: 200, body: '{"data":{"id":"client"}}', contentType: 'application/json' })
      const manager = claimAt(environments.production, 'shared', 'manager-request', t0, 'management')
      assert.equal(await keys.begin(manager), { state: 'started' }, 'a finished client key is no mismatch for a manager')
      assert.equal(
        await keys.begin(claimAt(environments.production, 'held', 'manager-request', t0, 'management')),
        { state: 'started' },
        'a client key in flight does not hold a manager off',
      )
      await keys.finish(manager, { status: 201, body: '{"data":{"id":"manager"}}', contentType: 'application/json' })
      assert.equal(await keys.begin(squatted), {
        state: 'replay',
        status: 200,
        body: '{"data":{"id":"client"}}',
        contentType: 'application/json',
      })
      assert.equal(await keys.begin(manager), {
        state: 'replay',
        status: 201,
        body: '{"data":{"id":"manager"}}',
        contentType: 'application/json',
      })
      // Releasing one scope's claim leaves the other's.
      await keys.release(held)
      assert.equal(await keys.begin(claimAt(environments.production, 'held', 'other-manager-request', t0, 'management')), {
        state: 'mismatch',
      })
    } finally {
      await close()
    }
  })
}

test.run()
