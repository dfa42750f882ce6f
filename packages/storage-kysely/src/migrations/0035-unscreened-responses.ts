import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Quotas stay exact through outages (docs/api.md, "Quotas"): a client's write to a response of a survey with
 * quotas marks the response here, in the statement that writes it, and the screening that counts the write
 * removes the mark in the transaction that counts it. A mark that stays (the database dropped between the two,
 * the process died) is found by the background work's quota screening, oldest first (`marked_at`), and the
 * response is screened then. A table of its own rather than a column of `responses`: clearing a mark then
 * rewrites a row of two columns, not the response with every index it has. It goes with its response.
 */
export function unscreenedResponses(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'unscreened_responses')} (
        response_id text primary key references ${sql.id(schema, 'responses')} (id) on delete cascade,
        marked_at timestamptz(3) not null
      )`.execute(db)
      await sql`create index unscreened_responses_marked_at_idx on ${sql.id(schema, 'unscreened_responses')}
        (marked_at, response_id)`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'unscreened_responses')}`.execute(db)
    },
  }
}
