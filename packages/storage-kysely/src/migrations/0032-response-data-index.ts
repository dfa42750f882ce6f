import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Response filters on answers (docs/api.md, "Filtering responses"): `filter[data.<id>][eq]` and `[in]` are JSON
 * containment (`data @> '{"q":"x"}'`, see `response-conditions-sql.ts`), which a GIN `jsonb_path_ops` index on
 * `responses.data` serves. Without it a rare answer is found by reading the survey's responses newest first
 * until a page is full, which at 1,000,000 responses reads them all; with it the matching rows are looked up
 * and only they are sorted (bench/README.md has both). `jsonb_path_ops` rather than the default `jsonb_ops`:
 * a third of the size, and containment is the only operator the filters use. Hidden fields live in `data` too.
 * Writes pay a GIN insert per response (its pending list absorbs bursts); other conditions (ranges,
 * `contains`, `meta`, `variables`) use the list's keyset indexes, as they did.
 */
export function responseDataIndex(schema: string): Migration {
  return {
    async up(db) {
      await sql`create index if not exists ${sql.id('responses_data_path_idx')}
        on ${sql.id(schema, 'responses')} using gin (data jsonb_path_ops)`.execute(db)
    },
    async down(db) {
      await sql`drop index if exists ${sql.id(schema, 'responses_data_path_idx')}`.execute(db)
    },
  }
}
