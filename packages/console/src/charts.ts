/**
 * What the results' charts draw, shaped from the summary route's answer (`GET …/surveys/:id/summary`) and the
 * responses list: pure functions, so that a chart is a plain picture of rows each also given as text.
 */

/** A count and its share, as the summary gives it: null when there is nothing to take a share of. */
export interface Share {
  count: number
  percentage: number | null
}

/** One question's summary (docs/api.md, "A survey's summary"): the fields its type has. */
export interface QuestionSummary {
  questionId: string
  type: string
  headline: string
  answered: number
  skipped: number
  choices?: Array<{ id: string; label: string; count: number; percentage?: number | null; averagePosition?: number | null }>
  other?: Share & { values: Array<{ value: string; count: number }> }
  score?: number | null
  promoters?: Share
  passives?: Share
  detractors?: Share
  average?: number | null
  distribution?: Array<{ rating: number; count: number; percentage: number | null }>
  satisfied?: Share
  clicked?: number
  dismissed?: number
  accepted?: number
  booked?: Share
  rows?: Array<{ row: string; columns: Array<{ column: string; count: number }> }>
}

export interface Summary {
  displays: number
  responses: { started: number; finished: number }
  startRate: number | null
  completionRate: number | null
  averageTimeToComplete: number | null
  medianTimeToComplete?: number | null
  dropOff: {
    beforeFirstQuestion: number
    questions: Array<{ questionId: string; answered: number; droppedAfter: number; dropOffRate: number | null }>
  }
  questions: QuestionSummary[]
}

/** One bar: what it stands for, its count, and its share of the whole in percent (0–100). */
export interface BarRow {
  label: string
  count: number
  percent: number
}

/** A percentage in words: `42%`, `4.5%`, `—` when there is none. */
export function percentText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`
}

/** An NPS in words: whole or to a tenth (`-41.7`), `—` when nobody answered. */
export function scoreText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—'
  return String(Math.round(value * 10) / 10)
}

/** A duration in milliseconds in words: `45 s`, `3 min 5 s`. */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—'
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`
}

const share = (count: number, whole: number) => (whole > 0 ? Math.round((count / whole) * 1000) / 10 : 0)

/**
 * The bars of a question: its choices (with "Other" when answers were no choice), else the distribution of its
 * scores (NPS 0–10 and every point of a rating's scale, zeros included), else nothing.
 */
export function questionBars(question: QuestionSummary): BarRow[] {
  if (question.choices) {
    const rows = question.choices.map((choice) => ({
      label: choice.label || choice.id,
      count: choice.count,
      percent: choice.percentage ?? share(choice.count, question.answered),
    }))
    if (question.other && question.other.count > 0)
      rows.push({
        label: 'Other',
        count: question.other.count,
        percent: question.other.percentage ?? share(question.other.count, question.answered),
      })
    return rows
  }
  if (question.distribution) {
    const given = new Map(question.distribution.map((entry) => [entry.rating, entry]))
    const ratings = question.distribution.map((entry) => entry.rating)
    const low = question.type === 'nps' ? 0 : Math.min(1, ...ratings)
    const high = question.type === 'nps' ? 10 : Math.max(low, ...ratings)
    const rows: BarRow[] = []
    for (let rating = low; rating <= high && rows.length <= 100; rating++) {
      const entry = given.get(rating)
      rows.push({
        label: String(rating),
        count: entry?.count ?? 0,
        percent: entry?.percentage ?? share(entry?.count ?? 0, question.answered),
      })
    }
    return rows
  }
  return []
}

/** NPS's three groups, in the order they sit on the scale. */
export function npsSegments(question: QuestionSummary): Array<BarRow & { tone: 'detractor' | 'passive' | 'promoter' }> {
  const of = (value: Share | undefined) => ({ count: value?.count ?? 0, percent: value?.percentage ?? 0 })
  return [
    { label: 'Detractors (0–6)', tone: 'detractor', ...of(question.detractors) },
    { label: 'Passives (7–8)', tone: 'passive', ...of(question.passives) },
    { label: 'Promoters (9–10)', tone: 'promoter', ...of(question.promoters) },
  ]
}

/** A matrix's table: its columns, and per row the count of each column with the row's largest (for shading). */
export function matrixTable(rows: NonNullable<QuestionSummary['rows']>): {
  columns: string[]
  rows: Array<{ row: string; counts: number[]; total: number }>
} {
  const columns: string[] = []
  for (const row of rows) for (const cell of row.columns) if (!columns.includes(cell.column)) columns.push(cell.column)
  return {
    columns,
    rows: rows.map((row) => {
      const counts = columns.map((column) => row.columns.find((cell) => cell.column === column)?.count ?? 0)
      return { row: row.row, counts, total: counts.reduce((sum, count) => sum + count, 0) }
    }),
  }
}

/**
 * Responses per day (UTC) from their `createdAt`, every day from the first to the last (zeros included), at
 * most `maxDays` days back from the last: what the responses-over-time chart draws.
 */
export function responsesPerDay(createdAt: readonly string[], maxDays = 90): Array<{ day: string; count: number }> {
  const days = createdAt.map((value) => value.slice(0, 10)).filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))
  if (days.length === 0) return []
  const sorted = [...days].sort()
  const lastDay = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`)
  const firstDay = Math.max(Date.parse(`${sorted[0]}T00:00:00Z`), lastDay - (maxDays - 1) * 86_400_000)
  const counts = new Map<string, number>()
  for (const day of days) counts.set(day, (counts.get(day) ?? 0) + 1)
  const out: Array<{ day: string; count: number }> = []
  for (let time = firstDay; time <= lastDay; time += 86_400_000) {
    const day = new Date(time).toISOString().slice(0, 10)
    out.push({ day, count: counts.get(day) ?? 0 })
  }
  return out
}

/** A survey's blocks as v1 answers them: the questions of each page. */
export interface SurveyBlock {
  id: string
  name?: string
  elements: Array<{ id: string }>
}

/**
 * Drop-off per block: how many started responses reached the block (those that did not stop in an earlier
 * one) and how many stopped within it (unfinished responses whose last answer is one of its questions; those
 * that answered nothing stopped in the first block).
 */
export function dropOffByBlock(
  blocks: readonly SurveyBlock[],
  summary: Pick<Summary, 'dropOff' | 'responses'>,
): Array<{ id: string; label: string; reached: number; dropped: number; percent: number }> {
  const droppedAfter = new Map(summary.dropOff.questions.map((entry) => [entry.questionId, entry.droppedAfter]))
  let reached = summary.responses.started
  return blocks.map((block, index) => {
    const dropped =
      block.elements.reduce((sum, element) => sum + (droppedAfter.get(element.id) ?? 0), 0) +
      (index === 0 ? summary.dropOff.beforeFirstQuestion : 0)
    const row = { id: block.id, label: block.name || `Block ${index + 1}`, reached, dropped, percent: share(dropped, reached) }
    reached = Math.max(0, reached - dropped)
    return row
  })
}

/** One condition of the responses' filters (docs/api.md, "Filtering responses"). */
export interface Filter {
  field: string
  operator: string
  value: string
}

/** The filters as query parameters, `filter[<field>][<operator>]=<value>`, leaving out those not filled in. */
export function filterQuery(filters: readonly Filter[]): Record<string, string> {
  const query: Record<string, string> = {}
  for (const filter of filters) {
    if (!filter.field || !filter.operator || filter.value.trim() === '') continue
    query[`filter[${filter.field}][${filter.operator}]`] = filter.value.trim()
  }
  return query
}
