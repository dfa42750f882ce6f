import type { SurveyStore } from '@canvass/core'
import { CompiledQuery } from 'kysely'
import type { Kysely, Selectable } from 'kysely'
import { applyPage } from './apply-page'
import type { Database, SurveysTable } from './database'
import { isStorable } from './is-storable'
import { toSurveyRecord, toSurveyRow } from './survey-row'

/** Surveys: one row each, the JSON parts in jsonb columns. */
export function createSurveyStore(db: Kysely<Database>): SurveyStore {
  // The read behind most survey routes, built and compiled once rather than on every request.
  const getSql = db.selectFrom('surveys').selectAll().where('id', '=', '').compile().sql
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
      const row = (await db.executeQuery<Selectable<SurveysTable>>(CompiledQuery.raw(getSql, [id]))).rows[0]
      return row ? toSurveyRecord(row) : null
    },

    async insert(survey) {
      await db.insertInto('surveys').values(toSurveyRow(survey)).execute()
    },

    async update(id, change) {
      if (!isStorable(id)) return null
      return db.transaction().execute(async (trx) => {
        // The lock serialises read-modify-writes of one survey, and `autoComplete`'s completion takes it too.
        const row = await trx.selectFrom('surveys').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst()
        if (!row) return null
        const current = toSurveyRecord(row)
        // A throw here rolls the transaction back and propagates.
        const next = { ...change(current), id: current.id, environmentId: current.environmentId, createdAt: current.createdAt }
        // Identity, owner and creation time never change: cursors are built from `created_at`.
        const { id: _id, environment_id: _environmentId, created_at: _createdAt, ...fields } = toSurveyRow(next)
        await trx.updateTable('surveys').set(fields).where('id', '=', id).execute()
        return next
      })
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
