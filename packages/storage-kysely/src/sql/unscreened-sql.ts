import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import { hasQuotasSql } from './has-quotas-sql'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * The body of a CTE (`marked as (…)`) that marks the responses a statement wrote unscreened
 * (`CreateResponseCheck.screenQuotas`, docs/architecture.md, "A response write"): each row of the CTE `rows`
 * (written responses: `id`, `created_at`, `survey_id`, `updated_at`) whose survey has quotas gets its write's `updated_at` as
 * its mark, replacing an earlier one. It returns the ids it marked, so that the statement answers `hasQuotas`
 * from the same probe of the survey's quotas.
 */
export function unscreenedSql(names: SchemaNames, rows: string): RawBuilder<unknown> {
  return sql`insert into ${names.ref('unscreened_responses')} (response_id, response_created_at, marked_at)
    select w.id, w.created_at, w.updated_at from ${sql.raw(rows)} w where ${hasQuotasSql(names, sql.ref('w.survey_id'))}
    on conflict (response_id) do update set marked_at = excluded.marked_at
    returning response_id`
}
