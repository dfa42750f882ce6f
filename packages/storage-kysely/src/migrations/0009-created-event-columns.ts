import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'
import { installOutboxTriggers } from './outbox-triggers'

/**
 * The event of a response create stores the response's columns as they are instead of its data built as
 * JSON, which the dispatcher builds from them when it turns the event into deliveries (`createdEventData` in
 * `outbox-triggers.ts`). Building the JSON was half of what the outbox cost a batch of creates. Adds the
 * columns, lets `data` be empty for such events (events written before keep theirs, and the dispatcher uses
 * it when present), makes sure no delivery goes out without data, and replaces the trigger functions.
 */
export function createdEventColumns(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.table(`${schema}.webhook_events`)}
        alter column data drop not null,
        add column survey_id text,
        add column response_created_at timestamptz(3),
        add column finished boolean,
        add column answers jsonb,
        add column variables jsonb,
        add column ttc jsonb,
        add column meta jsonb,
        add column language text,
        add column single_use_id text,
        add column display_id text,
        add column ending_id text,
        add column person jsonb,
        add column person_attributes jsonb,
        add column survey_name text,
        add column survey_type text,
        add column survey_status text`.execute(db)
      // A dispatcher of an earlier Canvass, still running while instances are being upgraded, knows nothing of
      // these columns: it would turn such an event into deliveries whose `data` is null. With this check its
      // statement fails instead and changes nothing, and the event waits for a dispatcher that builds its data.
      // `not valid`: rows already there are not read; every new delivery is checked.
      await sql`alter table ${sql.table(`${schema}.webhook_deliveries`)}
        add constraint webhook_deliveries_payload_has_data check (jsonb_typeof(payload -> 'data') = 'object') not valid`.execute(db)
      await installOutboxTriggers(db, schema)
    },
  }
}
