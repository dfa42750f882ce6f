import type { SummaryAggregates, SummaryQuery, SurveyRecord } from '../ports/storage'

/**
 * A survey's summary (contract §11) from the aggregates the database computed: the answers never leave it.
 * Percentages are of the responses started (or, per question, of those that answered it), with two decimals.
 */

const VALUE_TYPES = new Set(['multipleChoiceSingle', 'multipleChoiceMulti', 'pictureSelection', 'nps', 'rating', 'cta', 'consent'])

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown): string => (typeof value === 'string' ? value : isRecord(value) && typeof value.default === 'string' ? value.default : '')
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
export function summaryQuery(survey: SurveyRecord, dates: Pick<SummaryQuery, 'dateField' | 'startDate' | 'endDate'>): SummaryQuery {
  return {
    ...dates,
    questions: questionsOf(survey).map((question) => ({
      id: question.id,
      count: VALUE_TYPES.has(question.type) ? 'values' : question.type === 'matrix' ? 'cells' : 'none',
    })),
  }
}

export function surveySummaryOutput(survey: SurveyRecord, aggregates: SummaryAggregates) {
  const { started, finished } = aggregates
  const questions = questionsOf(survey)
  const dropped = new Map(aggregates.lastAnswered.map((row) => [row.index, row.count]))
  return {
    surveyId: survey.id,
    displays: aggregates.displays,
    responses: { started, finished },
    startRate: percent(started, aggregates.displays),
    completionRate: percent(finished, started),
    averageTimeToComplete: aggregates.averageTimeToComplete === null ? null : Math.round(aggregates.averageTimeToComplete),
    dropOff: {
      /** Unfinished responses that answered nothing. */
      beforeFirstQuestion: dropped.get(null) ?? 0,
      questions: questions.map((question, index) => {
        const count = dropped.get(index) ?? 0
        return { questionId: question.id, answered: aggregates.answered[question.id] ?? 0, droppedAfter: count, dropOffRate: percent(count, started) }
      }),
    },
    questions: questions.map((question) => questionSummary(question, aggregates)),
  }
}

function questionSummary(question: Question, aggregates: SummaryAggregates) {
  const answered = aggregates.answered[question.id] ?? 0
  const base = {
    questionId: question.id,
    type: question.type,
    headline: text(question.raw.headline),
    answered,
    skipped: Math.max(0, aggregates.started - answered),
  }
  const values = aggregates.values[question.id] ?? []
  const countOf = (match: (value: unknown) => boolean) => values.filter((entry) => match(entry.value)).reduce((sum, entry) => sum + entry.count, 0)
  switch (question.type) {
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti':
    case 'pictureSelection': {
      const choices = Array.isArray(question.raw.choices) ? question.raw.choices.filter(isRecord) : []
      // Answers name a choice by its label (the reference's widgets do) or, for pictures, by its id.
      const keys = (choice: Record<string, unknown>) => [String(choice.id ?? ''), ...Object.values(isRecord(choice.label) ? choice.label : {}).map(String)]
      const known = new Set(choices.flatMap(keys))
      const counted = choices.map((choice) => {
        const names = new Set(keys(choice))
        const count = countOf((value) => names.has(String(value)))
        return { id: String(choice.id ?? ''), label: text(choice.label), count, percentage: percent(count, answered) }
      })
      const others = values.filter((entry) => !known.has(String(entry.value)))
      const otherCount = others.reduce((sum, entry) => sum + entry.count, 0)
      return {
        ...base,
        choices: counted,
        other: { count: otherCount, percentage: percent(otherCount, answered), values: others.slice(0, 50).map((entry) => ({ value: entry.value, count: entry.count })) },
      }
    }
    case 'nps': {
      const scores = values.filter((entry) => typeof entry.value === 'number')
      const total = scores.reduce((sum, entry) => sum + entry.count, 0)
      const promoters = scores.filter((entry) => (entry.value as number) >= 9).reduce((sum, entry) => sum + entry.count, 0)
      const passives = scores.filter((entry) => (entry.value as number) >= 7 && (entry.value as number) <= 8).reduce((sum, entry) => sum + entry.count, 0)
      const detractors = total - promoters - passives
      const sum = scores.reduce((acc, entry) => acc + (entry.value as number) * entry.count, 0)
      return {
        ...base,
        score: total === 0 ? null : Math.round(((promoters - detractors) / total) * 10_000) / 100,
        promoters: { count: promoters, percentage: percent(promoters, total) },
        passives: { count: passives, percentage: percent(passives, total) },
        detractors: { count: detractors, percentage: percent(detractors, total) },
        average: total === 0 ? null : Math.round((sum / total) * 100) / 100,
      }
    }
    case 'rating': {
      const ratings = values.filter((entry) => typeof entry.value === 'number').sort((a, b) => (a.value as number) - (b.value as number))
      const total = ratings.reduce((sum, entry) => sum + entry.count, 0)
      const sum = ratings.reduce((acc, entry) => acc + (entry.value as number) * entry.count, 0)
      return {
        ...base,
        average: total === 0 ? null : Math.round((sum / total) * 100) / 100,
        distribution: ratings.map((entry) => ({ rating: entry.value as number, count: entry.count, percentage: percent(entry.count, total) })),
      }
    }
    case 'cta':
      return { ...base, clicked: countOf((value) => value === 'clicked'), dismissed: countOf((value) => value === 'dismissed') }
    case 'consent':
      return { ...base, accepted: countOf((value) => value === 'accepted'), dismissed: countOf((value) => value === 'dismissed') }
    case 'matrix': {
      const cells = aggregates.cells[question.id] ?? []
      const rows = new Map<string, Array<{ column: string; count: number }>>()
      for (const cell of cells) {
        const list = rows.get(cell.row) ?? []
        list.push({ column: cell.column, count: cell.count })
        rows.set(cell.row, list)
      }
      return { ...base, rows: [...rows].map(([row, columns]) => ({ row, columns })) }
    }
    default:
      return base
  }
}
