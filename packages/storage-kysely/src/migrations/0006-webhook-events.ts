import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { installOutboxTriggers } from './outbox-triggers'

/**
 * The outbox as events: a response change that webhooks want is written as one `webhook_events` row (its
 * data and, per event, the ids of the webhooks that matched), in the same transaction as the change; the
 * dispatcher turns each event into one delivery per webhook in a transaction of its own. Writing a delivery
 * per webhook on the ingestion path cost a third of the create rate with three webhooks (each delivery row
 * with its payload, three indexes and a foreign-key check that locks the webhook row); one narrow row per
 * change costs the same for one webhook or ten. A new table, nothing removed (contract §1's migrations only
 * add): the table has only its primary key, so each event pays for one index entry.
 */
export function webhookEvents(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.table(`${schema}.webhook_events`)} (
        id text primary key,
        response_id text not null,
        hooks jsonb not null,
        data jsonb not null,
        created_at timestamptz(3) not null
      ) with (
        -- A queue: rows live for milliseconds, and the dispatcher reads it from the head of its primary key,
        -- past every deleted row that vacuum has not yet removed. Vacuum it after every thousand, at full speed.
        autovacuum_vacuum_scale_factor = 0,
        autovacuum_vacuum_threshold = 1000,
        autovacuum_vacuum_cost_delay = 0
      )`.execute(db)
      await installOutboxTriggers(db, schema)
    },
  }
}
