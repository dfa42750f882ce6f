import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Idempotency keys (docs/design.md, "Idempotency"): per environment and key, the request's digest, whether it still runs (and
 * until when its claim holds) or its answer, and when the record expires. Deleted with their environment.
 */
export function idempotencyKeys(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'idempotency_keys')} (
        environment_id text not null references ${sql.id(schema, 'environments')} (id) on delete cascade,
        key text not null,
        fingerprint text not null,
        state text not null check (state in ('in_flight', 'done')),
        status integer,
        body text,
        content_type text,
        lease_until timestamptz(3) not null,
        expires_at timestamptz(3) not null,
        created_at timestamptz(3) not null,
        primary key (environment_id, key)
      )`.execute(db)
      await sql`create index ${sql.id('idempotency_keys_expires_at_idx')} on ${sql.id(schema, 'idempotency_keys')} (expires_at)`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'idempotency_keys')}`.execute(db)
    },
  }
}
