import * as assert from 'uvu/assert'
import { byListOrder, IMPOSSIBLE_IDS, reportsOf, seedProject, seedResponse, seedSurvey, walkPages } from './seed'
import type { StorageTest } from './storage-test'

/** Contacts (people): list, get, delete, and their attribute values. */
export const contactTests: StorageTest[] = [
  {
    name: 'contacts: list and get with attributes, scoped to the environment',
    needsFixtures: true,
    async run({ storage, fixtures }) {
      const { production, development } = await seedProject(storage)
      await fixtures.setContactAttributes(production, 'user-1', { email: 'a@example.com', plan: 'pro' })
      await fixtures.setContactAttributes(production, 'user-2', {})
      await fixtures.setContactAttributes(development, 'user-1', { plan: 'free' })
      const listed = await storage.contacts.list(production, { limit: 100 })
      assert.equal(listed.map((contact) => contact.userId).sort(), ['user-1', 'user-2'])
      assert.equal(
        listed.map((c) => c.id),
        [...listed].sort(byListOrder).map((c) => c.id),
      )
      const one = listed.find((contact) => contact.userId === 'user-1')
      assert.ok(one)
      assert.equal(one.attributes, { email: 'a@example.com', plan: 'pro' })
      assert.is(one.environmentId, production)
      assert.instance(one.createdAt, Date)
      assert.equal(await storage.contacts.get(production, one.id), one)
      assert.is(await storage.contacts.get(development, one.id), null)
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.contacts.get(production, id), null)
      const other = await storage.contacts.list(development, { limit: 100 })
      assert.equal(
        other.map((contact) => contact.attributes),
        [{ plan: 'free' }],
      )
    },
  },
  {
    name: 'contacts: list pages by keyset and offset',
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      for (let i = 0; i < 7; i++) await seedResponse(storage, production, survey.id, { userId: `u${i}` })
      const all = await storage.contacts.list(production, { limit: 1000 })
      const expected = [...all].sort(byListOrder).map((row) => row.id)
      assert.is(expected.length, 7)
      assert.equal(await walkPages(3, (after) => storage.contacts.list(production, after ? { limit: 3, after } : { limit: 3 })), expected)
      assert.equal(
        (await storage.contacts.list(production, { limit: 2, skip: 3 })).map((row) => row.id),
        expected.slice(3, 6),
        'limit + 1 rows from the offset',
      )
    },
  },
  {
    name: 'contacts and responses: a filter on an id no row can have (NUL, huge, unknown) lists and counts nothing',
    needsReporting: true,
    async run({ storage }) {
      const { production } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      await seedResponse(storage, production, survey.id, { userId: 'listed' })
      for (const id of IMPOSSIBLE_IDS) {
        assert.equal(
          await storage.contacts.list(production, { limit: 10, userId: id }),
          [],
          `contacts by userId ${JSON.stringify(id.slice(0, 20))}`,
        )
        assert.is(await reportsOf(storage).contacts.count(production, { userId: id }), 0)
        for (const name of ['surveyId', 'contactId', 'userId'] as const) {
          assert.equal(
            await storage.responses.list(production, { limit: 10, [name]: id }),
            [],
            `responses by ${name} ${JSON.stringify(id.slice(0, 20))}`,
          )
          assert.is(await reportsOf(storage).responses.count(production, { [name]: id }), 0)
        }
      }
      assert.is(await reportsOf(storage).contacts.count(production, { userId: 'listed' }), 1)
    },
  },
  {
    name: 'contacts: delete removes the contact and its values; its responses stay with person null',
    needsFixtures: true,
    needsReporting: true,
    async run({ storage, fixtures }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      await fixtures.setContactAttributes(production, 'gone', { plan: 'pro' })
      const responseId = await seedResponse(storage, production, survey.id, { userId: 'gone', data: { q1: 'kept' } })
      const before = await storage.responses.get(responseId)
      const contactId = before?.person?.id
      assert.ok(contactId)
      assert.is(await storage.contacts.delete(development, contactId), false, 'not from another environment')
      assert.is(await storage.contacts.delete(production, contactId), true)
      assert.is(await storage.contacts.delete(production, contactId), false)
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.contacts.delete(production, id), false)
      assert.is(await storage.contacts.get(production, contactId), null)
      const after = await storage.responses.get(responseId)
      assert.ok(after, 'the response stays')
      assert.is(after.person, null)
      assert.equal(after.data, { q1: 'kept' })
      assert.equal(after.personAttributes, before?.personAttributes ?? null)
      const values = await reportsOf(storage).contacts.listAttributes(production, { limit: 100 })
      assert.not.ok(
        values.some((value) => value.contactId === contactId),
        'its attribute values are gone',
      )
    },
  },
  {
    name: "contacts: listAttributes lists the values of the environment's contacts with their keys, paged",
    needsFixtures: true,
    needsReporting: true,
    async run({ storage, fixtures }) {
      const { production, development } = await seedProject(storage)
      await fixtures.setContactAttributes(production, 'a', { email: 'a@example.com', plan: 'pro' })
      await fixtures.setContactAttributes(production, 'b', { plan: 'free' })
      await fixtures.setContactAttributes(development, 'a', { plan: 'other' })
      const all = await reportsOf(storage).contacts.listAttributes(production, { limit: 100 })
      assert.equal(all.map((value) => `${value.key}=${value.value}`).sort(), ['email=a@example.com', 'plan=free', 'plan=pro'])
      const contacts = await storage.contacts.list(production, { limit: 100 })
      assert.ok(all.every((value) => contacts.some((contact) => contact.id === value.contactId)))
      const keys = await storage.contactAttributeKeys.list(production, { limit: 100 })
      assert.ok(all.every((value) => keys.some((key) => key.id === value.attributeKeyId && key.key === value.key)))
      const expected = [...all].sort(byListOrder).map((row) => row.id)
      assert.equal(
        all.map((row) => row.id),
        expected,
      )
      assert.equal(
        await walkPages(2, (after) => reportsOf(storage).contacts.listAttributes(production, after ? { limit: 2, after } : { limit: 2 })),
        expected,
      )
      assert.equal(
        (await reportsOf(storage).contacts.listAttributes(production, { limit: 1, skip: 1 })).map((r) => r.id),
        expected.slice(1, 3),
        'limit + 1 rows from the offset',
      )
      assert.equal(
        (await reportsOf(storage).contacts.listAttributes(development, { limit: 100 })).map((value) => value.value),
        ['other'],
      )
      assert.equal(await reportsOf(storage).contacts.listAttributes('\u0000', { limit: 100 }), [])
    },
  },
]
