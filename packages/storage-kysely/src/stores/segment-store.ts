import type { SegmentFilters, SegmentRecord, SegmentStore } from '@canvass/core'
import { sql } from 'kysely'
import type { ExpressionBuilder, Kysely, Selectable, Updateable } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { Database, SegmentsTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { toJsonb } from '../sql/to-jsonb'

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
      return listFilters(db, environmentId)
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

    async insert(record, maxPerEnvironment, check) {
      return db.transaction().execute(async (trx) => {
        // Concurrent inserts wait for each other here, so that the count below stays true until commit.
        await lockSegments(trx, record.environmentId)
        // A throw here rolls the transaction back and propagates.
        if (check) check(await listFilters(trx, record.environmentId))
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

    async update(environmentId, id, changes, check) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const set: Updateable<SegmentsTable> = { updated_at: changes.updatedAt }
      if (changes.title !== undefined) set.title = changes.title
      if (changes.description !== undefined) set.description = changes.description
      if (changes.isPrivate !== undefined) set.is_private = changes.isPrivate
      if (changes.filters !== undefined) set.filters = toJsonb(changes.filters)
      const write = (executor: Kysely<Database>) =>
        executor
          .updateTable('segments')
          .set(set)
          .where('id', '=', id)
          .where('environment_id', '=', environmentId)
          .returningAll()
          .returning(surveyIds)
          .executeTakeFirst()
      if (!check) {
        const row = await write(db)
        return row ? toSegmentRecord(row) : null
      }
      return db.transaction().execute(async (trx) => {
        // Checked writes of the environment run one after another: each `check` sees what the one before wrote
        // (X in Y and Y in X sent together cannot both pass a cycle check against the other's old filters).
        await lockSegments(trx, environmentId)
        // A throw here rolls the transaction back and propagates.
        check(await listFilters(trx, environmentId))
        const row = await write(trx)
        return row ? toSegmentRecord(row) : null
      })
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

/**
 * The lock of the environment's segment writes: its row, `for no key update`, which waits for the other
 * segment writes of the environment and lets the rows that merely name the environment (responses,
 * displays, …) be written meanwhile. Held until the transaction ends.
 */
async function lockSegments(trx: Kysely<Database>, environmentId: string): Promise<void> {
  await trx.selectFrom('environments').select('id').where('id', '=', environmentId).forNoKeyUpdate().execute()
}

/** Every segment of the environment with its filters, in list order. */
function listFilters(executor: Kysely<Database>, environmentId: string): Promise<SegmentFilters[]> {
  return executor
    .selectFrom('segments')
    .select(['id', 'filters'])
    .where('environment_id', '=', environmentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Ids of the surveys naming the segment, newest first, as a JSON array. */
function surveyIds(eb: ExpressionBuilder<Database, 'segments'>) {
  return eb.fn
    .coalesce(
      eb
        .selectFrom('surveys')
        .select((eb) =>
          eb.fn.agg<string[]>('json_agg', ['surveys.id']).orderBy('surveys.created_at', 'desc').orderBy('surveys.id', 'desc').as('ids'),
        )
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
