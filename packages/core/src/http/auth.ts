import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import { notAuthenticated } from './errors'
import { hashApiKey, isWellFormedApiKey } from './api-key'

export interface Caller {
  environmentId: string
  apiKeyId: string
}

/** How precisely a key's last use is kept (see `ApiKeyStore.markUsed`). */
export const LAST_USED_RESOLUTION_MS = 60_000

/**
 * The environment of the request's `x-api-key`. Missing, malformed, unknown and revoked keys all get the
 * same 401; a malformed key is refused without a database lookup.
 */
export function authenticate(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  // Once per request: an idempotent route knows its environment before its handler runs.
  let caller = callers.get(request)
  if (!caller) {
    caller = authenticateOnce(request, ctx)
    callers.set(request, caller)
  }
  return caller
}

const callers = new WeakMap<Request, Promise<Caller>>()

async function authenticateOnce(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  const key = request.headers.get('x-api-key')?.trim()
  if (!key || !isWellFormedApiKey(key)) throw notAuthenticated()
  const record = await ctx.storage.apiKeys.findByHash(await hashApiKey(key))
  if (!record || record.revokedAt) throw notAuthenticated()
  const now = ctx.now()
  // The stored time is checked first, so a busy key costs one write a minute, not one per request.
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only: a failed write must not fail the caller's request.
    await ctx.storage.apiKeys.markUsed(record.id, now).catch((error: unknown) => {
      ctx.logger.warn(`Could not record the last use of API key ${record.id}: ${error instanceof Error ? error.message : String(error)}`)
    })
  }
  return { environmentId: record.environmentId, apiKeyId: record.id }
}
