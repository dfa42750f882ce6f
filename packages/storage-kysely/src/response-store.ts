import type { ResponsePatch, ResponseStore, SurveyStatusFields } from '@canvass/core'
import { CompiledQuery } from 'kysely'
import type { Kysely, Updateable } from 'kysely'
import { applyPage } from './apply-page'
import { completeSurveySql } from './complete-survey-sql'
import type { Database, ResponsesTable } from './database'
import { createResponseInserter } from './insert-response'
import { isStorable } from './is-storable'
import type { ResponseBatchOptions } from './response-batch'
import { responseColumns, toResponseRecord } from './response-columns'
import type { SchemaNames } from './schema-names'
import { toJsonb } from './to-jsonb'

/** Responses, each read with its person, notes and tags in the same statement. */
export function createResponseStore(
  db: Kysely<Database>,
  names: SchemaNames,
  batch?: ResponseBatchOptions | false,
): ResponseStore {
  const columns = responseColumns(names)
  /** Run after a response became finished in the same transaction, which the count therefore sees. */
  const completeSurvey = completeSurveySql(names, '$1::text', '$2::timestamptz', 0)
  const lockSurvey = `select 1 from ${names.table('surveys')} where id = $1::text for no key update`
  return {
    create: createResponseInserter(db, names, batch),

    async get(id) {
      if (!isStorable(id)) return null
      const row = await db
        .selectFrom('responses')
        .select(columns)
        .where('responses.id', '=', id)
        .executeTakeFirst()
      return row ? toResponseRecord(row) : null
    },

    async list(environmentId, query) {
      if (!isStorable(environmentId)) return []
      const { surveyId } = query
      if (surveyId !== undefined && !isStorable(surveyId)) return []
      const rows = await db
        .selectFrom('responses')
        .select(columns)
        .where('responses.environment_id', '=', environmentId)
        .$if(surveyId !== undefined, (q) => q.where('responses.survey_id', '=', surveyId as string))
        .$call((q) => applyPage(q, 'responses', query))
        .execute()
      return rows.map(toResponseRecord)
    },

    async update(id, change) {
      if (!isStorable(id)) return null
      return db.transaction().execute(async (trx) => {
        // The lock serialises concurrent updates of one response: each `change` sees the last write.
        const row = await trx
          .selectFrom('responses')
          .innerJoin('surveys', 'surveys.id', 'responses.survey_id')
          .select(columns)
          .select(['surveys.status', 'surveys.run_on_date', 'surveys.close_on_date'])
          .where('responses.id', '=', id)
          .forUpdate('responses')
          .executeTakeFirst()
        if (!row) return null
        const survey: SurveyStatusFields = {
          environmentId: row.environment_id,
          status: row.status,
          runOnDate: row.run_on_date,
          closeOnDate: row.close_on_date,
        }
        // A throw here rolls the transaction back and propagates.
        const patch = change(toResponseRecord(row), survey)
        const updated = await trx
          .updateTable('responses')
          .set(toResponseChanges(patch))
          .where('responses.id', '=', id)
          .returning(columns)
          .executeTakeFirstOrThrow()
        if (updated.finished && !row.finished) {
          // Under the survey's lock, as creates count (insert-response.ts): the count sees them all.
          await trx.executeQuery(CompiledQuery.raw(lockSurvey, [updated.survey_id]))
          await trx.executeQuery(CompiledQuery.raw(completeSurvey, [updated.survey_id, patch.updatedAt]))
        }
        return toResponseRecord(updated)
      })
    },

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      // `returning` is evaluated before the cascades to notes and tags run, so it still sees them.
      const row = await db
        .deleteFrom('responses')
        .where('responses.id', '=', id)
        .where('responses.environment_id', '=', environmentId)
        .returning(columns)
        .executeTakeFirst()
      return row ? toResponseRecord(row) : null
    },
  }
}

function toResponseChanges(patch: ResponsePatch): Updateable<ResponsesTable> {
  const changes: Updateable<ResponsesTable> = { updated_at: patch.updatedAt }
  if (patch.finished !== undefined) changes.finished = patch.finished
  if (patch.data !== undefined) changes.data = toJsonb(patch.data)
  if (patch.ttc !== undefined) changes.ttc = toJsonb(patch.ttc)
  if (patch.variables !== undefined) changes.variables = toJsonb(patch.variables)
  if (patch.meta !== undefined) changes.meta = toJsonb(patch.meta)
  if (patch.language !== undefined) changes.language = patch.language
  if (patch.endingId !== undefined) changes.ending_id = patch.endingId
  return changes
}
