/**
 * The audit log (owners): who changed what and when, newest first, with the route's filters and cursor pages.
 * People in the console are written as `console: <email>`; programs by their API key's label.
 */
import type { AnswerData } from '@canvass/api-client'
import { useState } from 'preact/hooks'
import { useConsole } from '../context'
import { readPage } from '../paging'
import { ErrorText, useLoad, when } from '../ui'

type AuditEntry = AnswerData<'/api/v1/management/audit-log'>[number]

const ACTIONS = [
  'create',
  'update',
  'delete',
  'erase',
  'export',
  'anonymize',
  'share',
  'unshare',
  'sign',
  'upload',
  'redeliver',
  'revoke',
  'import',
  'retention',
]

interface Filters {
  action: string
  resourceType: string
  resourceId: string
  apiKeyId: string
  startDate: string
  endDate: string
}

const EMPTY: Filters = { action: '', resourceType: '', resourceId: '', apiKeyId: '', startDate: '', endDate: '' }
const PAGE = 50

/** A day from a date input as the route's ISO bound: the start of the first day, the end of the last. */
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined)

export function AuditLogScreen() {
  const { api, environmentId } = useConsole()
  const [draft, setDraft] = useState<Filters>(EMPTY)
  const [filters, setFilters] = useState<Filters>(EMPTY)
  const [cursors, setCursors] = useState<string[]>([])
  const cursor = cursors[cursors.length - 1]
  const page = useLoad(
    (signal) =>
      readPage<AuditEntry>(
        api,
        '/api/v1/management/audit-log',
        {
          limit: PAGE,
          cursor,
          action: filters.action,
          resourceType: filters.resourceType.trim(),
          resourceId: filters.resourceId.trim(),
          apiKeyId: filters.apiKeyId.trim(),
          startDate: dayBound(filters.startDate, false),
          endDate: dayBound(filters.endDate, true),
        },
        signal,
      ),
    [environmentId, filters, cursor],
  )
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <p class="cv-muted">Every change made in this environment, newest first: who, what, when and from where.</p>
      <FilterForm
        draft={draft}
        setDraft={setDraft}
        onApply={() => {
          setFilters(draft)
          setCursors([])
        }}
        onClear={() => {
          setDraft(EMPTY)
          setFilters(EMPTY)
          setCursors([])
        }}
      />
      <ErrorText error={page.error} />
      {page.loading && !page.data && <p>Loading the audit log…</p>}
      {page.data?.data.length === 0 && <p>No entries{cursors.length > 0 ? ' on this page' : ''} match these filters.</p>}
      {!!page.data?.data.length && <AuditTable entries={page.data.data} />}
      <nav class="cv-row" aria-label="Audit log pages">
        <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer entries
        </button>
        <button type="button" disabled={!page.data?.next} onClick={() => page.data?.next && setCursors([...cursors, page.data.next])}>
          Older entries
        </button>
      </nav>
    </section>
  )
}

/** The filters being typed: they apply, and the pages start again, only when the form is sent. */
function FilterForm({
  draft,
  setDraft,
  onApply,
  onClear,
}: {
  draft: Filters
  setDraft(filters: Filters): void
  onApply(): void
  onClear(): void
}) {
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onInput: (event: Event) => setDraft({ ...draft, [name]: (event.currentTarget as HTMLInputElement).value }),
  })
  return (
    <form
      class="cv-card"
      aria-label="Filter the audit log"
      onSubmit={(event) => {
        event.preventDefault()
        onApply()
      }}
    >
      <div class="cv-row">
        <label>
          Action
          <select value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.currentTarget.value })}>
            <option value="">Any</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label>
          Resource type
          <input {...field('resourceType')} placeholder="e.g. survey" maxLength={255} />
        </label>
        <label>
          Resource id
          <input {...field('resourceId')} maxLength={255} />
        </label>
        <label>
          API key id
          <input {...field('apiKeyId')} maxLength={255} />
        </label>
        <label>
          From
          <input type="date" {...field('startDate')} />
        </label>
        <label>
          To
          <input type="date" {...field('endDate')} />
        </label>
      </div>
      <div class="cv-row">
        <button type="submit" class="cv-primary">
          Apply filters
        </button>
        <button type="button" onClick={onClear}>
          Clear filters
        </button>
      </div>
    </form>
  )
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table>
      <caption class="cv-muted">Audit log entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Resource</th>
          <th scope="col">Status</th>
          <th scope="col">From</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.createdAt)}</td>
            <td>{entry.apiKeyLabel ?? (entry.apiKeyId ? `key ${entry.apiKeyId}` : 'Canvass itself')}</td>
            <td>
              <strong>{entry.action}</strong>
              {entry.method && (
                <div class="cv-muted">
                  {entry.method} {entry.route}
                </div>
              )}
            </td>
            <td>
              {entry.resourceType ?? '—'}
              {entry.resourceId && <div class="cv-muted cv-wrap">{entry.resourceId}</div>}
            </td>
            <td>{entry.status ?? '—'}</td>
            <td>{entry.address ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
