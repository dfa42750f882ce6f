/**
 * The shared results page (`GET /share/{resultShareKey}`) as HTML, from data the route read: no client
 * script at all (the filters are a GET form, tabs and paging are links relative to the page, so the key is
 * never written into the page), one inline style with the CSP nonce, light and dark by the system, and every
 * stored text escaped. Three tabs: the summary (`summaryTabHtml`), the responses one by one, and the answers
 * of one field (`?tab=answers&field=data:ID` or `variables:ID`).
 *
 * The numbers a browser test reads are `<data data-cv="…" value="exact">shown</data>` elements; `value` is
 * empty where the summary has null. Totals: `total-displays`, `total-starts`, `start-rate` (only with at least as
 * many displays as starts), `total-completes`,
 * `completion-rate`, `median-time`, `average-time` (ms). Drop-off: `dropoff-before-first`, and with
 * `data-question`: `dropoff-answered`, `dropoff-count`, `dropoff-rate`; along the path, with `data-block`:
 * `funnel-reached`, `funnel-answered`, `funnel-skipped`, `funnel-left`, `funnel-rate`. Per question (`data-question`):
 * `question-answered`, `question-skipped`; choices (`data-choice` too): `choice-count`, `choice-percentage`;
 * `other-count`, `other-percentage`, `other-value-count` (`data-other`: the value); NPS: `nps-score`,
 * `nps-average`, `nps-promoters`, `nps-passives`, `nps-detractors` and each with `-percentage`, `nps-count` and
 * `nps-percentage` (`data-rating`: each score 0 to 10); rating, CSAT,
 * CES: `scale-average`, `scale-count` and `scale-percentage` (`data-rating`), `csat-satisfied`,
 * `csat-satisfied-percentage`; `cta-clicked`, `cta-dismissed`, `consent-accepted`, `consent-dismissed`,
 * `cal-booked`, `cal-booked-percentage`; matrix: `matrix-count` (`data-row`, `data-column`); ranking
 * (`data-choice`): `ranking-average`, `ranking-count`. Lists: `<li data-cv="answer" data-field="data:ID">`
 * (latest answers and the answers tab), `<article data-cv="response" data-response="N">` (responses tab; N is
 * the card's place on the page from 1, never an id), and `<a data-cv="next-page">`. The page carries no id
 * that a route takes: no response, contact or display id, no survey or environment id (files are linked as
 * `?file=NAME`), and cursors are sealed (`domain/results/share-cursors.ts`).
 */
import { ownValue } from '../own-value'
import { escapeHtml } from '../http/html'
import type { ResponseRecord, SurveyRecord } from '../ports/storage'
import type { PageQuestion, ShareField } from './share-page-parts'
import {
  SHARE_PAGE_LIMITS,
  answerText,
  isRecord,
  formatCount,
  plainText,
  shareFieldParam,
  surveyHiddenFields,
  surveyLanguages,
  surveyQuestions,
  surveyVariables,
  timeHtml,
} from './share-page-parts'
import { SHARE_PAGE_STYLE } from './share-page-style'
import type { ShareAnswerPage, SharePageSummary } from './share-page-summary'
import { filesHtml, summaryTabHtml } from './share-page-summary'
import { questionAnswersTabHtml } from './share-page-answers'

export type { ShareField } from './share-page-parts'
export { SHARE_PAGE_LIMITS, parseShareFieldParam, shareFieldParam } from './share-page-parts'
export type { ShareAnswerPage, SharePageQuestionSummary, SharePageSummary } from './share-page-summary'
export { shareSummaryFields } from './share-page-summary'

/** The filters the page applies (as `readShareFilters` reads them), kept in every link and in the form. */
export interface SharePageFilters {
  startDate?: Date | undefined
  endDate?: Date | undefined
  finished?: boolean | undefined
  language?: string | undefined
  /** The `filter[…][…]` parameters the page was asked with, as given, so that its links and form keep them. */
  params?: ReadonlyArray<readonly [string, string]> | undefined
}

/** A page of responses, newest first; `next` is the cursor of the page after it. */
export interface ShareResponsePage {
  items: ReadonlyArray<ResponseRecord>
  next: string | null
}

/** What one tab shows. `after` is the cursor of the page shown (absent on the first page). */
export type SharePageView =
  | { tab: 'summary'; summary: SharePageSummary; latest: Readonly<Record<string, ShareAnswerPage | undefined>> }
  | { tab: 'responses'; responses: ShareResponsePage; after?: string | undefined }
  | { tab: 'answers'; field: ShareField; answers: ShareAnswerPage; after?: string | undefined; search?: string | undefined }

export interface SharePageInput {
  survey: Pick<SurveyRecord, 'name' | 'environmentId' | 'questions' | 'hiddenFields' | 'variables' | 'languages'> & { blocks?: unknown[] }
  filters: SharePageFilters
  view: SharePageView
  /** The CSP nonce of the page's style. */
  nonce: string
  /** Where Canvass is mounted (`CanvassContext.basePath`): links to uploaded files start with it. */
  basePath: string
}

/** The page of a shared survey's results. */
export function sharePageHtml(input: SharePageInput): string {
  const { survey, filters, view } = input
  const href = (params: Record<string, string | undefined>) => pageHref(params, filters)
  const field = view.tab === 'answers' ? shareFieldParam(view.field) : undefined
  const tab = (name: 'summary' | 'responses', label: string) =>
    `<a class="cv-tab" href="${escapeHtml(href({ tab: name === 'summary' ? undefined : name }))}"${view.tab === name ? ' aria-current="page"' : ''}>${label}</a>`
  let body: string
  if (view.tab === 'summary')
    body = summaryTabHtml({
      survey,
      summary: view.summary,
      latest: view.latest,
      basePath: input.basePath,
      answersHref: (target) => href({ tab: 'answers', field: shareFieldParam(target) }),
      answersForm: (target) => formFields({ tab: 'answers', field: shareFieldParam(target) }, filters),
    })
  else if (view.tab === 'responses') body = responsesTabHtml(input, view.responses, view.after, href)
  else if (view.search || surveyQuestions(survey).some((question) => shareFieldParam({ source: 'data', key: question.id }) === field))
    body = questionAnswersTabHtml(input, view, {
      summaryHref: href({}),
      hidden: formFields({ tab: 'answers', field }, filters),
      pager: (params) => pagerHtml(view.answers.next, view.after, href, { tab: 'answers', field: field as string, ...params }, 'answers'),
    })
  else body = answersTabHtml(input, view.field, view.answers, view.after, href)
  const name = plainText(survey.name) || 'Survey'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(name)}: results</title>
<style nonce="${escapeHtml(input.nonce)}">${SHARE_PAGE_STYLE}</style>
</head>
<body class="cv-page cv-results">
<header class="cv-header"><div class="cv-wrap"><p class="cv-eyebrow">Shared results</p><h1 class="cv-title">${escapeHtml(name)}</h1>
<nav class="cv-tabs" aria-label="Results">${tab('summary', 'Summary')}${tab('responses', 'Responses')}</nav></div></header>
<main class="cv-wrap">
${filtersHtml(survey, filters, view.tab, field)}
${body}
</main>
<footer class="cv-wrap cv-footer"><p class="cv-muted">Read-only results, shared by the survey's owner. Times are in UTC.</p></footer>
</body>
</html>
`
}

/** A link relative to the page (so that it keeps the page's path and key): the params and the filters. */
function pageHref(params: Record<string, string | undefined>, filters: SharePageFilters): string {
  const query = new URLSearchParams(formFields(params, filters) as Array<[string, string]>).toString()
  return query ? `?${query}` : '?'
}

/** The params and the filters as the fields of a GET form (or a link's query). */
function formFields(params: Record<string, string | undefined>, filters: SharePageFilters): Array<readonly [string, string]> {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value)
  if (filters.startDate) search.set('startDate', day(filters.startDate))
  if (filters.endDate) search.set('endDate', day(filters.endDate))
  if (filters.finished) search.set('finished', 'true')
  if (filters.language) search.set('lang', filters.language)
  for (const [name, value] of filters.params ?? []) search.append(name, value)
  return [...search.entries()]
}

const day = (date: Date) => date.toISOString().slice(0, 10)

function filtersHtml(survey: SharePageInput['survey'], filters: SharePageFilters, tab: string, field: string | undefined): string {
  const hidden =
    (tab === 'summary' ? '' : `<input type="hidden" name="tab" value="${escapeHtml(tab)}">`) +
    (field ? `<input type="hidden" name="field" value="${escapeHtml(field)}">` : '') +
    (filters.params ?? []).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('')
  const languages = surveyLanguages(survey)
  if (filters.language && !languages.some((entry) => entry.code === filters.language))
    languages.push({ code: filters.language, default: false })
  const language = languages.length
    ? `<div class="cv-control"><label for="cv-lang">Language</label><select id="cv-lang" name="lang"><option value="">All languages</option>` +
      languages
        .map(
          (entry) =>
            `<option value="${escapeHtml(entry.code)}"${entry.code === filters.language ? ' selected' : ''}>${escapeHtml(entry.code)}${entry.default ? ' (default)' : ''}</option>`,
        )
        .join('') +
      '</select></div>'
    : ''
  const clear = pageHref({ tab: tab === 'summary' ? undefined : tab, field }, {})
  return (
    `<form class="cv-filters" method="get" aria-label="Filters">${hidden}` +
    `<div class="cv-control"><label for="cv-start">From</label><input type="date" id="cv-start" name="startDate" value="${filters.startDate ? day(filters.startDate) : ''}"></div>` +
    `<div class="cv-control"><label for="cv-end">To</label><input type="date" id="cv-end" name="endDate" value="${filters.endDate ? day(filters.endDate) : ''}"></div>` +
    language +
    `<div class="cv-check"><input type="checkbox" id="cv-finished" name="finished" value="true"${filters.finished ? ' checked' : ''}><label for="cv-finished">Completed only</label></div>` +
    `<div class="cv-actions"><button type="submit" class="cv-button">Apply</button><a class="cv-link" href="${escapeHtml(clear)}">Clear</a></div></form>`
  )
}

type Href = (params: Record<string, string | undefined>) => string

function pagerHtml(next: string | null, after: string | undefined, href: Href, params: Record<string, string>, noun: string): string {
  const first = after ? `<a class="cv-link" href="${escapeHtml(href(params))}">← Newest</a>` : '<span></span>'
  const more = next
    ? `<a class="cv-link" data-cv="next-page" rel="next" href="${escapeHtml(href({ ...params, after: next }))}">Older ${noun} →</a>`
    : ''
  return first === '<span></span>' && !more ? '' : `<nav class="cv-pager" aria-label="Pages">${first}${more}</nav>`
}

function responsesTabHtml(input: SharePageInput, page: ShareResponsePage, after: string | undefined, href: Href): string {
  const questions = surveyQuestions(input.survey)
  const hiddenFields = surveyHiddenFields(input.survey)
  const cards = page.items.slice(0, SHARE_PAGE_LIMITS.responsesPerPage).map((response, index) => {
    const rows: string[] = []
    for (const question of questions) {
      const value = ownValue(response.data, question.id)
      if (value === undefined || answerText(value).trim() === '') continue
      const shown = question.type === 'fileUpload' ? filesHtml(value, input) : escapeHtml(answerText(pictureNames(question, value)))
      rows.push(`<div class="cv-qa"><dt>${escapeHtml(question.headline)}</dt><dd class="cv-answer">${shown}</dd></div>`)
    }
    for (const key of hiddenFields) {
      const value = ownValue(response.data, key)
      if (value === undefined || answerText(value).trim() === '') continue
      rows.push(
        `<div class="cv-qa"><dt>${escapeHtml(key)} <span class="cv-muted">(hidden field)</span></dt><dd class="cv-answer">${escapeHtml(answerText(value))}</dd></div>`,
      )
    }
    const language =
      response.language && response.language !== 'default'
        ? `<span class="cv-badge"><span class="cv-sr">Language: </span>${escapeHtml(response.language)}</span>`
        : ''
    return (
      // Its place on this page, never its id: the public response update takes ids (see docs/results.md).
      `<article class="cv-card cv-response" data-cv="response" data-response="${index + 1}">` +
      `<header class="cv-response-head">${timeHtml(response.createdAt)}` +
      `<span class="cv-badge${response.finished ? ' cv-badge-done' : ''}">${response.finished ? 'Completed' : 'Not completed'}</span>${language}</header>` +
      (rows.length ? `<dl class="cv-qas">${rows.join('')}</dl>` : '<p class="cv-muted">No answers.</p>') +
      '</article>'
    )
  })
  const empty = cards.length ? '' : '<p class="cv-card cv-muted">No responses match these filters.</p>'
  return (
    `<section class="cv-section" aria-labelledby="cv-responses"><h2 id="cv-responses" class="cv-sr">Responses</h2>` +
    `<p class="cv-muted">Newest first, ${formatCount(SHARE_PAGE_LIMITS.responsesPerPage)} per page.</p>${empty}${cards.join('')}` +
    `${pagerHtml(page.next, after, href, { tab: 'responses' }, 'responses')}</section>`
  )
}

/** Picture selection answers name pictures by id: shown as the summary names them (`Picture 2`). */
function pictureNames(question: PageQuestion, value: unknown): unknown {
  if (question.type !== 'pictureSelection' || !Array.isArray(question.raw.choices)) return value
  const names = new Map(question.raw.choices.map((choice, index) => [isRecord(choice) ? choice.id : undefined, `Picture ${index + 1}`]))
  return Array.isArray(value) ? value.map((entry) => names.get(entry) ?? entry) : (names.get(value) ?? value)
}

function answersTabHtml(input: SharePageInput, field: ShareField, page: ShareAnswerPage, after: string | undefined, href: Href): string {
  const question = field.source === 'data' ? surveyQuestions(input.survey).find((entry) => entry.id === field.key) : undefined
  const variable = field.source === 'variables' ? surveyVariables(input.survey).find((entry) => entry.id === field.key) : undefined
  const title = question ? question.headline : variable ? `Variable ${variable.name}` : `Hidden field ${field.key}`
  const fieldAttr = escapeHtml(shareFieldParam(field))
  const items = page.items
    .slice(0, SHARE_PAGE_LIMITS.answersPerPage)
    .map(
      (item) =>
        `<li data-cv="answer" data-field="${fieldAttr}"><span class="cv-answer">${
          question?.type === 'fileUpload'
            ? filesHtml(item.value, input)
            : escapeHtml(answerText(question ? pictureNames(question, item.value) : item.value, Number.POSITIVE_INFINITY))
        }</span><span class="cv-muted cv-when">${timeHtml(item.createdAt)}</span></li>`,
    )
  return (
    `<section class="cv-section cv-card" aria-labelledby="cv-answers"><p><a class="cv-link" href="${escapeHtml(href({}))}">← Summary</a></p>` +
    `<h2 id="cv-answers">${escapeHtml(title)}</h2><p class="cv-muted">All answers, newest first.</p>` +
    (items.length ? `<ul class="cv-list cv-answers">${items.join('')}</ul>` : '<p class="cv-muted">No answers match these filters.</p>') +
    `${pagerHtml(page.next, after, href, { tab: 'answers', field: shareFieldParam(field) }, 'answers')}</section>`
  )
}
