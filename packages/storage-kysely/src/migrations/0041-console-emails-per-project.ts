import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A console person's email is unique within their project, no longer over every project
 * (docs/console-accounts.md, "People and roles"): no project can tell, or take, another's people's addresses.
 * The rows are kept (unique over all, they are unique per project too); sign-in finds people by email alone,
 * so that stays indexed.
 */
export function consoleEmailsPerProject(schema: string): Migration {
  return {
    async up(db) {
      await sql`create unique index ${sql.id('console_people_project_email_key')}
        on ${sql.id(schema, 'console_people')} (project_id, email)`.execute(db)
      await sql`create index ${sql.id('console_people_email_idx')} on ${sql.id(schema, 'console_people')} (email)`.execute(db)
      await sql`drop index ${sql.id(schema, 'console_people_email_key')}`.execute(db)
    },
    async down(db) {
      // Fails while two projects have a person with one email: which one to keep is not the migration's to say.
      await sql`create unique index ${sql.id('console_people_email_key')} on ${sql.id(schema, 'console_people')} (email)`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'console_people_email_idx')}`.execute(db)
      await sql`drop index if exists ${sql.id(schema, 'console_people_project_email_key')}`.execute(db)
    },
  }
}
