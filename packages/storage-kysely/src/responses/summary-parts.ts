import type { SummaryQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from '../postgres/database'
import type { PathGroup } from '@canvass/core'
import type { Sums } from '../sql/summary-sums'
import { addPaths, capPaths } from '../sql/response-paths-sql'
import { EXACT_TIMES, bucketedTimes } from '../sql/summary-sums'
import type { SchemaNames } from '../postgres/schema-names'
import { isForeignKeyViolation } from '../postgres/sql-state'
import { monthStart, nextMonth as nextMonthStart } from './partitions'

/**
 * A survey's summary from sums kept by day and by month. Once a day of a survey's responses (by `created_at`, days
 * of UTC) is over, its sums change only when a write touches one of its responses. So:
 *
 * - `response_changes` counts, per survey and day before the current one, the responses written into it: every
 *   statement that inserts, updates or deletes `responses` rows bumps it for the rows it wrote, in the same
 *   statement (`responseChangesSql`), so that a row and its count are committed together. A write of the
 *   current day (the hot path: a new response, a client's update of it) writes nothing there, and a create
 *   of the current day is written by a statement without that part (`ofCurrentDaySql`). No statement
 *   moves a response's `created_at`; one that did would bump the day it left as well.
 * - `summary_parts` keeps a closed period's sums (`Sums`, as JSON) with the count they were computed at, for a
 *   plan: what the sums depend on (the questions' ids and count kinds, `maxTimeToComplete`, `FORMAT`). A period
 *   is a month once the whole month is closed (its count: the sum of its days'), else a day: a survey read
 *   over years reads a row a month, and the current month's closed days come from their own rows. A part is
 *   used only while its count is the period's count; another plan's parts are never read.
 * - A period is closed once it ended more than `MARGIN` ago by the database's clock, so that a write in flight
 *   at its end (its transaction's `now()` still in it) has committed before its sums are kept.
 * - A part is computed by reading the period's count (C1), the period's sums, then the count again (C2), and
 *   kept only when C1 = C2: the counts only grow, and a write commits its rows and its count together, so no
 *   write committed in between, and the sums are the period's at count C1.
 *
 * Only a summary of every response of a date range by `created_at` uses parts (no condition on answers, no
 * language, no `finished`): the closed periods inside the range come from parts, computed and kept when missing
 * or out of date; the rest (the range's start inside a day, the current day and the hour before it) is read
 * as ever. The summary reads no `contact_id`, which a contact's deletion sets to null without a statement of
 * this package.
 */

/** The version of the kept sums' format and meaning: a change of either makes every kept part another plan's. */
const FORMAT = 2
/** How long after its end a period is closed (see above). */
const MARGIN_MS = 60 * 60 * 1000
const DAY_MS = 86_400_000

/**
 * The part of a statement that counts the responses it wrote (`rows`: a CTE of them, with `survey_id` and
 * `created_at`) into `response_changes`, as a data-modifying CTE of the same statement. The days in order, so
 * that two statements bumping the same days lock their rows in the same order.
 */
export function responseChangesSql(names: SchemaNames, rows: string): RawBuilder<unknown> {
  return sql`insert into ${names.ref('response_changes')} as c (survey_id, day, changes)
    select w.survey_id, date_trunc('day', w.created_at, 'UTC'), count(*)
    from ${sql.table(rows)} w
    where not ${ofCurrentDaySql(sql.ref('w.created_at'))}
    group by 1, 2 order by 1, 2
    on conflict (survey_id, day) do update set changes = c.changes + excluded.changes`
}

/**
 * Whether `createdAt` falls in the current day by the database's clock, which `response_changes` does not count
 * (`responseChangesSql` counts the rows outside it). Also the guard of a create's statement that leaves
 * `responseChangesSql` out (a lean statement, as most creates take): a row it refuses is written by the full
 * statement, which counts it.
 */
export const ofCurrentDaySql = (createdAt: RawBuilder<unknown>): RawBuilder<unknown> => sql`${createdAt} >= date_trunc('day', now(), 'UTC')`

/**
 * Whether a create stamped `createdAt` (ISO text, as `toISOString` writes it) falls in the current day by this
 * process's clock: its statement may then be the lean one, whose guard (`ofCurrentDaySql`) asks the database's
 * clock. A process whose clock runs behind the database's around midnight loses that guard, and the create is
 * written by the full statement after all.
 */
export function ofCurrentDay(createdAt: string, now = Date.now()): boolean {
  return createdAt >= new Date(dayOf(now)).toISOString()
}

/** Whether `query` is a summary of every response of its date range by `created_at` (see above). */
export function takesParts(query: SummaryQuery): boolean {
  return (
    (query.where === undefined || query.where.length === 0) &&
    query.language === undefined &&
    query.finished === undefined &&
    (query.dateField === undefined || query.dateField === 'createdAt')
  )
}

/** A range of `created_at`, `from` included, `to` excluded; null: unbounded. */
export interface CreatedRange {
  from: Date | null
  to: Date | null
}

/** A closed month or day whose sums may be kept. */
interface Period {
  period: 'day' | 'month'
  starts: Date
  ends: Date
}

const dayOf = (at: number) => at - (((at % DAY_MS) + DAY_MS) % DAY_MS)
/** The first day that starts at or after `at`. */
const dayFrom = (at: number) => {
  const day = dayOf(at)
  return day === at ? day : day + DAY_MS
}

/**
 * The closed periods from the day `from` on: a whole month when it starts on one and all of it is closed and
 * inside the range, else a day, while the period ends by `until` (and `endDate`: it includes its instant, so a
 * period ending on it leaves that instant to the rest).
 */
export function closedPeriods(from: number, until: number, endDate: number | null): Period[] {
  const periods: Period[] = []
  const fits = (end: number) => end <= until && (endDate === null || end <= endDate)
  let cursor = from
  for (;;) {
    if (monthStart(cursor) === cursor) {
      const end = nextMonthStart(cursor)
      if (fits(end)) {
        periods.push({ period: 'month', starts: new Date(cursor), ends: new Date(end) })
        cursor = end
        continue
      }
    }
    const end = cursor + DAY_MS
    if (!fits(end)) return periods
    periods.push({ period: 'day', starts: new Date(cursor), ends: new Date(end) })
    cursor = end
  }
}

/**
 * The sums of the survey's responses in the query's date range: the closed periods inside it from their parts
 * (each computed by `compute` and kept when missing or out of date), the rest by `compute` over its ranges.
 * `compute` reads the responses the query takes, restricted to a range of `created_at`. Everything is read on
 * `db` (a replica, maybe: the counts and the sums then come from one database), and a part is written on
 * `keepOn` (the primary); a part kept at a count the primary has passed is computed again when next asked.
 */
export async function sumsByPeriod(
  db: Kysely<Database>,
  keepOn: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: SummaryQuery,
  compute: (range: CreatedRange) => Promise<Sums>,
  add: (into: Sums, from: Sums) => void,
): Promise<Sums> {
  const responses = names.ref('responses')
  const { rows: edges } = await sql<{ now: Date; first_at: Date | null }>`
    select now() as now,
      (select min(r.created_at) from ${responses} r where r.survey_id = ${surveyId} and r.environment_id = ${environmentId}) as first_at`.execute(
    db,
  )
  const edge = edges[0]
  if (!edge?.first_at) return compute({ from: null, to: null })
  const firstDay = dayOf(new Date(edge.first_at).getTime())
  const start = Math.max(query.startDate ? dayFrom(new Date(query.startDate).getTime()) : firstDay, firstDay)
  const periods = closedPeriods(start, new Date(edge.now).getTime() - MARGIN_MS, query.endDate ? new Date(query.endDate).getTime() : null)
  if (periods.length === 0) return compute({ from: null, to: null })
  const plan = planOf(environmentId, query)
  const changes = names.ref('response_changes')
  const { rows: kept } = await sql<{ current: string; kept: string | null; sums: unknown }>`
    select (select coalesce(sum(c.changes), 0) from ${changes} c
        where c.survey_id = ${surveyId} and c.day >= p.starts and c.day < p.ends)::text as current,
      k.changes::text as kept, k.sums
    from jsonb_to_recordset(${JSON.stringify(periods)}::jsonb) as p(period text, starts timestamptz, ends timestamptz)
    left join ${names.ref('summary_parts')} k
      on k.survey_id = ${surveyId} and k.period = p.period and k.starts = p.starts and k.plan = md5(${plan})
    order by p.starts`.execute(db)
  // The ranges outside the kept periods first: a part is computed after them, as close to its C2 as can be.
  const total = await compute({ from: null, to: (periods[0] as Period).starts })
  add(total, await compute({ from: (periods[periods.length - 1] as Period).ends, to: null }))
  for (const [index, row] of kept.entries()) {
    const { period, starts, ends } = periods[index] as Period
    if (row.kept === row.current && row.sums !== null) {
      add(total, fromJson(row.sums))
      continue
    }
    const sums = await compute({ from: starts, to: ends })
    add(total, sums)
    const { rows: after } = await sql<{ changes: string }>`
      select coalesce(sum(changes), 0)::text as changes from ${changes}
      where survey_id = ${surveyId} and day >= ${starts}::timestamptz and day < ${ends}::timestamptz`.execute(db)
    if (after[0]?.changes !== row.current) continue
    // A part computed at a lower count never replaces one computed at a higher. The survey deleted meanwhile:
    // nothing to keep (its parts went with it).
    await sql`insert into ${names.ref('summary_parts')} as p (survey_id, period, starts, plan, changes, sums, computed_at)
      select ${surveyId}, ${period}, ${starts}::timestamptz, md5(${plan}), ${row.current}::bigint, ${JSON.stringify(toJson(sums))}::jsonb, now()
      where exists (select from ${names.ref('surveys')} s where s.id = ${surveyId})
      on conflict (survey_id, period, starts, plan) do update set changes = excluded.changes, sums = excluded.sums, computed_at = excluded.computed_at
      where p.changes <= excluded.changes`
      .execute(keepOn)
      .catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error
      })
  }
  return total
}

/** What a part's sums depend on, as text (stored as its MD5). */
function planOf(environmentId: string, query: SummaryQuery): string {
  return JSON.stringify([
    FORMAT,
    environmentId,
    query.maxTimeToComplete,
    query.questions.map((question) => [question.id, question.count]),
    query.paths ?? null,
  ])
}

/**
 * `Sums` as JSON: lists of tuples, in the order `fromJson` reads them. A period of more than `EXACT_TIMES`
 * distinct times keeps them in `buckets`, with their exact sum (`bucketedSum`), not in `times`.
 */
interface SumsJson {
  started: number
  finished: number
  droppedNone: number
  dropped: Array<[number, number]>
  answered: Array<[string, number]>
  values: Array<[string, string, number]>
  cells: Array<[string, string, string, number]>
  positions: Array<[string, string, number, number]>
  times: Array<[number, number]>
  buckets?: Array<[number, number]>
  bucketedSum?: number
  /** The groups of the walk of paths (`PathGroup`s). */
  paths?: PathGroup[]
}

function toJson(sums: Sums): SumsJson {
  const bucketing = sums.times.size + sums.buckets.size > EXACT_TIMES
  const { buckets, bucketedSum } = bucketing ? bucketedTimes(sums) : sums
  return {
    started: sums.started,
    finished: sums.finished,
    droppedNone: sums.droppedNone,
    dropped: sums.dropped.flatMap((count, index): Array<[number, number]> => (count ? [[index, count]] : [])),
    answered: [...sums.answered],
    values: [...sums.values.values()].map((row) => [row.id, row.value, row.count]),
    cells: [...sums.cells.values()].map((row) => [row.id, row.row, row.column, row.count]),
    positions: [...sums.positions.values()].map((row) => [row.id, row.value, row.count, row.positionSum]),
    times: bucketing ? [] : [...sums.times],
    ...(buckets.size > 0 ? { buckets: [...buckets], bucketedSum } : {}),
    paths: capPaths(sums.paths.values()),
  }
}

function fromJson(stored: unknown): Sums {
  const json = (typeof stored === 'string' ? JSON.parse(stored) : stored) as SumsJson
  const dropped: number[] = []
  for (const [index, count] of json.dropped) dropped[index] = count
  return {
    started: json.started,
    finished: json.finished,
    ttcSum: 0,
    ttcCount: 0,
    median: null,
    droppedNone: json.droppedNone,
    dropped,
    answered: new Map(json.answered),
    values: new Map(json.values.map(([id, value, count]) => [JSON.stringify([id, value]), { id, value, count }])),
    cells: new Map(json.cells.map(([id, row, column, count]) => [JSON.stringify([id, row, column]), { id, row, column, count }])),
    positions: new Map(
      json.positions.map(([id, value, count, positionSum]) => [JSON.stringify([id, value]), { id, value, count, positionSum }]),
    ),
    times: new Map(json.times),
    buckets: new Map(json.buckets ?? []),
    bucketedSum: json.bucketedSum ?? 0,
    paths: pathsOf(json.paths ?? []),
  }
}

function pathsOf(groups: PathGroup[]): Map<string, PathGroup> {
  const paths = new Map<string, PathGroup>()
  addPaths(paths, groups)
  return paths
}
