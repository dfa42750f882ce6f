/**
 * A survey's responses over time (docs/api.md, "Responses over time"): started and finished responses by day,
 * week (from Monday) or month of a time zone, over every response the summary's filters take. The storage counts
 * (`TimeSeriesReports`, an optional group of the reporting port); this fills the empty buckets between the first
 * and the last and keeps the answer bounded.
 */
import type { CanvassContext } from '../../context'
import { CanvassError, validationError } from '../../errors'
import type { SurveyRecord } from '../../ports/storage/index'
import type { TimeSeriesInterval, TimeSeriesReports, TimeSeriesRow } from '../../ports/reporting/index'
import type { SummaryFilter } from '../../http/response-query'
import { reportingOf } from '../optional-ports/reporting'
import { withAnswerForms } from './answer-filters'

/** At most this many buckets in one answer, the empty ones between included. */
export const MAX_TIME_SERIES_BUCKETS = 1000

export const TIME_SERIES_INTERVALS: readonly TimeSeriesInterval[] = ['day', 'week', 'month']

/** What the time-series route answers on a reporting port without the group. */
export const TIME_SERIES_MISSING =
  'This storage does not count responses over time: give it storage.reporting.timeSeries, as createKyselyStorage does'

/** The reporting port's time-series group, or a 501 `not_implemented` naming `storage.reporting.timeSeries`. */
export function timeSeriesOf(storage: CanvassContext['storage']): TimeSeriesReports {
  const group = reportingOf(storage).timeSeries
  if (group === undefined) throw new CanvassError('not_implemented', TIME_SERIES_MISSING)
  return group
}

/** One bucket of the answer. */
export interface TimeSeriesBucket extends TimeSeriesRow {
  /** `finished` of `started`, in percent (two decimals), or null for an empty bucket. */
  completionRate: number | null
}

export interface TimeSeries {
  surveyId: string
  interval: TimeSeriesInterval
  timeZone: string
  buckets: TimeSeriesBucket[]
}

/**
 * A time zone as the route takes it: `UTC`, or an IANA `Area/Location` name that the runtime's `Intl` knows
 * (returned as `Intl` spells it). A name without a slash other than `UTC` (`CET`, `EST`) is refused: Postgres
 * reads those as fixed-offset abbreviations, which would put responses in other buckets than the name says.
 */
export function readTimeZone(given: string | string[] | undefined): string {
  if (given === undefined) return 'UTC'
  const problem = { timeZone: 'Must be an IANA time zone name such as Europe/Berlin, or UTC' }
  if (typeof given !== 'string' || given.length > 64 || !/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/i.test(given))
    throw validationError(problem)
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: given }).resolvedOptions().timeZone
  } catch {
    throw validationError(problem)
  }
}

/** The interval the route takes (`day` unless told). */
export function readInterval(given: string | string[] | undefined): TimeSeriesInterval {
  if (given === undefined) return 'day'
  const known = TIME_SERIES_INTERVALS.find((interval) => interval === given)
  if (known === undefined) throw validationError({ interval: 'Must be day, week or month' })
  return known
}

/** The date `start` (`YYYY-MM-DD`) one `interval` later. */
function nextStart(start: string, interval: TimeSeriesInterval): string {
  const [year = 0, month = 1, day = 1] = start.split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1)
  else date.setUTCDate(date.getUTCDate() + (interval === 'week' ? 7 : 1))
  return date.toISOString().slice(0, 10)
}

const percent = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100)

/** A 400 naming `interval`: the answer would hold more than `MAX_TIME_SERIES_BUCKETS` buckets. */
function tooMany(interval: TimeSeriesInterval): CanvassError {
  const wider = interval === 'day' ? 'week or month' : 'month'
  return validationError({
    interval: `The responses span more than ${MAX_TIME_SERIES_BUCKETS} ${interval}s: use interval=${wider}, or narrow startDate and endDate`,
  })
}

/** The buckets from `rows`' first to their last, the empty ones as zeros; more than the bound is a 400. */
export function fillBuckets(rows: readonly TimeSeriesRow[], interval: TimeSeriesInterval): TimeSeriesBucket[] {
  const first = rows[0]
  const last = rows[rows.length - 1]
  if (!first || !last) return []
  if (rows.length > MAX_TIME_SERIES_BUCKETS) throw tooMany(interval)
  const byStart = new Map(rows.map((row) => [row.start, row]))
  const buckets: TimeSeriesBucket[] = []
  for (let start = first.start; ; start = nextStart(start, interval)) {
    if (buckets.length >= MAX_TIME_SERIES_BUCKETS) throw tooMany(interval)
    const row = byStart.get(start) ?? { start, started: 0, finished: 0 }
    buckets.push({ ...row, completionRate: percent(row.finished, row.started) })
    if (start >= last.start) break
  }
  return buckets
}

/** The time series of `survey` (of the caller's environment) over the responses `filter` takes. */
export async function readTimeSeries(
  ctx: CanvassContext,
  survey: SurveyRecord,
  filter: SummaryFilter,
  interval: TimeSeriesInterval,
  timeZone: string,
): Promise<TimeSeries> {
  const rows = await timeSeriesOf(ctx.storage).countByPeriod(survey.environmentId, survey.id, {
    // A filter on a choice takes the answer in every language, as the summary's does.
    ...withAnswerForms(survey, filter),
    interval,
    timeZone,
    limit: MAX_TIME_SERIES_BUCKETS,
  })
  if (rows === null) throw validationError({ timeZone: `The database does not know the time zone ${timeZone}` })
  return { surveyId: survey.id, interval, timeZone, buckets: fillBuckets(rows, interval) }
}
