import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The console's own people (docs/console-accounts.md): `console_people` (one project each, emails unique over
 * all of them), `console_sessions` and `console_links`, which keep only the SHA-256 of their tokens. Removing a
 * project removes its people, and removing a person their sessions and links.
 */
export function consoleAccounts(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'console_people')} (
        id text primary key,
        project_id text not null references ${sql.id(schema, 'projects')} (id) on delete cascade,
        email text not null,
        role text not null check (role in ('viewer', 'editor', 'owner')),
        password_hash text,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      )`.execute(db)
      await sql`create unique index ${sql.id('console_people_email_key')} on ${sql.id(schema, 'console_people')} (email)`.execute(db)
      await sql`create index ${sql.id('console_people_project_idx')}
        on ${sql.id(schema, 'console_people')} (project_id, created_at desc, id desc)`.execute(db)
      await sql`create table ${sql.id(schema, 'console_sessions')} (
        hash text primary key,
        person_id text not null references ${sql.id(schema, 'console_people')} (id) on delete cascade,
        created_at timestamptz(3) not null,
        expires_at timestamptz(3) not null
      )`.execute(db)
      await sql`create index ${sql.id('console_sessions_person_idx')} on ${sql.id(schema, 'console_sessions')} (person_id)`.execute(db)
      await sql`create index ${sql.id('console_sessions_expires_idx')} on ${sql.id(schema, 'console_sessions')} (expires_at)`.execute(db)
      await sql`create table ${sql.id(schema, 'console_links')} (
        hash text primary key,
        project_id text not null references ${sql.id(schema, 'projects')} (id) on delete cascade,
        person_id text references ${sql.id(schema, 'console_people')} (id) on delete cascade,
        created_at timestamptz(3) not null,
        expires_at timestamptz(3) not null,
        used_at timestamptz(3)
      )`.execute(db)
      await sql`create index ${sql.id('console_links_person_idx')} on ${sql.id(schema, 'console_links')} (person_id)`.execute(db)
      await sql`create index ${sql.id('console_links_expires_idx')} on ${sql.id(schema, 'console_links')} (expires_at)`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'console_links')}`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'console_sessions')}`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'console_people')}`.execute(db)
    },
  }
}
