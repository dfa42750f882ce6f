import * as v from 'valibot'
import type { Handler } from '../../context'
import { param } from '../../context'
import { generateApiKey, apiKeyPrefix, hashApiKey } from '../../auth/api-key'
import { authenticate } from '../../auth/authenticate'
import { CanvassError } from '../../errors'
import { ok } from '../../http/respond'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import type { ApiKeyRecord } from '../../ports/storage'
import { nameString } from '../../schemas/common'
import { strictObject } from '../../schemas/strict-object'

/** Live keys an environment may have: enough for every tool, few enough that a runaway script is stopped. */
export const MAX_LIVE_API_KEYS = 100

const apiKeyAnswer = v.object({
  id: v.string(),
  label: v.nullable(v.string()),
  prefix: v.nullable(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
})
const createdApiKeyAnswer = v.object({
  id: v.string(),
  label: v.nullable(v.string()),
  prefix: v.string(),
  createdAt: v.string(),
  key: v.string(),
})
const createBody = strictObject({ label: nameString })

/**
 * `/api/v1/management/api-keys` (docs/api.md, "API keys"): the keys of the caller's environment, a new one (its
 * plain key shown once, only its SHA-256 kept) and revoking one. For owners in the console; any key may use them.
 */
export function registerApiKeyRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/api-keys', listKeys, {
    summary: "The environment's API keys, revoked ones included, newest first (never a key or its hash)",
    auth: 'apiKey',
    answer: v.object({ data: v.array(apiKeyAnswer) }),
  })
  routes.post('/api/v1/management/api-keys', createKey, {
    summary: 'Creates an API key of the environment; the answer holds the key, shown only here',
    auth: 'apiKey',
    body: createBody,
    answer: v.object({ data: createdApiKeyAnswer }),
    errors: [409],
    audit: { action: 'create', resourceType: 'apiKey', resourceId: 'answer' },
  })
  routes.delete('/api/v1/management/api-keys/:apiKeyId', revokeKey, {
    summary: 'Revokes an API key of the environment: it stops working at once (a key cannot revoke itself)',
    auth: 'apiKey',
    answer: v.object({ data: apiKeyAnswer }),
    errors: [404, 409],
    audit: { action: 'revoke', resourceType: 'apiKey', resourceId: { param: 'apiKeyId' } },
  })
}

/** What a listing shows of a key: never the key or its hash. */
function keyOutput(key: ApiKeyRecord) {
  return {
    id: key.id,
    label: key.label,
    prefix: key.prefix ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  }
}

const listKeys: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  return ok((await ctx.storage.apiKeys.list(environmentId)).map(keyOutput))
}

const createKey: BodyHandler<typeof createBody> = async (request, ctx, _info, body) => {
  const { environmentId } = await authenticate(request, ctx)
  const { label } = await body()
  const live = (await ctx.storage.apiKeys.list(environmentId)).filter((key) => !key.revokedAt).length
  if (live >= MAX_LIVE_API_KEYS) {
    throw new CanvassError('conflict', `An environment has at most ${MAX_LIVE_API_KEYS} live API keys: revoke one first`)
  }
  const key = generateApiKey()
  const record: ApiKeyRecord = {
    id: ctx.newId(),
    environmentId,
    hash: await hashApiKey(key),
    label,
    createdAt: ctx.now(),
    revokedAt: null,
    prefix: apiKeyPrefix(key),
    lastUsedAt: null,
  }
  await ctx.storage.apiKeys.insert(record)
  return ok({ id: record.id, label, prefix: apiKeyPrefix(key), createdAt: record.createdAt.toISOString(), key })
}

const revokeKey: Handler = async (request, ctx) => {
  const caller = await authenticate(request, ctx)
  const apiKeyId = param(request, 'apiKeyId')
  const key = (await ctx.storage.apiKeys.list(caller.environmentId)).find((candidate) => candidate.id === apiKeyId)
  if (!key || key.revokedAt) throw apiKeyNotFound(apiKeyId)
  if (key.id === caller.apiKeyId) {
    throw new CanvassError('conflict', 'A key cannot revoke itself: revoke it with another key or in the console')
  }
  if (!(await ctx.storage.apiKeys.revoke(key.id, ctx.now()))) throw apiKeyNotFound(apiKeyId)
  return ok(keyOutput({ ...key, revokedAt: ctx.now() }))
}

const apiKeyNotFound = (id: string) =>
  new CanvassError('not_found', 'API key not found', { details: { resource_id: id, resource_type: 'API Key' } })
