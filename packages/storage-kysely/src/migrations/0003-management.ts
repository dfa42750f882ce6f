import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The management API's additions: an API key's `prefix` (to tell keys apart in listings) and `last_used_at`,
 * and every environment's default rows (docs/design.md, "Data and ids") for databases whose environments were created before
 * the defaults were: only missing rows are added, existing ones (and rows of the same name) stay.
 */
export function management(schema: string): Migration {
  return {
    async up(migrationDb) {
      const db = migrationDb.withSchema(schema)
      await db.schema.alterTable('api_keys').addColumn('prefix', 'text').addColumn('last_used_at', 'timestamptz(3)').execute()

      const table = (name: string) => sql.id(schema, name)
      // One statement per table for all environments. Ids in cuid2's shape (a letter, 23 letters or digits)
      // from the environment, the row's name and randomness, which keeps them distinct within the statement.
      const id = sql`'c' || substr(md5(random()::text || e.id || d.name), 1, 23)`
      await sql`
        insert into ${table('attribute_classes')} (id, environment_id, name, type, description, created_at, updated_at)
        select ${id}, e.id, d.name, 'automatic', d.description, now(), now()
        from ${table('environments')} e
        cross join (values
          ('email', 'The email of the person'),
          ('userId', 'The internal ID of the person'),
          ('language', 'The language used by the person')
        ) as d(name, description)
        on conflict (environment_id, name) do nothing`.execute(migrationDb)
      await sql`
        insert into ${table('action_classes')} (id, environment_id, name, description, type, created_at, updated_at)
        select ${id}, e.id, d.name, d.description, 'automatic', now(), now()
        from ${table('environments')} e
        cross join (values ('New Session', 'Gets fired when a new session is created')) as d(name, description)
        on conflict (environment_id, name) do nothing`.execute(migrationDb)
      await sql`
        insert into ${table('contact_attribute_keys')} (id, environment_id, key, name, description, type, is_unique, created_at, updated_at)
        select ${id}, e.id, d.name, d.label, '', 'default', d.is_unique, now(), now()
        from ${table('environments')} e
        cross join (values
          ('userId', 'User Id', true),
          ('email', 'Email', true),
          ('firstName', 'First Name', false),
          ('lastName', 'Last Name', false)
        ) as d(name, label, is_unique)
        on conflict (environment_id, key) do nothing`.execute(migrationDb)
    },

    async down(migrationDb) {
      // The default rows stay: they are what every environment has.
      await migrationDb.withSchema(schema).schema.alterTable('api_keys').dropColumn('prefix').dropColumn('last_used_at').execute()
    },
  }
}
