import * as v from 'valibot'
import type { Handler } from '../../context'
import { param, publicBaseUrl } from '../../context'
import { badRequest } from '../../errors'
import { authenticate } from '../../auth/authenticate'
import { ok } from '../../http/respond'
import type { RouteTable } from '../../http/route-table'
import { dataOf } from '../../schemas/answers'
import { ownedSurvey } from '../../domain/owned-survey'

/**
 * `POST /api/v1/management/surveys/{surveyId}/preview`: a link that shows the survey's page whatever its
 * status (a draft included) and saves nothing, for an hour (docs/surveys.md#previewing-a-draft). A browser
 * link cannot carry `x-api-key`, so the key buys a short-lived signed token (`domain/preview-tokens.ts`) that
 * the page takes as `?preview=`.
 */
export function registerSurveyPreviewRoutes(routes: RouteTable): void {
  routes.post('/api/v1/management/surveys/:surveyId/preview', previewSurvey, {
    audit: { action: 'sign', resourceType: 'survey', resourceId: { param: 'surveyId' } },
    summary: "A link to preview a link survey's page (a draft too) for an hour, with nothing saved",
    auth: 'apiKey',
    answer: dataOf(previewAnswer),
  })
}

const previewAnswer = v.object({ url: v.string(), token: v.string(), expiresAt: v.string() })

const previewSurvey: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const survey = await ownedSurvey(ctx, environmentId, param(request, 'surveyId'))
  if (survey.type !== 'link') throw badRequest('Only link surveys have a page to preview', { type: 'Must be link' })
  const { token, expiresAt } = ctx.previewTokens.issue(survey.id, ctx.now())
  const url = `${publicBaseUrl(request, ctx)}/s/${encodeURIComponent(survey.id)}?preview=${encodeURIComponent(token)}`
  return ok({ url, token, expiresAt: expiresAt.toISOString() })
}
