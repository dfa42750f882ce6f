import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * What owners and people see of a console session (docs/console-accounts.md, "Sessions and cookies"): a public
 * `id` (random, never the token's hash), `last_seen_at` (the idle timeout counts from it), the browser's
 * `user_agent` and the client `address` at sign-in, and how it was signed in (`method`: `password`, `link`,
 * `sso:<provider id>`). Sessions stored before get a random id, their start as `last_seen_at`, and nulls.
 */
export function consoleSessionActivity(schema: string): Migration {
  const sessions = sql.id(schema, 'console_sessions')
  return {
    async up(db) {
      await sql`alter table ${sessions}
        add column id text,
        add column last_seen_at timestamptz(3),
        add column user_agent text,
        add column address text,
        add column method text`.execute(db)
      await sql`update ${sessions} set id = gen_random_uuid()::text, last_seen_at = created_at`.execute(db)
      await sql`alter table ${sessions} alter column id set not null, alter column last_seen_at set not null`.execute(db)
      await sql`create unique index ${sql.id('console_sessions_id_key')} on ${sessions} (id)`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'console_sessions_id_key')}`.execute(db)
      await sql`alter table ${sessions}
        drop column if exists id,
        drop column if exists last_seen_at,
        drop column if exists user_agent,
        drop column if exists address,
        drop column if exists method`.execute(db)
    },
  }
}
