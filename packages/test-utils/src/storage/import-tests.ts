import { IMPORT_RESOURCES } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { IMPOSSIBLE_IDS, groupOf, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** `storage.imports`: what `canvass import` records, and the rows it writes with the source's ids. */
export const importTests: StorageTest[] = [
  {
    name: 'imports: existing tells ids of this environment from ids of another; mappings are scoped and the first recorded wins',
    needs: 'imports',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const here = await seedSurvey(storage, production)
      const there = await seedSurvey(storage, development)
      const { here: found, elsewhere } = await groupOf(storage, 'imports').existing(production, 'surveys', [
        here.id,
        there.id,
        'nothing',
        ...IMPOSSIBLE_IDS,
      ])
      assert.equal([...found], [here.id])
      assert.equal([...elsewhere], [there.id])
      for (const kind of [...IMPORT_RESOURCES, 'displays'] as const) {
        const none = await groupOf(storage, 'imports').existing(production, kind, ['nothing'])
        assert.equal([none.here.size, none.elsewhere.size], [0, 0], kind)
      }
      const responseId = await seedResponse(storage, production, here.id)
      assert.equal([...(await groupOf(storage, 'imports').existing(production, 'responses', [responseId])).here], [responseId])
      const source = `https://source.example/${freshId()}`
      const first = await groupOf(storage, 'imports').recordMappings(production, source, 'surveys', [
        { sourceId: 's1', targetId: 't1' },
        { sourceId: 's2', targetId: 's2' },
      ])
      assert.equal(Object.fromEntries(first), { s1: 't1', s2: 's2' })
      // A second record of s1 (a concurrent import) answers the id recorded first.
      const second = await groupOf(storage, 'imports').recordMappings(production, source, 'surveys', [
        { sourceId: 's1', targetId: 'other' },
        { sourceId: 's3', targetId: 't3' },
      ])
      assert.equal(Object.fromEntries(second), { s1: 't1', s3: 't3' })
      assert.equal(
        Object.fromEntries(
          await groupOf(storage, 'imports').mappings(production, source, 'surveys', ['s1', 's2', 's3', 's4', ...IMPOSSIBLE_IDS]),
        ),
        { s1: 't1', s2: 's2', s3: 't3' },
      )
      assert.equal(
        (await groupOf(storage, 'imports').mappings(development, source, 'surveys', ['s1'])).size,
        0,
        'another environment sees none',
      )
      assert.equal(
        (await groupOf(storage, 'imports').mappings(production, `${source}/other`, 'surveys', ['s1'])).size,
        0,
        'another source sees none',
      )
      assert.equal(
        (await groupOf(storage, 'imports').mappings(production, source, 'responses', ['s1'])).size,
        0,
        'another resource sees none',
      )
    },
  },
  {
    name: "imports: contacts keep their ids, times and values of this environment's keys; an id there already is left as it is",
    needs: 'imports',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const at = new Date('2024-02-03T04:05:06.789Z')
      const later = new Date('2024-02-04T00:00:00.000Z')
      const keys = await storage.contactAttributeKeys.list(production, { limit: 100 })
      const email = keys.find((key) => key.key === 'email')!
      const otherKey = (await storage.contactAttributeKeys.list(development, { limit: 100 }))[0]!
      const id = freshId()
      const inserted = await groupOf(storage, 'imports').insertContacts(production, [
        {
          id,
          userId: 'imported-1',
          createdAt: at,
          updatedAt: later,
          attributes: { [email.id]: 'a@example.com', [otherKey.id]: 'ignored' },
        },
      ])
      assert.equal(inserted, [id])
      const contact = await storage.contacts.get(production, id)
      assert.equal(contact, {
        id,
        userId: 'imported-1',
        environmentId: production,
        attributes: { email: 'a@example.com' },
        createdAt: at,
        updatedAt: later,
      })
      assert.equal(
        await groupOf(storage, 'imports').insertContacts(production, [
          { id, userId: 'changed', createdAt: later, updatedAt: later, attributes: {} },
        ]),
        [],
      )
      assert.equal(await storage.contacts.get(production, id), contact, 'left as it was')
      assert.equal(await groupOf(storage, 'imports').insertContacts(production, []), [])
    },
  },
  {
    name: "imports: displays of this environment's surveys keep their ids; notes and tags join this environment's responses once",
    needs: 'imports',
    async run({ storage }) {
      const { production, development } = await seedProject(storage)
      const survey = await seedSurvey(storage, production)
      const foreign = await seedSurvey(storage, development)
      const displayId = freshId()
      const foreignDisplay = freshId()
      const at = new Date('2024-01-01T00:00:00.000Z')
      await groupOf(storage, 'imports').insertDisplays(production, [
        { id: displayId, surveyId: survey.id, contactId: null, createdAt: at },
        { id: foreignDisplay, surveyId: foreign.id, contactId: null, createdAt: at },
      ])
      await groupOf(storage, 'imports').insertDisplays(production, [{ id: displayId, surveyId: survey.id, contactId: null, createdAt: at }])
      assert.equal(await storage.displays.responseOf(production, displayId), { responseId: null })
      assert.is(await storage.displays.responseOf(development, foreignDisplay), null, 'a survey of another environment gets no display')
      const responseId = await seedResponse(storage, production, survey.id, { displayId })
      const otherResponse = await seedResponse(storage, development, foreign.id)
      const note = {
        id: freshId(),
        text: 'Called back',
        userId: 'fb-user-1',
        userName: 'Ana',
        isResolved: true,
        isEdited: false,
        createdAt: at,
        updatedAt: at,
      }
      const extras = [
        { responseId, notes: [note], tags: ['vip', 'vip', 'churn risk'] },
        { responseId: otherResponse, notes: [], tags: ['not here'] },
      ]
      await groupOf(storage, 'imports').insertNotesAndTags(production, extras)
      await groupOf(storage, 'imports').insertNotesAndTags(production, extras)
      const stored = await storage.responses.get(responseId)
      assert.equal(stored?.notes, [
        {
          id: note.id,
          createdAt: at.toISOString(),
          updatedAt: at.toISOString(),
          text: 'Called back',
          isResolved: true,
          isEdited: false,
          user: { id: 'fb-user-1', name: 'Ana' },
        },
      ])
      assert.equal((stored?.tags as Array<{ name: string }>).map((tag) => tag.name).sort(), ['churn risk', 'vip'])
      assert.equal((await storage.responses.get(otherResponse))?.tags, [], 'a response of another environment is left alone')
    },
  },
]
