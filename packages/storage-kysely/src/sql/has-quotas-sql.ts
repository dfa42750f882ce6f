import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * Whether the survey whose id is the SQL expression `surveyId` has quotas: an index probe
 * (`quotas_survey_id_created_at_id_idx`) that a response write returns beside its row, so that core screens
 * the write against quotas only for a survey that has them, at no extra round trip for one that does not.
 */
export function hasQuotasSql(names: SchemaNames, surveyId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select from ${names.ref('quotas')} q where q.survey_id = ${surveyId})`
}
