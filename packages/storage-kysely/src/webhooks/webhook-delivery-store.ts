import type { DeliveryAttempt, DeliveryRecord, WebhookDeliveryStore, WebhookEvent } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { applyPage } from '../responses/apply-page'
import { createEventExpander } from './expand-events'
import type { Database } from '../postgres/database'
import type { DeliveryNotifier } from './delivery-notifier'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { claimDeliveries, recordOutcomes } from './delivery-claims'
import { deliveryBacklog, deliveryStanding, nextDue } from './delivery-reads'

const DELIVERY_COLUMNS = [
  'webhook_deliveries.id',
  'webhook_deliveries.webhook_id',
  'webhook_deliveries.response_id',
  'webhook_deliveries.event',
  'webhook_deliveries.status',
  'webhook_deliveries.attempt_log',
  'webhook_deliveries.next_attempt_at',
  'webhook_deliveries.created_at',
  'webhook_deliveries.updated_at',
] as const

interface DeliveryRow {
  id: string
  webhook_id: string
  response_id: string | null
  event: string
  status: string
  attempt_log: unknown
  next_attempt_at: Date
  created_at: Date
  updated_at: Date
}

function toDeliveryRecord(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    responseId: row.response_id,
    event: row.event as WebhookEvent,
    status: row.status as DeliveryRecord['status'],
    attempts: row.attempt_log as DeliveryAttempt[],
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/**
 * The webhook outbox on Postgres. Response writes record events (`webhook_events`) in the statement that writes
 * the response (`response-events-sql.ts`); `expandEvents` turns them into the deliveries core makes of them, and
 * core runs it before anything reads deliveries (`withOutboxExpansion`), so the port sees every delivery as soon
 * as the response write committed. Claims and their records are `delivery-claims.ts`; what the dispatcher and
 * the health checks read of the outbox as a whole is `delivery-reads.ts`.
 */
export function createWebhookDeliveryStore(db: Kysely<Database>, names: SchemaNames, notifier: DeliveryNotifier): WebhookDeliveryStore {
  const deliveries = names.ref('webhook_deliveries')

  return {
    expandEvents: createEventExpander(db, names),
    claim: (query) => claimDeliveries(db, names, query),
    record: (outcomes) => recordOutcomes(db, names, outcomes),

    async list(environmentId, webhookId, page) {
      if (!isStorable(environmentId) || !isStorable(webhookId)) return []
      const rows = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select(DELIVERY_COLUMNS)
        .where('webhook_deliveries.webhook_id', '=', webhookId)
        .where('webhooks.environment_id', '=', environmentId)
        .$if(page.status !== undefined, (q) => q.where('webhook_deliveries.status', '=', page.status as string))
        .$if(page.event !== undefined, (q) => q.where('webhook_deliveries.event', '=', page.event as string))
        .$call((query) => applyPage(query, 'webhook_deliveries', page))
        .execute()
      return rows.map(toDeliveryRecord)
    },

    async redeliver(environmentId, webhookId, deliveryId, now) {
      if (!isStorable(environmentId) || !isStorable(webhookId) || !isStorable(deliveryId)) return null
      const owned = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select(['webhooks.disabled_at'])
        .where('webhook_deliveries.id', '=', deliveryId)
        .where('webhook_deliveries.webhook_id', '=', webhookId)
        .where('webhooks.environment_id', '=', environmentId)
        .executeTakeFirst()
      if (!owned) return null
      if (owned.disabled_at !== null) return 'disabled'
      // One statement: a delivery being sent (pending, claimed, its lease ahead) keeps its attempt; any other
      // becomes pending and due now. The webhook's state is checked again in the same statement.
      const row = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, claim_token: null, updated_at: now })
        .where('webhook_deliveries.id', '=', deliveryId)
        .where('webhook_deliveries.webhook_id', 'in', (q) =>
          q
            .selectFrom('webhooks')
            .select('webhooks.id')
            .where('webhooks.id', '=', webhookId)
            .where('webhooks.environment_id', '=', environmentId)
            .where('webhooks.disabled_at', 'is', null),
        )
        .where((eb) =>
          eb.or([
            eb('webhook_deliveries.status', '!=', 'pending'),
            eb('webhook_deliveries.claim_token', 'is', null),
            eb('webhook_deliveries.next_attempt_at', '<=', now),
          ]),
        )
        .returning(DELIVERY_COLUMNS.map((column) => column.replace('webhook_deliveries.', '')) as never)
        .executeTakeFirst()
      notifier.notify()
      if (row) return toDeliveryRecord(row as never)
      // Being sent right now, or disabled since the check: as it is.
      const current = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select([...DELIVERY_COLUMNS, 'webhooks.disabled_at'])
        .where('webhook_deliveries.id', '=', deliveryId)
        .where('webhooks.environment_id', '=', environmentId)
        .executeTakeFirst()
      if (!current) return null
      return current.disabled_at !== null ? 'disabled' : toDeliveryRecord(current)
    },

    nextDue: (after) => nextDue(db, after),
    backlog: (now) => deliveryBacklog(db, names, now),
    standing: (now, limit) => deliveryStanding(db, names, now, limit),

    async purgeEnded({ before, limit }) {
      // On the index of (status, next_attempt_at): an ended delivery's `next_attempt_at` is when it ended, or
      // (failed when its webhook was disabled) the retry it no longer waits for; `updated_at` is when it ended.
      const { rows } = await sql<{ n: number }>`
        with gone as (
          delete from ${deliveries} where ctid = any(array(
            select ctid from ${deliveries}
            where status in ('delivered', 'failed') and next_attempt_at < ${before}::timestamptz and updated_at < ${before}::timestamptz
            limit ${limit} for update skip locked
          ))
          returning 1
        )
        select count(*)::int as n from gone`.execute(db)
      return rows[0]?.n ?? 0
    },

    onWritten: (listener) => notifier.subscribe(listener),
  }
}
