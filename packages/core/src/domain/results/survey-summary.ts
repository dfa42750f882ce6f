import { elementCount } from '../../element-types'
import { ownValue } from '../../own-value'
import type { Storage } from '../../ports/storage/index'
import type { QuotaRecord, SummaryAggregates, SummaryQuery, SurveyRecord } from '../../ports/storage/index'
import { LIMITS } from '../../schemas/common'
import type { QuestionSummary } from '../../results/model'
import { reportingOf } from '../optional-ports/reporting'
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
    reportingOf(ctx.storage).responses.summarize(survey.environmentId, survey.id, summaryQuery(survey, filter)),
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
      return { ...base, rows: matrixRows(ownValue(aggregates.cells, question.id) ?? []) }
    case 'ranking':
      return { ...base, choices: rankedChoices(question, ownValue(aggregates.positions, question.id) ?? []) }
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

/** The names an answer may give a choice: its id, or its label in any language. */
const choiceNames = (choice: Record<string, unknown>) => [
  String(choice.id ?? ''),
  ...Object.values(isRecord(choice.label) ? choice.label : {}).map(String),
]

const choicesOf = (question: Question) => (Array.isArray(question.raw.choices) ? question.raw.choices.filter(isRecord) : [])

function choicesSummary(question: Question, values: ValueCounts, answered: number) {
  const choices = choicesOf(question)
  // Answers name a choice by its label (the reference's widgets do) or, for pictures, by its id.
  const known = new Set(choices.flatMap(choiceNames))
  const counted = choices.map((choice) => {
    const names = new Set(choiceNames(choice))
    const count = values.filter((entry) => names.has(entry.value)).reduce((sum, entry) => sum + entry.count, 0)
    return { id: String(choice.id ?? ''), label: text(choice.label), count, percentage: percent(count, answered) }
  })
  const others = values.filter((entry) => !known.has(entry.value)).sort((a, b) => b.count - a.count)
  const otherCount = others.reduce((sum, entry) => sum + entry.count, 0)
  return {
    choices: counted,
    other: {
      count: otherCount,
      percentage: percent(otherCount, answered),
      values: others.slice(0, 50).map((entry) => ({ value: entry.value, count: entry.count })),
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

function matrixRows(cells: Array<{ row: string; column: string; count: number }>) {
  const rows = new Map<string, Array<{ column: string; count: number }>>()
  for (const cell of cells) {
    const list = rows.get(cell.row) ?? []
    list.push({ column: cell.column, count: cell.count })
    rows.set(cell.row, list)
  }
  return [...rows].map(([row, columns]) => ({ row, columns }))
}

/** Ranked by the mean of the 1-based positions given (1 is first); a choice nobody ranked comes last. */
function rankedChoices(question: Question, ranked: Array<{ value: string; count: number; positionSum: number }>) {
  const choices = choicesOf(question).map((choice) => {
    const names = new Set(choiceNames(choice))
    const entries = ranked.filter((entry) => names.has(entry.value))
    const count = entries.reduce((sum, entry) => sum + entry.count, 0)
    const positionSum = entries.reduce((sum, entry) => sum + entry.positionSum, 0)
    return {
      id: String(choice.id ?? ''),
      label: text(choice.label),
      count,
      averagePosition: count === 0 ? null : Math.round((positionSum / count) * 100) / 100,
    }
  })
  return choices.sort((a, b) => (a.averagePosition ?? Number.POSITIVE_INFINITY) - (b.averagePosition ?? Number.POSITIVE_INFINITY))
}
