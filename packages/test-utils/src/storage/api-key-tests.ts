import { freshId } from './fresh-id'
import type { ApiKeyRecord } from '@canvass/core'
import * as assert from 'uvu/assert'
import { seedProject } from './seed'
import type { StorageTest } from './storage-test'

/** API keys: lookup by hash, revocation, listing (docs/design.md, "Authentication"). */
export const apiKeyTests: StorageTest[] = [
  {
    name: 'findApiKeyByHash finds a live key by its hash',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const key = makeKey(production, { label: 'ci', prefix: 'cvs_AbC1' })
      await storage.apiKeys.insert(key)
      assert.equal(await storage.apiKeys.findByHash(key.hash), key)
      assert.is(await storage.apiKeys.findByHash(randomHash()), null)
    },
  },
  {
    name: 'revokeApiKey revokes a live key once',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const key = makeKey(production)
      const other = makeKey(production)
      await storage.apiKeys.insert(key)
      await storage.apiKeys.insert(other)
      const revokedAt = new Date(Date.now() + 1000)
      assert.is(await storage.apiKeys.revoke(key.id, revokedAt), true)
      assert.is(await storage.apiKeys.findByHash(key.hash), null, 'a revoked key is not found')
      assert.is(await storage.apiKeys.revoke(key.id, new Date()), false, 'a revoked key is not live')
      assert.is(await storage.apiKeys.revoke(freshId(), new Date()), false)
      assert.equal(await storage.apiKeys.findByHash(other.hash), other, 'other keys still work')
      const listed = await storage.apiKeys.list(production)
      assert.equal(
        listed.find((row) => row.id === key.id),
        { ...key, revokedAt },
        'the list shows the revocation time',
      )
    },
  },
  {
    name: 'listApiKeys lists the keys of one environment, newest first',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const base = Date.now()
      const keys = [0, 1, 2].map((i) => makeKey(production, { createdAt: new Date(base + i * 1000) }))
      for (const key of keys) await storage.apiKeys.insert(key)
      await storage.apiKeys.insert(makeKey(development))
      assert.equal(await storage.apiKeys.list(production), [...keys].reverse())
      assert.is((await storage.apiKeys.list(development)).length, 1)
    },
  },
  {
    name: 'markApiKeyUsed records the last use at most once a minute',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const key = makeKey(production)
      const other = makeKey(production)
      await storage.apiKeys.insert(key)
      await storage.apiKeys.insert(other)
      const first = new Date(Date.now() + 1000)
      await storage.apiKeys.markUsed(key.id, first)
      assert.equal((await storage.apiKeys.findByHash(key.hash))?.lastUsedAt, first)
      await storage.apiKeys.markUsed(key.id, new Date(first.getTime() + 30_000))
      assert.equal((await storage.apiKeys.findByHash(key.hash))?.lastUsedAt, first, 'a use within the minute writes nothing')
      const later = new Date(first.getTime() + 61_000)
      await storage.apiKeys.markUsed(key.id, later)
      assert.equal((await storage.apiKeys.findByHash(key.hash))?.lastUsedAt, later)
      assert.is((await storage.apiKeys.findByHash(other.hash))?.lastUsedAt, null, 'other keys are untouched')
      await storage.apiKeys.markUsed('\u0000', later)
    },
  },
  {
    name: 'markApiKeyUsed under concurrent calls keeps one of their times',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const key = makeKey(production)
      await storage.apiKeys.insert(key)
      const base = Date.now()
      const times = Array.from({ length: 8 }, (_, i) => new Date(base + i))
      await Promise.all(times.map((time) => storage.apiKeys.markUsed(key.id, time)))
      const lastUsedAt = (await storage.apiKeys.findByHash(key.hash))?.lastUsedAt
      assert.ok(lastUsedAt && times.some((time) => time.getTime() === lastUsedAt.getTime()), String(lastUsedAt))
    },
  },
]

function makeKey(environmentId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: freshId(),
    environmentId,
    hash: randomHash(),
    label: null,
    createdAt: new Date(),
    revokedAt: null,
    prefix: null,
    lastUsedAt: null,
    ...overrides,
  }
}

function randomHash(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
