/**
 * The answers tab of the shared results page for a question (`?tab=answers&field=data:ID`): its answers drawn by
 * the results' `AnswerList`, as the summary's cards and the console draw them, with the search as a GET form
 * (`search`, at most 200 characters) and pages of older answers as links that keep it.
 */
import { renderToString } from 'preact-render-to-string'
import { AnswerList } from '../results/answers'
import { escapeHtml } from '../http/html'
import { renderedHtml } from './rendered-html'
import type { ShareField } from './share-page-parts'
import { SHARE_PAGE_LIMITS, surveyQuestions, surveyVariables } from './share-page-parts'
import type { ShareAnswerPage, ShareSummaryView } from './share-page-summary'
import { SharedFile } from './share-page-summary'

interface AnswersView {
  field: ShareField
  answers: ShareAnswerPage
  search?: string | undefined
}

export function questionAnswersTabHtml(
  input: Pick<ShareSummaryView, 'basePath' | 'survey'>,
  view: AnswersView,
  parts: {
    summaryHref: string
    hidden: ReadonlyArray<readonly [string, string]>
    /** The pager, with these params added to its links. */
    pager: (params: Record<string, string>) => string
  },
): string {
  const { field } = view
  const question = field.source === 'data' ? surveyQuestions(input.survey).find((entry) => entry.id === field.key) : undefined
  const variable = field.source === 'variables' ? surveyVariables(input.survey).find((entry) => entry.id === field.key) : undefined
  const title = question ? question.headline : variable ? `Variable ${variable.name}` : `Hidden field ${field.key}`
  const search = view.search ?? ''
  const items = view.answers.items.slice(0, SHARE_PAGE_LIMITS.answersPerPage).map((item, place) => ({
    // Its place on the page, never the response's id (docs/results.md#what-it-never-shows).
    key: String(place),
    createdAt: item.createdAt,
    value: item.value,
  }))
  const list = renderToString(
    <AnswerList
      question={{ questionId: field.key, type: question?.type ?? '', headline: title }}
      items={items}
      search={search}
      index="tab"
      hidden={parts.hidden}
      file={(url, name) => <SharedFile url={url} name={name} view={input} />}
    />,
  )
  return (
    `<section class="cv-section cv-card" aria-labelledby="cv-answers"><p><a class="cv-link" href="${escapeHtml(parts.summaryHref)}">← Summary</a></p>` +
    `<h2 id="cv-answers">${escapeHtml(title)}</h2><p class="cv-muted">All answers, newest first.</p>` +
    renderedHtml(list) +
    `${parts.pager(search ? { search } : {})}</section>`
  )
}
