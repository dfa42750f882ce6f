import { ERASED_REPLAY } from '@canvass/core'
import type { ErasureReport } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { recordResponseFileDeletions } from './response-files'
import type { SchemaNames } from '../postgres/schema-names'
import { responseChangesSql } from './summary-parts'

/**
 * `ContactStore.erase`: one transaction. The contact's row is locked first, so a response create that links
 * the contact waits for the erasure and then finds no contact; its displays and responses are locked next, so
 * an update of one of them waits and then finds no response, and no webhook event an update wrote before the
 * lock is missed (each statement below reads what committed before it ran).
 */
export async function eraseContact(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  id: string,
): Promise<ErasureReport | null> {
  if (!isStorable(environmentId) || !isStorable(id)) return null
  return db.transaction().execute(async (trx) => {
    const contact = await trx
      .selectFrom('contacts')
      .select('id')
      .where('id', '=', id)
      .where('environment_id', '=', environmentId)
      .forUpdate()
      .executeTakeFirst()
    if (!contact) return null
    const displays = await trx
      .selectFrom('displays')
      .select(['id', 'survey_id'])
      .where('environment_id', '=', environmentId)
      .where('contact_id', '=', id)
      .orderBy('id')
      .forUpdate()
      .execute()
    // Its responses, and those its displays name (a response written for the contact's display).
    const responses = await trx
      .selectFrom('responses')
      .select(['id', 'survey_id'])
      .where('environment_id', '=', environmentId)
      .where((eb) =>
        eb.or([
          eb('contact_id', '=', id),
          eb(
            'id',
            'in',
            eb
              .selectFrom('displays')
              .select('displays.response_id')
              .where('displays.contact_id', '=', id)
              .where('displays.environment_id', '=', environmentId)
              .where('displays.response_id', 'is not', null)
              .$narrowType<{ response_id: string }>(),
          ),
        ]),
      )
      .orderBy('id')
      .forUpdate()
      .execute()
    const responseIds = responses.map((row) => row.id)
    const displayIds = displays.map((row) => row.id)

    const files = await recordResponseFileDeletions(trx, names, { environmentId, responseIds })
    const webhookDeliveries = await deleteWebhookCopies(trx, names, responseIds)
    const idempotencyReplays = await tombstoneReplays(trx, names, environmentId, [id, ...responseIds, ...displayIds])
    // Tags of the erased responses, locked before the responses go: a tag attached elsewhere meanwhile waits.
    const tagIds =
      responseIds.length === 0
        ? []
        : (
            await trx
              .selectFrom('tags')
              .select('id')
              .where('environment_id', '=', environmentId)
              .where('id', 'in', (q) => q.selectFrom('response_tags').select('tag_id').where('response_id', 'in', idList(responseIds)))
              .orderBy('id')
              .forUpdate()
              .execute()
          ).map((row) => row.id)
    // Notes, tag links and quota links go with the responses (cascade).
    if (responseIds.length > 0)
      await trx
        .with('written', (qc) => qc.deleteFrom('responses').where('id', 'in', idList(responseIds)).returning(['survey_id', 'created_at']))
        .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
        .selectFrom('written')
        .select('survey_id')
        .execute()
    const tags =
      tagIds.length === 0
        ? 0
        : Number(
            (
              await trx
                .deleteFrom('tags')
                .where('id', 'in', idList(tagIds))
                .where((eb) =>
                  eb.not(eb.exists(eb.selectFrom('response_tags').select('tag_id').whereRef('response_tags.tag_id', '=', 'tags.id'))),
                )
                .executeTakeFirst()
            ).numDeletedRows,
          )
    const displaysGone = Number(
      (
        await trx
          .deleteFrom('displays')
          .where('environment_id', '=', environmentId)
          .where((eb) =>
            eb.or([eb('contact_id', '=', id), ...(responseIds.length > 0 ? [eb('response_id', 'in', idList(responseIds))] : [])]),
          )
          .executeTakeFirst()
      ).numDeletedRows,
    )
    await forgetImported(trx, environmentId, id, responseIds, displayIds)
    const attributes = await trx.deleteFrom('contact_attributes').where('contact_id', '=', id).executeTakeFirst()
    await trx.deleteFrom('contacts').where('id', '=', id).execute()
    return {
      contactId: id,
      responses: responseIds.length,
      displays: displaysGone,
      attributes: Number(attributes.numDeletedRows),
      files,
      webhookDeliveries,
      idempotencyReplays,
      tags,
      surveyIds: [...new Set([...responses.map((row) => row.survey_id), ...displays.map((row) => row.survey_id)])].sort(),
    }
  })
}

/**
 * Marks the import mapping rows of the contact, its responses and its displays as erased, so that running an
 * import again skips them instead of writing them back (docs/migrating.md). The rows stay: without them a
 * re-import would find the source ids free and copy the person in anew.
 */
async function forgetImported(
  trx: Kysely<Database>,
  environmentId: string,
  contactId: string,
  responseIds: readonly string[],
  displayIds: readonly string[],
): Promise<void> {
  await trx
    .updateTable('import_mappings')
    .set({ erased_at: sql`now()` })
    .where('environment_id', '=', environmentId)
    .where('erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('resource', '=', 'contacts'), eb('target_id', '=', contactId)]),
        ...(responseIds.length > 0 ? [eb.and([eb('resource', '=', 'responses'), eb('target_id', 'in', idList(responseIds))])] : []),
        ...(displayIds.length > 0 ? [eb.and([eb('resource', '=', 'displays'), eb('target_id', 'in', idList(displayIds))])] : []),
      ]),
    )
    .execute()
}

/** `ids` as one parameter (a JSON list), however many there are: a statement takes at most 65,535 parameters. */
const idList = (ids: readonly string[]) => sql<string>`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`

/**
 * Deletes the webhook events (not yet turned into deliveries) and then the deliveries of these responses, any
 * status: an event a dispatcher was expanding meanwhile is waited for, and its deliveries are then seen.
 */
export async function deleteWebhookCopies(trx: Kysely<Database>, names: SchemaNames, responseIds: readonly string[]): Promise<number> {
  if (responseIds.length === 0) return 0
  const { rows: events } = await sql<{ n: number }>`
    with gone as (
      delete from ${names.ref('webhook_events')} e
      where e.response_id in ${idList(responseIds)}
      returning 1
    )
    select count(*)::int as n from gone`.execute(trx)
  const { rows: deliveries } = await sql<{ n: number }>`
    with gone as (
      delete from ${names.ref('webhook_deliveries')} d
      where d.response_id in ${idList(responseIds)}
      returning 1
    )
    select count(*)::int as n from gone`.execute(trx)
  return (events[0]?.n ?? 0) + (deliveries[0]?.n ?? 0)
}

/** Stored idempotent answers of the environment that name one of `ids` become the 410 of `ERASED_REPLAY`. */
async function tombstoneReplays(trx: Kysely<Database>, names: SchemaNames, environmentId: string, ids: readonly string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with changed as (
      update ${names.ref('idempotency_keys')} k
      set status = ${ERASED_REPLAY.status}, body = ${ERASED_REPLAY.body}, content_type = ${ERASED_REPLAY.contentType}
      where k.environment_id = ${environmentId} and k.body is not null and k.body <> ${ERASED_REPLAY.body}
        and exists (select from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) x(id) where strpos(k.body, x.id) > 0)
      returning 1
    )
    select count(*)::int as n from changed`.execute(trx)
  return rows[0]?.n ?? 0
}
