import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Marks the contact attribute keys that client routes created, so that they count against the bound on such
 * keys per environment (`maxClientAttributeKeys` in core) while keys made through the management API or by
 * the system do not. Keys that exist when this runs count as not created by clients: their origin is unknown,
 * and counting them could leave an environment unable to take any new key.
 */
export function clientCreatedKeys(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'contact_attribute_keys')}
        add column created_by_client boolean not null default false`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'contact_attribute_keys')} drop column created_by_client`.execute(db)
    },
  }
}
