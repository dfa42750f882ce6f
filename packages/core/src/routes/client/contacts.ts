import type { CanvassContext, Handler } from '../../context'
import { param } from '../../context'

import { CLIENT_CORS_HEADERS } from '../../http/cors'
import { notFound, validationError } from '../../errors'
import { ok } from '../../http/respond'

import type { ClientContactState, ContactIdentity } from '../../ports/storage'
import { attributesUpdateSchema, userUpdateSchema } from '../../schemas/client'
import { contactLimitError } from '../../domain/contacts/contact-limits'
import { segmentsOfContact } from '../../domain/contacts/segment-service'
import { deviceFromUserAgent } from '../../domain/contacts/segments'
import { USER_STATE_TTL_MS, settableAttributes, userStateOutput } from '../../domain/contacts/user-state'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { attributesAnswer, dataOf, userAnswer, userStateAnswer } from '../../schemas/answers'

/**
 * Contacts from the client SDKs, by `userId`: identify (created when unknown), set attributes (unknown keys
 * become `custom` keys; `userId` and `id` are ignored), and the reference's combined user update.
 */
export function registerClientContactRoutes(routes: RouteTable): void {
  routes.post('/api/v1/client/:environmentId/user', updateUser, {
    summary: 'Identify a contact by `userId` and update its attributes',
    auth: 'none',
    body: userUpdateSchema,
    answer: dataOf(userAnswer),
  })
  // The reference's newer SDKs (js-core since 3.5, react-native) identify at its v2 path, with the same shapes.
  routes.post('/api/v2/client/:environmentId/user', updateUser, {
    summary: "Identify, at the reference's v2 path",
    auth: 'none',
    body: userUpdateSchema,
    answer: dataOf(userAnswer),
  })
  routes.put('/api/v1/client/:environmentId/contacts/:userId/attributes', updateAttributes, {
    summary: "Set a contact's attributes",
    auth: 'none',
    body: attributesUpdateSchema,
    answer: dataOf(attributesAnswer),
  })
  routes.get('/api/v1/client/:environmentId/identify/contacts/:userId', identify, {
    summary: 'Identify a contact (created when unknown)',
    auth: 'none',
    answer: dataOf(userStateAnswer),
    errors: [400],
  })
}

const identify: Handler = async (request, ctx) => {
  const who = identity(ctx, param(request, 'environmentId'), userIdParam(param(request, 'userId')))
  const state = await ctx.storage.clientContacts.identify(who)
  if (!state) throw notFound('Environment', who.environmentId)
  return ok(userStateOutput(state, await segmentsOf(request, ctx, who.environmentId, state)), CLIENT_CORS_HEADERS)
}

const updateAttributes: BodyHandler<typeof attributesUpdateSchema> = async (request, ctx, _info, body) => {
  const who = identity(ctx, param(request, 'environmentId'), userIdParam(param(request, 'userId')))
  const input = await body()
  const result = await ctx.storage.clientContacts.setAttributes(who, settableAttributes(input.attributes), ctx.contactLimits)
  if (!result) throw notFound('Environment', who.environmentId)
  if ('exceeded' in result) throw contactLimitError(result.exceeded, ctx.contactLimits)
  const details = skippedDetails(result.skipped)
  return ok(
    {
      changed: result.changed,
      message: result.changed ? 'The person was successfully updated.' : 'No updates were necessary; the person is already up to date.',
      ...(details ? { details } : {}),
    },
    CLIENT_CORS_HEADERS,
  )
}

const updateUser: BodyHandler<typeof userUpdateSchema> = async (request, ctx, _info, body) => {
  const environmentId = param(request, 'environmentId')
  const input = await body()
  const who = identity(ctx, environmentId, input.userId)
  const attributes = settableAttributes(input.attributes ?? {})
  const result =
    Object.keys(attributes).length > 0
      ? await ctx.storage.clientContacts.setAttributes(who, attributes, ctx.contactLimits)
      : await ctx.storage.clientContacts.identify(who).then((state) => state && { state, changed: false, skipped: [] })
  if (!result) throw notFound('Environment', environmentId)
  if ('exceeded' in result) throw contactLimitError(result.exceeded, ctx.contactLimits)
  const expiresAt = new Date(ctx.now().getTime() + USER_STATE_TTL_MS).toISOString()
  const messages = result.skipped.map((key) => `The value of ${key} is already taken by another contact`)
  return ok(
    {
      state: { data: userStateOutput(result.state, await segmentsOf(request, ctx, environmentId, result.state)), expiresAt },
      ...(messages.length > 0 ? { messages } : {}),
    },
    CLIENT_CORS_HEADERS,
  )
}

/** The segments the contact is in, after this request's writes, on the device its `User-Agent` names. */
function segmentsOf(request: Request, ctx: CanvassContext, environmentId: string, state: ClientContactState): Promise<string[]> {
  const device = deviceFromUserAgent(request.headers.get('user-agent'))
  return segmentsOfContact(ctx, environmentId, { userId: state.userId, attributes: state.attributes }, device)
}

function identity(ctx: CanvassContext, environmentId: string, userId: string): ContactIdentity {
  return { environmentId, userId, now: ctx.now(), newId: ctx.newId }
}

function userIdParam(userId: string): string {
  if (userId.length === 0 || userId.length > 255 || userId.includes('\u0000')) {
    throw validationError({ userId: 'Must be 1 to 255 characters, without U+0000' })
  }
  return userId
}

function skippedDetails(skipped: string[]): Record<string, string> | undefined {
  if (skipped.length === 0) return undefined
  return Object.fromEntries(skipped.map((key) => [key, 'This value is already taken by another contact']))
}
