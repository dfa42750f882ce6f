import type { TagRecord, TagStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Selectable } from 'kysely'
import type { Database, TagsTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { uniqueViolation } from '../postgres/unique-violation'

/** Response tags: `tags` rows, and `response_tags` links that go with the response or the tag. */
export function createTagStore(db: Kysely<Database>): TagStore {
  const withCount = () =>
    db
      .selectFrom('tags')
      .selectAll('tags')
      .select((eb) =>
        eb
          .selectFrom('response_tags')
          .select(eb.fn.countAll<string>().as('count'))
          .whereRef('response_tags.tag_id', '=', 'tags.id')
          .as('count'),
      )
  return {
    async list(environmentId, page) {
      if (!isStorable(environmentId)) return []
      const { after } = page
      const rows = await withCount()
        .where('tags.environment_id', '=', environmentId)
        .$if(after !== undefined && isStorable(after.name), (query) =>
          query.where((eb) => eb(eb.refTuple('tags.name', 'tags.id'), '>', eb.tuple(after!.name, after!.id))),
        )
        .orderBy('tags.name')
        .orderBy('tags.id')
        .limit(page.limit + 1)
        .execute()
      return rows.map(toTagRecord)
    },

    async get(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      const row = await withCount().where('tags.environment_id', '=', environmentId).where('tags.id', '=', id).executeTakeFirst()
      return row ? toTagRecord(row) : null
    },

    async existing(environmentId, ids) {
      const wanted = [...new Set(ids.filter(isStorable))]
      if (!isStorable(environmentId) || wanted.length === 0) return []
      const rows = await db
        .selectFrom('tags')
        .select('tags.id')
        .where('tags.environment_id', '=', environmentId)
        .where('tags.id', 'in', wanted)
        .execute()
      return rows.map((row) => row.id)
    },

    async rename(environmentId, id, name, now) {
      if (!isStorable(environmentId) || !isStorable(id)) return null
      try {
        const row = await db
          .updateTable('tags')
          .set({ name, updated_at: now })
          .where('environment_id', '=', environmentId)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst()
        if (!row) return null
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return 'duplicate'
        throw error
      }
      return this.get(environmentId, id)
    },

    async delete(environmentId, id) {
      if (!isStorable(environmentId) || !isStorable(id)) return false
      // Its links go with it (`on delete cascade`).
      const row = await db
        .deleteFrom('tags')
        .where('environment_id', '=', environmentId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    async merge(environmentId, fromId, toId, now) {
      if (!isStorable(environmentId) || !isStorable(fromId) || !isStorable(toId)) return 'missing'
      return db.transaction().execute(async (trx) => {
        // Both locked, in id order, so that two merges of the same pair cannot deadlock.
        const found = await trx
          .selectFrom('tags')
          .select('id')
          .where('environment_id', '=', environmentId)
          .where('id', 'in', [fromId, toId])
          .orderBy('id')
          .forUpdate()
          .execute()
        if (found.length !== 2) return 'missing'
        await trx
          .insertInto('response_tags')
          .columns(['response_id', 'response_created_at', 'tag_id'])
          .expression((eb) =>
            eb
              .selectFrom('response_tags')
              .select(['response_id', 'response_created_at', sql.val(toId).as('tag_id')])
              .where('tag_id', '=', fromId),
          )
          .onConflict((conflict) => conflict.columns(['response_id', 'tag_id']).doNothing())
          .execute()
        await trx.deleteFrom('tags').where('environment_id', '=', environmentId).where('id', '=', fromId).execute()
        await trx.updateTable('tags').set({ updated_at: now }).where('id', '=', toId).execute()
        return 'merged' as const
      })
    },
  }
}

function toTagRecord(row: Selectable<TagsTable> & { count: string | number | null }): TagRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    count: Number(row.count ?? 0),
  }
}
