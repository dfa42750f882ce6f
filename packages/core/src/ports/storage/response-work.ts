import type { TagRecord } from './tags'

/**
 * Working with responses (docs/api.md, "Tags, notes and deleting responses"): making tags, putting them on a response
 * or taking them off, and a response's notes. An optional group of the storage port: without it those routes
 * answer 501 `not_implemented` naming `storage.responseWork`, and everything else works.
 *
 * Core decides who may do what (a note's author, the bound on notes); the adapter performs one guarded
 * statement or transaction and reports what happened. Every method MUST only read or change rows of
 * `environmentId`: a response, tag or note of another environment is reported as missing, never changed.
 */
export interface ResponseWorkStore {
  /**
   * Inserts the tag (its count 0); `duplicate` when a tag of the environment already has the name (nothing
   * written). Two concurrent creates of one name MUST leave one tag.
   */
  createTag(tag: NewTag): Promise<TagRecord | 'duplicate'>
  /**
   * Puts the tag on the response, once: `added`, or `already` when it carries it (nothing written), or which
   * of the two is not the environment's. Concurrent adds of one tag MUST leave one link.
   */
  addTag(environmentId: string, responseId: string, tagId: string): Promise<TagLinkOutcome>
  /** Takes the tag off the response: `removed`, `absent` when it did not carry it, or which is missing. */
  removeTag(environmentId: string, responseId: string, tagId: string): Promise<TagUnlinkOutcome>
  /**
   * Adds the note to the response while it has fewer than `most` notes, counted with the response locked
   * (so that concurrent adds never pass the bound): the note as stored, `full`, or `no_response`.
   */
  addNote(environmentId: string, note: NewResponseNote, most: number): Promise<ResponseNoteRecord | 'full' | 'no_response'>
  /**
   * Sets the note's text (and `isEdited`, `updatedAt`) in one statement, only while its author is
   * `guard.authorId` when that is given: the note as written, `missing` (no such note of that response of the
   * environment), or `not_author` (nothing written).
   */
  updateNote(environmentId: string, responseId: string, noteId: string, change: NoteChange, guard: NoteGuard): Promise<NoteWrite>
  /** Deletes the note, under the same guard as `updateNote`: the note as it was, `missing` or `not_author`. */
  deleteNote(environmentId: string, responseId: string, noteId: string, guard: NoteGuard): Promise<NoteWrite>
}

export interface NewTag {
  id: string
  environmentId: string
  name: string
  createdAt: Date
}

export type TagLinkOutcome = 'added' | 'already' | 'no_response' | 'no_tag'
export type TagUnlinkOutcome = 'removed' | 'absent' | 'no_response' | 'no_tag'

export interface NewResponseNote {
  id: string
  responseId: string
  text: string
  /** Who wrote it: a console person's id, or `apiKey:<id>` for a key (docs/api.md). */
  authorId: string
  authorName: string | null
  createdAt: Date
}

/** A note as the API shows it (the reference's response note). */
export interface ResponseNoteRecord {
  id: string
  responseId: string
  text: string
  isResolved: boolean
  isEdited: boolean
  createdAt: Date
  updatedAt: Date
  user: { id: string; name: string | null } | null
}

export interface NoteChange {
  text: string
  now: Date
}

/** Who may change a note: anyone (`{}`), or only its author (`{ authorId }`). */
export interface NoteGuard {
  authorId?: string
}

export type NoteWrite = ResponseNoteRecord | 'missing' | 'not_author'
