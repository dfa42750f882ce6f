import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Segments (docs/api.md, "Segments"): saved filter trees of an environment, and the segment a survey names. The
 * survey's `segment_id`, a column since the first migration that held only null (the routes refused any
 * other value), becomes a foreign key: a segment that a survey names cannot be deleted, and a survey cannot
 * name a segment that is not there. The check runs at the end of a statement (`no action`), so that
 * deleting an environment, which removes its surveys and its segments in one cascade, is no violation.
 */
export function segments(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'segments')} (
        id text primary key,
        environment_id text not null references ${sql.id(schema, 'environments')} (id) on delete cascade,
        title text not null,
        description text,
        is_private boolean not null default true,
        filters jsonb not null default '[]'::jsonb,
        created_at timestamptz(3) not null default now(),
        updated_at timestamptz(3) not null default now()
      )`.execute(db)
      await sql`create index segments_environment_id_created_at_id_idx on ${sql.id(schema, 'segments')}
        (environment_id, created_at desc, id desc)`.execute(db)
      await sql`update ${sql.id(schema, 'surveys')} set segment_id = null where segment_id is not null`.execute(db)
      await sql`alter table ${sql.id(schema, 'surveys')} add constraint surveys_segment_id_fkey
        foreign key (segment_id) references ${sql.id(schema, 'segments')} (id)`.execute(db)
      await sql`create index surveys_segment_id_idx on ${sql.id(schema, 'surveys')} (segment_id)
        where segment_id is not null`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'surveys_segment_id_idx')}`.execute(db)
      await sql`alter table ${sql.id(schema, 'surveys')} drop constraint if exists surveys_segment_id_fkey`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'segments')}`.execute(db)
    },
  }
}
