import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Quotas (docs/api.md, "Quotas"; the reference's `SurveyQuota`): a survey's quotas, each with the environment of its
 * survey so that every read is scoped by it, and `response_quota_links`, which responses a quota took
 * (`screenedIn`) or turned away (`screenedOut`), at most one link per response and quota. Both go with the
 * survey, the response or the quota they belong to.
 */
export function quotas(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'quotas')} (
        id text primary key,
        environment_id text not null references ${sql.id(schema, 'environments')} (id) on delete cascade,
        survey_id text not null references ${sql.id(schema, 'surveys')} (id) on delete cascade,
        name text not null,
        "limit" integer not null check ("limit" > 0),
        logic jsonb not null,
        action text not null check (action in ('endSurvey', 'continueSurvey')),
        ending_card_id text,
        count_partial_submissions boolean not null default false,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now(),
        unique (survey_id, name)
      )`.execute(db)
      await sql`create index quotas_survey_id_created_at_id_idx on ${sql.id(schema, 'quotas')}
        (survey_id, created_at desc, id desc)`.execute(db)
      await sql`create table ${sql.id(schema, 'response_quota_links')} (
        response_id text not null references ${sql.id(schema, 'responses')} (id) on delete cascade,
        quota_id text not null references ${sql.id(schema, 'quotas')} (id) on delete cascade,
        status text not null check (status in ('screenedIn', 'screenedOut')),
        primary key (response_id, quota_id)
      )`.execute(db)
      await sql`create index response_quota_links_quota_id_status_idx on ${sql.id(schema, 'response_quota_links')}
        (quota_id, status)`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'response_quota_links')}`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'quotas')}`.execute(db)
    },
  }
}
