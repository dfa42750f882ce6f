import type { SegmentRecord, SegmentStore } from '@canvass/core'
import { sql } from 'kysely'
import type { ExpressionBuilder, Kysely, Selectable, Updateable } from 'kysely'
import { applyPage } from './apply-page'
import type { Database, SegmentsTable } from './database'
import { isStorable } from './is-storable'
import { toJsonb } from './to-jsonb'

/**
 * Segments. A segment's `surveys` are read from `surveys.segment_id`, never stored twice; the foreign key
 * on that column keeps a segment that a survey names from being deleted, also under races.
 */
export function createSegmentStore(db: Kysely<Database>): SegmentStore {
  const selectSegments = () => db.selectFrom('segments').selectAll('segments').select(surveyIds)

  return {
    async list(environmentId, page) {
      if (!isStorable(environmentId)) return []
      const rows = await selectSegments()
        .where('segments.environment_id', '=', environmentId)
        .$call((query) => applyPage(query, 'segments', page))
        .execute()
      return rows.map(toSegmentRecord)
    },

    async listFilters(environmentId) {
      if (!isStorable(environmentId)) return []
      return db
        .selectFrom('segments')
        .select(['id', 'filters'])
        .where('environment_id', '=', environmentId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    },

    async get(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const row = await selectSegments()
        .where('segments.id', '=', id)
        .where('segments.environment_id', '=', environmentId)
        .executeTakeFirst()
      return row ? toSegmentRecord(row) : null
    },

    async getMany(environmentId, ids) {
      const storable = ids.filter(isStorable)
      if (!isStorable(environmentId) || storable.length === 0) return []
      const rows = await selectSegments()
        .where('segments.id', 'in', storable)
        .where('segments.environment_id', '=', environmentId)
        .execute()
      return rows.map(toSegmentRecord)
    },

    async insert(record, maxPerEnvironment) {
      return db.transaction().execute(async (trx) => {
        // The environment's row serialises concurrent inserts, so that the count below stays true until commit.
        await trx.selectFrom('environments').select('id').where('id', '=', record.environmentId).forUpdate().execute()
        const { count } = await trx
          .selectFrom('segments')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('environment_id', '=', record.environmentId)
          .executeTakeFirstOrThrow()
        if (Number(count) >= maxPerEnvironment) return 'limit' as const
        await trx
          .insertInto('segments')
          .values({
            id: record.id,
            environment_id: record.environmentId,
            title: record.title,
            description: record.description,
            is_private: record.isPrivate,
            filters: toJsonb(record.filters),
            created_at: record.createdAt,
            updated_at: record.updatedAt,
          })
          .execute()
        return 'created' as const
      })
    },

    async update(environmentId, id, changes) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const set: Updateable<SegmentsTable> = { updated_at: changes.updatedAt }
      if (changes.title !== undefined) set.title = changes.title
      if (changes.description !== undefined) set.description = changes.description
      if (changes.isPrivate !== undefined) set.is_private = changes.isPrivate
      if (changes.filters !== undefined) set.filters = toJsonb(changes.filters)
      const row = await db
        .updateTable('segments')
        .set(set)
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .returningAll()
        .returning(surveyIds)
        .executeTakeFirst()
      return row ? toSegmentRecord(row) : null
    },

    async delete(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      try {
        const row = await db
          .deleteFrom('segments')
          .where('id', '=', id)
          .where('environment_id', '=', environmentId)
          .returningAll()
          .executeTakeFirst()
        return row ? toSegmentRecord({ ...row, survey_ids: [] }) : null
      } catch (error) {
        if (foreignKeyViolation(error)) return 'in_use'
        throw error
      }
    },
  }
}

/** Ids of the surveys naming the segment, newest first, as a JSON array. */
function surveyIds(eb: ExpressionBuilder<Database, 'segments'>) {
  return eb.fn
    .coalesce(
      eb
        .selectFrom('surveys')
        .select(sql<string[]>`json_agg(surveys.id order by surveys.created_at desc, surveys.id desc)`.as('ids'))
        .whereRef('surveys.segment_id', '=', 'segments.id'),
      sql<string[]>`'[]'::json`,
    )
    .as('survey_ids')
}

/** SQLSTATE 23503: a row that another row's foreign key names. */
export function foreignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503'
}

function toSegmentRecord(row: Selectable<SegmentsTable> & { survey_ids: string[] | string }): SegmentRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    title: row.title,
    description: row.description,
    isPrivate: row.is_private,
    filters: row.filters,
    surveys: typeof row.survey_ids === 'string' ? (JSON.parse(row.survey_ids) as string[]) : row.survey_ids,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
