import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import { isEditorToken } from '../domain/tokens/editor-tokens'
import { checkNamedEnvironment } from '../domain/environments/named-environment'
import { notAuthenticated, unauthorized, validationError } from '../errors'
import { editorCaller } from './editor-auth'
import { consoleCaller, isConsoleRequest } from './console-auth'
import type { Caller } from './caller'
import { hashApiKey, isWellFormedApiKey, presentedApiKey } from './api-key'

export type { Caller } from './caller'

/** How precisely a key's last use is kept (see `ApiKeyStore.markUsed`). */
export const LAST_USED_RESOLUTION_MS = 60_000

/**
 * The environment of the request's key, sent as `x-api-key` or as `Authorization: Bearer <key>` (see
 * `presentedApiKey`), or of an editor token where the route takes one (`editorCaller`), or of the console's
 * person for a request marked `x-canvass-console: 1` without either (`consoleCaller`, docs/console.md). Missing, malformed, unknown and revoked keys all get the same 401; a malformed key is
 * refused without a database lookup. A `workspaceId` or `environmentId` in the
 * query (the reference's current clients scope queries by workspace) must name the key's environment, as in a
 * management body (`checkNamedEnvironment`), else 401.
 */
export function authenticate(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  // Once per request: an idempotent route knows its environment before its handler runs.
  let caller = callers.get(request)
  if (!caller) {
    // An editor token's route checks the workspace it names itself.
    caller = identify(request, ctx).then((found) => (found.editor ? found : checkedQuery(request, ctx, found)))
    callers.set(request, caller)
  }
  return caller
}

/**
 * Who sent the request, as `authenticate` finds it but before the query's `workspaceId` or `environmentId` is
 * checked, once per request: the route table asks it ahead of the handler (`readingOwnWrites`), which then
 * keeps its own order of checks (a v3 route checks the query its own way, after the key).
 */
export function identify(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  let caller = identities.get(request)
  if (!caller) {
    caller = identifyOnce(request, ctx).then((found) => {
      environments.set(request, found.environmentId)
      return found
    })
    identities.set(request, caller)
  }
  return caller
}

/**
 * The environment of the request's caller, once `identify` or `authenticatedAs` has found it: what the request's
 * span says it worked on (`pipeline/trace-requests.ts`).
 */
export function environmentOfCaller(request: Request): string | undefined {
  return environments.get(request)
}

const callers = new WeakMap<Request, Promise<Caller>>()

/**
 * Takes `caller` as the request's, for a route that found its caller its own way (an export link's token,
 * `routes/management/response-export-links.ts`): what `authenticate` answers from then on, the audit entry's too.
 */
export function authenticatedAs(request: Request, caller: Caller): void {
  callers.set(request, Promise.resolve(caller))
  environments.set(request, caller.environmentId)
}
const identities = new WeakMap<Request, Promise<Caller>>()
const environments = new WeakMap<Request, string>()

async function identifyOnce(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  if (isConsoleRequest(request.headers)) return consoleCaller(request, ctx)
  const key = presentedApiKey(request.headers)
  if (key !== undefined && isEditorToken(key)) return editorCaller(request, ctx, key)
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
  return { environmentId: record.environmentId, apiKeyId: record.id, apiKeyLabel: record.label }
}

/** `caller`, once a `workspaceId` or `environmentId` the query names is found to be its environment (else 401). */
async function checkedQuery(request: IRequest, ctx: CanvassContext, caller: Caller): Promise<Caller> {
  const query = request.query
  if (query !== undefined && (query.workspaceId !== undefined || query.environmentId !== undefined)) {
    await checkNamedEnvironment(
      ctx,
      caller.environmentId,
      { workspaceId: once(query.workspaceId, 'workspaceId'), environmentId: once(query.environmentId, 'environmentId') },
      unauthorized,
    )
  }
  return caller
}

/** A query parameter given at most once. */
function once(value: string | string[] | undefined, name: string): string | undefined {
  if (Array.isArray(value)) throw validationError({ [name]: 'Must be given once' })
  return value
}
