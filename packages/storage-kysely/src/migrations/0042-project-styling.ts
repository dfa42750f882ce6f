import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/** A workspace's theme (docs/api.md, "Workspace styling"): the reference's project `styling` and `logo`. */
export function projectStyling(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'projects')} add column styling jsonb`.execute(db)
      await sql`alter table ${sql.id(schema, 'projects')} add column logo jsonb`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'projects')} drop column if exists logo`.execute(db)
      await sql`alter table ${sql.id(schema, 'projects')} drop column if exists styling`.execute(db)
    },
  }
}
