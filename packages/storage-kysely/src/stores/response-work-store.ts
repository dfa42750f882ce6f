import type { ResponseWorkStore, TagLinkOutcome, TagUnlinkOutcome } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { createResponseNoteWrites, ownResponse } from './response-note-writes'
import { isStorable } from '../postgres/is-storable'

/**
 * `storage.responseWork`: new tags, a tag put on or taken off a response (`response_tags`), and a response's
 * notes (`response_notes`). Each write is one statement, or for a note's bound one transaction that locks the
 * response; every read and write is kept to the environment named.
 */
export function createResponseWorkStore(db: Kysely<Database>): ResponseWorkStore {
  /** The response's row, when it is one of the environment's. */
  const responseOf = (environmentId: string, responseId: string) =>
    db
      .selectFrom('responses')
      .select(['id', 'created_at'])
      .where('id', '=', responseId)
      .where('environment_id', '=', environmentId)
      .executeTakeFirst()
  const tagOf = (environmentId: string, tagId: string) =>
    db.selectFrom('tags').select('id').where('id', '=', tagId).where('environment_id', '=', environmentId).executeTakeFirst()
  /** What is missing when a link write changed nothing: the response, the tag, or neither. */
  async function missing(environmentId: string, responseId: string, tagId: string): Promise<'no_response' | 'no_tag' | undefined> {
    if (!(await responseOf(environmentId, responseId))) return 'no_response'
    if (!isStorable(tagId) || !(await tagOf(environmentId, tagId))) return 'no_tag'
    return undefined
  }

  return {
    async createTag(tag) {
      const row = await db
        .insertInto('tags')
        .values({ id: tag.id, environment_id: tag.environmentId, name: tag.name, created_at: tag.createdAt, updated_at: tag.createdAt })
        .onConflict((conflict) => conflict.columns(['environment_id', 'name']).doNothing())
        .returningAll()
        .executeTakeFirst()
      if (!row) return 'duplicate'
      return {
        id: row.id,
        environmentId: row.environment_id,
        name: row.name,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        count: 0,
      }
    },

    async addTag(environmentId, responseId, tagId): Promise<TagLinkOutcome> {
      if (!isStorable(environmentId) || !isStorable(responseId)) return 'no_response'
      if (!isStorable(tagId)) return (await missing(environmentId, responseId, tagId)) ?? 'no_tag'
      // One statement: the link only between a response and a tag of the environment, once (the key's conflict).
      const added = await db
        .insertInto('response_tags')
        .columns(['response_id', 'response_created_at', 'tag_id'])
        .expression((eb) =>
          eb
            .selectFrom('responses')
            .innerJoin('tags', (join) => join.on('tags.id', '=', tagId).on('tags.environment_id', '=', environmentId))
            .select(['responses.id', 'responses.created_at', 'tags.id as tag_id'])
            .where('responses.id', '=', responseId)
            .where('responses.environment_id', '=', environmentId),
        )
        .onConflict((conflict) => conflict.columns(['response_id', 'tag_id']).doNothing())
        .returning('tag_id')
        .executeTakeFirst()
      if (added) return 'added'
      return (await missing(environmentId, responseId, tagId)) ?? 'already'
    },

    async removeTag(environmentId, responseId, tagId): Promise<TagUnlinkOutcome> {
      if (!isStorable(environmentId) || !isStorable(responseId)) return 'no_response'
      if (!isStorable(tagId)) return (await missing(environmentId, responseId, tagId)) ?? 'no_tag'
      const removed = await db
        .deleteFrom('response_tags')
        .where('tag_id', '=', tagId)
        .where('response_id', 'in', ownResponse(db, environmentId, responseId))
        .returning('tag_id')
        .executeTakeFirst()
      if (removed) return 'removed'
      return (await missing(environmentId, responseId, tagId)) ?? 'absent'
    },
    ...createResponseNoteWrites(db),
  }
}
