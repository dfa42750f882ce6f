import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The reference's v3 survey lifecycle and document (docs/api.md, "The reference's v3"): `archived_at` marks an
 * archived survey (hidden from the v3 list unless asked for, read-only until restored), `metadata` is the v3
 * document's free-form context, kept as sent. The v3 list reads a workspace's surveys in its sort orders by
 * the indexes below: the environment's rows by `updated_at` and by `name` (the `created_at` order has its
 * index since 0001).
 */
export function surveyArchive(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} add column archived_at timestamptz(3)`.execute(db)
      await sql`alter table ${sql.id(schema, 'surveys')} add column metadata jsonb not null default '{}'::jsonb`.execute(db)
      await sql`create index if not exists ${sql.id('surveys_environment_updated_idx')}
        on ${sql.id(schema, 'surveys')} (environment_id, updated_at desc, id desc)`.execute(db)
      await sql`create index if not exists ${sql.id('surveys_environment_name_idx')}
        on ${sql.id(schema, 'surveys')} (environment_id, name, id)`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'surveys_environment_name_idx')}`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'surveys_environment_updated_idx')}`.execute(db)
      await sql`alter table ${sql.id(schema, 'surveys')} drop column if exists metadata`.execute(db)
      await sql`alter table ${sql.id(schema, 'surveys')} drop column if exists archived_at`.execute(db)
    },
  }
}
