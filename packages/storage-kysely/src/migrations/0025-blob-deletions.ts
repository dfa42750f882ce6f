import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The journal of blob deletions: a row per uploaded file whose record went with a response, a survey or a
 * contact, written in the same transaction, and deleted once the blob store removed the object (the blob
 * janitor of `@canvass/core`). Claimed as webhook deliveries are: due rows, leased by `next_attempt_at` and
 * stamped with the claimer's token. No foreign keys: the environment may be gone too. Also an index of webhook
 * deliveries by response, which an erasure deletes.
 */
export function blobDeletions(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'blob_deletions')} (
        id text primary key,
        blob_key text not null,
        environment_id text not null,
        created_at timestamptz(3) not null default now(),
        attempts integer not null default 0,
        next_attempt_at timestamptz(3) not null default now(),
        claim_token text,
        last_error text
      )`.execute(db)
      await sql`create index ${sql.id('blob_deletions_due_idx')}
        on ${sql.id(schema, 'blob_deletions')} (next_attempt_at, id)`.execute(db)
      // An erasure deletes the webhook deliveries of the responses it erases: found by response, not by a scan.
      await sql`create index if not exists ${sql.id('webhook_deliveries_response_id_idx')}
        on ${sql.id(schema, 'webhook_deliveries')} (response_id) where response_id is not null`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'webhook_deliveries_response_id_idx')}`.execute(db)
      await sql`drop table if exists ${sql.id(schema, 'blob_deletions')}`.execute(db)
    },
  }
}
