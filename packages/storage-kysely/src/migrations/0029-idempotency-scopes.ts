import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Idempotency keys per caller (docs/api.md, "Idempotent submits"): client routes and management routes of one
 * environment keep separate key spaces, so `scope` joins the primary key. A record written before holds for
 * both scopes until it expires (at most a day): it is copied into the client scope, and the original is the
 * management one.
 */
export function idempotencyScopes(schema: string): Migration {
  const table = sql.id(schema, 'idempotency_keys')
  return {
    async up(db) {
      await sql`alter table ${table} add column scope text not null default 'management'
        constraint ${sql.id('idempotency_keys_scope_check')} check (scope in ('client', 'management'))`.execute(db)
      await sql`alter table ${table} drop constraint ${sql.id('idempotency_keys_pkey')}`.execute(db)
      await sql`alter table ${table} add constraint ${sql.id('idempotency_keys_pkey')} primary key (environment_id, scope, key)`.execute(db)
      await sql`insert into ${table} (environment_id, scope, key, fingerprint, state, status, body, content_type, lease_until, expires_at, created_at)
        select environment_id, 'client', key, fingerprint, state, status, body, content_type, lease_until, expires_at, created_at
        from ${table}`.execute(db)
      await sql`alter table ${table} alter column scope drop default`.execute(db)
    },
    async down(db) {
      await sql`delete from ${table} where scope = 'client'`.execute(db)
      await sql`alter table ${table} drop constraint ${sql.id('idempotency_keys_pkey')}`.execute(db)
      await sql`alter table ${table} add constraint ${sql.id('idempotency_keys_pkey')} primary key (environment_id, key)`.execute(db)
      await sql`alter table ${table} drop column scope`.execute(db)
    },
  }
}
