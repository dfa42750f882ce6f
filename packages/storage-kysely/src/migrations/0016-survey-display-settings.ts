import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Two survey settings the reference's widget reads: whether its back button is hidden, and whether a
 * question that one choice answers moves on by itself. Both default to off, as in the reference.
 */
export function surveyDisplaySettings(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.id(schema, 'surveys')}
        add column is_back_button_hidden boolean not null default false,
        add column is_auto_progressing_enabled boolean not null default false`.execute(db)
    },
    async down(db) {
      await sql`alter table ${sql.id(schema, 'surveys')}
        drop column is_back_button_hidden, drop column is_auto_progressing_enabled`.execute(db)
    },
  }
}
