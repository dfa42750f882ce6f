import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The shared results page finds its survey by `result_share_key` on every request. Not unique: keys written by
 * survey creates, updates and imports were never checked, and a database may already hold one twice (the
 * store then answers no survey for it). Partial, as most surveys are not shared.
 */
export function surveysByShareKey(schema: string): Migration {
  return {
    async up(db) {
      await sql`create index if not exists ${sql.id('surveys_result_share_key_idx')}
        on ${sql.id(schema, 'surveys')} (result_share_key) where result_share_key is not null`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'surveys_result_share_key_idx')}`.execute(db)
    },
  }
}
