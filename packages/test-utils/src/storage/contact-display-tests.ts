import { createDisplay } from '@canvass/core'
import type { DisplayRecord, Storage } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { IMPOSSIBLE_IDS, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** Creates a display of the survey for `userId` at `createdAt` and returns its id. */
async function displayAt(storage: Storage, environmentId: string, surveyId: string, userId: string | null, createdAt: Date) {
  const id = freshId()
  const result = await createDisplay(storage, { id, environmentId, surveyId, userId, responseId: null, createdAt, newId: freshId })
  assert.equal(result, { outcome: 'created', id })
  return id
}

/** Every page of `listByContact`, `limit` rows at a time, walked by its keyset position. */
async function allPages(storage: Storage, environmentId: string, contactId: string, limit: number): Promise<DisplayRecord[]> {
  const all: DisplayRecord[] = []
  let after: { createdAt: Date; id: string } | undefined
  for (;;) {
    const page = await storage.displays.listByContact(environmentId, contactId, { limit, ...(after ? { after } : {}) })
    assert.ok(page.length <= limit + 1, 'at most limit + 1 rows')
    const taken = page.slice(0, limit)
    all.push(...taken)
    const last = taken[taken.length - 1]
    if (page.length <= limit || !last) return all
    after = { createdAt: last.createdAt, id: last.id }
  }
}

/** A contact's displays, as its data export reads them (`DisplayStore.listByContact`). */
export const contactDisplayTests: StorageTest[] = [
  {
    name: "displays.listByContact: the contact's displays oldest first, by keyset pages, with the response of each; none of another contact or environment",
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const other = await seedSurvey(storage, production)
      const developmentSurvey = await seedSurvey(storage, development)
      const userId = `export-${freshId()}`
      const base = Date.parse('2026-01-01T00:00:00.000Z')
      const at = (minutes: number) => new Date(base + minutes * 60_000)
      // Created out of order, two at the same instant: the order is (createdAt, id).
      const ids = [
        await displayAt(storage, production, other.id, userId, at(3)),
        await displayAt(storage, production, survey.id, userId, at(1)),
        await displayAt(storage, production, survey.id, userId, at(2)),
        await displayAt(storage, production, other.id, userId, at(2)),
      ]
      await displayAt(storage, production, survey.id, `someone-${freshId()}`, at(1))
      await displayAt(storage, production, survey.id, null, at(1))
      await displayAt(storage, development, developmentSurvey.id, userId, at(1))
      const contact = (await storage.contacts.list(production, { limit: 10, userId }))[0]
      assert.ok(contact)
      const answered = ids[1] as string
      const responseId = await seedResponse(storage, production, survey.id, { displayId: answered, userId })
      const expected = [ids[1], ...[ids[2], ids[3]].sort(), ids[0]]
      for (const limit of [1, 2, 10]) {
        const listed = await allPages(storage, production, contact.id, limit)
        assert.equal(
          listed.map((display) => display.id),
          expected,
          `pages of ${limit}`,
        )
        const first = listed[0] as DisplayRecord
        assert.equal(first, {
          id: answered,
          surveyId: survey.id,
          contactId: contact.id,
          responseId,
          createdAt: at(1),
          updatedAt: at(1),
        })
        assert.ok(listed.slice(1).every((display) => display.responseId === null && display.contactId === contact.id))
      }
      assert.equal(await storage.displays.listByContact(development, contact.id, { limit: 10 }), [])
      for (const id of IMPOSSIBLE_IDS) {
        assert.equal(await storage.displays.listByContact(production, id, { limit: 10 }), [], JSON.stringify(id))
        assert.equal(await storage.displays.listByContact(id, contact.id, { limit: 10 }), [], JSON.stringify(id))
      }
    },
  },
  {
    name: 'displays.responseClaim tells whose a response is and whether a display names it; a create whose responseGuard no longer holds writes nothing, and of concurrent claims one wins',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const ada = `ada-${freshId()}`
      const own = await seedResponse(storage, production, survey.id, { userId: ada })
      const anonymous = await seedResponse(storage, production, survey.id, { userId: null })
      const claim = await storage.displays.responseClaim(production, own)
      assert.ok(claim?.contactId, 'linked to a contact')
      assert.equal(claim, { surveyId: survey.id, contactId: claim.contactId, contactUserId: ada, named: false })
      assert.is(await storage.displays.responseClaim(development, own), null, 'another environment')
      for (const id of IMPOSSIBLE_IDS) assert.is(await storage.displays.responseClaim(production, id), null, JSON.stringify(id))
      assert.equal(await storage.displays.responseClaim(production, anonymous), {
        surveyId: survey.id,
        contactId: null,
        contactUserId: null,
        named: false,
      })

      const create = (userId: string, responseId: string, contactId: string | null) =>
        createDisplay(storage, {
          id: freshId(),
          environmentId: production,
          surveyId: survey.id,
          userId,
          responseId,
          createdAt: new Date(),
          newId: freshId,
          responseGuard: { contactId },
        })
      assert.is((await create(`bob-${freshId()}`, anonymous, null)).outcome, 'created')
      assert.is((await storage.displays.responseClaim(production, anonymous))?.named, true, 'named by the display now')
      assert.equal(await create(`cy-${freshId()}`, anonymous, null), { outcome: 'response_not_claimable' })
      assert.is((await create(ada, own, claim.contactId)).outcome, 'created', 'her own')
      assert.equal(await create(`eve-${freshId()}`, own, claim.contactId), { outcome: 'response_not_claimable' }, 'another userId')
      assert.equal(await create(ada, anonymous, claim.contactId), { outcome: 'response_not_claimable' }, 'not hers')

      const contested = await seedResponse(storage, production, survey.id, { userId: null })
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => create(`claimer-${i}-${freshId()}`, contested, null)))
      assert.is(outcomes.filter((result) => result.outcome === 'created').length, 1, JSON.stringify(outcomes))
    },
  },
]
