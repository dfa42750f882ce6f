import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import type { RouteMiddleware } from '../pipeline/route-call'
import { param } from '../context'
import { readJsonBodyAhead } from './body'
import { CLIENT_CORS_HEADERS } from './cors'
import { CanvassError, validationError } from '../errors'

/** How long a key's first answer is replayed (docs/design.md, "Idempotency"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** How long a request may hold its key before a retry of the same request may take it over. */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000

const KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/

/** How a route takes `Idempotency-Key` (see `idempotent`). */
export interface IdempotencyRule {
  /** Whose key space: respondents' (client routes) or managers' (routes with a key). */
  scope: 'client' | 'management'
  /**
   * The environment the key is kept in: the path's for client routes, the caller's otherwise. Undefined when
   * the path names nothing that has one (an unknown response): the request then runs as if sent without the
   * key, and can only fail.
   */
  environment(request: IRequest, ctx: CanvassContext): Promise<string | undefined>
  /** The body's array of items that the handler reads with `readJsonBatch`. */
  batch?: string
  /** The body limit of the route family (v3's), when not the default one. */
  bodyLimit?: number
}

/**
 * `Idempotency-Key` on a route (docs/design.md, "Idempotency"): a request without the header runs as it is.
 * With it, the key is claimed for the rule's environment and scope (client and management keys are apart, so
 * that a respondent cannot take a key a manager's tool will send: docs/api.md, "Idempotent submits"), with a
 * digest of its method, route, the resource its path names and its body: the same request within a day gets
 * the first 2xx answer again, marked `Idempotent-Replayed: true` (no second row, display, update or webhook
 * event); another request with the key (another body, or the same body to another response) is 422
 * `idempotency_key_reused`; one while the first still runs is 409 `idempotency_key_in_flight`. A request that
 * did not succeed lets its key go, so that a retry runs it again.
 */
export function idempotent(rule: IdempotencyRule): RouteMiddleware {
  const { scope } = rule
  return async ({ request, ctx }, next) => {
    const key = request.headers.get('idempotency-key')
    if (key === null) return next()
    if (!KEY.test(key)) throw validationError({ 'Idempotency-Key': 'Must be 1 to 255 printable ASCII characters' })
    const environmentId = await rule.environment(request, ctx)
    if (environmentId === undefined) return next()
    const body = await readJsonBodyAhead(request, rule.batch, rule.bodyLimit)
    const claim = { environmentId, scope, key, fingerprint: fingerprintOf(request, body) }
    const now = ctx.now()
    const begun = await ctx.storage.idempotency.begin({
      ...claim,
      now,
      leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    if (begun.state === 'replay') {
      return new Response(begun.body, {
        status: begun.status,
        headers: { ...replayHeaders(corsHeadersOf(request)), 'content-type': begun.contentType },
      })
    }
    if (begun.state === 'mismatch') {
      throw new CanvassError('idempotency_key_reused', 'This Idempotency-Key was used for another request', {
        details: { 'Idempotency-Key': key },
      })
    }
    if (begun.state === 'in_flight') {
      throw new CanvassError('idempotency_key_in_flight', 'A request with this Idempotency-Key is still running: retry later', {
        details: { 'Idempotency-Key': key },
        headers: { 'retry-after': '1' },
      })
    }
    let response: Response
    try {
      response = await next()
    } catch (error) {
      await ctx.storage.idempotency.release(claim).catch(() => {})
      throw error
    }
    if (response.status < 200 || response.status > 299) {
      await ctx.storage.idempotency.release(claim).catch(() => {})
      return response
    }
    const text = await response.text()
    await ctx.storage.idempotency.finish(claim, {
      status: response.status,
      body: text,
      contentType: response.headers.get('content-type') ?? 'application/json',
    })
    return new Response(text, { status: response.status, headers: response.headers })
  }
}

/**
 * The digest of what a request asks: method, route, the ids its path names besides the environment (the key
 * is the environment's already), and body (as parsed, so whitespace does not count). A path that names only
 * its environment digests as it always did, so that a create's key claimed before an upgrade still replays.
 */
function fingerprintOf(request: IRequest, body: unknown): string {
  const ids = Object.keys(request.params ?? {})
    .filter((name) => name !== 'environmentId')
    .sort()
    .map((name) => param(request, name))
  const target = ids.length === 0 ? request.route : `${request.route} ${JSON.stringify(ids)}`
  return bytesToHex(sha256(utf8ToBytes(`${request.method} ${target}\n${JSON.stringify(body)}`)))
}

/** Client routes answer with CORS headers, replays too. */
function corsHeadersOf(request: IRequest): Record<string, string> {
  const path = request.route ?? ''
  return path.includes('/client/') ? CLIENT_CORS_HEADERS : {}
}

function replayHeaders(extra: Record<string, string>): Record<string, string> {
  return { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'idempotent-replayed': 'true', ...extra }
}
