import type { TimeSeriesQuery, TimeSeriesReports, TimeSeriesRow } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { sqlState } from '../postgres/sql-state'
import { filterResponses } from '../responses/filter-responses'

/**
 * `TimeSeriesReports.countByPeriod`: one statement groups the survey's filtered responses by
 * `date_trunc(interval, created_at at time zone tz)`, the local time of `tz`; `date_trunc('week', …)` starts a
 * week on Monday (ISO). It reads every response the filters take (along the survey's `(survey_id, created_at)`
 * index) and answers only the buckets, at most `limit + 1`.
 */
export async function countByPeriod(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: TimeSeriesQuery,
): Promise<TimeSeriesRow[] | null> {
  if (!isStorable(query.timeZone)) return null
  const unit = sql.lit(query.interval)
  const bucket = sql<string>`to_char(date_trunc(${unit}, responses.created_at at time zone ${query.timeZone}::text), 'YYYY-MM-DD')`
  const filtered = filterResponses(
    db
      .selectFrom('responses')
      .select([
        bucket.as('start'),
        sql<string>`count(*)::text`.as('started'),
        sql<string>`count(*) filter (where responses.finished)::text`.as('finished'),
      ]),
    names,
    environmentId,
    { ...query, surveyId },
  )
  if (!filtered) return []
  try {
    const rows = await filtered
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .limit(query.limit + 1)
      .execute()
    return rows.map((row) => ({ start: row.start, started: Number(row.started), finished: Number(row.finished) }))
  } catch (error) {
    // `time zone "…" not recognized` (invalid_parameter_value): a name the database's zone files lack.
    if (sqlState(error) === '22023' && /time zone/i.test(String((error as Error).message))) return null
    throw error
  }
}

/** The time-series group of the reporting port, on `db`. */
export function createTimeSeriesReports(db: Kysely<Database>, names: SchemaNames): TimeSeriesReports {
  return { countByPeriod: (environmentId, surveyId, query) => countByPeriod(db, names, environmentId, surveyId, query) }
}
