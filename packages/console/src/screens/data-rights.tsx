/**
 * Data rights (owners): find a contact by its user id (or its contact id), see it, save everything stored about
 * it as a JSON file (the export route), or erase it with its responses and every copy Canvass holds.
 */
import type { AnswerData } from '@canvass/api-client'
import { useState } from 'preact/hooks'
import type { Api } from '../api'
import { ApiError, errorWords } from '../api'
import { useConsole } from '../context'
import { ConfirmDialog, ErrorText, useAction, useLoad, when } from '../ui'

type Contact = AnswerData<'/api/v1/management/contacts/{contactId}'>

const PAGE = 20

const contactName = (contact: Contact) => contact.userId ?? contact.id

/** The contacts a search names: by user id, and by contact id when nothing has that user id. */
async function findContacts(api: Api, text: string, skip: number, signal: AbortSignal): Promise<Contact[]> {
  const query = { limit: PAGE, skip, sortBy: 'createdAt', order: 'desc', userId: text || undefined }
  const found = await api.data<AnswerData<'/api/v1/management/contacts'>>('/api/v1/management/contacts', { query, signal })
  if (found.length > 0 || !text || skip > 0) return found
  try {
    return [await api.data<Contact>(`/api/v1/management/contacts/${encodeURIComponent(text)}`, { signal })]
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return []
    throw error
  }
}

/** Fetches the export and hands it to the browser as a file (`contact-<id>.json`). */
async function saveExport(api: Api, contact: Contact): Promise<void> {
  let answer: Response
  try {
    answer = await fetch(api.url(`/api/v1/management/contacts/${encodeURIComponent(contact.id)}/export`), {
      headers: api.headers(),
      credentials: 'same-origin',
    })
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.')
  }
  if (!answer.ok) {
    const json = await answer.json().catch(() => undefined)
    throw new ApiError(answer.status, errorWords(answer.status, json), json)
  }
  const blob = new Blob([await answer.blob()], { type: 'application/json' })
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = `contact-${contact.id}.json`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}

export function DataRightsScreen() {
  const { api, environmentId } = useConsole()
  const [draft, setDraft] = useState('')
  const [search, setSearch] = useState('')
  const [skip, setSkip] = useState(0)
  const contacts = useLoad((signal) => findContacts(api, search, skip, signal), [environmentId, search, skip])
  const [chosen, setChosen] = useState<Contact | null>(null)
  const [erasing, setErasing] = useState<Contact | null>(null)
  const [erased, setErased] = useState<string | null>(null)
  const [busy, run] = useAction()
  return (
    <section aria-labelledby="data-rights-title">
      <h1 id="data-rights-title">Data rights</h1>
      <p class="cv-muted">
        When a person asks for their data or for its erasure: find their contact, save everything Canvass holds about it, or erase it.
      </p>
      <form
        role="search"
        class="cv-row"
        onSubmit={(event) => {
          event.preventDefault()
          setSearch(draft.trim())
          setSkip(0)
          setChosen(null)
        }}
      >
        <label>
          User id or contact id
          <input type="search" value={draft} maxLength={255} onInput={(event) => setDraft(event.currentTarget.value)} />
        </label>
        <button type="submit" class="cv-primary">
          Find contact
        </button>
      </form>
      {erased && <p role="status">{erased}</p>}
      <ErrorText error={contacts.error} />
      {contacts.loading && !contacts.data && <p>Looking for contacts…</p>}
      {contacts.data?.length === 0 &&
        (search ? <p>No contact has the user id or contact id “{search}”.</p> : <p>No contacts yet in this environment.</p>)}
      {!!contacts.data?.length && <ContactsTable contacts={contacts.data} search={search} onShow={setChosen} />}
      {!search && (
        <div class="cv-row">
          <button type="button" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - PAGE))}>
            Newer contacts
          </button>
          <button type="button" disabled={(contacts.data?.length ?? 0) < PAGE} onClick={() => setSkip(skip + PAGE)}>
            Older contacts
          </button>
        </div>
      )}
      {chosen && (
        <ContactCard
          contact={chosen}
          busy={busy}
          onExport={() => run(() => saveExport(api, chosen), 'Export saved')}
          onErase={() => setErasing(chosen)}
        />
      )}
      <ConfirmDialog
        open={erasing !== null}
        title={`Erase the contact ${erasing ? contactName(erasing) : ''}?`}
        confirm="Erase contact"
        danger
        onCancel={() => setErasing(null)}
        onConfirm={() => {
          const contact = erasing
          setErasing(null)
          if (!contact) return
          void run(async () => {
            const report = await api.data<Extract<AnswerData<'/api/v1/management/contacts/{contactId}', 'delete'>, { erased: true }>>(
              `/api/v1/management/contacts/${encodeURIComponent(contact.id)}`,
              {
                method: 'DELETE',
                query: { erase: 'true' },
              },
            )
            setErased(
              `Erased ${contactName(contact)}: ${report.responses ?? 0} responses, ${report.displays ?? 0} displays, ${report.files ?? 0} files, ${report.webhookDeliveries ?? 0} webhook deliveries.`,
            )
            setChosen(null)
            contacts.reload()
          }, 'Contact erased')
        }}
      >
        <p>
          This removes the contact and its attributes, every response it gave (with their notes, tags only it has and uploaded files), its
          displays and the webhook deliveries of those responses. It cannot be undone. Export the data first if the person asked for it.
        </p>
      </ConfirmDialog>
    </section>
  )
}

function ContactsTable({ contacts, search, onShow }: { contacts: Contact[]; search: string; onShow(contact: Contact): void }) {
  return (
    <table>
      <caption class="cv-muted">{search ? `Contacts matching “${search}”` : 'Contacts, newest first'}</caption>
      <thead>
        <tr>
          <th scope="col">User id</th>
          <th scope="col">Contact id</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => (
          <tr key={contact.id}>
            <td>{contact.userId ?? <span class="cv-muted">(none)</span>}</td>
            <td class="cv-wrap">{contact.id}</td>
            <td>{when(contact.createdAt)}</td>
            <td>
              <button type="button" onClick={() => onShow(contact)} aria-label={`Show ${contactName(contact)}`}>
                Show
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One contact with all it holds, and the two things a person may ask for: its data, or its erasure. */
function ContactCard(props: { contact: Contact; busy: boolean; onExport(): void; onErase(): void }) {
  const { contact, busy, onExport, onErase } = props
  return (
    <section class="cv-card" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact {contactName(contact)}</h2>
      <dl class="cv-facts">
        <dt>Contact id</dt>
        <dd>{contact.id}</dd>
        <dt>User id</dt>
        <dd>{contact.userId ?? '(none)'}</dd>
        <dt>Created</dt>
        <dd>{when(contact.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{when(contact.updatedAt)}</dd>
        {Object.entries(contact.attributes ?? {}).map(([key, value]) => [
          <dt key={`k-${key}`}>{key}</dt>,
          <dd key={`v-${key}`}>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>,
        ])}
      </dl>
      <div class="cv-row">
        <button type="button" class="cv-primary" disabled={busy} onClick={onExport}>
          Export data
        </button>
        <button type="button" class="cv-danger" onClick={onErase}>
          Erase contact
        </button>
      </div>
    </section>
  )
}
