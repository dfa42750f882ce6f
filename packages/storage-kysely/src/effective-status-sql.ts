import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'

/**
 * `effectiveSurveyStatus` of `@canvass/core` in SQL, for the survey row aliased `alias`, at `now`:
 * `scheduled` whose `run_on_date` has come counts as `inProgress`, then `inProgress` whose `close_on_date`
 * has come counts as `completed`. A NULL date compares as unknown, so the rule does not apply.
 */
export function effectiveStatusSql(alias: string, now: Date): RawBuilder<string> {
  const status = sql.ref(`${alias}.status`)
  const runOn = sql.ref(`${alias}.run_on_date`)
  const closeOn = sql.ref(`${alias}.close_on_date`)
  const at = sql`${now}::timestamptz`
  return sql<string>`case
    when ${status} = 'scheduled' and ${runOn} <= ${at}
      then case when ${closeOn} <= ${at} then 'completed' else 'inProgress' end
    when ${status} = 'inProgress' and ${closeOn} <= ${at} then 'completed'
    else ${status}
  end`
}
