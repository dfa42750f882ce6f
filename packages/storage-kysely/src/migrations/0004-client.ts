import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The client API: a single-use id is accepted once per survey. A unique partial index makes the
 * refusal of a second response atomic, whatever the number of concurrent writers; rows without a
 * single-use id are not indexed.
 */
export function client(schema: string): Migration {
  return {
    async up(db) {
      await sql`create unique index if not exists responses_survey_id_single_use_id_key
        on ${sql.id(schema, 'responses')} (survey_id, single_use_id) where single_use_id is not null`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'responses_survey_id_single_use_id_key')}`.execute(db)
    },
  }
}
