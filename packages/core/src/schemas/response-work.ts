import * as v from 'valibot'
import { strictObject } from './strict-object'

/** The longest note, in characters (docs/api.md, "Tags, notes and deleting responses"). */
export const MAX_NOTE_TEXT = 5000
/** The most notes one response keeps. */
export const MAX_NOTES_PER_RESPONSE = 100
/** The most responses one `POST /api/v1/management/responses/delete` deletes. */
export const MAX_DELETE_IDS = 100

const id = v.pipe(v.string('Must be an id'), v.minLength(1, 'Must not be empty'), v.maxLength(255, 'Must be at most 255 characters'))

/** Body of `POST …/responses/{id}/notes` and `PATCH …/notes/{noteId}`: the note's text, trimmed, not empty. */
export const responseNoteBody = strictObject({
  text: v.pipe(
    v.string('Must be text'),
    v.trim(),
    v.minLength(1, 'Must not be empty'),
    v.maxLength(MAX_NOTE_TEXT, `Must be at most ${MAX_NOTE_TEXT} characters`),
  ),
})

/** Body of `POST …/responses/{id}/tags`: the tag to put on the response. */
export const responseTagBody = strictObject({ tagId: id })

/** Body of `POST /api/v1/management/responses/delete`: the responses to delete, all or none. */
export const responseDeleteBody = strictObject({
  responseIds: v.pipe(
    v.array(id, 'Must be an array of response ids'),
    v.minLength(1, 'Must hold at least one response id'),
    v.maxLength(MAX_DELETE_IDS, `Must hold at most ${MAX_DELETE_IDS} response ids`),
  ),
})

/** A response note as the API shows it (the reference's `TResponseNote`). */
export const responseNoteAnswer = v.object({
  id: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
  text: v.string(),
  isResolved: v.boolean(),
  isEdited: v.boolean(),
  user: v.nullable(v.object({ id: v.string(), name: v.nullable(v.string()) })),
})

export const responseDeleteAnswer = v.object({ deleted: v.number() })
