import type { CanvassContext, Handler } from '../../context'
import { param, publicBaseUrl } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { notFound } from '../../errors'
import { ok } from '../../http/respond'
import type { RouteTable } from '../../http/route-table'
import { dataOf, shareAnswer } from '../../schemas/answers'
import { newResultShareKey } from '../../domain/result-share'
import { ownedSurvey } from '../../domain/owned-survey'

/**
 * `/api/v1/management/surveys/{surveyId}/share`: turns the read-only results page of a survey on (a new key
 * each time, so a POST also rotates it) or off. The old key stops working with the write.
 */
export function registerSurveyShareRoutes(routes: RouteTable): void {
  routes.post('/api/v1/management/surveys/:surveyId/share', shareSurvey, {
    audit: { action: 'share', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: "Share a survey's results read-only at `/share/{resultShareKey}` with a new key (an earlier key stops working)",
    auth: 'apiKey',
    answer: dataOf(shareAnswer),
  })
  routes.delete('/api/v1/management/surveys/:surveyId/share', unshareSurvey, {
    audit: { action: 'unshare', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: "Stop sharing a survey's results: its `/share/{resultShareKey}` pages answer 404",
    auth: 'apiKey',
    answer: dataOf(shareAnswer),
  })
}

const shareSurvey: Handler = async (request, ctx) => {
  const key = newResultShareKey()
  await writeKey(request, ctx, key)
  return ok({ resultShareKey: key, url: shareUrl(request, ctx, key) })
}

const unshareSurvey: Handler = async (request, ctx) => {
  await writeKey(request, ctx, null)
  return ok({ resultShareKey: null, url: null })
}

/** Writes the key of the caller's survey: 404 when unknown, 401 when it belongs to another environment. */
async function writeKey(request: Parameters<Handler>[0], ctx: CanvassContext, key: string | null) {
  const { environmentId } = await authenticate(request, ctx)
  const surveyId = param(request, 'surveyId')
  const written = await ctx.storage.surveys.setResultShareKey(environmentId, surveyId, key)
  if (written) return written
  // Tells 401 (another environment's survey) from 404, as every survey route does.
  await ownedSurvey(ctx, environmentId, surveyId)
  throw notFound('Survey', surveyId)
}

/** The absolute URL of the shared results page, as the server's other absolute URLs are built. */
export function shareUrl(request: Request, ctx: CanvassContext, key: string): string {
  return `${publicBaseUrl(request, ctx)}/share/${encodeURIComponent(key)}`
}
