import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { installOutboxTriggers } from './outbox-triggers'

/**
 * What webhook delivery needs beyond the first migration's tables, added only (contract §1):
 * - `webhook_deliveries.attempt_log`: one entry per attempt (time, status, duration, error class; never the
 *   receiver's body), shown by `GET /webhooks/{id}/deliveries`;
 * - `webhook_deliveries.claim_token`: the claim that currently owns a delivery, so that a dispatcher whose
 *   lease ran out cannot record over the one that claimed it after;
 * - `webhook_deliveries.response_id`: the response the event is about, for operators (no foreign key: a
 *   deleted response's deliveries are still sent);
 * - no index on deliveries beyond the first migration's (`(status, next_attempt_at)` for the dispatcher's
 *   claim, `webhook_id` for a webhook's list): each index is paid for on every response write that matches;
 * - the outbox itself: triggers on `responses` that record each event in the same transaction as the
 *   response change, whichever statement made it (`installOutboxTriggers`, which `0006-webhook-events`
 *   installs again in its current form).
 */
export function webhooks(schema: string): Migration {
  return {
    async up(db) {
      const deliveries = sql.table(`${schema}.webhook_deliveries`)
      await sql`alter table ${deliveries}
        add column attempt_log jsonb not null default '[]'::jsonb,
        add column claim_token text,
        add column response_id text`.execute(db)
      // Matching on the ingestion path: the webhooks of one environment that are not disabled.
      await sql`create index webhooks_environment_id_active_idx
        on ${sql.table(`${schema}.webhooks`)} (environment_id) where disabled_at is null`.execute(db)
      await installOutboxTriggers(db, schema)
    },
  }
}

