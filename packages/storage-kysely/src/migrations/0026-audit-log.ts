import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The audit log: one row per management write (and per bulk read of personal data) that Canvass answered with
 * 2xx. Append-only in the database: a trigger refuses every `UPDATE`, and every `DELETE` and `TRUNCATE` unless
 * the transaction ran `set local canvass.audit_purge = 'on'`, which only the log's own retention purge does (and
 * tests that empty every table).
 * No foreign key: entries outlive what they name (a deleted survey, a revoked key, an environment). `method`,
 * `route` and `status` are null for entries no request made (a retention run).
 */
export function auditLog(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'audit_log')} (
        id text primary key,
        environment_id text not null,
        created_at timestamptz(3) not null,
        api_key_id text,
        api_key_label text,
        action text not null,
        method text,
        route text,
        resource_type text not null,
        resource_id text,
        status integer,
        summary jsonb not null default '{}'::jsonb,
        address text,
        request_id text
      )`.execute(db)
      await sql`create index ${sql.id('audit_log_environment_created_idx')}
        on ${sql.id(schema, 'audit_log')} (environment_id, created_at desc, id desc)`.execute(db)
      // The purge takes the oldest rows of every environment.
      await sql`create index ${sql.id('audit_log_created_at_idx')} on ${sql.id(schema, 'audit_log')} (created_at)`.execute(db)
      await sql`create or replace function ${sql.id(schema, 'audit_log_append_only')}() returns trigger language plpgsql as $fn$
begin
  if tg_op in ('DELETE', 'TRUNCATE') and current_setting('canvass.audit_purge', true) = 'on' then
    return old;
  end if;
  raise exception 'audit_log is append-only: % is refused', tg_op
    using errcode = 'insufficient_privilege',
      hint = 'Entries are only removed by the audit log''s retention purge (set local canvass.audit_purge = ''on'').';
end
$fn$`.execute(db)
      await sql`create trigger audit_log_append_only before update or delete on ${sql.id(schema, 'audit_log')}
        for each row execute function ${sql.id(schema, 'audit_log_append_only')}()`.execute(db)
      await sql`create trigger audit_log_no_truncate before truncate on ${sql.id(schema, 'audit_log')}
        for each statement execute function ${sql.id(schema, 'audit_log_append_only')}()`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'audit_log')}`.execute(db)
      await sql`drop function if exists ${sql.id(schema, 'audit_log_append_only')}()`.execute(db)
    },
  }
}
