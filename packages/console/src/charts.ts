/**
 * What the results screen shapes itself: responses per day for the over-time chart, and the responses'
 * filters as query parameters. The summary's model and its pictures are core's (`@canvass/core/results`),
 * the same the shared results page draws; they are named here too for the screens that read them.
 */
export type { BarRow, BlockFunnel, QuestionSummary, Share, Summary, SurveyBlock } from '@canvass/core/results'
export {
  durationText,
  funnelRows,
  matrixTable,
  npsSegments,
  percentText,
  questionBars,
  scoreText,
} from '@canvass/core/results'

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
