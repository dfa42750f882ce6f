import { effectiveStatusSql } from './effective-status-sql'
import type { SchemaNames } from './schema-names'

/**
 * An `update` that completes the survey whose id is the SQL expression `surveyId` once its finished
 * responses reach `auto_complete` (contract §4: `inProgress` → `completed`), at the SQL expression `now`.
 * `unseen` counts finished responses the statement writes itself but cannot see yet (the snapshot of a
 * data-modifying CTE does not include its own insert). Arguments are SQL fragments of this package.
 *
 * The cheap conditions come first, so the count runs only for a survey that has `auto_complete`.
 */
export function completeSurveySql(names: SchemaNames, surveyId: string, now: string, unseen: 0 | 1): string {
  return `update ${names.table('surveys')} as surveys set status = 'completed', updated_at = ${now}
    where id = ${surveyId} and auto_complete is not null
      and ${effectiveStatusSql('surveys', now)} = 'inProgress'
      and auto_complete <= ${unseen} + (
        select count(*) from ${names.table('responses')} r where r.survey_id = ${surveyId} and r.finished
      )`
}
