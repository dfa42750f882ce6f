import type { QuotaRecord, QuotaReports, QuotaStore } from '@canvass/core'
import type { Kysely } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { toJsonb } from '../sql/to-jsonb'
import { uniqueViolation } from '../postgres/unique-violation'
import { createQuotaReports } from './quota-reports'
import { toQuotaRecord } from './quota-rows'
import { claimUnscreened, screenResponse } from './quota-screening'

/**
 * Quotas and the links of responses to them. A response is counted in a quota while its link is
 * `screenedIn` and it is finished (or the quota counts partial submissions); `screen` counts and links under a
 * lock of the quota rows it reads, so that concurrent screenings of one quota take turns and none overshoots.
 */
export function createQuotaStore(db: Kysely<Database>, names: SchemaNames): QuotaStore & QuotaReports {
  const ofSurvey = (environmentId: string, surveyId: string) =>
    db.selectFrom('quotas').selectAll().where('environment_id', '=', environmentId).where('survey_id', '=', surveyId)
  const loadQuotas = createQuotaLoader(db)

  return {
    screen: (input) => screenResponse(db, names, input),
    claimUnscreened: (query) => claimUnscreened(db, names, query),
    ...createQuotaReports(db),
    async list(environmentId, surveyId, page) {
      if (!isStorable(environmentId) || !isStorable(surveyId)) return []
      const rows = await ofSurvey(environmentId, surveyId)
        .$call((query) => applyPage(query, 'quotas', page))
        .execute()
      return rows.map(toQuotaRecord)
    },

    async listAll(environmentId, surveyId) {
      if (!isStorable(environmentId) || !isStorable(surveyId)) return []
      return loadQuotas(environmentId, surveyId)
    },

    async get(environmentId, surveyId, id) {
      if (!isStorable(environmentId) || !isStorable(surveyId) || !isStorable(id)) return null
      const row = await ofSurvey(environmentId, surveyId).where('id', '=', id).executeTakeFirst()
      return row ? toQuotaRecord(row) : null
    },

    async insert(record, maxPerSurvey) {
      try {
        return await db.transaction().execute(async (trx) => {
          // Concurrent inserts for one survey wait here, so the count below stays true until commit.
          const survey = await trx
            .selectFrom('surveys')
            .select('id')
            .where('id', '=', record.surveyId)
            .where('environment_id', '=', record.environmentId)
            .forNoKeyUpdate()
            .executeTakeFirst()
          if (!survey) return 'survey_not_found' as const
          const { count } = await trx
            .selectFrom('quotas')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('survey_id', '=', record.surveyId)
            .executeTakeFirstOrThrow()
          if (Number(count) >= maxPerSurvey) return 'limit' as const
          await trx.insertInto('quotas').values(toRow(record)).execute()
          return 'created' as const
        })
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return 'name_taken'
        throw error
      }
    },

    async update(environmentId, surveyId, id, change) {
      if (!isStorable(environmentId) || !isStorable(surveyId) || !isStorable(id)) return null
      try {
        return await db.transaction().execute(async (trx) => {
          // Locked until commit: a concurrent update waits and then reads what this one wrote.
          const current = await trx
            .selectFrom('quotas')
            .selectAll()
            .where('id', '=', id)
            .where('environment_id', '=', environmentId)
            .where('survey_id', '=', surveyId)
            .forUpdate()
            .executeTakeFirst()
          if (!current) return null
          // A throw here rolls the transaction back and propagates.
          const record = change(toQuotaRecord(current))
          const row = await trx
            .updateTable('quotas')
            .set({
              name: record.name,
              limit: record.limit,
              logic: toJsonb(record.logic),
              action: record.action,
              ending_card_id: record.endingCardId,
              count_partial_submissions: record.countPartialSubmissions,
              updated_at: record.updatedAt,
            })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow()
          return toQuotaRecord(row)
        })
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return 'name_taken'
        throw error
      }
    },

    async delete(environmentId, surveyId, id) {
      if (!isStorable(environmentId) || !isStorable(surveyId) || !isStorable(id)) return null
      const row = await db
        .deleteFrom('quotas')
        .where('id', '=', id)
        .where('environment_id', '=', environmentId)
        .where('survey_id', '=', surveyId)
        .returningAll()
        .executeTakeFirst()
      return row ? toQuotaRecord(row) : null
    },
  }
}

/**
 * Every quota of a survey, oldest first, read together with the other surveys' asked for in the same turn of
 * the event loop: one statement for them all. Every client response write to a survey with quotas asks, and
 * concurrent creates are answered together by the response batch, so their questions arrive together too.
 * Each answer is read after its ask.
 */
function createQuotaLoader(db: Kysely<Database>): (environmentId: string, surveyId: string) => Promise<QuotaRecord[]> {
  type Ask = { environmentId: string; surveyId: string; resolve: (quotas: QuotaRecord[]) => void; reject: (error: unknown) => void }
  let asks: Ask[] | undefined

  async function flush(batch: Ask[]): Promise<void> {
    try {
      const surveyIds = [...new Set(batch.map((ask) => ask.surveyId))]
      const rows = await db
        .selectFrom('quotas')
        .selectAll()
        .where('survey_id', 'in', surveyIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      for (const ask of batch) {
        ask.resolve(rows.filter((row) => row.survey_id === ask.surveyId && row.environment_id === ask.environmentId).map(toQuotaRecord))
      }
    } catch (error) {
      for (const ask of batch) ask.reject(error)
    }
  }

  return (environmentId, surveyId) =>
    new Promise<QuotaRecord[]>((resolve, reject) => {
      if (!asks) {
        const batch: Ask[] = (asks = [])
        setImmediate(() => {
          asks = undefined
          void flush(batch)
        })
      }
      asks.push({ environmentId, surveyId, resolve, reject })
    })
}

function toRow(record: QuotaRecord) {
  return {
    id: record.id,
    environment_id: record.environmentId,
    survey_id: record.surveyId,
    name: record.name,
    limit: record.limit,
    logic: toJsonb(record.logic),
    action: record.action,
    ending_card_id: record.endingCardId,
    count_partial_submissions: record.countPartialSubmissions,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  }
}
