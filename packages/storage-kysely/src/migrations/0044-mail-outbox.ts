import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The mail outbox (docs/mail.md): a row per mail, one per event (`event_key` unique), claimed as webhook
 * deliveries are (due rows leased by `next_attempt_at` and stamped with the claimer's token). The bodies are
 * nullable: they are cleared once a mail is sent or given up, and a `limited` mail never had them. A mail of
 * no project (an account's own) has a null `project_id`; a project's mails go with it.
 */
export function mailOutbox(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.id(schema, 'mail_outbox')} (
        id text primary key,
        event_key text not null unique,
        project_id text references ${sql.id(schema, 'projects')} (id) on delete cascade,
        to_address text not null,
        kind text not null,
        language text not null,
        subject text not null,
        text_body text,
        html_body text,
        status text not null check (status in ('queued', 'sent', 'failed', 'limited')),
        attempts integer not null default 0,
        next_attempt_at timestamptz(3),
        claim_token text,
        last_error text,
        created_at timestamptz(3) not null,
        sent_at timestamptz(3)
      )`.execute(db)
      await sql`create index ${sql.id('mail_outbox_due_idx')}
        on ${sql.id(schema, 'mail_outbox')} (next_attempt_at, id) where status = 'queued'`.execute(db)
      await sql`create index ${sql.id('mail_outbox_project_idx')}
        on ${sql.id(schema, 'mail_outbox')} (project_id, created_at desc, id desc) where project_id is not null`.execute(db)
      await sql`create index ${sql.id('mail_outbox_created_idx')} on ${sql.id(schema, 'mail_outbox')} (created_at)`.execute(db)
    },
    async down(db) {
      await sql`drop table if exists ${sql.id(schema, 'mail_outbox')}`.execute(db)
    },
  }
}
