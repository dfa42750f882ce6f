import { CanvassError } from '@canvass/core'
import type { SurveyReports, SurveyStore } from '@canvass/core'
import type { Kysely } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { precompiled, slots } from '../postgres/precompiled'
import { recordSurveyFileDeletions } from '../responses/response-files'
import type { SchemaNames } from '../postgres/schema-names'
import { foreignKeyViolation } from './segment-store'
import { toSurveyRecord, toSurveyRow, withKeptFields } from '../sql/survey-row'
import { createSurveyList } from './survey-list'

/** Surveys: one row each, the JSON parts in jsonb columns. */
export function createSurveyStore(db: Kysely<Database>, names: SchemaNames): SurveyStore & SurveyReports {
  // The read behind most survey routes, built and compiled once rather than on every request.
  const getSlots = slots(['id'])
  const getSurvey = precompiled(db.selectFrom('surveys').selectAll().where('id', '=', getSlots.id).compile(), getSlots)
  return {
    ...createSurveyList(db),
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
      const row = (await db.executeQuery(getSurvey({ id }))).rows[0]
      return row ? toSurveyRecord(row) : null
    },

    async insert(survey) {
      await db.insertInto('surveys').values(toSurveyRow(survey)).execute().catch(rethrowMissingSegment)
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
        await trx.updateTable('surveys').set(fields).where('id', '=', id).execute().catch(rethrowMissingSegment)
        // What a record leaves out is kept, and answered as kept.
        return withKeptFields(next, current)
      })
    },

    async setResultShareKey(environmentId, surveyId, key) {
      if (!isStorable(environmentId) || !isStorable(surveyId) || (key !== null && !isStorable(key))) return null
      const row = await db
        .updateTable('surveys')
        .set({ result_share_key: key })
        .where('id', '=', surveyId)
        .where('environment_id', '=', environmentId)
        .returningAll()
        .executeTakeFirst()
      return row ? toSurveyRecord(row) : null
    },

    async getByResultShareKey(key) {
      if (!isStorable(key)) return null
      // Two rows mean the key is not unique: neither survey is answered (see the port).
      const rows = await db.selectFrom('surveys').selectAll().where('result_share_key', '=', key).limit(2).execute()
      return rows.length === 1 && rows[0] ? toSurveyRecord(rows[0]) : null
    },

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      return db.transaction().execute(async (trx) => {
        // Locked first: a response create waits (and then finds no survey), so no response is written after
        // its files were recorded.
        const found = await trx
          .selectFrom('surveys')
          .select('id')
          .where('id', '=', id)
          .where('environment_id', '=', environmentId)
          .forUpdate()
          .executeTakeFirst()
        if (!found) return null
        // The files of its responses and those uploaded for it into the blob-deletion journal.
        await recordSurveyFileDeletions(trx, names, { environmentId, surveyId: id })
        // Responses, displays and files go with it through `on delete cascade`.
        const row = await trx
          .deleteFrom('surveys')
          .where('id', '=', id)
          .where('environment_id', '=', environmentId)
          .returningAll()
          .executeTakeFirst()
        if (!row) return null
        // The survey's own segment goes with it, unless another survey names it too.
        if (row.segment_id !== null) {
          await trx
            .deleteFrom('segments')
            .where('id', '=', row.segment_id)
            .where('environment_id', '=', environmentId)
            .where('is_private', '=', true)
            .where((eb) =>
              eb.not(eb.exists(eb.selectFrom('surveys').select('surveys.id').whereRef('surveys.segment_id', '=', 'segments.id'))),
            )
            .execute()
        }
        return toSurveyRecord(row)
      })
    },
  }
}

/**
 * A survey naming a segment that is not there (deleted between core's check and this write): the 400 core
 * gives for an unknown `segmentId`, instead of a 500.
 */
function rethrowMissingSegment(error: unknown): never {
  if (foreignKeyViolation(error) && (error as { constraint?: unknown }).constraint === 'surveys_segment_id_fkey') {
    throw new CanvassError('bad_request', 'Fields are missing or incorrectly formatted', {
      details: { segmentId: 'No segment with this id in the environment' },
    })
  }
  throw error
}
