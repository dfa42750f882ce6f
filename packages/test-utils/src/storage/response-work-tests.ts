import type { NewResponseNote, ResponseWorkStore, Storage, TagRecord } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { groupOf, seedProject, seedResponse, seedSurvey } from './seed'
import type { StorageTest } from './storage-test'

/** A project with a response in production, and the storage's `responseWork`. */
async function seeded(storage: Storage) {
  const project = await seedProject(storage)
  const survey = await seedSurvey(storage, project.production)
  const responseId = await seedResponse(storage, project.production, survey.id)
  return { ...project, surveyId: survey.id, responseId, work: groupOf(storage, 'responseWork') }
}

const newTag = (environmentId: string, name: string) => ({ id: freshId(), environmentId, name, createdAt: new Date() })

const note = (responseId: string, text: string, authorId = 'person-1'): NewResponseNote => ({
  id: freshId(),
  responseId,
  text,
  authorId,
  authorName: 'Ada',
  createdAt: new Date(),
})

/** The tag ids the response carries, as a read of the response shows them. */
async function tagIdsOf(storage: Storage, responseId: string): Promise<string[]> {
  const response = await storage.responses.get(responseId)
  return (response?.tags ?? []).map((tag) => String((tag as { id: unknown }).id)).sort()
}

async function tagOf(work: ResponseWorkStore, environmentId: string, name: string): Promise<string> {
  const tag = await work.createTag(newTag(environmentId, name))
  assert.ok(tag !== 'duplicate', `tag ${name} created`)
  return tag.id
}

export const responseWorkTests: StorageTest[] = [
  {
    name: 'responseWork: a tag name is unique in its environment, also for concurrent creates; another environment may have it',
    needs: 'responseWork',
    async run({ storage }) {
      const { production, development, work } = await seeded(storage)
      const outcomes = await Promise.all(Array.from({ length: 4 }, () => work.createTag(newTag(production, 'vip'))))
      assert.is(outcomes.filter((outcome) => outcome !== 'duplicate').length, 1, 'one of four concurrent creates')
      const made = outcomes.find((outcome): outcome is TagRecord => outcome !== 'duplicate')
      assert.ok(made)
      assert.equal([made.name, made.environmentId, made.count], ['vip', production, 0])
      assert.equal(await storage.tags.get(production, made.id), made, 'read back as made')
      assert.ok((await work.createTag(newTag(development, 'vip'))) !== 'duplicate', 'the other environment has its own')
    },
  },
  {
    name: 'responseWork: a tag goes on a response once, concurrent adds included, and comes off; other environments are missing',
    needs: 'responseWork',
    async run({ storage }) {
      const { production, development, responseId, work } = await seeded(storage)
      const tagId = await tagOf(work, production, 'churn')
      const foreign = await tagOf(work, development, 'churn')
      const adds = await Promise.all(Array.from({ length: 4 }, () => work.addTag(production, responseId, tagId)))
      assert.equal(adds.sort(), ['added', 'already', 'already', 'already'])
      assert.equal(await tagIdsOf(storage, responseId), [tagId])
      assert.is((await storage.tags.get(production, tagId))?.count, 1)
      assert.is(await work.addTag(production, responseId, foreign), 'no_tag', "another environment's tag")
      assert.is(await work.addTag(development, responseId, foreign), 'no_response', "another environment's response")
      assert.is(await work.addTag(production, 'no-such-response', tagId), 'no_response')
      assert.is(await work.removeTag(development, responseId, tagId), 'no_response')
      assert.equal(await tagIdsOf(storage, responseId), [tagId], 'untouched by the refusals')
      assert.is(await work.removeTag(production, responseId, tagId), 'removed')
      assert.is(await work.removeTag(production, responseId, tagId), 'absent')
      assert.is(await work.removeTag(production, responseId, 'no-such-tag'), 'no_tag')
      assert.equal(await tagIdsOf(storage, responseId), [])
    },
  },
  {
    name: 'responseWork: notes are added up to the bound (concurrently too), read with the response, and kept to their environment',
    needs: 'responseWork',
    async run({ storage }) {
      const { production, development, responseId, work } = await seeded(storage)
      const first = await work.addNote(production, note(responseId, 'Called back'), 3)
      assert.ok(typeof first === 'object')
      assert.equal(
        [first.text, first.user, first.isEdited, first.isResolved],
        ['Called back', { id: 'person-1', name: 'Ada' }, false, false],
      )
      const more = await Promise.all(Array.from({ length: 4 }, (_, i) => work.addNote(production, note(responseId, `n${i}`), 3)))
      assert.is(more.filter((outcome) => outcome === 'full').length, 2, 'two of four concurrent adds past the bound of 3')
      const read = await storage.responses.get(responseId)
      assert.is(read?.notes.length, 3, 'the response reads its notes')
      assert.is(await work.addNote(development, note(responseId, 'elsewhere'), 3), 'no_response')
      assert.is(await work.addNote(production, note('no-such-response', 'x'), 3), 'no_response')
    },
  },
  {
    name: "responseWork: a note's change and delete keep to its author when guarded, and to its response and environment",
    needs: 'responseWork',
    async run({ storage }) {
      const { production, development, responseId, surveyId, work } = await seeded(storage)
      const added = await work.addNote(production, note(responseId, 'draft', 'author-a'), 10)
      assert.ok(typeof added === 'object')
      const now = new Date(added.createdAt.getTime() + 1000)
      assert.is(await work.updateNote(production, responseId, added.id, { text: 'x', now }, { authorId: 'author-b' }), 'not_author')
      assert.is(await work.updateNote(development, responseId, added.id, { text: 'x', now }, {}), 'missing')
      const other = await seedResponse(storage, production, surveyId)
      assert.is(await work.updateNote(production, other, added.id, { text: 'x', now }, {}), 'missing', 'another response')
      const edited = await work.updateNote(production, responseId, added.id, { text: 'final', now }, { authorId: 'author-a' })
      assert.ok(typeof edited === 'object')
      assert.equal([edited.text, edited.isEdited, edited.updatedAt, edited.createdAt], ['final', true, now, added.createdAt])
      // Concurrent edits: each is one statement, so the note ends as one of them, whole.
      const texts = Array.from({ length: 5 }, (_, i) => `edit ${i} `.repeat(50))
      await Promise.all(texts.map((text) => work.updateNote(production, responseId, added.id, { text, now }, {})))
      const notes = (await storage.responses.get(responseId))?.notes as Array<{ text: string }>
      assert.is(notes.length, 1)
      assert.ok(texts.includes(notes[0]!.text), 'one whole edit')
      assert.is(await work.deleteNote(production, responseId, added.id, { authorId: 'author-b' }), 'not_author')
      const gone = await work.deleteNote(production, responseId, added.id, {})
      assert.ok(typeof gone === 'object' && gone.id === added.id)
      assert.is(await work.deleteNote(production, responseId, added.id, {}), 'missing')
    },
  },
]
