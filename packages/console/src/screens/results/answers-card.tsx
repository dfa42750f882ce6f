/**
 * The answers of a question the summary does not count (open text, contact info, address, file upload…), in
 * its summary card: the results' `AnswerList` (the shared results page draws the same), loaded from
 * `GET /api/v1/management/surveys/{surveyId}/answers` with the summary's filters, a search, and "Show more".
 */
import type { QuestionSummary } from '@canvass/core/results'
import { AnswerList } from '@canvass/core/results'
import { useEffect, useRef, useState } from 'preact/hooks'
import type { Query } from '../../api'
import { useConsole } from '../../context'
import { useLoad } from '../../ui'
import { FileLink } from './file-link'

/** Answers per page of a card. */
const ANSWERS_PAGE = 10

interface AnswerRow {
  responseId: string
  createdAt: string
  value: unknown
}

export function AnswersCard({
  surveyId,
  question,
  query,
  index,
}: {
  surveyId: string
  question: QuestionSummary
  query: Query
  index: number
}) {
  const { api } = useConsole()
  const [search, setSearch] = useState('')
  const [more, setMore] = useState<{ items: AnswerRow[]; next: string | null } | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const done = useRef<HTMLParagraphElement>(null)
  const path = `/api/v1/management/surveys/${encodeURIComponent(surveyId)}/answers`
  const ask = { ...query, questionId: question.questionId, limit: ANSWERS_PAGE, ...(search ? { search } : {}) }
  const asked = JSON.stringify(ask)
  const first = useLoad((signal) => api.page<AnswerRow>(path, { signal, query: ask }), [asked])
  useEffect(() => setMore(null), [asked])
  // What the answers shown were asked with: until the answers of a new search are in, none are shown under its name.
  const [shownFor, setShownFor] = useState<string | null>(null)
  useEffect(() => {
    if (!first.loading && first.data) setShownFor(asked)
  }, [first.data, first.loading])
  const items = [...(first.data?.items ?? []), ...(more?.items ?? [])]
  const next = more ? more.next : (first.data?.next ?? null)
  const showMore = async () => {
    if (!next) return
    setLoadingMore(true)
    setError(null)
    try {
      const page = await api.page<AnswerRow>(path, { query: { ...ask, cursor: next } })
      setMore({ items: [...(more?.items ?? []), ...page.items], next: page.next })
      // The button goes with the last page: focus then rests on the words that say so.
      if (!page.next) setTimeout(() => done.current?.focus(), 0)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setLoadingMore(false)
    }
  }
  // A new search shows nothing of the last one's answers while it loads: the list's name says what it holds.
  const loading = first.loading || (first.data !== undefined && shownFor !== asked)
  return (
    <AnswerList
      question={{ questionId: question.questionId, type: question.type, headline: question.headline || question.questionId }}
      items={loading ? [] : items.map((item) => ({ key: item.responseId, createdAt: item.createdAt, value: item.value }))}
      search={search}
      index={index}
      onSearch={setSearch}
      file={(url, name) => <FileLink url={url} name={name} />}
      status={
        loading || first.error ? (
          <p role="status" class={first.error ? 'cv-error' : 'cv-muted'}>
            {first.error ?? 'Loading the answers…'}
          </p>
        ) : null
      }
      more={
        <>
          {error && (
            <p class="cv-error" role="alert">
              {error}
            </p>
          )}
          {next ? (
            <p class="cv-more">
              <button type="button" onClick={showMore} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Show more'}
                <span class="cv-sr"> answers: {question.headline || question.questionId}</span>
              </button>
            </p>
          ) : more ? (
            <p class="cv-muted cv-more" tabIndex={-1} ref={done}>
              All {items.length} answers shown.
            </p>
          ) : null}
        </>
      }
    />
  )
}
