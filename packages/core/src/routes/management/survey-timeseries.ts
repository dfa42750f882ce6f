import * as v from 'valibot'
import type { Handler } from '../../context'
import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { checkContactAttributeFilter } from '../../auth/console-roles'
import { ok } from '../../http/respond'
import type { RouteTable } from '../../http/route-table'
import { readSummaryQuery, summaryFilterQuery } from '../../http/response-query'
import { dataOf } from '../../schemas/answers'
import { ownedSurvey } from '../../domain/surveys/owned-survey'
import { readInterval, readTimeSeries, readTimeZone } from '../../domain/results/time-series'

/**
 * `GET /api/v1/management/surveys/{surveyId}/timeseries` (a Canvass extension; docs/api.md, "Responses over
 * time"): started and finished responses by day, week or month of a time zone, over every response the
 * summary's filters take.
 */
export function registerSurveyTimeSeriesRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/surveys/:surveyId/timeseries', surveyTimeSeries, {
    summary:
      "A survey's responses over time: started, finished and completion rate by day, week (from Monday) or month of a time zone, with the summary's filters",
    auth: 'apiKey',
    query: timeSeriesQuery,
    answer: dataOf(timeSeriesAnswer),
  })
}

const timeSeriesQuery = v.object({
  ...summaryFilterQuery.entries,
  interval: v.optional(v.picklist(['day', 'week', 'month'], 'Must be day, week or month')),
  timeZone: v.optional(v.pipe(v.string(), v.maxLength(64))),
})

const timeSeriesAnswer = v.object({
  surveyId: v.string(),
  interval: v.picklist(['day', 'week', 'month']),
  timeZone: v.string(),
  buckets: v.array(v.object({ start: v.string(), started: v.number(), finished: v.number(), completionRate: v.nullable(v.number()) })),
})

const surveyTimeSeries: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const interval = readInterval(request.query.interval)
  const timeZone = readTimeZone(request.query.timeZone)
  const filter = readSummaryQuery(request.query)
  checkContactAttributeFilter(caller, filter.where)
  const survey = await ownedSurvey(ctx, caller.environmentId, param(request, 'surveyId'))
  return ok(await readTimeSeries(ctx, survey, filter, interval, timeZone))
}
