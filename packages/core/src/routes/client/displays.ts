import type { CanvassContext, Handler } from '../../context'
import { param } from '../../context'

import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { CanvassError, badRequest, notFound } from '../../errors'
import { ok } from '../../http/respond'

import { displayCreateSchema, displayCreateV2Schema } from '../../schemas/client'
import { contactUserId } from '../../domain/contacts/contact-ids'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf, displayResponseAnswer, idAnswer } from '../../schemas/answers'
import { createDisplay as writeDisplay } from '../../domain/responses/display-writes'

/**
 * Displays: a widget showed a survey. `POST /api/v1/client/{environmentId}/displays` names the respondent by
 * `userId`, the reference's newer `POST /api/v2/client/{environmentId}/displays` by `contactId`; both answer
 * `{id}`. `GET /api/v1/client/{environmentId}/displays/{displayId}/response` answers the id of the response
 * given after that display.
 */
export function registerClientDisplayRoutes(routes: RouteTable): void {
  routes.post('/api/v1/client/:environmentId/displays', createDisplay, {
    idempotent: 'client',
    summary: 'A widget showed a survey',
    auth: 'none',
    body: displayCreateSchema,
    answer: dataOf(idAnswer),
    errors: [403],
  })
  routes.post('/api/v2/client/:environmentId/displays', createDisplayV2, {
    idempotent: 'client',
    summary: 'A display, naming the contact by `contactId`',
    auth: 'none',
    body: displayCreateV2Schema,
    answer: dataOf(idAnswer),
    errors: [403],
  })
  routes.get('/api/v1/client/:environmentId/displays/:displayId/response', displayResponse, {
    summary: 'The response given after a display (null while none)',
    auth: 'none',
    answer: dataOf(displayResponseAnswer),
  })
}

const createDisplay: BodyHandler<typeof displayCreateSchema> = async (request, ctx, _info, body) => {
  const environmentId = param(request, 'environmentId')
  const input = await body()
  return insertDisplay(ctx, environmentId, input.surveyId, input.userId ?? null, input.responseId ?? null)
}

const createDisplayV2: BodyHandler<typeof displayCreateV2Schema> = async (request, ctx, _info, body) => {
  const environmentId = param(request, 'environmentId')
  const input = await body()
  // A contact id that names no contact of this environment is ignored, as the reference does.
  const userId = input.contactId ? await contactUserId(ctx, environmentId, input.contactId) : null
  return insertDisplay(ctx, environmentId, input.surveyId, userId, input.responseId ?? null)
}

async function insertDisplay(
  ctx: CanvassContext,
  environmentId: string,
  surveyId: string,
  userId: string | null,
  responseId: string | null,
): Promise<Response> {
  const responseGuard =
    responseId !== null && userId !== null ? await claimFor(ctx, environmentId, surveyId, userId, responseId) : undefined
  const result = await writeDisplay(ctx.storage, {
    id: ctx.newId(),
    environmentId,
    surveyId,
    userId,
    responseId,
    createdAt: ctx.now(),
    newId: ctx.newId,
    ...(responseGuard ? { responseGuard } : {}),
  })
  switch (result.outcome) {
    case 'created':
      return ok({ id: result.id }, CLIENT_CORS_HEADERS)
    case 'environment_not_found':
      throw notFound('Environment', environmentId)
    case 'survey_not_found':
      throw notFound('Survey', surveyId)
    case 'survey_in_other_environment':
      throw badRequest('Survey is part of another environment')
    case 'survey_not_accepting':
      // As a response to that survey is refused, and as the reference answers.
      throw new CanvassError('forbidden', 'Survey is not accepting submissions', { details: { surveyId } })
    case 'response_not_found':
      // As a response create refuses a `displayId` of another survey (docs/design.md, "Responses and displays").
      throw badRequest('Response not found for this survey', { responseId: 'No response of this survey has this id' })
    case 'response_not_claimable':
      throw notTheirs()
  }
}

/**
 * Ownership (see docs/data-rights.md, "Displays that name a response"): a display made for a contact may name
 * that contact's response, or an anonymous one that no display names yet, since erasing the contact later
 * takes what its displays name. Anything else is refused here; what was read is the guard of the write. A response
 * unknown or of another survey is left to the write, which reports it after the environment and the survey.
 */
async function claimFor(
  ctx: CanvassContext,
  environmentId: string,
  surveyId: string,
  userId: string,
  responseId: string,
): Promise<{ contactId: string | null } | undefined> {
  const claim = await ctx.storage.displays.responseClaim(environmentId, responseId)
  if (!claim || claim.surveyId !== surveyId) return undefined
  if (claim.contactId !== null) {
    if (claim.contactUserId !== userId) throw notTheirs()
    return { contactId: claim.contactId }
  }
  if (claim.named) throw notTheirs()
  return { contactId: null }
}

const notTheirs = () =>
  badRequest("Response is not this respondent's", {
    responseId: "Names another respondent's response, or an anonymous one another display names",
  })

const displayResponse: Handler = async (request, ctx) => {
  const environmentId = param(request, 'environmentId')
  const displayId = param(request, 'displayId')
  const found = await ctx.storage.displays.responseOf(environmentId, displayId)
  if (!found) throw notFound('Display', displayId)
  return ok({ responseId: found.responseId }, CLIENT_CORS_HEADERS)
}
