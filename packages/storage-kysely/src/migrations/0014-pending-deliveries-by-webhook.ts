import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Pending deliveries by webhook and due time: a claim takes the due deliveries of each webhook up to its free
 * slots (`perWebhook` of the claim), one index range per webhook, whatever the backlog of the others.
 */
export function pendingDeliveriesByWebhook(schema: string): Migration {
  return {
    async up(db) {
      await sql`create index if not exists webhook_deliveries_pending_by_webhook
        on ${sql.id(schema, 'webhook_deliveries')} (webhook_id, next_attempt_at, id) where status = 'pending'`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'webhook_deliveries_pending_by_webhook')}`.execute(db)
    },
  }
}
