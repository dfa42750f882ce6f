import type { SurveyStore } from '@canvass/core'
import type { Kysely } from 'kysely'
import { applyPage } from './apply-page'
import type { Database } from './database'
import { isStorable } from './is-storable'
import { toSurveyRecord, toSurveyRow } from './survey-row'

/** Surveys: one row each, the JSON parts in jsonb columns. */
export function createSurveyStore(db: Kysely<Database>): SurveyStore {
  return {
    async list(environmentId, page) {
      if (!isStorable(environmentId)) return []
      const rows = await db
        .selectFrom('surveys')
        .selectAll()
        .where('environment_id', '=', environmentId)
        .$call((query) => applyPage(query, 'surveys', page))
        .execute()
      return rows.map(toSurveyRecord)
    },

    async get(id) {
      if (!isStorable(id)) return null
      const row = await db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toSurveyRecord(row) : null
    },

    async insert(survey) {
      await db.insertInto('surveys').values(toSurveyRow(survey)).execute()
    },

    async update(survey) {
      if (!isStorable(survey.id) || !isStorable(survey.environmentId)) return false
      // Identity, owner and creation time never change: cursors are built from `created_at`.
      const { id, environment_id, created_at, ...fields } = toSurveyRow(survey)
      const result = await db
        .updateTable('surveys')
        .set(fields)
        .where('id', '=', id)
        .where('environment_id', '=', environment_id)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      // Responses, displays and files go with it through `on delete cascade`, in this one statement.
      const row = await db
        .deleteFrom('surveys')
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .returningAll()
        .executeTakeFirst()
      return row ? toSurveyRecord(row) : null
    },
  }
}
