import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/** Lookups by value use it only when they compare the same expression, `md5(value)::uuid` (client-contact-store.ts). */
const ATTRIBUTE_VALUE_INDEX = 'contact_attributes_attribute_key_id_value_hash_idx'

/**
 * Migration 0001 indexed `contact_attributes (attribute_key_id, value)`. A btree entry must fit in a third of
 * a page, so a value past about 2,700 bytes of incompressible text could not be stored at all, while the
 * client routes accept values of 10,000 characters (up to 30,000 bytes). This index holds a digest of the
 * value instead: 16 bytes whatever the value's length. It answers what the old one did: a key's values (the
 * first column) and a value of a key (finding who holds a unique key's value), where the query compares the
 * digest to find the rows and the value itself to keep only equal ones. md5 serves as a hash here, not as a
 * seal: since the value is compared too, two values with one digest cost a row read, never a wrong match.
 *
 * docs/design.md, "Data and ids", has later migrations add, not change; an index is no table or column, and replacing one keeps
 * every row (as migration 0011 did). `down` rebuilds the old index, which fails while a value too long for it
 * is stored.
 */
export function attributeValueHash(schema: string): Migration {
  return {
    async up(db) {
      await sql`drop index if exists ${sql.id(schema, 'contact_attributes_attribute_key_id_value_idx')}`.execute(db)
      await sql`create index ${sql.id(ATTRIBUTE_VALUE_INDEX)} on ${sql.id(schema, 'contact_attributes')}
        (attribute_key_id, (md5(value)::uuid))`.execute(db)
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists ${sql.id(schema, ATTRIBUTE_VALUE_INDEX)}`.execute(db)
      await sql`create index contact_attributes_attribute_key_id_value_idx
        on ${sql.id(schema, 'contact_attributes')} (attribute_key_id, value)`.execute(db)
    },
  }
}
