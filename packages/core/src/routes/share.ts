import type { Handler } from '../context'
import { param } from '../context'
import { notFound } from '../errors'
import { shareFilterQuery } from '../http/response-query'
import { ok } from '../http/respond'
import type { RouteTable } from '../http/route-table'
import { dataOf, sharedSummaryAnswer } from '../schemas/answers'
import { findSharedSurvey, readShareFilters, shareSummary } from '../domain/results/result-share'

/**
 * `/share/{resultShareKey}/…`: a survey's results, read-only, for whoever holds the key a manager shared
 * (`POST /api/v1/management/surveys/{surveyId}/share`). No API key: the key is the capability, looked up on
 * every request, so a key turned off or rotated answers 404 at once. Rate-limited per client address.
 */
export function registerShareRoutes(routes: RouteTable): void {
  routes.get('/share/:resultShareKey/summary.json', sharedSummary, {
    summary:
      "A shared survey's summary, as the management summary answers it without the survey's and quotas' ids (`startDate`, `endDate`, `finished`, `lang`, `filter[<field>][<operator>]`: docs/api.md, \"Filtering responses\")",
    auth: 'none',
    query: shareFilterQuery,
    answer: dataOf(sharedSummaryAnswer),
  })
}

const sharedSummary: Handler = async (request, ctx) => {
  const filters = readShareFilters(request.query)
  const key = param(request, 'resultShareKey')
  const survey = await findSharedSurvey(ctx, key)
  if (!survey) throw notFound('Shared Results', key)
  return ok(await shareSummary(ctx, survey, filters))
}
