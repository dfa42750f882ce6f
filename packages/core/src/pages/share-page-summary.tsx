/**
 * The summary tab of the shared results page: the results summary the console shows (`ResultsSummary`),
 * rendered to HTML on the server, with the latest answers of open questions, hidden fields and variables.
 */
import { elementCount } from '../element-types'
import type { VNode } from 'preact'
import { renderToString } from 'preact-render-to-string'
import { escapeHtml } from '../http/html'
import type { SurveyRecord } from '../ports/storage'
import type { QuestionSummary, Summary } from '../results/model'
import { resultsQuestions } from '../results/model'
import { ResultsSummary } from '../results/summary'
import { AnswerList } from '../results/answers'
import { renderedHtml } from './rendered-html'
import type { ShareField } from './share-page-parts'
import {
  SHARE_PAGE_LIMITS,
  answerText,
  shareFieldParam,
  shareFileHref,
  surveyHiddenFields,
  surveyQuestions,
  surveyVariables,
  uploadedFileName,
} from './share-page-parts'

/** A question's summary as `surveySummaryOutput` gives it. */
export type SharePageQuestionSummary = QuestionSummary

/** A survey's summary as `surveySummaryOutput` gives it. */
export type SharePageSummary = Summary

/** One page of a field's answers, newest first; `next` is the cursor of the page after it. */
export interface ShareAnswerPage {
  items: ReadonlyArray<{ responseId: string; createdAt: Date; value: unknown }>
  next: string | null
}

/** What the summary tab draws: the summary, and the latest answers by `shareFieldParam`. */
export interface ShareSummaryView {
  survey: Pick<SurveyRecord, 'environmentId' | 'questions' | 'hiddenFields' | 'variables'> & { blocks?: unknown[] }
  summary: SharePageSummary
  latest: Readonly<Record<string, ShareAnswerPage | undefined>>
  basePath: string
  /** The link to a field's answers list, with the page's filters. */
  answersHref: (field: ShareField) => string
  /** What a search form of a field's answers sends besides `search`: the answers tab, the field, the filters. */
  answersForm: (field: ShareField) => ReadonlyArray<readonly [string, string]>
}

/**
 * The fields whose latest answers the summary tab shows: open questions (those the summary does not count),
 * hidden fields and variables. The route reads `SHARE_PAGE_LIMITS.latestAnswers` of each.
 */
export function shareSummaryFields(survey: Pick<SurveyRecord, 'questions' | 'hiddenFields' | 'variables'>): ShareField[] {
  return [
    ...surveyQuestions(survey)
      .filter((question) => isListed(question.type))
      .map((question) => ({ source: 'data' as const, key: question.id })),
    ...surveyHiddenFields(survey).map((key) => ({ source: 'data' as const, key })),
    ...surveyVariables(survey).map((variable) => ({ source: 'variables' as const, key: variable.id })),
  ]
}

/** Question types whose answers the summary does not count (and types it does not know): the page lists the latest ones. */
const isListed = (type: string) => elementCount(type) === 'none'

/** The summary tab as HTML, drawn by the results components the console draws it with too. */
export function summaryTabHtml(view: ShareSummaryView): string {
  let cards = 0
  const open = (question: QuestionSummary) => {
    const field: ShareField = { source: 'data', key: question.questionId }
    const page = view.latest[shareFieldParam(field)]
    const items = page?.items.slice(0, SHARE_PAGE_LIMITS.latestAnswers) ?? []
    const headline = question.headline || question.questionId
    return (
      <AnswerList
        question={{ questionId: question.questionId, type: question.type, headline }}
        // Its place on the page, never the response's id (docs/results.md#what-it-never-shows).
        items={items.map((item, place) => ({ key: String(place), createdAt: item.createdAt, value: item.value }))}
        search=""
        index={cards++}
        hidden={view.answersForm(field)}
        clipped
        file={(url, name) => <SharedFile url={url} name={name} view={view} />}
        more={
          items.length > 0 ? (
            <p class="cv-more">
              <a class="cv-link" href={view.answersHref(field)}>
                All answers<span class="cv-sr">: {headline}</span> →
              </a>
            </p>
          ) : null
        }
      />
    )
  }
  return renderedHtml(
    renderToString(
      <>
        <ResultsSummary summary={view.summary} questions={resultsQuestions(view.survey.questions)} open={open} />
        <Fields view={view} />
      </>,
    ),
  )
}

function Fields({ view }: { view: ShareSummaryView }) {
  const section = (title: string, id: string, blocks: VNode[]) =>
    blocks.length > 0 ? (
      <section class="cv-section cv-card" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {blocks}
      </section>
    ) : null
  const block = (label: string, field: ShareField) => (
    <div class="cv-field-block" key={shareFieldParam(field)}>
      <h3>{label}</h3>
      <Latest view={view} field={field} label={label} />
    </div>
  )
  return (
    <>
      {section(
        'Hidden fields',
        'cv-hidden-fields',
        surveyHiddenFields(view.survey).map((key) => block(key, { source: 'data', key })),
      )}
      {section(
        'Variables',
        'cv-variables',
        surveyVariables(view.survey).map((variable) => block(variable.name, { source: 'variables', key: variable.id })),
      )}
    </>
  )
}

/** The latest answers of a field, with a link to all of them. */
function Latest({ view, field, label }: { view: ShareSummaryView; field: ShareField; label: string }) {
  const page = view.latest[shareFieldParam(field)]
  const items = page?.items.slice(0, SHARE_PAGE_LIMITS.latestAnswers) ?? []
  if (!items.length) return <p class="cv-muted">No answers yet.</p>
  const name = shareFieldParam(field)
  return (
    <>
      <ul class="cv-list cv-answers">
        {items.map((item) => (
          <li data-cv="answer" data-field={name} key={item.responseId}>
            <span class="cv-answer">{answerText(item.value)}</span>
            <span class="cv-muted cv-when">
              <Time date={item.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      <p>
        <a class="cv-link" href={view.answersHref(field)}>
          All answers<span class="cv-sr">: {label}</span> →
        </a>
      </p>
    </>
  )
}

/** A date as the page shows it, in UTC: `2026-03-10 12:00 UTC`. */
function Time({ date }: { date: Date }) {
  const iso = date.toISOString()
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>
}

/** Uploaded files: the name as text, a link when it is a public file of the survey's environment here. */
export function filesHtml(value: unknown, view: Pick<ShareSummaryView, 'basePath' | 'survey'>): string {
  const urls = (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === 'string').slice(0, 25)
  if (!urls.length) return escapeHtml(answerText(value))
  return urls
    .map((url) => {
      const name = escapeHtml(uploadedFileName(url).slice(0, 200))
      const href = shareFileHref(url, view.basePath, view.survey.environmentId)
      if (href) return `<a class="cv-link" href="${escapeHtml(href)}">${name}</a>`
      return `${name} <span class="cv-muted">(${/\/storage\/[^/]+\/private\//.test(url) ? 'private file' : 'not linked'})</span>`
    })
    .join(', ')
}

/** An uploaded file as the page shows it: a link when the page may link it (`shareFileHref`), else its name. */
export function SharedFile({ url, name, view }: { url: string; name: string; view: Pick<ShareSummaryView, 'basePath' | 'survey'> }) {
  const href = shareFileHref(url, view.basePath, view.survey.environmentId)
  if (href)
    return (
      <a class="cv-link" href={href}>
        {name}
      </a>
    )
  return (
    <>
      {name} <span class="cv-muted">({/\/storage\/[^/]+\/private\//.test(url) ? 'private file' : 'not linked'})</span>
    </>
  )
}
