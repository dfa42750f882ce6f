import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * An import's mapping rows remember what an erasure took (docs/migrating.md, "Running it again"):
 * `erased_at` is set on the rows of a contact, its responses and displays when the contact is erased, and an
 * import skips those source ids instead of writing them again. Erasure finds the rows by their id here.
 */
export function importMappingsErased(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'import_mappings')} add column erased_at timestamptz(3)`.execute(db)
      await sql`create index if not exists ${sql.id('import_mappings_target_idx')}
        on ${sql.id(schema, 'import_mappings')} (environment_id, resource, target_id)`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'import_mappings_target_idx')}`.execute(db)
      await sql`alter table ${sql.id(schema, 'import_mappings')} drop column if exists erased_at`.execute(db)
    },
  }
}
