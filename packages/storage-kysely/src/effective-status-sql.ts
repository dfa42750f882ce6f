/**
 * `effectiveSurveyStatus` of `@canvass/core` as an SQL expression over the survey row aliased `alias`, at the
 * SQL expression `now`: `scheduled` whose `run_on_date` has come counts as `inProgress`, then `inProgress`
 * whose `close_on_date` has come counts as `completed`. A NULL date compares as unknown, so the rule does not
 * apply. Both arguments are SQL fragments written in this package, never input.
 */
export function effectiveStatusSql(alias: string, now: string): string {
  return `case
    when ${alias}.status = 'scheduled' and ${alias}.run_on_date <= ${now}
      then case when ${alias}.close_on_date <= ${now} then 'completed' else 'inProgress' end
    when ${alias}.status = 'inProgress' and ${alias}.close_on_date <= ${now} then 'completed'
    else ${alias}.status
  end`
}
