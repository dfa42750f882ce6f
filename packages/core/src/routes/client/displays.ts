import type { CanvassRouter, Handler } from '../../context'
import { param } from '../../context'
import { readJsonBody } from '../../http/body'
import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { badRequest, notFound } from '../../http/errors'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import { displayCreateSchema } from '../../schemas/client'

/** `POST /api/v1/client/{environmentId}/displays`: a widget showed a survey. */
export function registerClientDisplayRoutes(router: CanvassRouter): void {
  router.post('/api/v1/client/:environmentId/displays', createDisplay)
}

const createDisplay: Handler = async (request, ctx) => {
  const environmentId = param(request, 'environmentId')
  const input = parseInput(displayCreateSchema, await readJsonBody(request))
  const result = await ctx.storage.displays.create({
    id: ctx.newId(),
    environmentId,
    surveyId: input.surveyId,
    userId: input.userId ?? null,
    responseId: input.responseId ?? null,
    createdAt: ctx.now(),
    newId: ctx.newId,
  })
  switch (result.outcome) {
    case 'created':
      return ok({ id: result.id }, CLIENT_CORS_HEADERS)
    case 'environment_not_found':
      throw notFound('Environment', environmentId)
    case 'survey_not_found':
      throw notFound('Survey', input.surveyId)
    case 'survey_in_other_environment':
      throw badRequest('Survey is part of another environment')
    case 'response_not_found':
      // As a response create refuses a `displayId` of another survey (contract §4).
      throw badRequest('Response not found for this survey', { responseId: 'No response of this survey has this id' })
  }
}
