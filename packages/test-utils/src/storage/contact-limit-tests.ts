import { DEFAULT_CONTACT_LIMITS } from '@canvass/core'
import type { ContactAttributeLimits, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { identity, seedProject, setAttributes } from './seed'
import type { StorageTest } from './storage-test'

/** The defaults with `overrides`: each test bounds one thing and leaves the others far away. */
const limits = (overrides: Partial<ContactAttributeLimits>): ContactAttributeLimits => ({ ...DEFAULT_CONTACT_LIMITS, ...overrides })

const keysOf = async (storage: Storage, environmentId: string) =>
  (await storage.contactAttributeKeys.list(environmentId, { limit: 1000 })).map((key) => key.key).sort()

const userIdsOf = async (storage: Storage, environmentId: string) =>
  (await storage.contacts.list(environmentId, { limit: 1000 })).map((contact) => contact.userId).sort()

/** Names `count` fresh keys, distinct from every other call's. */
const freshKeys = (count: number) => Array.from({ length: count }, () => `k${freshId()}`)

/**
 * docs/design.md, "Limits and input": what client routes make contacts and environments hold is bounded; a write past a bound
 * writes nothing, and concurrent writes cannot cross a bound together.
 */
export const contactLimitTests: StorageTest[] = [
  {
    name: 'setAttributes past maxAttributesPerContact writes nothing (no value, key or contact); the contact may still change what it holds',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const bound = limits({ maxAttributesPerContact: 3 })
      const who = identity(production, 'counted')
      assert.ok(await storage.clientContacts.setAttributes(who, { a: '1', b: '2', c: '3' }, bound))
      const keys = await keysOf(storage, production)
      assert.equal(await storage.clientContacts.setAttributes(who, { d: '4' }, bound), { exceeded: 'maxAttributesPerContact' })
      assert.equal(await storage.clientContacts.setAttributes(who, { a: 'one', d: '4' }, bound), { exceeded: 'maxAttributesPerContact' })
      assert.equal((await storage.clientContacts.identify(who))?.attributes, { a: '1', b: '2', c: '3' }, 'nothing written')
      assert.equal(await keysOf(storage, production), keys, 'no key created')
      const changed = await setAttributes(storage, who, { a: 'one', b: 'two' }, bound)
      assert.equal(changed?.state.attributes, { a: 'one', b: 'two', c: '3' })

      const fresh = identity(production, 'fresh-over')
      assert.equal(await storage.clientContacts.setAttributes(fresh, { a: '1', b: '2', c: '3', e: '5' }, bound), {
        exceeded: 'maxAttributesPerContact',
      })
      assert.equal(await userIdsOf(storage, production), ['counted'], 'the contact is not created either')
    },
  },
  {
    name: 'setAttributes past maxAttributeBytesPerContact (UTF-8 bytes of the values together) writes nothing; a contact past it may shrink',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const bound = limits({ maxAttributeBytesPerContact: 100 })
      const who = identity(production, 'weighed')
      assert.ok(await setAttributes(storage, who, { a: 'x'.repeat(60) }, bound))
      assert.equal(await storage.clientContacts.setAttributes(who, { b: 'x'.repeat(41) }, bound), {
        exceeded: 'maxAttributeBytesPerContact',
      })
      assert.ok(await setAttributes(storage, who, { b: 'x'.repeat(40) }, bound), 'exactly the bound')
      // 14 characters of three bytes each: 42 bytes, past the bound though 14 + 60 characters are not.
      assert.equal(await storage.clientContacts.setAttributes(who, { b: '€'.repeat(14) }, bound), {
        exceeded: 'maxAttributeBytesPerContact',
      })
      assert.equal((await storage.clientContacts.identify(who))?.attributes, { a: 'x'.repeat(60), b: 'x'.repeat(40) })
      // Under a smaller bound the contact is past it: a write that adds is refused, one that shrinks is not.
      const smaller = limits({ maxAttributeBytesPerContact: 50 })
      assert.equal(await storage.clientContacts.setAttributes(who, { c: 'y' }, smaller), { exceeded: 'maxAttributeBytesPerContact' })
      assert.ok(await setAttributes(storage, who, { a: 'short' }, smaller))
    },
  },
  {
    name: 'setAttributes past maxClientAttributeKeys writes nothing; default keys, keys from the management API and existing keys do not count and stay settable',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const bound = limits({ maxClientAttributeKeys: 3 })
      const [k1, k2, k3, k4] = freshKeys(4) as [string, string, string, string]
      const now = new Date()
      await storage.contactAttributeKeys.insert({
        id: freshId(),
        environmentId: production,
        key: 'managed',
        name: 'Managed',
        description: null,
        type: 'custom',
        isUnique: false,
        createdAt: now,
        updatedAt: now,
      })
      assert.ok(
        await setAttributes(storage, identity(production, 'u1'), { [k1]: '1', [k2]: '2', email: 'u1@example.com', managed: 'm' }, bound),
      )
      assert.ok(await setAttributes(storage, identity(production, 'u2'), { [k3]: '3', firstName: 'Ada' }, bound))
      const keys = await keysOf(storage, production)
      assert.equal(await storage.clientContacts.setAttributes(identity(production, 'u3'), { [k1]: 'x', [k4]: '4' }, bound), {
        exceeded: 'maxClientAttributeKeys',
      })
      assert.equal(await keysOf(storage, production), keys, 'no key created')
      assert.equal(await userIdsOf(storage, production), ['u1', 'u2'], 'no contact created')
      const existing = await setAttributes(
        storage,
        identity(production, 'u3'),
        { [k1]: 'x', [k2]: 'y', [k3]: 'z', lastName: 'L', managed: 'n' },
        bound,
      )
      assert.equal(existing?.state.attributes, { [k1]: 'x', [k2]: 'y', [k3]: 'z', lastName: 'L', managed: 'n' })
      assert.ok(await setAttributes(storage, identity(development, 'u1'), { [k4]: '4' }, bound), 'bounded per environment')
    },
  },
  {
    name: 'concurrent setAttributes cannot cross a bound together: new keys per environment, attributes and bytes per contact (8 writers, 5 rounds each)',
    async run({ storage }) {
      for (let round = 0; round < 5; round++) {
        const { production } = await seedProject(storage)
        const label = `round ${round}`

        // Eight users each add three new keys under a bound of nine: exactly three writes fit.
        const keyBound = limits({ maxClientAttributeKeys: 9 })
        const byKeys = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            storage.clientContacts.setAttributes(
              identity(production, `keys-${i}`),
              Object.fromEntries(freshKeys(3).map((k) => [k, 'v'])),
              keyBound,
            ),
          ),
        )
        assert.is(byKeys.filter((r) => r && !('exceeded' in r)).length, 3, `${label}: keys accepted`)
        assert.is(byKeys.filter((r) => r && 'exceeded' in r && r.exceeded === 'maxClientAttributeKeys').length, 5, `${label}: keys refused`)
        const defaults = ['email', 'firstName', 'lastName', 'userId']
        assert.is((await keysOf(storage, production)).filter((k) => !defaults.includes(k)).length, 9, `${label}: keys stored`)

        // One contact, eight writes of three new attributes each, under a bound of ten: three fit.
        const counted = identity(production, 'counted')
        const countBound = limits({ maxAttributesPerContact: 10 })
        const shared = freshKeys(24)
        const byCount = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            storage.clientContacts.setAttributes(
              counted,
              Object.fromEntries(shared.slice(3 * i, 3 * i + 3).map((k) => [k, 'v'])),
              countBound,
            ),
          ),
        )
        assert.is(byCount.filter((r) => r && !('exceeded' in r)).length, 3, `${label}: attributes accepted`)
        assert.is(Object.keys((await storage.clientContacts.identify(counted))?.attributes ?? {}).length, 9, `${label}: attributes stored`)

        // One contact, eight writes of a 30-byte value each, under a bound of 100 bytes: three fit.
        const weighed = identity(production, 'weighed')
        const byteBound = limits({ maxAttributeBytesPerContact: 100 })
        const byBytes = await Promise.all(
          freshKeys(8).map((k) => storage.clientContacts.setAttributes(weighed, { [k]: 'x'.repeat(30) }, byteBound)),
        )
        assert.is(byBytes.filter((r) => r && !('exceeded' in r)).length, 3, `${label}: bytes accepted`)
        assert.is(Object.keys((await storage.clientContacts.identify(weighed))?.attributes ?? {}).length, 3, `${label}: values stored`)
      }
    },
  },
]
