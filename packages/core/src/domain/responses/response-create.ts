import type { CanvassContext } from '../../context'
import { CanvassError, badRequest, notFound, unauthorized } from '../../errors'
import type { CreateResponseCheck, CreateResponseResult, NewResponse, SurveyRecord } from '../../ports/storage/index'
import { answerOutOfRange } from './answer-scales'
import { checkResponseSize } from './response-size'
import { createResponse } from './response-writes'
import { isEncryptedSingleUse } from './single-use-ids'

/**
 * Creates a response and turns every refusal of the storage into its documented answer. Client routes name
 * the environment in the path (`checkEnvironment`); management routes take it from the key.
 */
export async function createResponseOrThrow(ctx: CanvassContext, response: NewResponse, check: CreateResponseCheck): Promise<string> {
  return (await createOrThrow(ctx, response, check)).id
}

/** A create the storage accepted: the response's id, and whether its survey has quotas. */
export type Created = Extract<CreateResponseResult, { outcome: 'created' }>

/** `createResponseOrThrow`, answering the storage's whole `created` result. */
export async function createOrThrow(ctx: CanvassContext, response: NewResponse, check: CreateResponseCheck): Promise<Created> {
  checkResponseSize(response, ctx.maxResponseBytes)
  if (response.singleUseId !== null) response = { ...response, singleUseId: await singleUseIdToStore(ctx, response) }
  const result = await createResponse(ctx.storage.responses, response, check)
  if (result.outcome === 'created') return result
  throw createRefusal(result, response, check)
}

/** The error a create the storage refused answers (`CreateResponseResult`), for one create or a bulk item. */
export function createRefusal(
  result: Exclude<CreateResponseResult, { outcome: 'created' }>,
  response: Pick<NewResponse, 'surveyId'>,
  check: CreateResponseCheck,
): CanvassError {
  switch (result.outcome) {
    case 'environment_not_found':
      return notFound('Environment', check.environmentId)
    case 'survey_not_found':
      return notFound('Survey', response.surveyId)
    case 'survey_in_other_environment':
      // Management callers learn only that the survey is not theirs; respondents get the reference's text.
      return check.checkEnvironment ? badRequest('Survey is part of another environment') : unauthorized()
    case 'survey_not_accepting':
      return notAccepting()
    case 'single_use_id_required':
      return badRequest('Missing single use id', { singleUseId: 'Required: this survey takes one response per single-use link' })
    case 'single_use_id_taken':
      return badRequest('This single use id has already been used')
    case 'display_not_found':
      return badRequest('Display not found for this survey', { displayId: 'No display of this survey has this id' })
    case 'pin_required':
      return pinRequired(response.surveyId)
    case 'display_taken':
      return displayTaken()
    case 'display_of_other_contact':
      return displayOfOtherContact()
    case 'answer_out_of_range':
      return answerOutOfRange(result)
  }
}

/** The reference's answer to a second response for one display (its text, without the id). */
export const displayTaken = () =>
  badRequest('Display is already linked to a response', { displayId: 'Another response names this display' })

/** The reference's answer to a response naming a display made for another contact (its text, without the id). */
export const displayOfOtherContact = () =>
  badRequest('Display belongs to a different contact', { displayId: 'This display was made for another contact' })

/**
 * The single-use id to store: for a survey with encrypted single-use ids, the id inside the sealed token the
 * client sent (400 when the seal does not hold); otherwise the id as sent. A survey that cannot be read
 * here is left for the create to report.
 */
async function singleUseIdToStore(ctx: CanvassContext, response: NewResponse): Promise<string | null> {
  const token = response.singleUseId
  if (token === null) return null
  const survey = await ctx.storage.surveys.get(response.surveyId)
  if (!survey) return token
  const id = singleUseIdOf(ctx, survey, token)
  if (id === null) throw badRequest('Invalid single use id', { singleUseId: INVALID_SINGLE_USE_ID })
  return id
}

/** What to fix in a single-use id whose seal does not hold. */
export const INVALID_SINGLE_USE_ID = 'Not a single use id of this survey'

/**
 * The single-use id a response to `survey` stores for `token`: for a survey with encrypted single-use ids, the
 * id inside the sealed token (null when the seal does not hold); otherwise the token itself.
 */
export function singleUseIdOf(
  ctx: Pick<CanvassContext, 'singleUse'>,
  survey: Pick<SurveyRecord, 'id' | 'singleUse'>,
  token: string,
): string | null {
  if (!isEncryptedSingleUse(survey.singleUse)) return token
  return ctx.singleUse?.open(survey.id, token) ?? null
}

/** The reference's answer to a response of a survey that no longer takes submissions. */
export const notAccepting = (): CanvassError => new CanvassError('forbidden', 'Survey is not accepting submissions')

/** The reference's answer to a response of a survey with a PIN without a valid proof of it. */
export const pinRequired = (surveyId: string): CanvassError =>
  new CanvassError('forbidden', 'Survey is protected by a PIN', {
    details: { surveyId, pinAuthToken: 'A valid proof of the PIN is required: open the survey with its PIN on its link page' },
  })
