import { elementCount } from '../../element-types'
import { ownValue } from '../../own-value'
import type { Storage } from '../../ports/storage/index'
import type { QuotaRecord, SummaryAggregates, SummaryQuery, SurveyRecord } from '../../ports/storage/index'
import { LIMITS } from '../../schemas/common'
import type { QuestionSummary } from '../../results/model'
import { reportingOf } from '../optional-ports/reporting'
import { withAnswerForms } from './answer-filters'
import type { AnswerOption } from './answer-resolution'
import { elementOptions, resolveValue } from './answer-resolution'
import { pathQuery, walkPaths } from './survey-paths'

/**
 * A survey's summary (docs/api.md, "A survey's summary") from the aggregates the database computed: the answers never leave it.
 * Percentages are of the responses started (or, per question, of those that answered it), with two decimals.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string =>
  typeof value === 'string' ? value : isRecord(value) && typeof value.default === 'string' ? value.default : ''
const percent = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100)

interface Question {
  id: string
  type: string
  raw: Record<string, unknown>
}

function questionsOf(survey: SurveyRecord): Question[] {
  return survey.questions.flatMap((raw) =>
    isRecord(raw) && typeof raw.id === 'string' ? [{ id: raw.id, type: typeof raw.type === 'string' ? raw.type : '', raw }] : [],
  )
}

/** What to ask the database for this survey. */
export function summaryQuery(
  survey: SurveyRecord,
  filter: Pick<SummaryQuery, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'>,
): SummaryQuery {
  return {
    ...filter,
    // The sum of a response's per-question times, each at most a day.
    maxTimeToComplete: LIMITS.ttcMs * LIMITS.responseEntries,
    questions: questionsOf(survey).map((question) => ({
      id: question.id,
      count: elementCount(question.type),
    })),
    paths: pathQuery(survey),
  }
}

/** The summary of `survey` (of the caller's environment) over the responses `filter` takes, with its quotas. */
export async function readSurveySummary(
  ctx: { storage: Storage },
  survey: SurveyRecord,
  filter: Parameters<typeof summaryQuery>[1],
): Promise<SurveySummary> {
  // A storage without quotas has none to show.
  const quotaStore = ctx.storage.quotas
  const [aggregates, quotas, counts] = await Promise.all([
    reportingOf(ctx.storage).responses.summarize(survey.environmentId, survey.id, summaryQuery(survey, withAnswerForms(survey, filter))),
    quotaStore === undefined ? [] : quotaStore.listAll(survey.environmentId, survey.id),
    quotaStore === undefined ? {} : reportingOf(ctx.storage).quotas.counts(survey.environmentId, survey.id),
  ])
  return surveySummaryOutput(
    survey,
    aggregates,
    quotas.map((quota) => ({ quota, count: ownValue(counts, quota.id) ?? 0 })),
  )
}

/**
 * The survey's summary. `quotas` (the survey's quotas with how many responses each counts, see
 * `QuotaReports.counts`) are shown with their progress whatever the date range: a quota counts every response.
 */
export function surveySummaryOutput(survey: SurveyRecord, aggregates: SummaryAggregates, quotas: QuotaProgress[] = []) {
  const { started, finished } = aggregates
  const questions = questionsOf(survey)
  const dropped = new Map(aggregates.lastAnswered.map((row) => [row.index, row.count]))
  const walk = walkPaths(
    survey,
    questions.map((question) => question.id),
    aggregates.paths ?? [],
  )
  return {
    surveyId: survey.id,
    displays: aggregates.displays,
    responses: { started, finished },
    startRate: percent(started, aggregates.displays),
    completionRate: percent(finished, started),
    averageTimeToComplete: aggregates.averageTimeToComplete === null ? null : Math.round(aggregates.averageTimeToComplete),
    medianTimeToComplete: aggregates.medianTimeToComplete === null ? null : Math.round(aggregates.medianTimeToComplete),
    dropOff: {
      /** Unfinished responses that answered nothing. */
      beforeFirstQuestion: dropped.get(null) ?? 0,
      questions: questions.map((question, index) => {
        const count = dropped.get(index) ?? 0
        return {
          questionId: question.id,
          answered: ownValue(aggregates.answered, question.id) ?? 0,
          droppedAfter: count,
          dropOffRate: percent(count, started),
        }
      }),
      /** Per block along each response's path: reached, passed with an answer or empty, left there. */
      blocks: walk.blocks.map((block) => ({ ...block, dropOffRate: percent(block.leftHere, block.reached) })),
      /** Responses not walked: past the cap of the groups a summary walks (docs/api.md). */
      notWalked: walk.notWalked,
    },
    questions: questions.map((question) => questionSummary(question, aggregates, walk.skipped.get(question.id) ?? 0)),
    quotas: quotas.map(({ quota, count }) => ({
      id: quota.id,
      name: quota.name,
      limit: quota.limit,
      count,
      percentage: percent(count, quota.limit) as number,
    })),
  }
}

/** A survey's summary as the routes answer it. */
export type SurveySummary = ReturnType<typeof surveySummaryOutput>

export interface QuotaProgress {
  quota: Pick<QuotaRecord, 'id' | 'name' | 'limit'>
  count: number
}

/** `skipped`: the responses that passed the question's block with it empty (`walkPaths`). */
function questionSummary(question: Question, aggregates: SummaryAggregates, skipped: number): QuestionSummary {
  const answered = ownValue(aggregates.answered, question.id) ?? 0
  const base = {
    questionId: question.id,
    type: question.type,
    headline: text(question.raw.headline),
    answered,
    skipped,
  }
  const values = ownValue(aggregates.values, question.id) ?? []
  const countOf = (match: (value: string) => boolean) =>
    values.filter((entry) => match(entry.value)).reduce((sum, entry) => sum + entry.count, 0)
  switch (question.type) {
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti':
    case 'pictureSelection':
      return { ...base, ...choicesSummary(question, values, answered) }
    case 'nps':
      return { ...base, ...npsSummary(scoresOf(values, 0, 10)) }
    case 'rating':
    case 'csat':
    case 'ces':
      return { ...base, ...scaleSummary(question, values) }
    case 'cta':
      return { ...base, clicked: countOf((value) => value === 'clicked'), dismissed: countOf((value) => value === 'dismissed') }
    case 'consent':
      return { ...base, accepted: countOf((value) => value === 'accepted'), dismissed: countOf((value) => value === 'dismissed') }
    case 'cal': {
      // Booked: the answers "booked" (what renderers store once the respondent confirms a booking), as a share
      // of the responses started; `skipped` as for any question.
      const booked = countOf((value) => value === 'booked')
      return { ...base, booked: { count: booked, percentage: percent(booked, aggregates.started) } }
    }
    case 'matrix':
      return { ...base, ...matrixSummary(question, ownValue(aggregates.cells, question.id) ?? []) }
    case 'ranking':
      return { ...base, ...rankedChoices(question, ownValue(aggregates.positions, question.id) ?? []) }
    default:
      return base
  }
}

type ValueCounts = Array<{ value: string; count: number }>

/**
 * Scores arrive as their JSON text; a text that is not a number is not a score, nor is a number off the
 * question's scale (a number is checked against its scale when it is written, but a text is not, nor a row
 * stored before that check or a scale changed since), so that no stored answer can skew or overflow the
 * counts and means. Texts that are one number (`7` and `7.0`) count as one score.
 */
function scoresOf(values: ValueCounts, min: number, max: number): Array<{ value: number; count: number }> {
  const counts = new Map<number, number>()
  for (const entry of values) {
    const value = /^-?\d+(\.\d+)?$/.test(entry.value) ? Number(entry.value) : Number.NaN
    if (Number.isInteger(value) && value >= min && value <= max) counts.set(value, (counts.get(value) ?? 0) + entry.count)
  }
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value - b.value)
}

/**
 * A choice question's counts, each answer resolved to its choice whatever its language (docs/api.md, "Answers in
 * every language"): the choices in the survey's order with their default labels, and one "other" bucket for the
 * answers that name no choice, labelled as the "other" choice when the question has one (null when it has not:
 * those answers matched nothing), which is then not listed among the choices as well.
 */
function choicesSummary(question: Question, values: ValueCounts, answered: number) {
  const set = elementOptions(question.raw, 'choices')
  const counts = new Map<AnswerOption, number>()
  const others = new Map<string, number>()
  for (const entry of values) {
    const { option, match } = resolveValue(set, entry.value)
    if (option && (match === 'exact' || match === 'label')) counts.set(option, (counts.get(option) ?? 0) + entry.count)
    else others.set(entry.value, (others.get(entry.value) ?? 0) + entry.count)
  }
  const listed = [...others].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count)
  const otherCount = listed.reduce((sum, entry) => sum + entry.count, 0)
  return {
    choices: set.options.map((option) => {
      const count = counts.get(option) ?? 0
      return { id: option.key, label: option.defaultLabel, count, percentage: percent(count, answered) }
    }),
    other: {
      label: set.other ? set.other.defaultLabel || 'Other' : null,
      count: otherCount,
      percentage: percent(otherCount, answered),
      values: listed.slice(0, 50),
    },
  }
}

function npsSummary(scores: Array<{ value: number; count: number }>) {
  const total = scores.reduce((sum, entry) => sum + entry.count, 0)
  const promoters = scores.filter((entry) => entry.value >= 9).reduce((sum, entry) => sum + entry.count, 0)
  const passives = scores.filter((entry) => entry.value >= 7 && entry.value <= 8).reduce((sum, entry) => sum + entry.count, 0)
  const detractors = total - promoters - passives
  const sum = scores.reduce((acc, entry) => acc + entry.value * entry.count, 0)
  return {
    score: total === 0 ? null : Math.round(((promoters - detractors) / total) * 10_000) / 100,
    promoters: { count: promoters, percentage: percent(promoters, total) },
    passives: { count: passives, percentage: percent(passives, total) },
    detractors: { count: detractors, percentage: percent(detractors, total) },
    average: total === 0 ? null : Math.round((sum / total) * 100) / 100,
    // Each score answered, 0 to 10, with its count: the distribution a chart draws.
    distribution: scores.map((entry) => ({ rating: entry.value, count: entry.count, percentage: percent(entry.count, total) })),
  }
}

function scaleSummary(question: Question, values: ValueCounts) {
  // A CSAT question has five points; a stored survey without a range is read as the schema's default.
  const range = typeof question.raw.range === 'number' ? question.raw.range : question.type === 'rating' ? 10 : 5
  const ratings = scoresOf(values, 1, range)
  const total = ratings.reduce((sum, entry) => sum + entry.count, 0)
  const sum = ratings.reduce((acc, entry) => acc + entry.value * entry.count, 0)
  const scale = {
    average: total === 0 ? null : Math.round((sum / total) * 100) / 100,
    distribution: ratings.map((entry) => ({ rating: entry.value, count: entry.count, percentage: percent(entry.count, total) })),
  }
  if (question.type !== 'csat') return scale
  // Satisfied: the top two of the five points, as the reference counts them.
  const satisfied = ratings.filter((entry) => entry.value >= 4).reduce((acc, entry) => acc + entry.count, 0)
  return { ...scale, satisfied: { count: satisfied, percentage: percent(satisfied, total) } }
}

/**
 * A matrix's counts by row and column, each resolved whatever the language of its labels: the rows and columns
 * in the survey's order with their default labels; a cell whose row or column names none of the question's is
 * counted in `unmatched`, never as a row of its own.
 */
function matrixSummary(question: Question, cells: Array<{ row: string; column: string; count: number }>) {
  const rows = elementOptions(question.raw, 'rows')
  const columns = elementOptions(question.raw, 'columns')
  const counts = new Map<AnswerOption, Map<AnswerOption, number>>()
  let unmatched = 0
  for (const cell of cells) {
    const row = resolveValue(rows, cell.row).option
    const column = resolveValue(columns, cell.column).option
    if (!row || !column) {
      unmatched += cell.count
      continue
    }
    const byColumn = counts.get(row) ?? new Map<AnswerOption, number>()
    byColumn.set(column, (byColumn.get(column) ?? 0) + cell.count)
    counts.set(row, byColumn)
  }
  return {
    rows: rows.options.flatMap((row) => {
      const byColumn = counts.get(row)
      if (!byColumn) return []
      const counted = columns.options.flatMap((column) => {
        const count = byColumn.get(column)
        return count === undefined ? [] : [{ column: column.defaultLabel || column.key, count }]
      })
      return [{ row: row.defaultLabel || row.key, columns: counted }]
    }),
    unmatched,
  }
}

/**
 * Ranked by the mean of the 1-based positions given (1 is first); a choice nobody ranked comes last. Each item
 * is resolved whatever its language; one that names no choice is counted in `unmatched`.
 */
function rankedChoices(question: Question, ranked: Array<{ value: string; count: number; positionSum: number }>) {
  const set = elementOptions(question.raw, 'choices')
  const totals = new Map<AnswerOption, { count: number; positionSum: number }>()
  let unmatched = 0
  for (const entry of ranked) {
    const { option, match } = resolveValue(set, entry.value)
    if (!option || (match !== 'exact' && match !== 'label')) {
      unmatched += entry.count
      continue
    }
    const total = totals.get(option) ?? { count: 0, positionSum: 0 }
    totals.set(option, { count: total.count + entry.count, positionSum: total.positionSum + entry.positionSum })
  }
  const choices = set.options.map((option) => {
    const { count, positionSum } = totals.get(option) ?? { count: 0, positionSum: 0 }
    return {
      id: option.key,
      label: option.defaultLabel,
      count,
      averagePosition: count === 0 ? null : Math.round((positionSum / count) * 100) / 100,
    }
  })
  return {
    choices: choices.sort((a, b) => (a.averagePosition ?? Number.POSITIVE_INFINITY) - (b.averagePosition ?? Number.POSITIVE_INFINITY)),
    unmatched,
  }
}
