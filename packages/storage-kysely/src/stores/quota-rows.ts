import type { QuotaRecord } from '@canvass/core'
import type { Selectable } from 'kysely'
import type { QuotasTable } from '../postgres/database'

/** A stored quota as the port returns it. */
export function toQuotaRecord(row: Selectable<QuotasTable>): QuotaRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    surveyId: row.survey_id,
    name: row.name,
    limit: row.limit,
    logic: row.logic,
    action: row.action,
    endingCardId: row.ending_card_id,
    countPartialSubmissions: row.count_partial_submissions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
