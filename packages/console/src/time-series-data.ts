/**
 * What the responses-over-time chart shapes itself from the time-series route (docs/api.md, "Responses over
 * time"): the browser's time zone, the period words, and when the automatic interval takes a wider one.
 */

export type Interval = 'day' | 'week' | 'month'

/** One period as the route answers it. */
export interface TimeBucket {
  /** The local date the period starts on, `YYYY-MM-DD`. */
  start: string
  started: number
  finished: number
  completionRate: number | null
}

export interface TimeSeries {
  interval: Interval
  timeZone: string
  buckets: TimeBucket[]
}

/**
 * The browser's time zone as the route takes it: an IANA `Area/Location` name or UTC. A browser set to a name
 * without a slash (`CET`) is read in UTC, which the chart then says.
 */
export function browserTimeZone(): string {
  let zone = 'UTC'
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    // An engine without time zones: UTC.
  }
  return zone === 'UTC' || zone.includes('/') ? zone : 'UTC'
}

/** Beyond this many periods the automatic interval takes the next wider one (about three months of days, two years of weeks). */
const MOST_PERIODS: Record<Interval, number> = { day: 92, week: 104, month: Number.POSITIVE_INFINITY }

/** The interval the automatic choice moves to after `interval` answered `periods` periods (or failed), or null to stay. */
export function widerInterval(interval: Interval, periods: number | null): Interval | null {
  if (interval === 'month') return null
  if (periods !== null && periods <= MOST_PERIODS[interval]) return null
  return interval === 'day' ? 'week' : 'month'
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** A period in words: `4 Mar 2025`, `week of 3 Mar 2025`, `March 2025`. */
export function periodText(start: string, interval: Interval): string {
  const date = new Date(`${start}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return start
  if (interval === 'month') return MONTH.format(date)
  return interval === 'week' ? `week of ${DAY.format(date)}` : DAY.format(date)
}
