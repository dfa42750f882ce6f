import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A survey's own custom CSS (docs/api.md, "Survey custom CSS in v3"): `custom_css` holds the source, what core
 * compiled from it and the processor's version, as a workspace's does; null when the survey has none.
 */
export function surveyCustomCss(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} add column custom_css jsonb`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'surveys')} drop column if exists custom_css`.execute(db)
    },
  }
}
