import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * The body of a CTE (`claimed as (…)`) that writes the claims (`response_claims`) of the responses a statement
 * wrote (the CTE `rows`: `id`, `created_at`, `survey_id`, `single_use_id`, `display_id`): one row for each
 * response with a single-use id or a display, whose unique indexes refuse a second response of the survey's
 * single-use id or of the display in any month (`responses` is partitioned by month, and a partitioned table's
 * unique index holds within a partition only). The foreign key to the response is checked at the end of the
 * statement, when its row is there.
 */
export function claimsSql(names: SchemaNames, rows: string): RawBuilder<unknown> {
  return sql`insert into ${names.ref('response_claims')} (response_id, response_created_at, survey_id, single_use_id, display_id)
    select w.id, w.created_at, w.survey_id, w.single_use_id, w.display_id from ${sql.raw(rows)} w
    where w.single_use_id is not null or w.display_id is not null`
}
