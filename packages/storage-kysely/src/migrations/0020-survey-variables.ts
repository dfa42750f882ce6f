import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A survey's variables (the reference's `{id, name, type, value}` list), which its logic's `calculate`
 * actions change and responses carry. Surveys stored before have none.
 */
export function surveyVariables(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} add column variables jsonb not null default '[]'::jsonb`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} drop column variables`.execute(db)
    },
  }
}
