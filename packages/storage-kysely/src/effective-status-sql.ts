import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'

/**
 * `effectiveSurveyStatus` of `@canvass/core` as an SQL expression over the survey row aliased `alias`, at the
 * SQL expression `now`: `scheduled` whose `run_on_date` has come counts as `inProgress`, then `inProgress`
 * whose `close_on_date` has come counts as `completed`. A NULL date compares as unknown, so the rule does not
 * apply. `alias` is a name written in this package, never input.
 */
export function effectiveStatusSql(alias: string, now: RawBuilder<unknown>): RawBuilder<string> {
  const status = sql.ref(`${alias}.status`)
  const runOn = sql.ref(`${alias}.run_on_date`)
  const closeOn = sql.ref(`${alias}.close_on_date`)
  return sql<string>`case
    when ${status} = 'scheduled' and ${runOn} <= ${now}
      then case when ${closeOn} <= ${now} then 'completed' else 'inProgress' end
    when ${status} = 'inProgress' and ${closeOn} <= ${now} then 'completed'
    else ${status}
  end`
}
