import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The progress of imports from another instance (`canvass import formbricks`): per target environment,
 * source URL, resource and source id, the id the row has here. Written before the row itself, so a run
 * killed in between writes the same id when it resumes; a second run finds every id and adds nothing.
 * Deleted with their environment.
 */
export function importMappings(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'import_mappings')} (
        environment_id text not null references ${sql.id(schema, 'environments')} (id) on delete cascade,
        source text not null,
        resource text not null,
        source_id text not null,
        target_id text not null,
        created_at timestamptz(3) not null default now(),
        primary key (environment_id, source, resource, source_id)
      )`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'import_mappings')}`.execute(db)
    },
  }
}
