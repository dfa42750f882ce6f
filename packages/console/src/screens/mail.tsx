/**
 * The mail log (owners): the mails Canvass sent or means to send about this project, newest first, in plain
 * words: to whom, what, and what became of each. Never their contents (docs/mail.md, "The delivery log").
 */
import type { AnswerData } from '@canvass/api-client'
import { useState } from 'preact/hooks'
import { useConsole } from '../context'
import { readPage } from '../paging'
import { ErrorText, useLoad, when } from '../ui'

type Mail = AnswerData<'/api/v1/console/mail'>[number]

const PAGE = 50

const KINDS: Record<Mail['kind'], string> = {
  invitation: 'Invitation',
  'sign-in-link': 'Sign-in link',
  'password-reset': 'Password reset',
  'role-changed': 'Role changed',
}

const LANGUAGES: Record<Mail['language'], string> = { en: 'English', de: 'German' }

/** What became of a mail, as a person would say it. */
function statusWords(mail: Mail): string {
  switch (mail.status) {
    case 'sent':
      return `Sent ${when(mail.sentAt)}`
    case 'failed':
      return 'Not delivered: the mail server refused it, or did not take it within a day'
    case 'limited':
      return 'Not sent: this address had five mails in the hour already'
    default:
      return mail.attempts === 0
        ? 'Waiting to be sent'
        : `Not sent yet: tried ${mail.attempts} ${mail.attempts === 1 ? 'time' : 'times'}, trying again`
  }
}

export function MailScreen() {
  const { api, environmentId } = useConsole()
  const [cursors, setCursors] = useState<string[]>([])
  const cursor = cursors[cursors.length - 1]
  const page = useLoad((signal) => readPage<Mail>(api, '/api/v1/console/mail', { limit: PAGE, cursor }, signal), [environmentId, cursor])
  return (
    <section aria-labelledby="mail-title">
      <h1 id="mail-title">Mail</h1>
      <p class="cv-muted">
        The mails Canvass sent about this project, newest first: invitations, sign-in links, password resets and role changes. Their
        contents are not kept once they are sent. Mails are listed for 30 days.
      </p>
      <div class="cv-row">
        <button type="button" onClick={page.reload} disabled={page.loading}>
          Refresh
        </button>
      </div>
      <ErrorText error={page.error} />
      {page.loading && !page.data && <p>Loading the mail log…</p>}
      {page.data?.data.length === 0 && <p>{cursors.length > 0 ? 'No more mails.' : 'No mail has been sent about this project yet.'}</p>}
      {!!page.data?.data.length && <MailTable mails={page.data.data} />}
      <nav class="cv-row" aria-label="Mail log pages">
        <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer mails
        </button>
        <button type="button" disabled={!page.data?.next} onClick={() => page.data?.next && setCursors([...cursors, page.data.next])}>
          Older mails
        </button>
      </nav>
    </section>
  )
}

function MailTable({ mails }: { mails: Mail[] }) {
  // Focusable: on a narrow screen the table scrolls in its own box, which the keyboard must be able to scroll.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab to be scrolled with the arrows
    <table tabIndex={0}>
      <caption class="cv-muted">Mails, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">To</th>
          <th scope="col">What</th>
          <th scope="col">What became of it</th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id}>
            <td>{when(mail.createdAt)}</td>
            <td class="cv-wrap">{mail.to}</td>
            <td>
              <strong>{KINDS[mail.kind]}</strong>
              <div class="cv-muted">
                {mail.subject} ({LANGUAGES[mail.language]})
              </div>
            </td>
            <td>
              {statusWords(mail)}
              {mail.lastError && mail.status !== 'sent' && <div class="cv-muted cv-wrap">Last error: {mail.lastError}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
