import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * `console_links.mailed`: whether a link was sent by mail to its account's own address (docs/mail.md, "Links in
 * mails"). Such a link may set a new password without the current one, since whoever holds it reads that
 * address; a link an owner or the operator was shown may not. The links stored before were shown, never mailed.
 */
export function consoleLinkMailed(schema: string): Migration {
  const links = sql.id(schema, 'console_links')
  return {
    async up(db) {
      await sql`alter table ${links} add column mailed boolean not null default false`.execute(db)
    },
    async down(db) {
      await sql`alter table ${links} drop column if exists mailed`.execute(db)
    },
  }
}
