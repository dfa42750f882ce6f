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

/**
 * Locks the survey whose id is `$1` for a finished response to count towards `auto_complete` (see
 * `insert-response.ts`). `no key update`, not `update`: a plain insert's foreign key check takes a key-share
 * lock on the survey, which `update` would wait for, so a finished create holding the lock and a plain insert
 * holding the same single-use id would deadlock.
 */
export function lockSurveySql(names: SchemaNames): string {
  return `select 1 from ${names.table('surveys')} where id = $1::text for no key update`
}
