import type { Caller } from '../auth/authenticate'
import { identify } from '../auth/authenticate'
import type { RouteMiddleware } from '../pipeline/route-call'
import type { HttpMethod, RouteDoc } from './route-doc'

/**
 * Who a caller is for reading its own writes: an API key, an editor token's grant (the key that minted it and
 * the survey it is bound to), or a console person (the grant's role for a host's grant without one).
 */
export function writerOf(caller: Caller): string {
  if (caller.console) return `console ${caller.console.projectId} ${caller.console.personId ?? `role ${caller.console.role}`}`
  if (caller.editor) return `editor ${caller.environmentId} ${caller.apiKeyId} ${caller.editor.surveyId ?? ''}`
  return `key ${caller.apiKeyId}`
}

/**
 * Reads the caller's own writes when the storage sends some reads to replicas that lag
 * (`Storage.laggingReads`): after a write of a route with a caller (a management, v3 or MCP write: client routes
 * have none), the caller is remembered; a GET of such a caller within the storage's window runs on the primary.
 * Without lagging reads it adds nothing; with them, a read costs one map lookup, and nothing while no one wrote.
 * Undefined for a route with no caller to remember.
 */
export function readingOwnWrites(method: HttpMethod, doc: RouteDoc): RouteMiddleware | undefined {
  if (doc.auth !== 'apiKey' || (method !== 'GET' && doc.readOnly === true)) return undefined
  if (method !== 'GET') {
    return async ({ request, ctx }, next) => {
      if (ctx.recentWriters === undefined) return next()
      try {
        return await next()
      } finally {
        // Whatever the answer: a write that failed late may still have committed. Identified once per request.
        const caller = await identify(request, ctx).catch(() => undefined)
        if (caller) ctx.recentWriters.wrote(writerOf(caller), ctx.now().getTime())
      }
    }
  }
  return async (call, next) => {
    const { request, ctx } = call
    const writers = ctx.recentWriters
    const primary = ctx.storage.laggingReads?.primary
    if (writers === undefined || primary === undefined || writers.size === 0) return next()
    // The handler's own `authenticate` reuses this, and answers as it would have for a caller not found.
    const caller = await identify(request, ctx).catch(() => undefined)
    if (caller === undefined || !writers.wroteRecently(writerOf(caller), ctx.now().getTime())) return next()
    call.ctx = { ...ctx, storage: primary }
    return next()
  }
}
