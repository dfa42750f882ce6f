import type { QuotaRecord, QuotaReports, QuotaStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Selectable } from 'kysely'
import { applyPage } from '../responses/apply-page'
import type { Database, QuotasTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { responseEventsSql } from '../sql/response-events-sql'
import type { SchemaNames } from '../postgres/schema-names'
import { toJsonb } from '../sql/to-jsonb'
import { uniqueViolation } from '../postgres/unique-violation'
import { responseChangesSql } from '../responses/summary-parts'

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

    async screen(input) {
      const ids = [input.environmentId, input.surveyId, input.responseId]
      if (!ids.every(isStorable)) return null
      const met = input.met.filter(isStorable)
      const unmet = input.unmet.filter(isStorable)
      return db.transaction().execute(async (trx) => {
        // Locked in id order (every screening takes them so), then counted: concurrent screenings of a quota
        // take turns, each counting what the one before linked.
        const locked =
          met.length === 0
            ? []
            : await trx
                .selectFrom('quotas')
                .selectAll()
                .where('id', 'in', met)
                .where('survey_id', '=', input.surveyId)
                .where('environment_id', '=', input.environmentId)
                .orderBy('id')
                .forUpdate()
                .execute()
        const response = await trx
          .selectFrom('responses')
          .select(['id', 'created_at'])
          .where('id', '=', input.responseId)
          .where('survey_id', '=', input.surveyId)
          .where('environment_id', '=', input.environmentId)
          .executeTakeFirst()
        if (!response) return null
        const byId = new Map(locked.map((row) => [row.id, row]))
        const quotas = met.flatMap((id) => (byId.has(id) ? [byId.get(id) as Selectable<QuotasTable>] : []))
        const counted = await countOthers(
          trx,
          quotas.map((quota) => quota.id),
          input.responseId,
        )
        let full = quotas.filter((quota) => (counted.get(quota.id) ?? 0) >= quota.limit)
        let open = quotas.filter((quota) => (counted.get(quota.id) ?? 0) < quota.limit)
        const first = full[0]
        if (!input.finished && first?.action !== 'endSurvey') {
          full = full.filter((quota) => quota.count_partial_submissions)
          open = open.filter((quota) => quota.count_partial_submissions)
        }
        if (unmet.length > 0) {
          await trx.deleteFrom('response_quota_links').where('response_id', '=', input.responseId).where('quota_id', 'in', unmet).execute()
        }
        if (full.length > 0) {
          await trx
            .insertInto('response_quota_links')
            .values(
              full.map((quota) => ({
                response_id: input.responseId,
                response_created_at: response.created_at,
                quota_id: quota.id,
                status: 'screenedOut' as const,
              })),
            )
            .onConflict((oc) => oc.columns(['response_id', 'quota_id']).doUpdateSet({ status: 'screenedOut' }))
            .execute()
        }
        if (open.length > 0) {
          await trx
            .insertInto('response_quota_links')
            .values(
              open.map((quota) => ({
                response_id: input.responseId,
                response_created_at: response.created_at,
                quota_id: quota.id,
                status: 'screenedIn' as const,
              })),
            )
            .onConflict((oc) => oc.columns(['response_id', 'quota_id']).doNothing())
            .execute()
        }
        if (first?.action === 'endSurvey') {
          // With its webhook events, as every write of a response.
          await trx
            .with('written', (qc) =>
              qc
                .updateTable('responses')
                .from('responses as before')
                .set({ finished: true, ending_id: first.ending_card_id, updated_at: input.now })
                .where('responses.id', '=', input.responseId)
                .whereRef('before.id', '=', 'responses.id')
                .returningAll('responses')
                .returning('before.finished as was_finished'),
            )
            .with('events', () => sql`(${responseEventsSql(names, { rows: 'written', kind: 'update' })})`)
            .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
            .selectFrom('written')
            .select('written.id')
            .execute()
        }
        // Last, after the response's own row: a client's update of the response locks its row, then its mark
        // (`unscreenedSql`), and this takes them in the same order. A mark a later write set is not this one's.
        if (input.mark) {
          await trx
            .deleteFrom('unscreened_responses')
            .where('response_id', '=', input.responseId)
            .where('marked_at', '=', input.mark)
            .execute()
        }
        return first ? toQuotaRecord(first) : null
      })
    },

    async claimUnscreened({ before, now, limit }) {
      if (limit < 1) return []
      // One statement: the due marks locked oldest first, skipping those another claim holds, moved to `now` (the
      // lease), and each returned with its response as stored now.
      const { rows } = await sql<ClaimedRow>`
        with due as (
          select response_id from ${names.ref('unscreened_responses')}
          where marked_at < ${before}::timestamptz
          order by marked_at, response_id
          limit ${limit}
          for update skip locked
        ), claimed as (
          update ${names.ref('unscreened_responses')} u set marked_at = ${now}::timestamptz
          from due where u.response_id = due.response_id
          returning u.response_id, u.marked_at
        )
        select r.id, r.environment_id, r.survey_id, r.finished, r.data, r.variables, claimed.marked_at
        from claimed join ${names.ref('responses')} r on r.id = claimed.response_id
        order by r.id`.execute(db)
      return rows.map((row) => ({
        environmentId: row.environment_id,
        surveyId: row.survey_id,
        responseId: row.id,
        finished: row.finished,
        data: row.data ?? {},
        variables: row.variables ?? {},
        mark: row.marked_at,
      }))
    },

    async counts(environmentId, surveyId) {
      if (!isStorable(environmentId) || !isStorable(surveyId)) return {}
      const rows = await db
        .selectFrom('quotas as q')
        .innerJoin('response_quota_links as l', 'l.quota_id', 'q.id')
        .innerJoin('responses as r', 'r.id', 'l.response_id')
        .select(['q.id', (eb) => eb.fn.countAll<string>().as('count')])
        .where('q.environment_id', '=', environmentId)
        .where('q.survey_id', '=', surveyId)
        .where('l.status', '=', 'screenedIn')
        .where((eb) => eb.or([eb('q.count_partial_submissions', '=', true), eb('r.finished', '=', true)]))
        .groupBy('q.id')
        .execute()
      return Object.fromEntries(rows.map((row) => [row.id, Number(row.count)]))
    },

    async namesByResponse(environmentId, responseIds) {
      const ids = responseIds.filter(isStorable)
      if (!isStorable(environmentId) || ids.length === 0) return {}
      const rows = await db
        .selectFrom('response_quota_links as l')
        .innerJoin('quotas as q', 'q.id', 'l.quota_id')
        .select(['l.response_id', 'q.name'])
        .where('q.environment_id', '=', environmentId)
        .where('l.response_id', 'in', ids)
        .where('l.status', '=', 'screenedIn')
        .orderBy('q.created_at')
        .orderBy('q.id')
        .execute()
      // Grouped in a Map: an id may be any name (`constructor`), which a plain object already answers.
      const names = new Map<string, string[]>()
      for (const row of rows) names.get(row.response_id)?.push(row.name) ?? names.set(row.response_id, [row.name])
      return Object.fromEntries(names)
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

/** What `claimUnscreened` reads of each response it claims. */
interface ClaimedRow {
  id: string
  environment_id: string
  survey_id: string
  finished: boolean
  data: Record<string, unknown> | null
  variables: Record<string, unknown> | null
  marked_at: Date
}

/** Responses other than `responseId` counted in each of `quotaIds` now, by quota id. */
async function countOthers(trx: Kysely<Database>, quotaIds: string[], responseId: string): Promise<Map<string, number>> {
  if (quotaIds.length === 0) return new Map()
  const rows = await trx
    .selectFrom('response_quota_links as l')
    .innerJoin('quotas as q', 'q.id', 'l.quota_id')
    .innerJoin('responses as r', 'r.id', 'l.response_id')
    .select(['l.quota_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('l.quota_id', 'in', quotaIds)
    .where('l.status', '=', 'screenedIn')
    .where('l.response_id', '<>', responseId)
    .where((eb) => eb.or([eb('q.count_partial_submissions', '=', true), eb('r.finished', '=', true)]))
    .groupBy('l.quota_id')
    .execute()
  return new Map(rows.map((row) => [row.quota_id, Number(row.count)]))
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

function toQuotaRecord(row: Selectable<QuotasTable>): QuotaRecord {
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
