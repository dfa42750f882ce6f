/**
 * The summary tab of the shared results page: the totals, the drop-off table and one chart per question (as
 * its type calls for), drawn as HTML and inline SVG with every number also in text.
 */
import { elementCount, elementTypeInfo } from '../element-types'
import { escapeHtml } from '../http/html'
import type { SurveyRecord } from '../ports/storage'
import type { PageQuestion, ShareField } from './share-page-parts'
import {
  SHARE_PAGE_LIMITS,
  answerText,
  barHtml,
  formatCount,
  formatDuration,
  formatPercent,
  numberHtml,
  plainText,
  shareFieldParam,
  shareFileHref,
  surveyHiddenFields,
  surveyQuestions,
  surveyVariables,
  timeHtml,
  uploadedFileName,
} from './share-page-parts'

/** A percentage of a count, as the summary gives it: null when there is nothing to take a share of. */
type Share = { count: number; percentage: number | null }

/**
 * A question's summary as `surveySummaryOutput` gives it: the fields its type has (ranking questions gain
 * `choices` with `averagePosition`).
 */
export interface SharePageQuestionSummary {
  questionId: string
  type: string
  headline: string
  answered: number
  skipped: number
  choices?: ReadonlyArray<{ id: string; label: string; count: number; percentage?: number | null; averagePosition?: number | null }>
  other?: Share & { values: ReadonlyArray<{ value: string; count: number }> }
  score?: number | null
  promoters?: Share
  passives?: Share
  detractors?: Share
  average?: number | null
  distribution?: ReadonlyArray<{ rating: number; count: number; percentage: number | null }>
  satisfied?: Share
  clicked?: number
  dismissed?: number
  accepted?: number
  booked?: Share
  rows?: ReadonlyArray<{ row: string; columns: ReadonlyArray<{ column: string; count: number }> }>
}

/** A survey's summary as `surveySummaryOutput` gives it (the median time to complete where it has one). */
export interface SharePageSummary {
  displays: number
  responses: { started: number; finished: number }
  startRate: number | null
  completionRate: number | null
  averageTimeToComplete: number | null
  medianTimeToComplete?: number | null
  dropOff: {
    beforeFirstQuestion: number
    questions: ReadonlyArray<{ questionId: string; answered: number; droppedAfter: number; dropOffRate: number | null }>
  }
  questions: ReadonlyArray<SharePageQuestionSummary>
}

/** One page of a field's answers, newest first; `next` is the cursor of the page after it. */
export interface ShareAnswerPage {
  items: ReadonlyArray<{ responseId: string; createdAt: Date; value: unknown }>
  next: string | null
}

/** What the summary tab draws: the summary, and the latest answers by `shareFieldParam`. */
export interface ShareSummaryView {
  survey: Pick<SurveyRecord, 'environmentId' | 'questions' | 'hiddenFields' | 'variables'>
  summary: SharePageSummary
  latest: Readonly<Record<string, ShareAnswerPage | undefined>>
  basePath: string
  /** The link to a field's answers list, with the page's filters. */
  answersHref: (field: ShareField) => string
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

export function summaryTabHtml(view: ShareSummaryView): string {
  const { summary } = view
  const questions = new Map(surveyQuestions(view.survey).map((question) => [question.id, question]))
  const sections = summary.questions.map((entry, index) => questionHtml(view, entry, questions.get(entry.questionId), index))
  return `${totalsHtml(summary)}${dropOffHtml(summary, questions)}${sections.join('')}${fieldsHtml(view)}`
}

function totalsHtml(summary: SharePageSummary): string {
  const tile = (label: string, value: string, note = '') =>
    `<div class="cv-stat"><dt>${label}</dt><dd><span class="cv-stat-value">${value}</span>${note ? `<span class="cv-stat-note">${note}</span>` : ''}</dd></div>`
  const median = summary.medianTimeToComplete
  return (
    `<section class="cv-section" aria-labelledby="cv-totals"><h2 id="cv-totals" class="cv-sr">Totals</h2><dl class="cv-stats">` +
    tile('Displays', numberHtml('total-displays', summary.displays, formatCount(summary.displays))) +
    tile('Starts', numberHtml('total-starts', summary.responses.started, formatCount(summary.responses.started)), startRateNote(summary)) +
    tile('Completes', numberHtml('total-completes', summary.responses.finished, formatCount(summary.responses.finished))) +
    tile('Completion rate', numberHtml('completion-rate', summary.completionRate, formatPercent(summary.completionRate)), 'of starts') +
    tile(
      'Median time to complete',
      numberHtml('median-time', median, formatDuration(median)),
      `average ${numberHtml('average-time', summary.averageTimeToComplete, formatDuration(summary.averageTimeToComplete))}`,
    ) +
    '</dl></section>'
  )
}

/**
 * Starts as a share of displays, where that share means something: a response may come without a display (a
 * link survey's page records one, the API and imports do not), so with no displays, or fewer than starts, the
 * page says that instead of a percentage (see docs/results.md).
 */
function startRateNote(summary: SharePageSummary): string {
  if (summary.displays === 0) return 'no displays recorded'
  if (summary.responses.started > summary.displays) return 'more than displays: some responses came without one'
  return `${numberHtml('start-rate', summary.startRate, formatPercent(summary.startRate))} of displays`
}

function dropOffHtml(summary: SharePageSummary, questions: Map<string, PageQuestion>): string {
  const { dropOff } = summary
  const rows = dropOff.questions.map((row) => {
    const q = { question: row.questionId }
    return (
      `<tr><th scope="row">${escapeHtml(questions.get(row.questionId)?.headline ?? row.questionId)}</th>` +
      `<td>${numberHtml('dropoff-answered', row.answered, formatCount(row.answered), q)}</td>` +
      `<td>${numberHtml('dropoff-count', row.droppedAfter, formatCount(row.droppedAfter), q)}</td>` +
      `<td>${numberHtml('dropoff-rate', row.dropOffRate, formatPercent(row.dropOffRate), q)}</td></tr>`
    )
  })
  return (
    `<section class="cv-section cv-card" aria-labelledby="cv-dropoff"><h2 id="cv-dropoff">Drop-off</h2>` +
    '<p class="cv-muted">Where unfinished responses stopped: after which question they answered last.</p>' +
    '<div class="cv-scroll" tabindex="0" role="region" aria-label="Drop-off table"><table class="cv-table"><thead><tr><th scope="col">Question</th><th scope="col">Answered</th>' +
    '<th scope="col">Stopped after</th><th scope="col">Drop-off</th></tr></thead><tbody>' +
    `<tr><th scope="row">Before the first question</th><td></td><td>${numberHtml('dropoff-before-first', dropOff.beforeFirstQuestion, formatCount(dropOff.beforeFirstQuestion))}</td><td></td></tr>` +
    `${rows.join('')}</tbody></table></div></section>`
  )
}

function questionHtml(view: ShareSummaryView, entry: SharePageQuestionSummary, question: PageQuestion | undefined, index: number): string {
  const id = entry.questionId
  const q = { question: id }
  const anchor = `cv-q-${index}`
  const head =
    `<header class="cv-card-head"><p class="cv-eyebrow">${escapeHtml(elementTypeInfo(entry.type)?.summaryName ?? entry.type)}</p>` +
    `<h2 id="${anchor}">${escapeHtml(entry.headline || question?.headline || id)}</h2>` +
    `<p class="cv-muted">${numberHtml('question-answered', entry.answered, formatCount(entry.answered), q)} answered · ` +
    `${numberHtml('question-skipped', entry.skipped, formatCount(entry.skipped), q)} skipped</p></header>`
  return `<section class="cv-section cv-card" aria-labelledby="${anchor}">${head}${chartHtml(view, entry, question)}</section>`
}

function chartHtml(view: ShareSummaryView, entry: SharePageQuestionSummary, question: PageQuestion | undefined): string {
  const q = { question: entry.questionId }
  switch (entry.type) {
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti':
    case 'pictureSelection':
      return choicesHtml(entry)
    case 'nps':
      return npsHtml(entry)
    case 'rating':
    case 'csat':
    case 'ces':
      return scaleHtml(entry, question)
    case 'cta':
      return pairHtml(q, [
        ['cta-clicked', 'Clicked', entry.clicked ?? 0],
        ['cta-dismissed', 'Dismissed', entry.dismissed ?? 0],
      ])
    case 'consent':
      return pairHtml(q, [
        ['consent-accepted', 'Accepted', entry.accepted ?? 0],
        ['consent-dismissed', 'Dismissed', entry.dismissed ?? 0],
      ])
    case 'cal': {
      const booked = entry.booked ?? { count: 0, percentage: null }
      return (
        `<p class="cv-big">${numberHtml('cal-booked', booked.count, formatCount(booked.count), q)} booked ` +
        `<span class="cv-muted">(${numberHtml('cal-booked-percentage', booked.percentage, formatPercent(booked.percentage), q)} of starts)</span></p>` +
        barHtml(booked.percentage)
      )
    }
    case 'matrix':
      return matrixHtml(entry, question)
    case 'ranking':
      return rankingHtml(entry)
    default:
      return latestHtml(view, { source: 'data', key: entry.questionId }, entry.headline || entry.questionId, entry.type === 'fileUpload')
  }
}

function choicesHtml(entry: SharePageQuestionSummary): string {
  const choices = entry.choices ?? []
  const rows = choices.slice(0, SHARE_PAGE_LIMITS.chartRows).map((choice, index) => {
    const attrs = { question: entry.questionId, choice: choice.id }
    const label = choice.label || (entry.type === 'pictureSelection' ? `Picture ${index + 1}` : choice.id)
    return barRowHtml(
      escapeHtml(label),
      `${numberHtml('choice-count', choice.count, formatCount(choice.count), attrs)} · ${numberHtml('choice-percentage', choice.percentage, formatPercent(choice.percentage), attrs)}`,
      choice.percentage,
    )
  })
  const other = entry.other
  if (other && other.count > 0) {
    const attrs = { question: entry.questionId }
    rows.push(
      barRowHtml(
        'Other answers',
        `${numberHtml('other-count', other.count, formatCount(other.count), attrs)} · ${numberHtml('other-percentage', other.percentage, formatPercent(other.percentage), attrs)}`,
        other.percentage,
        'muted',
      ),
    )
  }
  const more = moreNote(choices.length - SHARE_PAGE_LIMITS.chartRows, 'choices')
  const multi =
    entry.type === 'multipleChoiceMulti' ? '<p class="cv-muted">Several choices may be picked: shares are of those who answered.</p>' : ''
  const values = other?.values.slice(0, SHARE_PAGE_LIMITS.otherValues) ?? []
  const otherList = values.length
    ? `<details class="cv-details"><summary>Other answers given (${formatCount(values.length)}${other && other.values.length > values.length ? '+' : ''})</summary><ul class="cv-list">` +
      values
        .map(
          (value) =>
            `<li><span class="cv-answer">${escapeHtml(answerText(value.value))}</span> ${numberHtml('other-value-count', value.count, formatCount(value.count), { question: entry.questionId, other: value.value.slice(0, 200) })}</li>`,
        )
        .join('') +
      '</ul></details>'
    : ''
  return `${multi}<ul class="cv-bars">${rows.join('')}</ul>${more}${otherList}`
}

function barRowHtml(label: string, numbers: string, percentage: number | null | undefined, tone = ''): string {
  return `<li><div class="cv-bar-head"><span class="cv-bar-label">${label}</span><span class="cv-bar-nums">${numbers}</span></div>${barHtml(percentage, tone)}</li>`
}

function npsHtml(entry: SharePageQuestionSummary): string {
  const q = { question: entry.questionId }
  const groups: Array<[string, string, Share | undefined, string]> = [
    ['promoters', 'Promoters (9–10)', entry.promoters, 'good'],
    ['passives', 'Passives (7–8)', entry.passives, 'neutral'],
    ['detractors', 'Detractors (0–6)', entry.detractors, 'bad'],
  ]
  let offset = 0
  const segments = groups.map(([, , share, tone]) => {
    const width = Math.max(0, Math.min(100 - offset, share?.percentage ?? 0))
    const rect = `<rect class="cv-bar-fill cv-tone-${tone}" x="${offset}%" width="${width}%" height="100%"></rect>`
    offset += width
    return rect
  })
  const legend = groups.map(
    ([name, label, share, tone]) =>
      `<li><span class="cv-dot cv-tone-${tone}" aria-hidden="true"></span>${label}: ` +
      `${numberHtml(`nps-${name}`, share?.count ?? 0, formatCount(share?.count ?? 0), q)} ` +
      `<span class="cv-muted">(${numberHtml(`nps-${name}-percentage`, share?.percentage, formatPercent(share?.percentage), q)})</span></li>`,
  )
  const score = entry.score ?? null
  return (
    `<div class="cv-score"><p class="cv-big">NPS ${numberHtml('nps-score', score, score === null ? '–' : String(score), q)}</p>` +
    `<p class="cv-muted">Average rating ${numberHtml('nps-average', entry.average, entry.average == null ? '–' : String(entry.average), q)} of 10</p></div>` +
    `<svg class="cv-bar cv-bar-wide" aria-hidden="true" focusable="false"><rect class="cv-bar-track" width="100%" height="100%"></rect>${segments.join('')}</svg>` +
    `<ul class="cv-legend">${legend.join('')}</ul>` +
    histogramHtml(entry, 0, 10, 'nps', 'Score')
  )
}

/**
 * Columns of how many answered each score from `from` to `to` (at most eleven: an NPS's 0 to 10), each count and
 * share also in text (`{cv}-count` and `{cv}-percentage`, with `data-rating`).
 */
function histogramHtml(entry: SharePageQuestionSummary, from: number, to: number, cv: string, label: string): string {
  const byRating = new Map((entry.distribution ?? []).map((point) => [point.rating, point]))
  const total = (entry.distribution ?? []).reduce((sum, point) => sum + point.count, 0)
  const top = Math.max(1, ...(entry.distribution ?? []).map((point) => point.count))
  // Seven or more columns must fit a phone: their shares are shown as whole percentages (the exact one is in `value`).
  const wide = to - from + 1 > 5
  const columns: string[] = []
  for (let rating = from; rating <= to; rating++) {
    const point = byRating.get(rating)
    const count = point?.count ?? 0
    const percentage = point ? point.percentage : total === 0 ? null : 0
    const attrs = { question: entry.questionId, rating: String(rating) }
    const height = Math.round((count / top) * 1000) / 10
    columns.push(
      `<li><span class="cv-col-nums">${numberHtml(`${cv}-count`, count, formatCount(count), attrs)}` +
        `<span class="cv-muted">${numberHtml(`${cv}-percentage`, percentage, formatPercent(wide && percentage !== null ? Math.round(percentage) : percentage), attrs)}</span></span>` +
        `<svg class="cv-col" aria-hidden="true" focusable="false"><rect class="cv-bar-fill" y="${100 - height}%" width="100%" height="${height}%" rx="3"></rect></svg>` +
        `<span class="cv-col-label"><span class="cv-sr">${label} </span>${rating}</span></li>`,
    )
  }
  return `<ol class="cv-histogram${wide ? ' cv-histogram-wide' : ''}" aria-label="How many answered each ${label.toLowerCase()}">${columns.join('')}</ol>`
}

function scaleHtml(entry: SharePageQuestionSummary, question: PageQuestion | undefined): string {
  const q = { question: entry.questionId }
  const range = typeof question?.raw.range === 'number' ? question.raw.range : entry.type === 'rating' ? 10 : 5
  const satisfied = entry.satisfied
    ? `<p class="cv-muted">Satisfied (4–5): ${numberHtml('csat-satisfied', entry.satisfied.count, formatCount(entry.satisfied.count), q)} ` +
      `(${numberHtml('csat-satisfied-percentage', entry.satisfied.percentage, formatPercent(entry.satisfied.percentage), q)})</p>`
    : ''
  const average = entry.average ?? null
  return (
    `<div class="cv-score"><p class="cv-big">Average ${numberHtml('scale-average', average, average === null ? '–' : String(average), q)} <span class="cv-muted">of ${range}</span></p>${satisfied}</div>` +
    histogramHtml(entry, 1, Math.min(range, 10), 'scale', 'Rating')
  )
}

function pairHtml(q: Record<string, string>, pairs: Array<[string, string, number]>): string {
  const total = pairs.reduce((sum, [, , count]) => sum + count, 0)
  const rows = pairs.map(([cv, label, count]) => {
    const percentage = total === 0 ? null : Math.round((count / total) * 10_000) / 100
    return barRowHtml(label, `${numberHtml(cv, count, formatCount(count), q)} · ${formatPercent(percentage)}`, percentage)
  })
  return `<ul class="cv-bars">${rows.join('')}</ul>`
}

function matrixHtml(entry: SharePageQuestionSummary, question: PageQuestion | undefined): string {
  const labels = (list: unknown) => (Array.isArray(list) ? list.map((item) => plainText(isLabelled(item) ? item.label : item)) : [])
  const counts = new Map<string, Map<string, number>>()
  for (const row of entry.rows ?? []) counts.set(row.row, new Map(row.columns.map((cell) => [cell.column, cell.count])))
  const rows = unique([...labels(question?.raw.rows), ...counts.keys()]).slice(0, SHARE_PAGE_LIMITS.chartRows)
  const allColumns = unique([...labels(question?.raw.columns), ...[...counts.values()].flatMap((cells) => [...cells.keys()])])
  const columns = allColumns.slice(0, SHARE_PAGE_LIMITS.matrixColumns)
  const head = columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('')
  const body = rows.map((row) => {
    const cells = counts.get(row) ?? new Map<string, number>()
    const total = [...cells.values()].reduce((sum, count) => sum + count, 0)
    const tds = columns.map((column) => {
      const count = cells.get(column) ?? 0
      const share = total === 0 ? 0 : count / total
      const attrs = { question: entry.questionId, row, column }
      return `<td class="cv-heat-${Math.min(4, Math.ceil(share * 4))}">${numberHtml('matrix-count', count, formatCount(count), attrs)}<span class="cv-cell-pct">${formatPercent(total === 0 ? null : Math.round(share * 1000) / 10)}</span></td>`
    })
    return `<tr><th scope="row">${escapeHtml(row)}</th>${tds.join('')}</tr>`
  })
  const more = moreNote(allColumns.length - columns.length, 'columns')
  return `<div class="cv-scroll" tabindex="0" role="region" aria-label="${escapeHtml(entry.headline || entry.questionId)}: grid"><table class="cv-table cv-matrix"><thead><tr><td></td>${head}</tr></thead><tbody>${body.join('')}</tbody></table></div>${more}`
}

function rankingHtml(entry: SharePageQuestionSummary): string {
  const choices = entry.choices ?? []
  if (!choices.length) return '<p class="cv-muted">No rankings to show.</p>'
  const count = choices.length
  const items = choices.slice(0, SHARE_PAGE_LIMITS.chartRows).map((choice) => {
    const attrs = { question: entry.questionId, choice: choice.id }
    const average = choice.averagePosition ?? null
    // The bar is longer the nearer the top a choice was ranked on average.
    const width = average === null || count < 2 ? 0 : ((count - average) / (count - 1)) * 100
    return (
      `<li><div class="cv-bar-head"><span class="cv-bar-label">${escapeHtml(choice.label || choice.id)}</span>` +
      `<span class="cv-bar-nums">average position ${numberHtml('ranking-average', average, average === null ? '–' : String(average), attrs)} · ` +
      `${numberHtml('ranking-count', choice.count, formatCount(choice.count), attrs)} ranked</span></div>${barHtml(width)}</li>`
    )
  })
  return `<ol class="cv-bars cv-ranking">${items.join('')}</ol>${moreNote(choices.length - SHARE_PAGE_LIMITS.chartRows, 'choices')}`
}

function fieldsHtml(view: ShareSummaryView): string {
  const section = (title: string, id: string, blocks: string[]) =>
    blocks.length
      ? `<section class="cv-section cv-card" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${blocks.join('')}</section>`
      : ''
  const block = (label: string, field: ShareField) =>
    `<div class="cv-field-block"><h3>${escapeHtml(label)}</h3>${latestHtml(view, field, label, false)}</div>`
  return (
    section(
      'Hidden fields',
      'cv-hidden-fields',
      surveyHiddenFields(view.survey).map((key) => block(key, { source: 'data', key })),
    ) +
    section(
      'Variables',
      'cv-variables',
      surveyVariables(view.survey).map((variable) => block(variable.name, { source: 'variables', key: variable.id })),
    )
  )
}

/** The latest answers of a field, with a link to all of them (files as links where the page may link them). */
function latestHtml(view: ShareSummaryView, field: ShareField, label: string, files: boolean): string {
  const page = view.latest[shareFieldParam(field)]
  const items = page?.items.slice(0, SHARE_PAGE_LIMITS.latestAnswers) ?? []
  if (!items.length) return '<p class="cv-muted">No answers yet.</p>'
  const fieldAttr = escapeHtml(shareFieldParam(field))
  const list = items.map(
    (item) =>
      `<li data-cv="answer" data-field="${fieldAttr}"><span class="cv-answer">${files ? filesHtml(item.value, view) : escapeHtml(answerText(item.value))}</span>` +
      `<span class="cv-muted cv-when">${timeHtml(item.createdAt)}</span></li>`,
  )
  return `<ul class="cv-list cv-answers">${list.join('')}</ul><p><a class="cv-link" href="${escapeHtml(view.answersHref(field))}">All answers<span class="cv-sr">: ${escapeHtml(label)}</span> →</a></p>`
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

const moreNote = (hidden: number, what: string) =>
  hidden > 0 ? `<p class="cv-muted">${formatCount(hidden)} more ${what} not shown.</p>` : ''
const unique = (list: string[]) => [...new Set(list)]
const isLabelled = (item: unknown): item is { label: unknown } => typeof item === 'object' && item !== null && 'label' in item
