import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from './database'
import { effectiveStatusSql } from './effective-status-sql'
import { precompiled, slots } from './precompiled'
import type { Precompiled } from './precompiled'
import type { SchemaNames } from './schema-names'

/**
 * An `update` that completes the survey whose id is the SQL expression `surveyId` once its finished
 * responses reach `auto_complete` (docs/design.md, "Surveys": `inProgress` → `completed`), at the SQL expression `now`.
 * `unseen` counts finished responses the statement writes itself but cannot see yet (the snapshot of a
 * data-modifying CTE does not include its own insert).
 *
 * The cheap conditions come first, so the count runs only for a survey that has `auto_complete`.
 */
export function completeSurveySql(
  names: SchemaNames,
  surveyId: RawBuilder<unknown>,
  now: RawBuilder<unknown>,
  unseen: 0 | 1,
): RawBuilder<unknown> {
  return sql`update ${names.ref('surveys')} as surveys set status = 'completed', updated_at = ${now}
    where id = ${surveyId} and auto_complete is not null
      and ${effectiveStatusSql('surveys', now)} = 'inProgress'
      and auto_complete <= ${sql.lit(unseen)} + (
        select count(*) from ${names.ref('responses')} r where r.survey_id = ${surveyId} and r.finished
      )`
}

const LOCK_SLOTS = slots(['surveyId'])

/**
 * Locks a survey for a finished response to count towards `auto_complete` (see `insert-response.ts`).
 * `no key update`, not `update`: a plain insert's foreign key check takes a key-share lock on the survey,
 * which `update` would wait for, so a finished create holding the lock and a plain insert holding the same
 * single-use id would deadlock.
 */
export function lockSurveyStatement(db: Kysely<Database>, names: SchemaNames): Precompiled<unknown, 'surveyId'> {
  return precompiled(
    sql`select 1 from ${names.ref('surveys')} where id = ${LOCK_SLOTS.surveyId}::text for no key update`.compile(db),
    LOCK_SLOTS,
  )
}
