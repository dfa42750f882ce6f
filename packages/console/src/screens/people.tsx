/**
 * People (owners, Canvass's own accounts only): who may enter this project's console and with what role; invite
 * a person (a one-time sign-in link to hand them, unless they have an account already), change a role, remove a
 * person from the project, make a new sign-in link.
 */
import type { AnswerData } from '@canvass/api-client'
import { useEffect, useState } from 'preact/hooks'
import type { Role } from '../boot'
import { useConsole } from '../context'
import { ConfirmDialog, CopyButton, ErrorText, useAction, useLoad, when } from '../ui'
import { PersonSessions } from './person-sessions'

type Person = AnswerData<'/api/v1/console/people'>[number]

const ROLES: Array<{ id: Role; label: string }> = [
  { id: 'viewer', label: 'Viewer (results only)' },
  { id: 'editor', label: 'Editor (surveys and results)' },
  { id: 'owner', label: 'Owner (everything)' },
]

export function PeopleScreen() {
  const { api, boot } = useConsole()
  const people = useLoad((signal) => api.data<Person[]>('/api/v1/console/people', { signal }), [])
  const [link, setLink] = useState<{ email: string; url: string; expiresAt: string } | null>(null)
  const [removing, setRemoving] = useState<Person | null>(null)
  const [sessionsOf, setSessionsOf] = useState<Person | null>(null)
  const [busy, run] = useAction()
  const showLink = (person: { email: string }, answer: { path: string; expiresAt: string }) =>
    setLink({ email: person.email, url: `${location.origin}${answer.path}`, expiresAt: answer.expiresAt })
  const base = '/api/v1/console/people'
  const saveRole = (person: Person, next: Role) =>
    run(async () => {
      try {
        await api.data(`${base}/${encodeURIComponent(person.id)}`, { method: 'PATCH', body: { role: next } })
      } finally {
        people.reload()
      }
    }, `${person.email} is now ${next}`)
  type LinkAnswer = AnswerData<'/api/v1/console/people/{consolePersonId}/link', 'post'>
  const newLink = (person: Person) =>
    run(async () => {
      showLink(person, await api.data<LinkAnswer>(`${base}/${encodeURIComponent(person.id)}/link`, { method: 'POST' }))
    }, 'Sign-in link made')
  return (
    <section aria-labelledby="people-title">
      <h1 id="people-title">People</h1>
      <p class="cv-muted">The people who may sign in to this project's console, and what each may do.</p>
      <InviteForm
        busy={busy}
        run={run}
        onAdded={(added) => {
          if (added.link) showLink(added, added.link)
          else setLink(null)
          people.reload()
        }}
      />
      {link && <SignInLinkCard link={link} onDone={() => setLink(null)} />}
      <h2>People of {boot.project.name}</h2>
      <ErrorText error={people.error} />
      {people.loading && !people.data && <p>Loading people…</p>}
      {people.data?.length === 0 && <p>No people yet. Invite one above.</p>}
      {!!people.data?.length && (
        <PeopleTable
          people={people.data}
          you={boot.person?.id}
          busy={busy}
          onSaveRole={saveRole}
          onNewLink={newLink}
          onRemove={setRemoving}
          onSessions={setSessionsOf}
        />
      )}
      {sessionsOf && <PersonSessions person={sessionsOf} onClose={() => setSessionsOf(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}?`}
        confirm="Remove from project"
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const person = removing
          setRemoving(null)
          if (!person) return
          void run(async () => {
            await api.call(`${base}/${encodeURIComponent(person.id)}`, { method: 'DELETE' })
            people.reload()
          }, `${person.email} removed`)
        }}
      >
        <p>
          {removing?.email} can no longer open this project's console. If it was their only project, their account goes too, and with it
          their sessions and sign-in links.
        </p>
      </ConfirmDialog>
    </section>
  )
}

type Added = AnswerData<'/api/v1/console/people', 'post'>

/** "Invite a person": an email and a role (and, with mail, the invitation's language). */
function InviteForm({ busy, run, onAdded }: { busy: boolean; run: ReturnType<typeof useAction>[1]; onAdded(added: Added): void }) {
  const { api, boot, notify } = useConsole()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('viewer')
  const [language, setLanguage] = useState<'en' | 'de'>('en')
  return (
    <form
      class="cv-card"
      aria-labelledby="person-form-title"
      onSubmit={(event) => {
        event.preventDefault()
        const address = email.trim()
        void run(async () => {
          const added = await api.data<Added>('/api/v1/console/people', {
            method: 'POST',
            body: boot.mail ? { email: address, role, language } : { email: address, role },
          })
          setEmail('')
          onAdded(added)
          notify(
            added.mailed
              ? `Invitation mailed to ${added.email}`
              : added.link
                ? `${added.email} invited`
                : `${added.email} has an account already: they sign in with it and now find this project there too`,
          )
        })
      }}
    >
      <h2 id="person-form-title">Invite a person</h2>
      <div class="cv-row">
        <label>
          Email
          <input type="email" required maxLength={320} value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
        </label>
        <label>
          Role
          <select value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
            {ROLES.map((item) => (
              <option key={item.id} value={item.id}>
                {item.label}
              </option>
            ))}
          </select>
        </label>
        {boot.mail && (
          <label>
            Mail in
            <select value={language} onChange={(event) => setLanguage(event.currentTarget.value as 'en' | 'de')}>
              <option value="en">English</option>
              <option value="de">Deutsch</option>
            </select>
          </label>
        )}
        <button type="submit" class="cv-primary" disabled={busy}>
          {boot.mail ? 'Send invitation' : 'Invite'}
        </button>
      </div>
    </form>
  )
}

/** A sign-in link, shown this once: it signs its person in a single time. */
function SignInLinkCard({ link, onDone }: { link: { email: string; url: string; expiresAt: string }; onDone(): void }) {
  return (
    <div class="cv-card" role="region" aria-label="Sign-in link">
      <h2>Sign-in link for {link.email}</h2>
      <p>
        Send this link to {link.email}. It signs them in once, until {when(link.expiresAt)}, and is shown only now.
      </p>
      <p class="cv-code" data-testid="sign-in-link">
        {link.url}
      </p>
      <div class="cv-row">
        <CopyButton text={link.url} label="Copy link" />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  )
}

function PeopleTable(props: {
  people: Person[]
  /** The signed-in person's id, marked "(you)" in the list. */
  you: string | undefined
  busy: boolean
  onSaveRole(person: Person, role: Role): Promise<boolean>
  onNewLink(person: Person): Promise<boolean>
  onRemove(person: Person): void
  onSessions(person: Person): void
}) {
  const { busy } = props
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Password</th>
          <th scope="col">Added</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {props.people.map((person) => (
          <tr key={person.id}>
            <td>
              {person.email}
              {person.id === props.you && <span class="cv-muted"> (you)</span>}
            </td>
            <td>
              <RoleCell person={person} busy={busy} onSave={(next) => props.onSaveRole(person, next)} />
            </td>
            <td>{person.hasPassword ? 'Set' : 'None (signs in by link)'}</td>
            <td>{when(person.createdAt)}</td>
            <td>
              <div class="cv-actions">
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`New sign-in link for ${person.email}`}
                  onClick={() => props.onNewLink(person)}
                >
                  New sign-in link
                </button>
                <button type="button" onClick={() => props.onSessions(person)} aria-label={`Sessions of ${person.email}`}>
                  Sessions
                </button>
                <button type="button" class="cv-danger" onClick={() => props.onRemove(person)} aria-label={`Remove ${person.email}`}>
                  Remove
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * A person's role: picked, then saved with its own button, so that moving through the options with the arrow
 * keys (which changes a closed select at once) never saves a role on the way.
 */
function RoleCell({ person, busy, onSave }: { person: Person; busy: boolean; onSave(role: Role): Promise<boolean> }) {
  const [role, setRole] = useState<Role>(person.role)
  useEffect(() => setRole(person.role), [person.role])
  return (
    <div class="cv-actions">
      <select aria-label={`Role of ${person.email}`} value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
        {ROLES.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={busy || role === person.role}
        onClick={() => onSave(role)}
        aria-label={`Save role of ${person.email}`}
      >
        Save role
      </button>
    </div>
  )
}
