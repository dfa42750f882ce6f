import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Which stored files a respondent uploaded for a response (`files.for_response`): only those may go when a
 * response that names them is deleted, erased or expired (docs/data-rights.md, "Files of responses"); a
 * manager's upload stays whatever an answer names. Files recorded before were not told apart: the private
 * ones are taken for respondents' (the client route stores nothing else; a manager's upload is public unless
 * asked), the public ones for managers'.
 */
export function responseUploads(schema: string): Migration {
  const files = sql.id(schema, 'files')
  return {
    async up(db) {
      await sql`alter table ${files} add column for_response boolean not null default false`.execute(db)
      await sql`update ${files} set for_response = true where access_type = 'private'`.execute(db)
    },
    async down(db) {
      await sql`alter table ${files} drop column if exists for_response`.execute(db)
    },
  }
}
