/**
 * A response's notes in its detail: read by everyone, added by an editor, changed or deleted by their author
 * or an owner (the server decides; the buttons only follow it: docs/console.md, "Roles").
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { atLeast } from '../boot'
import { useConsole } from '../context'
import type { V1Response } from '../survey-data'
import { ConfirmDialog, useAction, when } from '../ui'

type Note = NonNullable<V1Response['notes']>[number] & { isEdited?: boolean; user?: { id?: string; name?: string | null } | null }

/** As the server bounds a note. */
const MAX_NOTE = 5000

export function ResponseNotes({ response, reload }: { response: V1Response; reload(): void }) {
  const { api, boot } = useConsole()
  const [busy, run] = useAction()
  const [text, setText] = useState('')
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null)
  const [deleting, setDeleting] = useState<Note | null>(null)
  const adder = useRef<HTMLTextAreaElement>(null)
  const notes = (response.notes ?? []) as Note[]
  const canWrite = atLeast(boot.role, 'editor')
  const mayChange = (note: Note) => canWrite && (boot.role === 'owner' || (boot.person !== null && note.user?.id === boot.person.id))
  const path = `/api/v1/management/responses/${encodeURIComponent(response.id)}/notes`
  /** After a change, the focus goes to the note's Edit button once it is drawn again, else to the new note's field. */
  const focusNote = (id: string) => requestAnimationFrame(() => (document.getElementById(`cv-note-edit-${id}`) ?? adder.current)?.focus())

  return (
    <section aria-labelledby="cv-notes-title">
      <h3 id="cv-notes-title">Notes</h3>
      {notes.length === 0 ? (
        <p class="cv-muted">No notes.</p>
      ) : (
        <ul>
          {notes.map((note, index) => (
            <li key={note.id ?? index}>
              {editing && editing.id === note.id ? (
                <EditNote
                  text={editing.text}
                  busy={busy}
                  change={(text) => setEditing({ ...editing, text })}
                  save={() => {
                    const id = editing.id
                    void run(async () => {
                      await api.call(`${path}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { text: editing.text } })
                      setEditing(null)
                      reload()
                      focusNote(id)
                    }, 'Note saved')
                  }}
                  cancel={() => {
                    setEditing(null)
                    focusNote(note.id ?? '')
                  }}
                />
              ) : (
                <NoteView
                  note={note}
                  number={index + 1}
                  mayChange={mayChange(note)}
                  edit={() => setEditing({ id: note.id as string, text: note.text })}
                  remove={() => setDeleting(note)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form
          aria-label="Add a note"
          onSubmit={(event) => {
            event.preventDefault()
            void run(async () => {
              await api.call(path, { method: 'POST', body: { text } })
              setText('')
              reload()
              adder.current?.focus()
            }, 'Note added')
          }}
        >
          <label>
            New note
            <textarea
              ref={adder}
              maxLength={MAX_NOTE}
              value={text}
              onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
            />
          </label>
          <div class="cv-row">
            <button type="submit" disabled={busy || text.trim() === ''}>
              Add note
            </button>
          </div>
        </form>
      )}
      {deleting && (
        <ConfirmDialog
          open
          safeFocus
          danger
          title="Delete this note?"
          confirm="Delete note"
          onCancel={() => {
            const id = deleting.id ?? ''
            setDeleting(null)
            requestAnimationFrame(() => document.getElementById(`cv-note-delete-${id}`)?.focus())
          }}
          onConfirm={() => {
            const id = deleting.id as string
            setDeleting(null)
            void run(async () => {
              await api.call(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' })
              reload()
              adder.current?.focus()
            }, 'Note deleted')
          }}
        >
          <p>{deleting.text}</p>
        </ConfirmDialog>
      )}
    </section>
  )
}

/** A note's text being changed, opened on its field. */
function EditNote(props: { text: string; busy: boolean; change(text: string): void; save(): void; cancel(): void }) {
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => field.current?.focus(), [])
  return (
    <form
      aria-label="Edit the note"
      onSubmit={(event) => {
        event.preventDefault()
        props.save()
      }}
    >
      <label>
        Note
        <textarea
          ref={field}
          maxLength={MAX_NOTE}
          value={props.text}
          onInput={(event) => props.change((event.currentTarget as HTMLTextAreaElement).value)}
        />
      </label>
      <div class="cv-row">
        <button type="submit" class="cv-primary" disabled={props.busy || props.text.trim() === ''}>
          Save note
        </button>
        <button type="button" onClick={props.cancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** A note as read: its text, who wrote it and when, and for whom may change it its Edit and Delete buttons. */
function NoteView(props: { note: Note; number: number; mayChange: boolean; edit(): void; remove(): void }) {
  const { note, number } = props
  return (
    <>
      <p>{note.text}</p>
      <p class="cv-muted">
        {note.user?.name ?? 'Someone'} · {when(note.createdAt)}
        {note.isEdited ? ' · edited' : ''}
      </p>
      {note.id && props.mayChange && (
        <div class="cv-actions">
          <button type="button" id={`cv-note-edit-${note.id}`} aria-label={`Edit note ${number}`} onClick={props.edit}>
            Edit
          </button>
          <button
            type="button"
            id={`cv-note-delete-${note.id}`}
            class="cv-danger"
            aria-label={`Delete note ${number}`}
            onClick={props.remove}
          >
            Delete
          </button>
        </div>
      )}
    </>
  )
}
