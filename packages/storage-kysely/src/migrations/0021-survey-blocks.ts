import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A survey's blocks (the reference's pages of elements, with the page's logic and buttons), its canonical
 * structure; `questions` holds the same elements as questions, derived by core. Surveys stored before have
 * none (`[]`), and core derives their blocks from their questions.
 */
export function surveyBlocks(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} add column blocks jsonb not null default '[]'::jsonb`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} drop column blocks`.execute(db)
    },
  }
}
