/**
 * What the results screen shapes itself: the responses' filters as query parameters (responses over time are
 * `time-series-data.ts`'s). The summary's model and its pictures are core's (`@canvass/core/results`),
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
