import type { QuotaStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Selectable } from 'kysely'
import type { Database, QuotasTable } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { responseChangesSql } from '../responses/summary-parts'
import { responseEventsSql } from '../sql/response-events-sql'
import { toQuotaRecord } from './quota-rows'

/** Screens one response against its survey's quotas under a lock of the quota rows (`QuotaStore.screen`). */
export async function screenResponse(
  db: Kysely<Database>,
  names: SchemaNames,
  input: Parameters<QuotaStore['screen']>[0],
): ReturnType<QuotaStore['screen']> {
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
      await trx.deleteFrom('unscreened_responses').where('response_id', '=', input.responseId).where('marked_at', '=', input.mark).execute()
    }
    return first ? toQuotaRecord(first) : null
  })
}

/** Claims the responses marked unscreened for longer than the lease (`QuotaStore.claimUnscreened`). */
export async function claimUnscreened(
  db: Kysely<Database>,
  names: SchemaNames,
  { before, now, limit }: Parameters<QuotaStore['claimUnscreened']>[0],
): ReturnType<QuotaStore['claimUnscreened']> {
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
