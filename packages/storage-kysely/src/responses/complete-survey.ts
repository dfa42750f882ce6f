import type { AutoCompleteDecision } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { precompiled, slots } from '../postgres/precompiled'
import type { Precompiled } from '../postgres/precompiled'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * Completes the survey when `completes` (core's `autoCompletes`) says its finished responses fill its
 * `auto_complete` at `now`. Run in the transaction that finished a response, with the survey's lock held (`lockSurveyStatement`
 * or a locking read), so that the count sees every earlier finisher and the next one sees the completion.
 */
export async function completeIfFilled(trx: Kysely<Database>, surveyId: string, now: Date, completes: AutoCompleteDecision): Promise<void> {
  const survey = await trx
    .selectFrom('surveys as s')
    .select(['s.status', 's.run_on_date', 's.close_on_date', 's.auto_complete'])
    .select((eb) =>
      eb
        .selectFrom('responses as r')
        .whereRef('r.survey_id', '=', 's.id')
        .where('r.finished', '=', true)
        .select(sql<string>`count(*)::text`.as('n'))
        .as('finished'),
    )
    .where('s.id', '=', surveyId)
    .where('s.auto_complete', 'is not', null)
    .executeTakeFirst()
  if (!survey) return
  const fields = {
    status: survey.status,
    runOnDate: survey.run_on_date,
    closeOnDate: survey.close_on_date,
    autoComplete: survey.auto_complete,
  }
  if (!completes(fields, Number(survey.finished ?? 0), now)) return
  await trx.updateTable('surveys').set({ status: 'completed', updated_at: now }).where('id', '=', surveyId).execute()
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
