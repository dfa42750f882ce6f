/**
 * A person's active sessions on the People screen (owners): the browser, the address, when each was last used, and
 * "End" (a confirm that opens on Cancel). A session opens every project of the person's account, so ending one
 * is refused, in words, when the person also works in a project the owner does not own.
 */
import type { AnswerData } from '@canvass/api-client'
import { useEffect, useRef, useState } from 'preact/hooks'
import { useConsole } from '../context'
import { ConfirmDialog, ErrorText, useAction, useLoad, when } from '../ui'

type Session = AnswerData<'/api/v1/console/people/{consolePersonId}/sessions'>[number]

/** "Firefox on Linux" from a `User-Agent`, or its words when no known browser is in it. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser'
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['HeadlessChrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => userAgent.includes(mark as string))?.[1] ?? undefined
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([mark]) => userAgent.includes(mark as string))?.[1] ?? undefined
  if (!browser) return userAgent.slice(0, 60)
  return system ? `${browser} on ${system}` : browser
}

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago". */
export function agoInWords(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  if (seconds < 60) return 'just now'
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ]
  for (const [size, name] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size)
      return `${count} ${name}${count === 1 ? '' : 's'} ago`
    }
  }
  return 'just now'
}

const METHODS: Record<string, string> = { password: 'password', link: 'one-time link' }
const methodInWords = (method: string | null) =>
  method === null ? 'not recorded' : (METHODS[method] ?? (method.startsWith('sso:') ? `single sign-on (${method.slice(4)})` : method))

export function PersonSessions(props: { person: { id: string; email: string }; onClose(): void }) {
  const { api } = useConsole()
  const base = `/api/v1/console/people/${encodeURIComponent(props.person.id)}/sessions`
  const sessions = useLoad((signal) => api.data<Session[]>(base, { signal }), [base])
  const [ending, setEnding] = useState<Session | 'all' | null>(null)
  const [busy, run] = useAction()
  const [refusal, setRefusal] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [props.person.id])
  const end = (target: Session | 'all') =>
    run(
      async () => {
        setRefusal(null)
        try {
          await api.call(target === 'all' ? base : `${base}/${encodeURIComponent(target.id)}`, { method: 'DELETE' })
        } catch (error) {
          setRefusal(error instanceof Error ? error.message : String(error))
          throw error
        } finally {
          sessions.reload()
          heading.current?.focus()
        }
      },
      target === 'all' ? `Every session of ${props.person.email} ended` : 'Session ended',
    )
  const list = sessions.data ?? []
  return (
    <div class="cv-card" role="region" aria-labelledby="person-sessions-title">
      <h2 id="person-sessions-title" tabIndex={-1} ref={heading}>
        Sessions of {props.person.email}
      </h2>
      <p class="cv-muted">
        Where {props.person.email} is signed in now. A session opens every project of their account; ending one signs that browser out.
      </p>
      <ErrorText error={sessions.error ?? refusal} />
      {sessions.loading && !sessions.data && <p>Loading sessions…</p>}
      {sessions.data && list.length === 0 && <p>No active sessions.</p>}
      {list.length > 0 && (
        <table>
          <caption class="cv-muted">Active sessions, most recently used first</caption>
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Address</th>
              <th scope="col">Last active</th>
              <th scope="col">Signed in</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((session) => (
              <tr key={session.id}>
                <td>
                  {browserOf(session.userAgent)}
                  {session.current && <span class="cv-muted"> (this browser)</span>}
                </td>
                <td>{session.address ?? 'Unknown'}</td>
                <td>
                  <time dateTime={session.lastSeenAt} title={when(session.lastSeenAt)}>
                    {agoInWords(session.lastSeenAt)}
                  </time>
                </td>
                <td>
                  {when(session.createdAt)}, by {methodInWords(session.method)}
                </td>
                <td>
                  <button
                    type="button"
                    class="cv-danger"
                    disabled={busy}
                    aria-label={`End session in ${browserOf(session.userAgent)}, last active ${agoInWords(session.lastSeenAt)}`}
                    onClick={() => setEnding(session)}
                  >
                    End
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="cv-row">
        {list.length > 1 && (
          <button type="button" class="cv-danger" disabled={busy} onClick={() => setEnding('all')}>
            End all sessions
          </button>
        )}
        <button type="button" onClick={props.onClose}>
          Close sessions
        </button>
      </div>
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'all' ? `End every session of ${props.person.email}?` : `End this session of ${props.person.email}?`}
        confirm={ending === 'all' ? 'End all sessions' : 'End session'}
        danger
        onCancel={() => {
          setEnding(null)
          heading.current?.focus()
        }}
        onConfirm={() => {
          const target = ending
          setEnding(null)
          if (target) void end(target)
        }}
      >
        <p>
          {ending === 'all' ? 'Every browser where they are signed in' : `${ending ? browserOf(ending.userAgent) : 'That browser'}`} is
          signed out at its next request. They can sign in again.
        </p>
      </ConfirmDialog>
    </div>
  )
}
