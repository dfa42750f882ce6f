import type { WebhookEvent, WebhookRecord, WebhookStore } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { Database, WebhooksTable } from '../postgres/database'
import type { WebhookPresence } from './delivery-wakeups'
import { isStorable } from '../postgres/is-storable'
import { toJsonb } from '../sql/to-jsonb'

/** Webhooks: one row each; deleting one drops its deliveries by `on delete cascade`, in the same statement. */
export function createWebhookStore(db: Kysely<Database>, presence: WebhookPresence): WebhookStore {
  return {
    async list(environmentId, page) {
      if (!isStorable(environmentId)) return []
      const rows = await db
        .selectFrom('webhooks')
        .select(COLUMNS)
        .where('environment_id', '=', environmentId)
        .$call((query) => applyPage(query, 'webhooks', page))
        .execute()
      return rows.map(toWebhookRecord)
    },

    async get(id) {
      if (!isStorable(id)) return null
      const row = await db.selectFrom('webhooks').select(COLUMNS).where('id', '=', id).executeTakeFirst()
      return row ? toWebhookRecord(row) : null
    },

    async insert(webhook) {
      await db
        .insertInto('webhooks')
        .values({
          id: webhook.id,
          environment_id: webhook.environmentId,
          name: webhook.name,
          url: webhook.url,
          source: webhook.source,
          triggers: toJsonb(webhook.triggers),
          survey_ids: toJsonb(webhook.surveyIds),
          secret: webhook.secret,
          created_at: webhook.createdAt,
          updated_at: webhook.updatedAt,
          disabled_at: null,
        })
        .execute()
      presence.forget(webhook.environmentId)
    },

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      const row = await db
        .deleteFrom('webhooks')
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .returning(COLUMNS)
        .executeTakeFirst()
      presence.forget(environmentId)
      return row ? toWebhookRecord(row) : null
    },

    async update(environmentId, id, changes) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      // One statement: a concurrent delete leaves no row to update, and the answer is null.
      const row = await db
        .updateTable('webhooks')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.url !== undefined ? { url: changes.url } : {}),
          ...(changes.source !== undefined ? { source: changes.source } : {}),
          ...(changes.triggers !== undefined ? { triggers: toJsonb(changes.triggers) } : {}),
          ...(changes.surveyIds !== undefined ? { survey_ids: toJsonb(changes.surveyIds) } : {}),
          updated_at: changes.updatedAt,
        })
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .returning(COLUMNS)
        .executeTakeFirst()
      // Its triggers may have changed: what the environment's events match is read again.
      presence.forget(environmentId)
      return row ? toWebhookRecord(row) : null
    },

    async secret(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      const row = await db
        .selectFrom('webhooks')
        .select('secret')
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .executeTakeFirst()
      return row?.secret ?? null
    },
  }
}

/** Every column but the secret, which only the dispatcher's claim reads. */
const COLUMNS = [
  'id',
  'environment_id',
  'name',
  'url',
  'source',
  'triggers',
  'survey_ids',
  'created_at',
  'updated_at',
  'disabled_at',
] as const

function toWebhookRecord(row: Omit<Selectable<WebhooksTable>, 'secret'>): WebhookRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    url: row.url,
    source: row.source,
    triggers: row.triggers as WebhookEvent[],
    surveyIds: row.survey_ids,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    disabledAt: row.disabled_at,
  }
}
