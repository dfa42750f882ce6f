import type { QuotaReports } from '@canvass/core'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'

/** What quotas have counted, read for reports (`ReportingStorage.quotas`). */
export function createQuotaReports(db: Kysely<Database>): QuotaReports {
  return {
    counts: (environmentId, surveyId) => quotaCounts(db, environmentId, surveyId),
    namesByResponse: (environmentId, responseIds) => quotaNamesByResponse(db, environmentId, responseIds),
  }
}

/** How many responses each quota of the survey counts now, by quota id (`QuotaReports.counts`). */
export async function quotaCounts(
  db: Kysely<Database>,
  environmentId: Parameters<QuotaReports['counts']>[0],
  surveyId: Parameters<QuotaReports['counts']>[1],
): ReturnType<QuotaReports['counts']> {
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
}

/** The quotas each response is counted in, by response id (`QuotaReports.namesByResponse`). */
export async function quotaNamesByResponse(
  db: Kysely<Database>,
  environmentId: Parameters<QuotaReports['namesByResponse']>[0],
  responseIds: Parameters<QuotaReports['namesByResponse']>[1],
): ReturnType<QuotaReports['namesByResponse']> {
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
}
