import { sql } from 'kysely'
import type { CreateTableBuilder, Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Every table Canvass keeps (docs/design.md, "Data and ids"), so that later migrations only add columns, created in `schema`. Postgres 15
 * features only (the supported server), which PGlite (a newer Postgres) also has.
 */
export function initial(schema: string): Migration {
  return {
    async up(migrationDb) {
      const db = migrationDb.withSchema(schema)
      await db.schema
        .createTable('organizations')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .$call(timestamps)
        .execute()

      await db.schema
        .createTable('projects')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('organization_id', ID, (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .$call(timestamps)
        .execute()
      await index(db, 'projects', ['organization_id'])

      await db.schema
        .createTable('environments')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('project_id', ID, (col) => col.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('app_setup_completed', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('website_setup_completed', 'boolean', (col) => col.notNull().defaultTo(false))
        .$call(timestamps)
        .addCheckConstraint('environments_type_check', sql`type in ('production', 'development')`)
        .addUniqueConstraint('environments_project_id_type_key', ['project_id', 'type'])
        .execute()

      await db.schema
        .createTable('api_keys')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('hash', 'text', (col) => col.notNull().unique())
        .addColumn('label', 'text')
        .addColumn('created_at', TIMESTAMP, (col) => col.notNull().defaultTo(NOW))
        .addColumn('revoked_at', TIMESTAMP)
        .execute()
      await listIndex(db, 'api_keys', 'environment_id')

      await db.schema
        .createTable('surveys')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .$call(timestamps)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text')
        .addColumn('delay', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('display_option', 'text', (col) => col.notNull())
        .addColumn('display_limit', 'integer')
        .addColumn('display_percentage', 'double precision')
        .addColumn('auto_close', 'integer')
        .addColumn('auto_complete', 'integer')
        .addColumn('close_on_date', TIMESTAMP)
        .addColumn('run_on_date', TIMESTAMP)
        .addColumn('recontact_days', 'integer')
        .addColumn('pin', 'text')
        .addColumn('redirect_url', 'text')
        .addColumn('result_share_key', 'text')
        .addColumn('show_language_switch', 'boolean')
        .addColumn('is_verify_email_enabled', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('segment_id', 'text')
        .addColumn('questions', 'jsonb', (col) => col.notNull())
        .addColumn('endings', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('welcome_card', 'jsonb')
        .addColumn('hidden_fields', 'jsonb')
        .addColumn('single_use', 'jsonb')
        .addColumn('languages', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('triggers', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('styling', 'jsonb')
        .addColumn('survey_closed_message', 'jsonb')
        .addColumn('product_overwrites', 'jsonb')
        .addCheckConstraint('surveys_status_check', sql`status in ('draft', 'scheduled', 'inProgress', 'paused', 'completed')`)
        .execute()
      await listIndex(db, 'surveys', 'environment_id')

      await db.schema
        .createTable('contacts')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('user_id', 'text')
        .$call(timestamps)
        // Also the conflict target of the response-create upsert; NULL user ids stay distinct.
        .addUniqueConstraint('contacts_environment_id_user_id_key', ['environment_id', 'user_id'])
        .execute()
      await listIndex(db, 'contacts', 'environment_id')

      await db.schema
        .createTable('contact_attribute_keys')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('name', 'text')
        .addColumn('description', 'text')
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('is_unique', 'boolean', (col) => col.notNull().defaultTo(false))
        .$call(timestamps)
        .addCheckConstraint('contact_attribute_keys_type_check', sql`type in ('default', 'custom')`)
        .addUniqueConstraint('contact_attribute_keys_environment_id_key_key', ['environment_id', 'key'])
        .execute()
      await listIndex(db, 'contact_attribute_keys', 'environment_id')

      await db.schema
        .createTable('contact_attributes')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('contact_id', ID, (col) => col.notNull().references('contacts.id').onDelete('cascade'))
        .addColumn('attribute_key_id', ID, (col) => col.notNull().references('contact_attribute_keys.id').onDelete('cascade'))
        .addColumn('value', 'text', (col) => col.notNull())
        .$call(timestamps)
        .addUniqueConstraint('contact_attributes_contact_id_attribute_key_id_key', ['contact_id', 'attribute_key_id'])
        .execute()
      // Finding a contact by a unique attribute (email) and deleting a key's values.
      await index(db, 'contact_attributes', ['attribute_key_id', 'value'])

      await db.schema
        .createTable('responses')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('survey_id', ID, (col) => col.notNull().references('surveys.id').onDelete('cascade'))
        // The survey's environment, copied for scoping. No foreign key of its own: the survey's already ties
        // the row to the environment's life (cascade), and a second key-share lock on the one environment row
        // that every response of it would take costs the hot insert path dearly.
        .addColumn('environment_id', ID, (col) => col.notNull())
        .$call(timestamps)
        .addColumn('finished', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('meta', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('ttc', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('variables', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('language', 'text')
        .addColumn('single_use_id', 'text')
        .addColumn('display_id', 'text')
        .addColumn('ending_id', 'text')
        // A deleted person's responses stay, with `person` null (docs/design.md, "Responses and displays").
        .addColumn('contact_id', ID, (col) => col.references('contacts.id').onDelete('set null'))
        .addColumn('contact_attributes', 'jsonb')
        .execute()
      await listIndex(db, 'responses', 'environment_id')
      await listIndex(db, 'responses', 'survey_id')
      // Most responses have no contact, single-use id or display: partial indexes cost such inserts nothing.
      await index(db, 'responses', ['contact_id'], { where: 'contact_id' })
      await index(db, 'responses', ['survey_id', 'single_use_id'], { where: 'single_use_id' })
      await index(db, 'responses', ['display_id'], { where: 'display_id' })

      await db.schema
        .createTable('response_notes')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('response_id', ID, (col) => col.notNull().references('responses.id').onDelete('cascade'))
        .addColumn('user_id', 'text')
        .addColumn('user_name', 'text')
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('is_resolved', 'boolean', (col) => col.notNull().defaultTo(false))
        .addColumn('is_edited', 'boolean', (col) => col.notNull().defaultTo(false))
        .$call(timestamps)
        .execute()
      await index(db, 'response_notes', ['response_id', 'created_at'])

      await db.schema
        .createTable('tags')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('name', 'text', (col) => col.notNull())
        .$call(timestamps)
        .addUniqueConstraint('tags_environment_id_name_key', ['environment_id', 'name'])
        .execute()
      await listIndex(db, 'tags', 'environment_id')

      await db.schema
        .createTable('response_tags')
        .addColumn('response_id', ID, (col) => col.notNull().references('responses.id').onDelete('cascade'))
        .addColumn('tag_id', ID, (col) => col.notNull().references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('response_tags_pkey', ['response_id', 'tag_id'])
        .execute()
      await index(db, 'response_tags', ['tag_id'])

      await db.schema
        .createTable('displays')
        .addColumn('id', ID, (col) => col.primaryKey())
        .addColumn('survey_id', ID, (col) => col.notNull().references('surveys.id').onDelete('cascade'))
        .$call(environmentOwned)
        .addColumn('contact_id', ID, (col) => col.references('contacts.id').onDelete('set null'))
        .addColumn('response_id', 'text')
        .addColumn('status', 'text')
        .$call(timestamps)
        .execute()
      await listIndex(db, 'displays', 'environment_id')
      await listIndex(db, 'displays', 'survey_id')
      await index(db, 'displays', ['contact_id'])

      await db.schema
        .createTable('attribute_classes')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('archived', 'boolean', (col) => col.notNull().defaultTo(false))
        .$call(timestamps)
        .addCheckConstraint('attribute_classes_type_check', sql`type in ('code', 'automatic')`)
        .addUniqueConstraint('attribute_classes_environment_id_name_key', ['environment_id', 'name'])
        .execute()
      await listIndex(db, 'attribute_classes', 'environment_id')

      await db.schema
        .createTable('action_classes')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('key', 'text')
        .addColumn('no_code_config', 'jsonb')
        .$call(timestamps)
        .addCheckConstraint('action_classes_type_check', sql`type in ('code', 'noCode', 'automatic')`)
        .addUniqueConstraint('action_classes_environment_id_name_key', ['environment_id', 'name'])
        .addUniqueConstraint('action_classes_environment_id_key_key', ['environment_id', 'key'])
        .execute()
      await listIndex(db, 'action_classes', 'environment_id')

      await db.schema
        .createTable('webhooks')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('name', 'text')
        .addColumn('url', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull().defaultTo('user'))
        // jsonb rather than text[]: one encoding rule for every driver (see `database.ts`).
        .addColumn('triggers', 'jsonb', (col) => col.notNull())
        .addColumn('survey_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('disabled_at', TIMESTAMP)
        .$call(timestamps)
        .execute()
      await listIndex(db, 'webhooks', 'environment_id')

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', ID, (col) => col.primaryKey())
        // Deleting a webhook drops its pending deliveries at once (docs/design.md, "Events and webhooks").
        .addColumn('webhook_id', ID, (col) => col.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('event', 'text', (col) => col.notNull())
        .addColumn('payload', 'jsonb', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', TIMESTAMP, (col) => col.notNull().defaultTo(NOW))
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .$call(timestamps)
        .execute()
      // The dispatcher's poll: due deliveries of one status, oldest first.
      await index(db, 'webhook_deliveries', ['status', 'next_attempt_at'])
      await index(db, 'webhook_deliveries', ['webhook_id'])

      await db.schema
        .createTable('files')
        .addColumn('id', ID, (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('survey_id', ID, (col) => col.references('surveys.id').onDelete('cascade'))
        .addColumn('access_type', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('created_at', TIMESTAMP, (col) => col.notNull().defaultTo(NOW))
        .addCheckConstraint('files_access_type_check', sql`access_type in ('public', 'private')`)
        // The blob key is `{environmentId}/{accessType}/{fileName}`: one row per key.
        .addUniqueConstraint('files_environment_id_access_type_file_name_key', ['environment_id', 'access_type', 'file_name'])
        .execute()
      await index(db, 'files', ['survey_id'])

      await db.schema
        .createTable('spent_upload_uuids')
        .addColumn('uuid', 'text', (col) => col.primaryKey())
        .$call(environmentOwned)
        .addColumn('spent_at', TIMESTAMP, (col) => col.notNull().defaultTo(NOW))
        .execute()
      // Purging uuids older than the signature's lifetime.
      await index(db, 'spent_upload_uuids', ['spent_at'])

      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('window_start', TIMESTAMP, (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('rate_limit_counters_pkey', ['key', 'window_start'])
        .execute()
      await index(db, 'rate_limit_counters', ['window_start'])
    },

    async down(migrationDb) {
      const db = migrationDb.withSchema(schema)
      for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute()
    },
  }
}

/** Creation order; `down` drops in reverse. */
export const TABLES = [
  'organizations',
  'projects',
  'environments',
  'api_keys',
  'surveys',
  'contacts',
  'contact_attribute_keys',
  'contact_attributes',
  'responses',
  'response_notes',
  'tags',
  'response_tags',
  'displays',
  'attribute_classes',
  'action_classes',
  'webhooks',
  'webhook_deliveries',
  'files',
  'spent_upload_uuids',
  'rate_limit_counters',
] as const

/**
 * Ids compare bytewise (`C` collation): list order and keyset cursors then agree on every server,
 * whatever its default locale, and comparisons skip locale rules.
 */
const ID = sql`text collate "C"`
const TIMESTAMP = 'timestamptz(3)'
const NOW = sql`now()`

function timestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('created_at', TIMESTAMP, (col) => col.notNull().defaultTo(NOW))
    .addColumn('updated_at', TIMESTAMP, (col) => col.notNull().defaultTo(NOW))
}

function environmentOwned<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table.addColumn('environment_id', ID, (col) => col.notNull().references('environments.id').onDelete('cascade'))
}

/**
 * The index every list route walks: `where <scope> = ? order by created_at desc, id desc`. Migration 0011 rebuilds
 * those of responses and displays ascending, which the same lists read backwards.
 */
function listIndex(db: Kysely<unknown>, table: string, scope: string) {
  return index(db, table, [scope, 'created_at desc', 'id desc'], { name: `${table}_${scope}_created_at_id_idx` })
}

function index(db: Kysely<unknown>, table: string, columns: string[], options: { name?: string; where?: string } = {}) {
  const builder = db.schema
    .createIndex(options.name ?? `${table}_${columns.join('_')}_idx`)
    .on(table)
    .columns(columns)
  // `where` names a column: only rows where it is not null are indexed.
  return (options.where ? builder.where(sql.ref(options.where), 'is not', null) : builder).execute()
}
