import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { messageIdPrefix } from '../webhooks/message-id'
import { tagsJson } from './response-columns'

/**
 * Makes `tagIds` the tags of the response `responseId` of `environmentId`, in `trx` (the write's transaction):
 * ids that name no tag of that environment are skipped. The caller holds the response (it locked it).
 */
export async function replaceResponseTags(
  trx: Kysely<Database>,
  environmentId: string,
  responseId: string,
  tagIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('response_tags').where('response_id', '=', responseId).execute()
  await linkResponseTags(trx, environmentId, responseId, tagIds)
}

/**
 * Links the response `responseId` of `environmentId` to the tags `tagIds` of that environment (others are
 * skipped), in `trx`: a new response's tags, or the second half of `replaceResponseTags`.
 */
export async function linkResponseTags(
  trx: Kysely<Database>,
  environmentId: string,
  responseId: string,
  tagIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(tagIds.filter(isStorable))]
  if (wanted.length === 0) return
  await trx
    .insertInto('response_tags')
    .columns(['response_id', 'response_created_at', 'tag_id'])
    .expression((eb) =>
      eb
        .selectFrom('tags')
        .innerJoin('responses', (join) => join.on('responses.id', '=', responseId))
        .select(['responses.id as response_id', 'responses.created_at as response_created_at', 'tags.id'])
        .where('tags.environment_id', '=', environmentId)
        .where('tags.id', 'in', wanted),
    )
    .execute()
}

/**
 * Sets the tags of the webhook events a create just recorded for the response `responseId` to its tags as
 * they now are (a created response's events are written with none), in the create's transaction: a new
 * response has no other events. Event ids begin with the time they were made, so only the range of ids made
 * since this transaction began (less a margin for the clock) is read, however long the queue is.
 */
export async function tagCreatedEvents(trx: Kysely<Database>, responseId: string): Promise<void> {
  await trx
    .updateTable('webhook_events')
    .set({
      tags: (eb) => eb.selectFrom('responses').select(tagsJson().as('tags')).where('responses.id', '=', responseId).$castTo<string>(),
    })
    .where('id', '>=', messageIdPrefix(sql<Date>`now() - interval '10 seconds'`))
    .where('response_id', '=', responseId)
    .execute()
}
