/**
 * Who wrote a response's note and who may change it (docs/api.md, "Tags, notes and deleting responses"). A note
 * records its author: the console person, or the API key. An owner's session and a key change any note; an
 * editor's session only the notes it wrote (a viewer's reaches no write route at all).
 */
import type { Caller } from '../../auth/caller'
import { roleAtLeast } from '../console/console-accounts'
import { CanvassError } from '../../errors'
import type { NoteGuard, NoteWrite, ResponseNoteRecord } from '../../ports/storage'

/** The author a new note records for `caller`: its id (kept on the note) and the name shown. */
export function noteAuthor(caller: Caller): { id: string; name: string | null } {
  if (caller.console) {
    const { personId, personName } = caller.console
    return { id: personId ?? `console:${personName ?? ''}`, name: personName }
  }
  return { id: `apiKey:${caller.apiKeyId}`, name: caller.apiKeyLabel }
}

/** The guard a change of a note is written under: only the author's own notes, for an editor's session. */
export function noteGuard(caller: Caller): NoteGuard {
  if (caller.console && !roleAtLeast(caller.console.role, 'owner')) return { authorId: noteAuthor(caller).id }
  return {}
}

/** The note a change wrote, or its refusal: 404 for a note that is not there, 403 for another author's. */
export function writtenNote(outcome: NoteWrite, caller: Caller, noteId: string): ResponseNoteRecord {
  if (outcome === 'missing') {
    throw new CanvassError('not_found', 'Response Note not found', { details: { resource_id: noteId, resource_type: 'Response Note' } })
  }
  if (outcome === 'not_author') {
    const role = caller.console?.role ?? 'editor'
    throw new CanvassError('forbidden', `Your role (${role}) may change only the notes you wrote: another's needs the owner role`, {
      details: { role, needed: 'owner' },
    })
  }
  return outcome
}

/** A note as the API shows it. */
export function noteOutput(note: ResponseNoteRecord) {
  return {
    id: note.id,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    text: note.text,
    isResolved: note.isResolved,
    isEdited: note.isEdited,
    user: note.user,
  }
}
