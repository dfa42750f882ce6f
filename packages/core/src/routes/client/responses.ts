import type { IRequest } from 'itty-router'
import type * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { param } from '../../context'

import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { type CanvassError, badRequest, notFound } from '../../errors'
import { ok } from '../../http/respond'

import type { NewResponse } from '../../ports/storage'
import { responseCreateSchema, responseCreateV2Schema, responseUpdateSchema } from '../../schemas/response'
import { contactUserId } from '../../domain/contact-ids'
import { answerOutOfRange, hasNumberAnswer } from '../../domain/answer-scales'
import { responseUpdateRefusal } from '../../domain/response-write-rules'
import type { UpdateRefusal } from '../../domain/response-write-rules'
import { newResponse, patchChanges, responsePatch } from '../../domain/response-service'
import { checkPatchedSize } from '../../domain/response-size'
import { createOrThrow, notAccepting, pinRequired } from '../../domain/response-create'
import type { Created } from '../../domain/response-create'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { dataOf, v1ResponseAnswer, v2ResponseAnswer } from '../../schemas/answers'
import { quotaFullAnswer, screenResponse } from '../../domain/quota-service'
import type { QuotaRecord } from '../../ports/storage'
import { updateResponse as writeResponseUpdate } from '../../domain/response-updates'

/**
 * Respondents' response routes: create, and update in both the environment form and the spec form; and the
 * reference's newer `/api/v2/client/{environmentId}/responses` routes, which name the respondent by
 * `contactId`. A write to a survey with quotas (the storage says so with the write) screens the response
 * against them (`domain/quota-service.ts`): the v2 routes answer `quotaFull` (with the full quota met, when true) beside the id, as the reference does;
 * the v1 routes add `quotaFull: true` and the quota only when a full quota was met, so that their answer is
 * the specification's `{id}` otherwise.
 */
export function registerClientResponseRoutes(routes: RouteTable): void {
  routes.post('/api/v1/client/:environmentId/responses', createResponse, {
    idempotent: 'client',
    summary: 'A respondent starts a response',
    auth: 'none',
    body: responseCreateSchema,
    answer: dataOf(v1ResponseAnswer),
    errors: [403],
  })
  routes.put('/api/v1/client/:environmentId/responses/:responseId', updateResponse, {
    idempotent: 'client',
    summary: 'A respondent adds to or finishes a response',
    auth: 'none',
    body: responseUpdateSchema,
    answer: dataOf(v1ResponseAnswer),
    errors: [403],
  })
  routes.put('/api/v1/client/responses/:responseId', updateResponse, {
    idempotent: 'client',
    idempotencyEnvironment: responseEnvironment,
    summary: "The same, in the specification's form without the environment",
    auth: 'none',
    body: responseUpdateSchema,
    answer: dataOf(v1ResponseAnswer),
    errors: [403],
  })
  routes.post('/api/v2/client/:environmentId/responses', createResponseV2, {
    idempotent: 'client',
    summary: 'A response, naming the contact by `contactId`',
    auth: 'none',
    body: responseCreateV2Schema,
    answer: dataOf(v2ResponseAnswer),
    errors: [403],
  })
  routes.put('/api/v2/client/:environmentId/responses/:responseId', updateResponseV2, {
    idempotent: 'client',
    summary: "Add to or finish a response, at the reference's v2 path",
    auth: 'none',
    body: responseUpdateSchema,
    answer: dataOf(v2ResponseAnswer),
    errors: [403],
  })
}

/**
 * The environment of the response the specification's form names, where its `Idempotency-Key` is kept (the
 * path names none); undefined for an unknown response, which the update answers with its 404. Read only for a
 * request that sends a key.
 */
async function responseEnvironment(request: IRequest, ctx: CanvassContext): Promise<string | undefined> {
  return (await ctx.storage.responses.get(param(request, 'responseId')))?.environmentId
}

const updateResponseV2: BodyHandler<typeof responseUpdateSchema> = async (request, ctx, _info, body) => {
  const { id, quota } = await updateResponseOrThrow(request, ctx, body)
  return ok({ id, ...quotaFullAnswer(quota) }, CLIENT_CORS_HEADERS)
}

/** The v1 answer: the id, and the full quota met only when there is one. */
const v1Answer = (id: string, quota: QuotaRecord | null) => (quota ? { id, ...quotaFullAnswer(quota) } : { id })

const createResponse: BodyHandler<typeof responseCreateSchema> = async (request, ctx, _info, body) => {
  const environmentId = param(request, 'environmentId')
  const input = await body()
  const response = newResponse(input, request.headers.get('user-agent'), {
    id: ctx.newId(),
    newId: ctx.newId,
    now: ctx.now(),
  })
  const pinProven = provesPin(ctx, input.pinAuthToken, input.surveyId)
  // A v1 response to a single-use link survey must name its single-use id, as the reference's v1 route asks
  // (its v2 route does not): without one, the link's one response could be sent again and again
  // (docs/api.md#single-use-ids). Decided with the create's other rules, from the facts it reads anyway.
  const check = { environmentId, requireAccepting: true, checkEnvironment: true, pinProven, requireSingleUseId: true, screenQuotas: true }
  const created = await createOrThrow(ctx, response, check)
  return ok(v1Answer(created.id, await screenCreated(ctx, environmentId, response, created)), CLIENT_CORS_HEADERS)
}

const createResponseV2: BodyHandler<typeof responseCreateV2Schema> = async (request, ctx, _info, body) => {
  const environmentId = param(request, 'environmentId')
  const { contactId, recaptchaToken: _, ...input } = await body()
  // A contact id that names no contact of this environment is ignored, as the reference does.
  const userId = contactId ? await contactUserId(ctx, environmentId, contactId) : null
  const response = newResponse({ ...input, userId }, request.headers.get('user-agent'), {
    id: ctx.newId(),
    newId: ctx.newId,
    now: ctx.now(),
  })
  const pinProven = provesPin(ctx, input.pinAuthToken, input.surveyId)
  const created = await createOrThrow(ctx, response, {
    environmentId,
    requireAccepting: true,
    checkEnvironment: true,
    pinProven,
    screenQuotas: true,
  })
  return ok({ id: created.id, ...quotaFullAnswer(await screenCreated(ctx, environmentId, response, created)) }, CLIENT_CORS_HEADERS)
}

const updateResponse: BodyHandler<typeof responseUpdateSchema> = async (request, ctx, _info, body) => {
  const { id, quota } = await updateResponseOrThrow(request, ctx, body)
  return ok(v1Answer(id, quota), CLIENT_CORS_HEADERS)
}

/**
 * A created response screened against its survey's quotas (it was created in `environmentId`), if it has any:
 * the create marked it unscreened with its time (`screenQuotas`), which the screening answers for.
 */
async function screenCreated(
  ctx: CanvassContext,
  environmentId: string,
  response: NewResponse,
  created: Created,
): Promise<QuotaRecord | null> {
  if (!created.hasQuotas) return null
  const { id: responseId, surveyId, finished, data, variables } = response
  const mark = response.updatedAt ?? response.createdAt
  return screenResponse(ctx, { environmentId, surveyId, responseId, finished, data, variables, mark })
}

/**
 * Applies a client update to the response the path names and screens it against its survey's quotas;
 * answers its id and the full quota it met, if any.
 */
async function updateResponseOrThrow(
  request: IRequest,
  ctx: CanvassContext,
  body: () => Promise<v.InferOutput<typeof responseUpdateSchema>>,
): Promise<{ id: string; quota: QuotaRecord | null }> {
  const environmentId = request.params.environmentId === undefined ? undefined : param(request, 'environmentId')
  const id = param(request, 'responseId')
  const input = await body()
  // Read before the update (whose `change` must be free of side effects); the survey it names is checked there.
  const provenSurvey = input.pinAuthToken ? ctx.pinProofs.surveyOf(input.pinAuthToken, ctx.now()) : undefined
  // What the read that the written patch came from said (`change` runs again when the response changed in
  // between, and its last run is the one written).
  let hasQuotas = false
  const updater = { kind: 'respondent', environmentId, now: ctx.now(), pinProvenFor: provenSurvey } as const
  const updated = await writeResponseUpdate(
    ctx.storage.responses,
    id,
    (current, survey) => {
      hasQuotas = survey.hasQuotas
      const refusal = responseUpdateRefusal(current, survey, input.data, updater)
      if (refusal) throw respondentUpdateError(refusal, id, current.surveyId)
      const patch = responsePatch(current, input, ctx.now())
      // Sending what is stored changes nothing: no write, so no `responseUpdated` event for every webhook
      // (docs/webhooks-and-uploads.md, "An update that changes nothing").
      if (!patchChanges(current, patch)) return null
      return checkPatchedSize(current, patch, ctx.maxResponseBytes)
    },
    // The write marks the response unscreened until the screening below counts it (docs/architecture.md).
    { answerScales: hasNumberAnswer(input.data), screenQuotas: true },
  )
  if (!updated) throw notFound('Response', id)
  if (!hasQuotas) return { id, quota: null }
  const { environmentId: responseEnvironment, surveyId, finished, data, variables, updatedAt: mark } = updated
  return {
    id,
    quota: await screenResponse(ctx, { environmentId: responseEnvironment, surveyId, responseId: id, finished, data, variables, mark }),
  }
}

/** The answer to a respondent's update the rules refused. */
function respondentUpdateError(refusal: UpdateRefusal, id: string, surveyId: string): CanvassError {
  switch (refusal.outcome) {
    // A response of another environment is answered as unknown, so ids cannot be probed across environments.
    case 'response_in_other_environment':
      return notFound('Response', id)
    case 'response_finished':
      return badRequest('Response is already finished')
    case 'survey_not_accepting':
      return notAccepting()
    case 'pin_required':
      return pinRequired(surveyId)
    case 'answer_out_of_range':
      return answerOutOfRange(refusal)
  }
}

/**
 * Whether `token` proves the PIN of `surveyId`. Only a request that carries one pays for the check; the
 * storage asks for it only when the survey has a PIN.
 */
function provesPin(ctx: CanvassContext, token: string | null | undefined, surveyId: string): boolean {
  return !!token && ctx.pinProofs.surveyOf(token, ctx.now()) === surveyId
}
