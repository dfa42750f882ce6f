import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Migration 0001 indexed `responses (survey_id, single_use_id) where single_use_id is not null`, and 0004 added
 * the unique index of the same columns and condition that makes a single-use id count once. The first one
 * answers no query the second does not, and every response with a single-use id paid for writing both. Only
 * the unique index stays.
 */
export function dropDuplicateIndex(schema: string): Migration {
  return {
    async up(db) {
      await sql`drop index if exists ${sql.id(schema, 'responses_survey_id_single_use_id_idx')}`.execute(db)
    },
    async down(db) {
      await sql`create index if not exists responses_survey_id_single_use_id_idx
        on ${sql.id(schema, 'responses')} (survey_id, single_use_id) where single_use_id is not null`.execute(db)
    },
  }
}
