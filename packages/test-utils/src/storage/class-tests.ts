import type { ActionClassRecord, AttributeClassRecord, ContactAttributeKeyRecord, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { IMPOSSIBLE_IDS, byListOrder, seedProject, walkPages } from './seed'
import type { StorageTest } from './storage-test'

/** Attribute classes, action classes and contact attribute keys: the three per-environment catalogues. */
export const classTests: StorageTest[] = [
  {
    name: "createProject's default rows are read through the port, in both environments",
    async run({ storage }) {
      const seeded = await seedProject(storage)
      for (const environmentId of [seeded.production, seeded.development]) {
        const attributeClasses = await storage.attributeClasses.list(environmentId, { limit: 100 })
        assert.equal(attributeClasses.map(({ name, type, archived, environmentId: env }) => ({ name, type, archived, env })).sort(byName), [
          { name: 'email', type: 'automatic', archived: false, env: environmentId },
          { name: 'language', type: 'automatic', archived: false, env: environmentId },
          { name: 'userId', type: 'automatic', archived: false, env: environmentId },
        ])
        const actionClasses = await storage.actionClasses.list(environmentId, { limit: 100 })
        assert.equal(
          actionClasses.map(({ name, type, key, noCodeConfig }) => ({ name, type, key, noCodeConfig })),
          [{ name: 'New Session', type: 'automatic', key: null, noCodeConfig: null }],
        )
        const keys = await storage.contactAttributeKeys.list(environmentId, { limit: 100 })
        assert.equal(
          keys
            .map(({ key, name, description, type, isUnique }) => ({ key, name, description, type, isUnique }))
            .sort((a, b) => (a.key < b.key ? -1 : 1)),
          [
            { key: 'email', name: 'Email', description: '', type: 'default', isUnique: true },
            { key: 'firstName', name: 'First Name', description: '', type: 'default', isUnique: false },
            { key: 'lastName', name: 'Last Name', description: '', type: 'default', isUnique: false },
            { key: 'userId', name: 'User Id', description: '', type: 'default', isUnique: true },
          ],
        )
      }
    },
  },
  {
    name: 'attributeClasses: insert, get, list with the automatic ones, scoped to the environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const record = makeAttributeClass(production, { description: 'Plan of the account' })
      assert.is(await storage.attributeClasses.insert(record), 'created')
      assert.equal(await storage.attributeClasses.get(production, record.id), record)
      assert.is(await storage.attributeClasses.get(development, record.id), null, 'another environment sees nothing')
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.attributeClasses.get(production, id), null)
      const listed = await storage.attributeClasses.list(production, { limit: 100 })
      assert.equal(listed.map((row) => row.name).sort(), ['email', 'language', 'plan', 'userId'])
      assert.ok(listed.filter((row) => row.name !== 'plan').every((row) => row.type === 'automatic'))
      assert.equal(
        listed.map((row) => row.id),
        [...listed].sort(byListOrder).map((row) => row.id),
      )
      assert.not.ok((await storage.attributeClasses.list(development, { limit: 100 })).some((row) => row.id === record.id))
    },
  },
  {
    name: 'attributeClasses: a duplicate name in the environment is refused, also when inserted concurrently',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      assert.is(await storage.attributeClasses.insert(makeAttributeClass(production)), 'created')
      assert.is(await storage.attributeClasses.insert(makeAttributeClass(production)), 'duplicate')
      assert.is(await storage.attributeClasses.insert(makeAttributeClass(development)), 'created', 'names are per environment')
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => storage.attributeClasses.insert(makeAttributeClass(production, { name: 'tier' }))),
      )
      assert.equal(outcomes.filter((outcome) => outcome === 'created').length, 1)
      assert.equal(outcomes.filter((outcome) => outcome === 'duplicate').length, 5)
    },
  },
  {
    name: 'attributeClasses: update changes the given fields, refuses a taken name, and only in the environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const record = makeAttributeClass(production)
      await storage.attributeClasses.insert(record)
      const updatedAt = new Date(record.createdAt.getTime() + 1000)
      assert.equal(await storage.attributeClasses.update(production, record.id, { updatedAt, archived: true }), {
        ...record,
        archived: true,
        updatedAt,
      })
      assert.equal(await storage.attributeClasses.update(production, record.id, { updatedAt, name: 'plan2', description: 'x' }), {
        ...record,
        archived: true,
        name: 'plan2',
        description: 'x',
        updatedAt,
      })
      assert.is(await storage.attributeClasses.update(production, record.id, { updatedAt, name: 'email' }), 'duplicate')
      assert.is(await storage.attributeClasses.update(development, record.id, { updatedAt, name: 'other' }), null)
      assert.is(await storage.attributeClasses.update(production, '\u0000', { updatedAt }), null)
      assert.is((await storage.attributeClasses.get(production, record.id))?.name, 'plan2')
    },
  },
  {
    name: "attributeClasses: delete returns the deleted class, never deletes an automatic one or another environment's",
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const record = makeAttributeClass(production)
      await storage.attributeClasses.insert(record)
      assert.is(await storage.attributeClasses.delete(development, record.id), null)
      assert.equal(await storage.attributeClasses.delete(production, record.id), record)
      assert.is(await storage.attributeClasses.get(production, record.id), null)
      assert.is(await storage.attributeClasses.delete(production, record.id), null)
      const automatic = (await storage.attributeClasses.list(production, { limit: 100 })).find((row) => row.name === 'email')
      assert.ok(automatic)
      assert.is(await storage.attributeClasses.delete(production, automatic.id), null)
      assert.equal(await storage.attributeClasses.get(production, automatic.id), automatic)
    },
  },
  {
    name: 'attributeClasses: list pages by keyset and offset',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      await seedMany(storage, (i) => storage.attributeClasses.insert(makeAttributeClass(production, { name: `a${i}`, ...timeOf(i) })))
      await checkPaging((page) => storage.attributeClasses.list(production, page))
    },
  },
  {
    name: 'actionClasses: insert, get, list with New Session, update and delete, scoped to the environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const code = makeActionClass(production)
      const noCode = makeActionClass(production, {
        name: 'Clicked buy',
        type: 'noCode',
        key: null,
        noCodeConfig: { type: 'click', urlFilters: [{ value: '/buy', rule: 'contains' }], elementSelector: { cssSelector: '#buy' } },
      })
      assert.is(await storage.actionClasses.insert(code), 'created')
      assert.is(await storage.actionClasses.insert(noCode), 'created')
      assert.equal(await storage.actionClasses.get(production, code.id), code)
      assert.equal(await storage.actionClasses.get(production, noCode.id), noCode, 'noCodeConfig round-trips')
      assert.is(await storage.actionClasses.get(development, code.id), null)
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.actionClasses.get(production, id), null)
      const listed = await storage.actionClasses.list(production, { limit: 100 })
      assert.equal(listed.map((row) => row.name).sort(), ['Clicked buy', 'New Session', 'Signed up'])
      const updated = { ...code, name: 'Registered', key: 'registered', updatedAt: new Date(code.createdAt.getTime() + 1000) }
      assert.equal(await storage.actionClasses.update(production, code.id, () => updated), updated)
      assert.is(await storage.actionClasses.update(development, code.id, () => ({ ...updated, name: 'x' })), null)
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.actionClasses.update(production, id, (c) => c), null)
      const automatic = listed.find((row) => row.type === 'automatic')
      assert.ok(automatic)
      assert.is(
        await storage.actionClasses.update(production, automatic.id, (c) => ({ ...c, name: 'Renamed' })),
        null,
        'automatic classes stay',
      )
      assert.equal(await storage.actionClasses.get(production, automatic.id), automatic)
      assert.is(await storage.actionClasses.delete(production, automatic.id), null)
      assert.is(await storage.actionClasses.delete(development, code.id), null)
      assert.equal(await storage.actionClasses.delete(production, code.id), updated)
      assert.is(await storage.actionClasses.get(production, code.id), null)
    },
  },
  {
    name: 'actionClasses: a taken name or key is refused on insert and update, also concurrently',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const first = makeActionClass(production)
      await storage.actionClasses.insert(first)
      assert.is(await storage.actionClasses.insert(makeActionClass(production, { key: 'other' })), 'duplicate_name')
      assert.is(await storage.actionClasses.insert(makeActionClass(production, { name: 'Other' })), 'duplicate_key')
      assert.is(await storage.actionClasses.insert(makeActionClass(production, { name: 'New Session', key: 'x' })), 'duplicate_name')
      assert.is(await storage.actionClasses.insert(makeActionClass(development)), 'created', 'per environment')
      const second = makeActionClass(production, { name: 'Second', key: 'second' })
      await storage.actionClasses.insert(second)
      assert.is(await storage.actionClasses.update(production, second.id, (c) => ({ ...c, name: first.name })), 'duplicate_name')
      assert.is(await storage.actionClasses.update(production, second.id, (c) => ({ ...c, key: first.key })), 'duplicate_key')
      assert.equal(await storage.actionClasses.get(production, second.id), second, 'a refused update writes nothing')
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => storage.actionClasses.insert(makeActionClass(production, { name: 'Race', key: 'race' }))),
      )
      assert.is(outcomes.filter((outcome) => outcome === 'created').length, 1)
      assert.is(outcomes.filter((outcome) => outcome !== 'created').length, 5)
    },
  },
  {
    name: 'actionClasses: concurrent updates each see the last write (row lock); a throwing change writes nothing',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const record = makeActionClass(production, { description: '' })
      await storage.actionClasses.insert(record)
      // Each change appends to the description it is handed: a lost update would drop a letter.
      const letters = ['a', 'b', 'c', 'd', 'e', 'f']
      await Promise.all(
        letters.map((letter) =>
          storage.actionClasses.update(production, record.id, (current) => ({
            ...current,
            description: `${current.description}${letter}`,
          })),
        ),
      )
      const description = (await storage.actionClasses.get(production, record.id))?.description ?? ''
      assert.equal([...description].sort(), letters)
      const error = new Error('refused')
      let caught: unknown
      try {
        await storage.actionClasses.update(production, record.id, () => {
          throw error
        })
      } catch (thrown) {
        caught = thrown
      }
      assert.is(caught, error)
      assert.is((await storage.actionClasses.get(production, record.id))?.description, description)
    },
  },
  {
    name: 'actionClasses: list pages by keyset and offset',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      await seedMany(storage, (i) =>
        storage.actionClasses.insert(makeActionClass(production, { name: `a${i}`, key: `k${i}`, ...timeOf(i) })),
      )
      await checkPaging((page) => storage.actionClasses.list(production, page))
    },
  },
  {
    name: 'contactAttributeKeys: insert, get, list with the defaults, update and delete, scoped to the environment',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const record = makeContactAttributeKey(production)
      assert.is(await storage.contactAttributeKeys.insert(record), 'created')
      assert.equal(await storage.contactAttributeKeys.get(production, record.id), record)
      assert.is(await storage.contactAttributeKeys.get(development, record.id), null)
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.contactAttributeKeys.get(production, id), null)
      const listed = await storage.contactAttributeKeys.list(production, { limit: 100 })
      assert.equal(listed.map((row) => row.key).sort(), ['email', 'firstName', 'lastName', 'plan', 'userId'])
      const updatedAt = new Date(record.createdAt.getTime() + 1000)
      assert.equal(await storage.contactAttributeKeys.update(production, record.id, { updatedAt, name: 'Plan' }), {
        ...record,
        name: 'Plan',
        updatedAt,
      })
      assert.equal(await storage.contactAttributeKeys.update(production, record.id, { updatedAt, description: null }), {
        ...record,
        name: 'Plan',
        description: null,
        updatedAt,
      })
      assert.is(await storage.contactAttributeKeys.update(development, record.id, { updatedAt, name: 'x' }), null)
      const email = listed.find((row) => row.key === 'email')
      assert.ok(email)
      assert.is(await storage.contactAttributeKeys.delete(production, email.id), null, 'default keys stay')
      assert.is(await storage.contactAttributeKeys.delete(development, record.id), null)
      assert.equal((await storage.contactAttributeKeys.delete(production, record.id))?.id, record.id)
      assert.is(await storage.contactAttributeKeys.get(production, record.id), null)
    },
  },
  {
    name: 'contactAttributeKeys: a taken key is refused, also when inserted concurrently',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      assert.is(await storage.contactAttributeKeys.insert(makeContactAttributeKey(production, { key: 'email' })), 'duplicate')
      assert.is(await storage.contactAttributeKeys.insert(makeContactAttributeKey(development)), 'created')
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () => storage.contactAttributeKeys.insert(makeContactAttributeKey(production, { key: 'race' }))),
      )
      assert.is(outcomes.filter((outcome) => outcome === 'created').length, 1)
      assert.is(outcomes.filter((outcome) => outcome === 'duplicate').length, 5)
    },
  },
  {
    name: 'contactAttributeKeys: list pages by keyset and offset',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      await seedMany(storage, (i) =>
        storage.contactAttributeKeys.insert(makeContactAttributeKey(production, { key: `k${i}`, ...timeOf(i) })),
      )
      await checkPaging((page) => storage.contactAttributeKeys.list(production, page))
    },
  },
]

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

export function makeAttributeClass(environmentId: string, overrides: Partial<AttributeClassRecord> = {}): AttributeClassRecord {
  const now = new Date()
  return {
    id: freshId(),
    environmentId,
    name: 'plan',
    type: 'code',
    description: null,
    archived: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }
}

export function makeActionClass(environmentId: string, overrides: Partial<ActionClassRecord> = {}): ActionClassRecord {
  const now = new Date()
  return {
    id: freshId(),
    environmentId,
    name: 'Signed up',
    description: null,
    type: 'code',
    key: 'signed-up',
    noCodeConfig: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }
}

export function makeContactAttributeKey(
  environmentId: string,
  overrides: Partial<ContactAttributeKeyRecord> = {},
): ContactAttributeKeyRecord {
  const now = new Date()
  return {
    id: freshId(),
    environmentId,
    key: 'plan',
    name: 'plan',
    description: 'The plan',
    type: 'custom',
    isUnique: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  }
}

/** Creation times a second apart in the future (after the defaults), with two rows sharing one time. */
function timeOf(i: number): { createdAt: Date; updatedAt: Date } {
  const at = new Date(Date.now() + 60_000 + Math.min(i, 5) * 1000)
  return { createdAt: at, updatedAt: at }
}

async function seedMany(_storage: Storage, insert: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 7; i++) assert.is(await insert(i), 'created')
}

/** Keyset pages of 3 walk the whole list in order; an offset page agrees with it. */
async function checkPaging<T extends { createdAt: Date; id: string }>(
  list: (page: { limit: number; skip?: number; after?: { createdAt: Date; id: string } }) => Promise<T[]>,
): Promise<void> {
  const all = await list({ limit: 1000 })
  const expected = [...all].sort(byListOrder).map((row) => row.id)
  assert.equal(
    all.map((row) => row.id),
    expected,
    'newest first, ties by id',
  )
  assert.equal(await walkPages(3, (after) => list(after ? { limit: 3, after } : { limit: 3 })), expected)
  assert.equal(
    (await list({ limit: 2, skip: 3 })).map((row) => row.id),
    expected.slice(3, 6),
    'limit + 1 rows from the offset',
  )
}
