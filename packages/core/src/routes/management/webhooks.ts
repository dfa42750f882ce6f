import * as v from 'valibot'
import type { CanvassContext, Handler } from '../../context'
import { externalUrl, param } from '../../context'
import { authenticate } from '../../auth/authenticate'

import { badRequest, notFound, unauthorized, validationError } from '../../errors'
import { listPage, readPageQuery } from '../../http/pagination'
import { ok } from '../../http/respond'
import { parseInput } from '../../http/validate'
import type { DeliveryRecord, NewWebhook, WebhookEvent, WebhookRecord } from '../../ports/storage'
import { WEBHOOK_EVENTS, webhookCreateSchema, webhookUpdateSchema } from '../../schemas/webhook'
import type { WebhookChanges } from '../../ports/storage'
import { sendWebhookTest, webhookTestAnswer } from '../../webhooks/webhook-test'
import { PRIVATE_WEBHOOK_ADDRESSES_OPTION, checkWebhookUrl } from '../../webhooks/check-webhook-url'
import { generateWebhookSecret } from '../../webhooks/sign-webhook'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { createdWebhookAnswer, dataOf, deliveryAnswer, pageOf, webhookAnswer } from '../../schemas/answers'
import { pageQuery } from '../../http/pagination'
import { checkNamedEnvironment } from '../../domain/environments/named-environment'
import { webhooksOf } from '../../domain/optional-ports/hooks-ports'

/**
 * `/api/v1/webhooks`: list, create, get, test and delete (docs/design.md, "Events and webhooks"), and each
 * webhook's deliveries; the edit is `PATCH /api/v1/management/webhooks/{id}`.
 */
export function registerWebhookRoutes(routes: RouteTable): void {
  routes.get('/api/v1/webhooks', listWebhooks, {
    summary: 'List webhooks, newest first (never the secret)',
    auth: 'apiKey',
    query: pageQuery,
    answer: pageOf(webhookAnswer),
  })
  routes.post('/api/v1/webhooks', createWebhook, {
    audit: { action: 'create', resourceType: 'webhook', resourceId: 'answer' },
    idempotent: 'management',
    summary: 'Create a webhook; the answer holds its signing secret, shown only here',
    auth: 'apiKey',
    body: webhookCreateSchema,
    answer: dataOf(createdWebhookAnswer),
  })
  routes.get('/api/v1/webhooks/:webhookId', getWebhook, { summary: 'Read one webhook', auth: 'apiKey', answer: dataOf(webhookAnswer) })
  // Canvass's own path, where no reference client calls: the reference's v1 has no `PUT /api/v1/webhooks/{id}`,
  // and its clients expect that path's 405 (docs/webhooks-and-uploads.md, "Editing a webhook").
  routes.patch('/api/v1/management/webhooks/:webhookId', updateWebhook, {
    audit: { action: 'update', resourceType: 'webhook', resourceId: { param: 'webhookId' } },
    summary: "Edit a webhook (Canvass's route): each field given replaces the stored one, never the secret",
    auth: 'apiKey',
    body: webhookUpdateSchema,
    answer: dataOf(webhookAnswer),
    errors: [400],
  })
  routes.post('/api/v1/webhooks/:webhookId/test', testWebhook, {
    audit: { action: 'test', resourceType: 'webhook', resourceId: { param: 'webhookId' } },
    summary: 'Send one signed `testEndpoint` event to the webhook now: the outcome is in the answer, nothing is stored or retried',
    auth: 'apiKey',
    answer: dataOf(webhookTestAnswer),
  })
  routes.delete('/api/v1/webhooks/:webhookId', deleteWebhook, {
    audit: { action: 'delete', resourceType: 'webhook', resourceId: { param: 'webhookId' } },
    summary: 'Delete a webhook; its pending deliveries are dropped',
    auth: 'apiKey',
    answer: dataOf(webhookAnswer),
  })
  routes.get('/api/v1/webhooks/:webhookId/deliveries', listDeliveries, {
    summary: 'What was sent to a webhook: event, status, each attempt; `status` and `event` filter',
    auth: 'apiKey',
    query: deliveryListQuery,
    answer: pageOf(deliveryAnswer),
  })
  routes.post('/api/v1/webhooks/:webhookId/deliveries/:deliveryId/redeliver', redeliver, {
    audit: { action: 'redeliver', resourceType: 'webhookDelivery', resourceId: { param: 'deliveryId' } },
    summary: 'Send a delivery again: same `webhook-id`, a new attempt with a new timestamp and signature',
    auth: 'apiKey',
    answer: dataOf(deliveryAnswer),
    errors: [400],
  })
}

const listWebhooks: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  return listPage(readPageQuery(request.query), {
    read: (position) => webhooksOf(ctx.storage).webhooks.list(environmentId, position),
    output: webhookOutput,
    nextUrl: () => externalUrl(request, ctx),
  })
}

const createWebhook: BodyHandler<typeof webhookCreateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const input = await body()
  await checkNamedEnvironment(ctx, environmentId, input, unauthorized)
  checkUrl(ctx, input.url)
  const surveyIds = await ownedSurveyIds(ctx, environmentId, input.surveyIds ?? [])
  const now = ctx.now()
  const webhook: NewWebhook = {
    id: ctx.newId(),
    environmentId,
    name: input.name ?? null,
    url: input.url,
    source: input.source ?? 'user',
    triggers: [...new Set<WebhookEvent>(input.triggers ?? input.trigger ?? [])],
    surveyIds,
    createdAt: now,
    updatedAt: now,
    secret: generateWebhookSecret(),
  }
  await webhooksOf(ctx.storage).webhooks.insert(webhook)
  // The only time the secret is shown.
  return ok({ ...webhookOutput({ ...webhook, disabledAt: null }), secret: webhook.secret })
}

/**
 * `PATCH /api/v1/management/webhooks/{id}`: the create's checks on each field given, then one update of the
 * environment's webhook, which answers 404 when a delete came first.
 */
const updateWebhook: BodyHandler<typeof webhookUpdateSchema> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const id = param(request, 'webhookId')
  await ownedWebhook(ctx, environmentId, id)
  const input = await body()
  if (input.url !== undefined) checkUrl(ctx, input.url)
  const triggers = input.triggers ?? input.trigger
  const changes: WebhookChanges = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.source !== undefined ? { source: input.source } : {}),
    ...(triggers !== undefined ? { triggers: [...new Set<WebhookEvent>(triggers)] } : {}),
    ...(input.surveyIds !== undefined ? { surveyIds: await ownedSurveyIds(ctx, environmentId, input.surveyIds) } : {}),
    updatedAt: ctx.now(),
  }
  const updated = await webhooksOf(ctx.storage).webhooks.update(environmentId, id, changes)
  if (!updated) throw notFound('Webhook', id)
  return ok(webhookOutput(updated))
}

/** `POST /api/v1/webhooks/{id}/test`: one signed test event, sent now; its outcome is the answer. */
const testWebhook: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const webhook = await ownedWebhook(ctx, environmentId, param(request, 'webhookId'))
  const secret = await webhooksOf(ctx.storage).webhooks.secret(environmentId, webhook.id)
  if (secret === null) throw notFound('Webhook', webhook.id)
  return ok(await sendWebhookTest(ctx.webhookTransport(), { webhook, secret, id: ctx.newId(), now: ctx.now() }))
}

/** The create's and the edit's check of a receiver's URL: hostile until checked. */
function checkUrl(ctx: CanvassContext, value: string): void {
  const url = checkWebhookUrl(value, { allowPrivateAddresses: ctx.allowPrivateWebhookUrls })
  if (url.ok) return
  throw validationError({
    url:
      url.errorClass === 'invalid_url'
        ? 'Must be an absolute http or https URL without credentials'
        : `Must not point to a private, loopback or link-local address (${PRIVATE_WEBHOOK_ADDRESSES_OPTION})`,
  })
}

/** `surveyIds` without repeats, each a survey of the environment (a 400 naming the first that is not). */
async function ownedSurveyIds(ctx: CanvassContext, environmentId: string, given: readonly string[]): Promise<string[]> {
  const surveyIds = [...new Set(given)]
  for (const [index, surveyId] of surveyIds.entries()) {
    const survey = await ctx.storage.surveys.get(surveyId)
    if (survey?.environmentId !== environmentId) throw validationError({ [`surveyIds.${index}`]: 'Not a survey of this environment' })
  }
  return surveyIds
}

const getWebhook: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  return ok(webhookOutput(await ownedWebhook(ctx, environmentId, param(request, 'webhookId'))))
}

const deleteWebhook: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const id = param(request, 'webhookId')
  await ownedWebhook(ctx, environmentId, id)
  const deleted = await webhooksOf(ctx.storage).webhooks.delete(environmentId, id)
  if (!deleted) throw notFound('Webhook', id)
  return ok(webhookOutput(deleted))
}

/** The deliveries list's query: a page, of one `status` and one `event` when given. */
const deliveryListQuery = v.object({
  ...pageQuery.entries,
  status: v.optional(v.picklist(['pending', 'delivered', 'failed'], 'Must be pending, delivered or failed')),
  event: v.optional(v.picklist(WEBHOOK_EVENTS, `Must be one of ${WEBHOOK_EVENTS.join(', ')}`)),
})

const listDeliveries: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const query = request.query as Record<string, string | string[] | undefined>
  const repeated = ['status', 'event'].filter((name) => Array.isArray(query[name]))
  if (repeated.length > 0) throw validationError(Object.fromEntries(repeated.map((name) => [name, 'Must be given once'])))
  const filter = parseInput(v.object({ status: deliveryListQuery.entries.status, event: deliveryListQuery.entries.event }), {
    status: query.status,
    event: query.event,
  })
  const page = readPageQuery(query)
  const webhook = await ownedWebhook(ctx, environmentId, param(request, 'webhookId'))
  const scope = { ...(filter.status ? { status: filter.status } : {}), ...(filter.event ? { event: filter.event } : {}) }
  return listPage(page, {
    read: (position) => webhooksOf(ctx.storage).webhookDeliveries.list(environmentId, webhook.id, { ...scope, ...position }),
    output: deliveryOutput,
    nextUrl: () => externalUrl(request, ctx),
  })
}

const redeliver: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const webhook = await ownedWebhook(ctx, environmentId, param(request, 'webhookId'))
  const deliveryId = param(request, 'deliveryId')
  const result = await webhooksOf(ctx.storage).webhookDeliveries.redeliver(environmentId, webhook.id, deliveryId, ctx.now())
  if (result === null) throw notFound('Webhook Delivery', deliveryId)
  if (result === 'disabled') throw badRequest('The webhook is disabled (its receiver answered 410): create it again to deliver to it')
  return ok(deliveryOutput(result))
}

async function ownedWebhook(ctx: CanvassContext, environmentId: string, id: string): Promise<WebhookRecord> {
  const webhook = await webhooksOf(ctx.storage).webhooks.get(id)
  if (!webhook) throw notFound('Webhook', id)
  if (webhook.environmentId !== environmentId) throw unauthorized()
  return webhook
}

/** The API form of a webhook (spec Webhook table): never the secret. */
export function webhookOutput(webhook: WebhookRecord) {
  return {
    id: webhook.id,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
    name: webhook.name,
    url: webhook.url,
    source: webhook.source,
    environmentId: webhook.environmentId,
    triggers: webhook.triggers,
    surveyIds: webhook.surveyIds,
  }
}

/** A delivery as `GET /webhooks/{id}/deliveries` shows it: its attempts without anything the receiver said. */
function deliveryOutput(delivery: DeliveryRecord) {
  return {
    id: delivery.id,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
    webhookId: delivery.webhookId,
    responseId: delivery.responseId,
    event: delivery.event,
    status: delivery.status,
    attemptCount: delivery.attempts.length,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  }
}
