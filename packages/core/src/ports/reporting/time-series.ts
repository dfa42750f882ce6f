import type { ResponseFilter } from '../storage/response-filters'

/** How long a bucket of `TimeSeriesReports.countByPeriod` is: a day, a week from Monday (ISO), a month. */
export type TimeSeriesInterval = 'day' | 'week' | 'month'

/** Which responses `TimeSeriesReports.countByPeriod` counts and how it buckets them. */
export interface TimeSeriesQuery extends Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'> {
  interval: TimeSeriesInterval
  /** An IANA time zone name (`Europe/Berlin`, `UTC`): a bucket is a day, week or month of its local time. */
  timeZone: string
  /** At most `limit + 1` buckets are read, the earliest first. */
  limit: number
}

/** One bucket that holds responses: when it starts and how many responses started and finished in it. */
export interface TimeSeriesRow {
  /** The local date (`YYYY-MM-DD`, in `timeZone`) the bucket starts on: the day, the Monday, the first of the month. */
  start: string
  /** Responses created in the bucket. */
  started: number
  /** Of those, the ones finished (now). */
  finished: number
}

/**
 * Responses over time (`ReportingStorage.timeSeries`), an optional group of the reporting port: without it the
 * time-series route answers 501 naming `storage.reporting.timeSeries`.
 */
export interface TimeSeriesReports {
  /**
   * The survey's responses in `environmentId` that the query's filters take, counted by the bucket of
   * `interval` their `createdAt` falls in, read in `timeZone`: every response counted, never a sample. Only
   * buckets holding a response, the earliest first, at most `limit + 1`. A `timeZone` the database does not know
   * answers null (nothing is read).
   */
  countByPeriod(environmentId: string, surveyId: string, query: TimeSeriesQuery): Promise<TimeSeriesRow[] | null>
}
