import type { NoteGuard, ResponseNoteRecord, ResponseWorkStore } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database, ResponseNotesTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** The response's id, when it is one of the environment's: a note or link is touched only through it. */
export const ownResponse = (db: Kysely<Database>, environmentId: string, responseId: string) =>
  db.selectFrom('responses').select('id').where('id', '=', responseId).where('environment_id', '=', environmentId)

/**
 * The note methods of `storage.responseWork` (`response_notes`): an add counts the response's notes with the
 * response locked, a change or delete is one statement guarded by the note's response, environment and, when
 * asked, author.
 */
export function createResponseNoteWrites(db: Kysely<Database>): Pick<ResponseWorkStore, 'addNote' | 'updateNote' | 'deleteNote'> {
  /** The note's author, when the note is one of that response of the environment; undefined when it is not. */
  async function noteAuthor(environmentId: string, responseId: string, noteId: string): Promise<{ user_id: string | null } | undefined> {
    return db
      .selectFrom('response_notes as n')
      .innerJoin('responses as r', 'r.id', 'n.response_id')
      .select('n.user_id')
      .where('n.id', '=', noteId)
      .where('n.response_id', '=', responseId)
      .where('r.environment_id', '=', environmentId)
      .executeTakeFirst()
  }
  return {
    async addNote(environmentId, note, most) {
      if (!isStorable(environmentId) || !isStorable(note.responseId)) return 'no_response'
      return db.transaction().execute(async (trx) => {
        // The response locked first, so that concurrent adds count one after another and never pass `most`.
        const response = await trx
          .selectFrom('responses')
          .select(['id', 'created_at'])
          .where('id', '=', note.responseId)
          .where('environment_id', '=', environmentId)
          .forNoKeyUpdate()
          .executeTakeFirst()
        if (!response) return 'no_response' as const
        const { count } = await trx
          .selectFrom('response_notes')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('response_id', '=', note.responseId)
          .executeTakeFirstOrThrow()
        if (Number(count) >= most) return 'full' as const
        const row = await trx
          .insertInto('response_notes')
          .values({
            id: note.id,
            response_id: response.id,
            response_created_at: response.created_at,
            user_id: note.authorId,
            user_name: note.authorName,
            text: note.text,
            created_at: note.createdAt,
            updated_at: note.createdAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        return toNoteRecord(row)
      })
    },

    async updateNote(environmentId, responseId, noteId, change, guard) {
      if (!isStorable(environmentId) || !isStorable(responseId) || !isStorable(noteId)) return 'missing'
      const row = await db
        .updateTable('response_notes')
        .set({ text: change.text, is_edited: true, updated_at: change.now })
        .where('id', '=', noteId)
        .where('response_id', 'in', ownResponse(db, environmentId, responseId))
        .$if(guard.authorId !== undefined, (query) => query.where('user_id', '=', guard.authorId!))
        .returningAll()
        .executeTakeFirst()
      return row ? toNoteRecord(row) : refusal(environmentId, responseId, noteId, guard)
    },

    async deleteNote(environmentId, responseId, noteId, guard) {
      if (!isStorable(environmentId) || !isStorable(responseId) || !isStorable(noteId)) return 'missing'
      const row = await db
        .deleteFrom('response_notes')
        .where('id', '=', noteId)
        .where('response_id', 'in', ownResponse(db, environmentId, responseId))
        .$if(guard.authorId !== undefined, (query) => query.where('user_id', '=', guard.authorId!))
        .returningAll()
        .executeTakeFirst()
      return row ? toNoteRecord(row) : refusal(environmentId, responseId, noteId, guard)
    },
  }

  /** Why a guarded note write changed nothing: the note is not there, or another wrote it. */
  async function refusal(environmentId: string, responseId: string, noteId: string, guard: NoteGuard) {
    const found = await noteAuthor(environmentId, responseId, noteId)
    return found && guard.authorId !== undefined && found.user_id !== guard.authorId ? ('not_author' as const) : ('missing' as const)
  }
}

function toNoteRecord(row: Selectable<ResponseNotesTable>): ResponseNoteRecord {
  return {
    id: row.id,
    responseId: row.response_id,
    text: row.text,
    isResolved: row.is_resolved,
    isEdited: row.is_edited,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name },
  }
}
