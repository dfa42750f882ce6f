import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Response lists sorted or filtered by `updatedAt` (docs/api.md, "Responses": `sortBy`, `filterDateField`), read by keyset
 * like the `created_at` lists: `(environment_id | survey_id, updated_at, id)`, each read either way. Without
 * them a page of a large environment sorted by `updatedAt` sorts every matching response.
 */
export function responsesByUpdate(schema: string): Migration {
  return {
    async up(db) {
      for (const scope of ['environment_id', 'survey_id']) {
        await sql`create index if not exists ${sql.id(`responses_${scope}_updated_at_id_idx`)}
          on ${sql.id(schema, 'responses')} (${sql.id(scope)}, updated_at, id)`.execute(db)
      }
    },
    async down(db) {
      for (const scope of ['environment_id', 'survey_id']) {
        await sql`drop index if exists ${sql.id(schema, `responses_${scope}_updated_at_id_idx`)}`.execute(db)
      }
    },
  }
}
