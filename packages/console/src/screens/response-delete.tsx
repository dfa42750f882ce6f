/**
 * Deleting responses: the one a detail shows, and the rows picked in the table (docs/console.md, "Responses").
 * Each asks first in a dialog that opens on Cancel; the server checks the role and deletes all or none.
 */
import { useRef, useState } from 'preact/hooks'
import { useConsole } from '../context'
import { hashOf } from '../route'
import { ConfirmDialog, useAction } from '../ui'

/** "Delete this response", asked first; then back to the list (whose heading takes the focus). */
export function DeleteResponse({ surveyId, responseId }: { surveyId: string; responseId: string }) {
  const { api, navigate } = useConsole()
  const [busy, run] = useAction()
  const [asking, setAsking] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <section aria-labelledby="cv-delete-response">
      <h3 id="cv-delete-response">Delete</h3>
      <button type="button" ref={trigger} class="cv-danger" disabled={busy} onClick={() => setAsking(true)}>
        Delete this response
      </button>
      {asking && (
        <ConfirmDialog
          open
          safeFocus
          danger
          title="Delete this response?"
          confirm="Delete response"
          onCancel={() => {
            setAsking(false)
            // Once the dialog is gone: while it is open, the page behind it takes no focus.
            requestAnimationFrame(() => trigger.current?.focus())
          }}
          onConfirm={() => {
            setAsking(false)
            void run(async () => {
              await api.call(`/api/v1/management/responses/${encodeURIComponent(responseId)}`, { method: 'DELETE' })
              navigate(hashOf(['surveys', surveyId, 'responses']))
            }, 'Response deleted')
          }}
        >
          <p>Its answers, notes, tags and uploaded files are deleted for good.</p>
        </ConfirmDialog>
      )}
    </section>
  )
}

/** The rows picked in the responses table, kept by id across reloads of the same page. */
export function useSelection(): { picked: Set<string>; toggle(id: string, on: boolean): void; set(ids: string[]): void } {
  const [picked, setPicked] = useState<Set<string>>(new Set())
  return {
    picked,
    toggle(id, on) {
      const next = new Set(picked)
      if (on) next.add(id)
      else next.delete(id)
      setPicked(next)
    },
    set: (ids) => setPicked(new Set(ids)),
  }
}

/**
 * "Delete selected", asked first: one call deletes them all or none (a response someone else deleted meanwhile
 * is named, and nothing goes). `done` reloads the table; the focus goes to its count.
 */
export function DeleteSelected({ ids, done }: { ids: string[]; done(): void }) {
  const { api } = useConsole()
  const [busy, run] = useAction()
  const [asking, setAsking] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const count = ids.length
  const words = count === 1 ? '1 response' : `${count} responses`
  return (
    <div class="cv-actions" role="group" aria-label="Selected responses">
      <button type="button" ref={trigger} class="cv-danger" disabled={busy || count === 0} onClick={() => setAsking(true)}>
        Delete selected ({count})
      </button>
      {asking && (
        <ConfirmDialog
          open
          safeFocus
          danger
          title={`Delete ${words}?`}
          confirm={`Delete ${words}`}
          onCancel={() => {
            setAsking(false)
            // Once the dialog is gone: while it is open, the page behind it takes no focus.
            requestAnimationFrame(() => trigger.current?.focus())
          }}
          onConfirm={() => {
            setAsking(false)
            void run(async () => {
              await api.call('/api/v1/management/responses/delete', { method: 'POST', body: { responseIds: ids } })
              done()
            }, `${words} deleted`)
          }}
        >
          <p>Their answers, notes, tags and uploaded files are deleted for good.</p>
        </ConfirmDialog>
      )}
    </div>
  )
}

/** The table's first header cell: picks or unpicks every response of the page. */
export function SelectAllCell({ ids, selection }: { ids: string[]; selection: ReturnType<typeof useSelection> }) {
  const all = ids.length > 0 && ids.every((id) => selection.picked.has(id))
  return (
    <th scope="col">
      <input
        type="checkbox"
        aria-label="Select every response on this page"
        checked={all}
        onChange={(event) => selection.set((event.currentTarget as HTMLInputElement).checked ? ids : [])}
      />
    </th>
  )
}

/** A row's first cell: picks the response; `label` says which one (its date). */
export function SelectCell({ id, label, selection }: { id: string; label: string; selection: ReturnType<typeof useSelection> }) {
  return (
    <td>
      <input
        type="checkbox"
        aria-label={`Select the response of ${label}`}
        checked={selection.picked.has(id)}
        onChange={(event) => selection.toggle(id, (event.currentTarget as HTMLInputElement).checked)}
      />
    </td>
  )
}
