import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A survey's summary kept by day and by month (`summary-parts.ts`): `response_changes` counts the writes into
 * each past day of a survey's responses (by `created_at`, UTC days), bumped by every statement that writes
 * `responses`; `summary_parts` keeps a closed day's or month's sums with the count they were computed at, per
 * plan (what the sums depend on). Both go with their survey.
 */
export function summaryParts(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'response_changes')} (
        survey_id text not null references ${sql.id(schema, 'surveys')} (id) on delete cascade,
        day timestamptz(3) not null,
        changes bigint not null,
        primary key (survey_id, day)
      )`.execute(db)
      await sql`create table ${sql.id(schema, 'summary_parts')} (
        survey_id text not null references ${sql.id(schema, 'surveys')} (id) on delete cascade,
        period text not null check (period in ('day', 'month')),
        starts timestamptz(3) not null,
        plan text not null,
        changes bigint not null,
        sums jsonb not null,
        computed_at timestamptz(3) not null,
        primary key (survey_id, period, starts, plan)
      )`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'summary_parts')}`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'response_changes')}`.execute(db)
    },
  }
}
