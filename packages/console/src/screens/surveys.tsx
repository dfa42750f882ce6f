/**
 * Surveys: the list (search, status filter, paging), a new survey (new-survey.tsx), and one survey's pages
 * (`#/surveys/<id>/results`, `…/responses`, `…/share`, `…/edit`) under a header with its status actions.
 */
import type { AnswerData } from '@canvass/api-client'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { SurveyListItem, V1Survey } from '../survey-data'
import { STATUS_WORDS, TYPE_WORDS } from '../survey-data'
import { atLeast } from '../boot'
import type { Filter } from '../charts'
import { percentText } from '../charts'
import { useConsole } from '../context'
import { hashOf } from '../route'
import { ConfirmDialog, ErrorText, focusHeading, useAction, useLoad, when } from '../ui'
import { NewSurvey } from '../new-survey'
import { ResponseScreen, ResponsesScreen, SummaryScreen } from './results'
import type { ResultFilters } from './results'
import { ShareScreen } from './share'
import { EditScreen } from './edit'
import type { SurveyPageData } from '../survey-page'
import { Pager } from '../survey-page'

export function SurveysScreen() {
  const { route } = useConsole()
  const id = route.parts[1]
  return id ? <SurveyPage key={id} id={id} /> : <SurveyList />
}

const STATUSES = ['draft', 'inProgress', 'paused', 'completed', 'archived'] as const
const PAGE_SIZE = 25

function SurveyList() {
  const { api, boot, navigate, route } = useConsole()
  const search = route.query.get('q') ?? ''
  const status = route.query.get('status') ?? ''
  const [cursors, setCursors] = useState<Array<string | null>>([null])
  const cursor = cursors[cursors.length - 1]
  const list = useLoad(
    (signal) =>
      api.page<SurveyListItem>('/api/v3/surveys', {
        signal,
        query: {
          workspaceId: boot.project.id,
          limit: PAGE_SIZE,
          cursor: cursor ?? undefined,
          'filter[name][contains]': search || undefined,
          'filter[status][in]': status || undefined,
        },
      }),
    [search, status, cursor],
  )
  const apply = (next: { q?: string; status?: string }) => {
    setCursors([null])
    navigate(hashOf(['surveys'], { q: next.q ?? search, status: next.status ?? status }))
  }
  return (
    <section aria-labelledby="surveys-title">
      <h1 id="surveys-title">Surveys</h1>
      {atLeast(boot.role, 'editor') && <NewSurvey />}
      <h2>All surveys</h2>
      <form
        class="cv-row"
        role="search"
        aria-label="Surveys"
        onSubmit={(event) => {
          event.preventDefault()
          const form = event.currentTarget as HTMLFormElement
          apply({ q: (form.elements.namedItem('q') as HTMLInputElement).value.trim() })
        }}
      >
        <label>
          Search by name
          <input type="search" name="q" defaultValue={search} />
        </label>
        <label>
          Status
          <select value={status} onChange={(event) => apply({ status: (event.currentTarget as HTMLSelectElement).value })}>
            <option value="">Any but archived</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value === 'archived' ? 'Archived' : STATUS_WORDS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      <ErrorText error={list.error} />
      {list.data && list.data.items.length === 0 && (
        <p>{search || status ? 'No survey matches this search.' : 'No surveys yet. Create one above.'}</p>
      )}
      {list.data && list.data.items.length > 0 && (
        <table>
          <caption class="cv-visually-hidden">Surveys{list.data.total !== null ? `, ${list.data.total} in all` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col" class="cv-num">
                Responses
              </th>
              <th scope="col" class="cv-num">
                Completed
              </th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((survey) => (
              <tr key={survey.id}>
                <td>
                  <a href={hashOf(['surveys', survey.id, 'results'])}>{survey.name}</a>
                </td>
                <td>{TYPE_WORDS[survey.type] ?? survey.type}</td>
                <td>
                  <span class="cv-badge">{survey.archivedAt ? 'Archived' : (STATUS_WORDS[survey.status] ?? survey.status)}</span>
                </td>
                <td class="cv-num">{survey.responseCount}</td>
                <td class="cv-num">
                  {survey.completedResponseCount}{' '}
                  <span class="cv-muted">
                    (
                    {percentText(
                      survey.responseCount ? Math.round((survey.completedResponseCount / survey.responseCount) * 1000) / 10 : null,
                    )}
                    )
                  </span>
                </td>
                <td>{when(survey.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        hasPrevious={cursors.length > 1}
        next={list.data?.next ?? null}
        onPrevious={() => setCursors(cursors.slice(0, -1))}
        onNext={(next) => setCursors([...cursors, next])}
        label="Surveys"
      />
    </section>
  )
}

const TABS = [
  { sub: 'results', label: 'Summary', minRole: 'viewer' },
  { sub: 'responses', label: 'Responses', minRole: 'viewer' },
  { sub: 'share', label: 'Share', minRole: 'viewer' },
  { sub: 'edit', label: 'Edit', minRole: 'editor' },
] as const

function SurveyPage({ id }: { id: string }) {
  const { api, boot, route } = useConsole()
  const sub = route.parts[2] ?? 'results'
  const [filters, setFilters] = useState<ResultFilters>({ startDate: '', endDate: '', finished: '', conditions: [] as Filter[] })
  const loaded = useLoad(
    async (signal) => {
      const [survey, v3] = await Promise.all([
        api.data<V1Survey>(`/api/v1/management/surveys/${encodeURIComponent(id)}`, { signal }),
        api.data<AnswerData<'/api/v3/surveys/{surveyId}'>>(`/api/v3/surveys/${encodeURIComponent(id)}`, { signal }),
      ])
      return { survey, archived: Boolean(v3.archivedAt) }
    },
    [id],
  )
  // The survey's name is the page's heading only once it has loaded: then it takes the focus (as the shell gives
  // a new screen's heading), so that the keyboard starts from it, not from the top of the page.
  const ready = loaded.data !== undefined || loaded.error !== null
  useEffect(() => {
    if (ready) focusHeading()
  }, [ready])
  if (loaded.error)
    return (
      <section aria-labelledby="survey-title">
        <h1 id="survey-title">Survey</h1>
        <ErrorText error={loaded.error} />
        <a href="#/surveys">Back to the surveys</a>
      </section>
    )
  if (!loaded.data) return <p role="status">Loading the survey…</p>
  const page: SurveyPageData = { ...loaded.data, reload: loaded.reload }
  const tabs = TABS.filter((tab) => atLeast(boot.role, tab.minRole) && (tab.sub !== 'edit' || boot.editor))
  return (
    <section aria-labelledby="survey-title">
      <p>
        <a href="#/surveys">Surveys</a>
      </p>
      <h1 id="survey-title">{page.survey.name}</h1>
      <p class="cv-muted">
        {TYPE_WORDS[page.survey.type] ?? page.survey.type} survey ·{' '}
        <span class="cv-badge">{page.archived ? 'Archived' : (STATUS_WORDS[page.survey.status] ?? page.survey.status)}</span>
      </p>
      {atLeast(boot.role, 'editor') && <SurveyActions page={page} />}
      <nav aria-label="Survey">
        <ul class="cv-tabs">
          {tabs.map((tab) => (
            <li key={tab.sub}>
              <a
                href={hashOf(['surveys', id, tab.sub])}
                aria-current={sub === tab.sub || (tab.sub === 'responses' && sub === 'response') ? 'page' : undefined}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sub === 'share' ? (
        <ShareScreen page={page} />
      ) : sub === 'edit' ? (
        <EditScreen page={page} />
      ) : sub === 'responses' && route.parts[3] ? (
        <ResponseScreen page={page} responseId={route.parts[3]} />
      ) : sub === 'responses' ? (
        <ResponsesScreen page={page} filters={filters} setFilters={setFilters} />
      ) : (
        <SummaryScreen page={page} filters={filters} setFilters={setFilters} />
      )}
    </section>
  )
}

/** The status changes a survey offers in its state, preview, and delete with a confirmation naming it. */
function SurveyActions({ page }: { page: SurveyPageData }) {
  const { api, navigate } = useConsole()
  const [busy, run] = useAction()
  const [confirming, setConfirming] = useState(false)
  const { survey, archived } = page
  const path = `/api/v3/surveys/${encodeURIComponent(survey.id)}`
  const group = useRef<HTMLDivElement>(null)
  /** A status change replaced its own button: the focus goes to the first action of the new status. */
  const moved = useRef(false)
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    group.current?.querySelector<HTMLButtonElement>('button')?.focus()
  }, [survey.status, archived])
  const setStatus = (status: string, done: string) =>
    run(async () => {
      await api.call(path, { method: 'PATCH', body: { status } })
      moved.current = true
      // An open editor takes the status in, so that its next save neither conflicts nor undoes it.
      void document.querySelector<HTMLElement & { refresh?(): Promise<void> }>('canvass-survey-editor')?.refresh?.()
      page.reload()
    }, done)
  const preview = () =>
    run(async () => {
      const link = await api.data<AnswerData<'/api/v1/management/surveys/{surveyId}/preview', 'post'>>(
        `/api/v1/management/surveys/${encodeURIComponent(survey.id)}/preview`,
        {
          method: 'POST',
        },
      )
      window.open(link.url, '_blank', 'noopener')
    }, 'The preview opened in a new tab')
  return (
    <div class="cv-actions" role="group" aria-label="Survey actions" ref={group}>
      {!archived && survey.status === 'draft' && (
        <button
          type="button"
          class="cv-primary"
          disabled={busy}
          onClick={() => setStatus('inProgress', 'Published: the survey takes responses')}
        >
          Publish
        </button>
      )}
      {!archived && survey.status === 'inProgress' && (
        <button type="button" disabled={busy} onClick={() => setStatus('paused', 'Paused: the survey takes no responses')}>
          Pause
        </button>
      )}
      {!archived && (survey.status === 'paused' || survey.status === 'completed') && (
        <button type="button" disabled={busy} onClick={() => setStatus('inProgress', 'Resumed: the survey takes responses')}>
          Resume
        </button>
      )}
      {!archived && (survey.status === 'inProgress' || survey.status === 'paused') && (
        <button type="button" disabled={busy} onClick={() => setStatus('completed', 'Completed: the survey takes no more responses')}>
          Complete
        </button>
      )}
      {survey.type === 'link' && (
        <button type="button" disabled={busy} onClick={preview}>
          Preview
        </button>
      )}
      {archived ? (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await api.call(`${path}/restore`, { method: 'POST' })
              moved.current = true
              page.reload()
            }, 'Restored')
          }
        >
          Restore
        </button>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await api.call(`${path}/archive`, { method: 'POST' })
              moved.current = true
              page.reload()
            }, 'Archived')
          }
        >
          Archive
        </button>
      )}
      <button type="button" class="cv-danger" disabled={busy} onClick={() => setConfirming(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Delete the survey “${survey.name}”?`}
        confirm={`Delete “${survey.name}”`}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void run(async () => {
            await api.call(path, { method: 'DELETE' })
            navigate('#/surveys')
          }, `Deleted “${survey.name}”`)
        }}
      >
        <p>Its responses, displays and uploaded files are deleted with it. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  )
}
