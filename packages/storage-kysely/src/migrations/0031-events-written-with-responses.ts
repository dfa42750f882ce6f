import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { installOutbox } from './0009-created-event-columns'

/**
 * Webhook events are written by the statement that writes the response (`response-events-sql.ts`), no longer by
 * trigger functions: the functions and their triggers on `responses` go. Events already waiting stay as they
 * are and are delivered as before: a row with `data` carries its data built, a row without it the response's
 * columns, from which the dispatcher builds the data. An update's event now stores columns too, so the table
 * gains the response's notes and tags and the survey's two dates (the dispatcher works out the survey's status
 * at the event's time from them).
 */
export function eventsWrittenWithResponses(schema: string): Migration {
  return {
    async up(db) {
      const responses = sql.table(`${schema}.responses`)
      await sql`drop trigger if exists enqueue_webhook_deliveries_on_insert on ${responses}`.execute(db)
      await sql`drop trigger if exists enqueue_webhook_deliveries_on_update on ${responses}`.execute(db)
      await sql`drop function if exists ${sql.id(schema, 'enqueue_webhook_deliveries_on_insert')}()`.execute(db)
      await sql`drop function if exists ${sql.id(schema, 'enqueue_webhook_deliveries_on_update')}()`.execute(db)
      await sql`alter table ${sql.table(`${schema}.webhook_events`)}
        add column notes jsonb,
        add column tags jsonb,
        add column survey_run_on_date timestamptz(3),
        add column survey_close_on_date timestamptz(3)`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.table(`${schema}.webhook_events`)}
        drop column notes, drop column tags, drop column survey_run_on_date, drop column survey_close_on_date`.execute(db)
      await installOutbox(db, schema)
    },
  }
}
