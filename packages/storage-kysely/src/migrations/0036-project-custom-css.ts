import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A workspace's custom CSS (docs/api.md, "Workspace custom CSS in v3"): `custom_css` holds the source, what core compiled
 * from it and the processor's version; `custom_css_previous` the value it replaced, the one that can be restored.
 */
export function projectCustomCss(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'projects')} add column custom_css jsonb`.execute(db)
      await sql`alter table ${sql.id(schema, 'projects')} add column custom_css_previous jsonb`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'projects')} drop column if exists custom_css_previous`.execute(db)
      await sql`alter table ${sql.id(schema, 'projects')} drop column if exists custom_css`.execute(db)
    },
  }
}
