import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import { notAuthenticated } from './errors'
import { hashApiKey, isWellFormedApiKey } from './api-key'

export interface Caller {
  environmentId: string
  apiKeyId: string
}

/**
 * The environment of the request's `x-api-key`. Missing, malformed, unknown and revoked keys all get the
 * same 401; a malformed key is refused without a database lookup.
 */
export async function authenticate(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  const key = request.headers.get('x-api-key')?.trim()
  if (!key || !isWellFormedApiKey(key)) throw notAuthenticated()
  const record = await ctx.storage.apiKeys.findByHash(await hashApiKey(key))
  if (!record || record.revokedAt) throw notAuthenticated()
  return { environmentId: record.environmentId, apiKeyId: record.id }
}
