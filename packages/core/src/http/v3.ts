import type { IRequest } from 'itty-router'
import * as v from 'valibot'
import type { CanvassContext, Logger } from '../context'
import type { RouteHandler } from './route-doc'
import { CanvassError } from '../errors'
import { schemaFields } from './audit'
import { authenticate } from '../auth/authenticate'
import type { Caller } from '../auth/authenticate'
import { readJsonBodyAhead } from './body'
import { knownError } from './boundary'
import type { InvalidParam } from './problem'
import { problemOf, problemResponse, requestIdOf } from './problem'
import { json } from './respond'
import { normalizeIsoDateTime } from '../schemas/common'

/**
 * The shared rules of the reference's v3 routes (docs/api.md, "The reference's v3"): errors are problems
 * (`application/problem+json`), the key is checked before the query (401 before 400), every query parameter a
 * route does not know is a 400 naming it, a `workspaceId` that is not the key's is a 403 (never a 404), and
 * answers are `private, no-store`. A body is read before the route sees it: at most `V3_BODY_LIMIT` bytes
 * (413 once it is larger, the rest unread) and arrays within `V3_ARRAY_LIMITS` (400 naming the array), before
 * any field is validated (docs/api.md, "Limits of v3 requests").
 */
export function v3Route<Body = never>(
  handler: (request: IRequest, ctx: CanvassContext, caller: Caller, body: () => Promise<Body>) => Promise<Response>,
): RouteHandler<Body> {
  return async (request, ctx, _info, body) => {
    try {
      const caller = await authenticateV3(request, ctx)
      if (hasBody(request)) {
        // Kept for the route's `body()` (see `RouteHandler`), whose read this then is.
        const arrays = v3ArrayProblem(await readJsonBodyAhead(request, undefined, V3_BODY_LIMIT))
        if (arrays) throw v3BadRequest('Invalid request body', [arrays])
      }
      return await handler(request, ctx, caller, body)
    } catch (error) {
      if (!(error instanceof CanvassError)) throw error
      return v3ProblemResponse(error, requestIdOf(request))
    }
  }
}

/**
 * The caller of a v3 request. The query is checked by the route, after the key: `authenticate` would check a
 * `workspaceId` as v1 does. Once per request, as `authenticate`: an idempotent route asks before its handler.
 */
export async function authenticateV3(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  const query = request.query ?? {}
  request.query = {}
  try {
    return await authenticate(request, ctx)
  } finally {
    request.query = query
  }
}

/** A v3 handler (see `v3Route`) of a route whose `body` is `schema`: `body()` parses it as `parseV3Body` does. */
export type V3BodyHandler<S extends v.GenericSchema> = (
  request: IRequest,
  ctx: CanvassContext,
  caller: Caller,
  body: () => Promise<v.InferOutput<S>>,
) => Promise<Response>

/** A problem thrown by a v3 handler, answered by `v3Route`. */
export class V3Problem extends CanvassError {
  readonly invalidParams: readonly InvalidParam[]
  constructor(
    readonly problemStatus: 400 | 403 | 422 | 501,
    detail: string,
    invalidParams: readonly InvalidParam[] = [],
    readonly type?: string,
    /** The problem's `details` (custom CSS errors with their locations). */
    readonly problemDetails?: Record<string, unknown>,
  ) {
    super(problemStatus === 501 ? 'not_implemented' : problemStatus === 403 ? 'forbidden' : 'bad_request', detail)
    this.invalidParams = invalidParams
  }
}

/** The 403 of a workspace or resource that is not the key's, whether it exists or not. */
export const v3Forbidden = (): V3Problem => new V3Problem(403, 'You are not authorized to access this resource')

/** A 400 listing `params`. */
export const v3BadRequest = (detail: string, params: readonly InvalidParam[]): V3Problem => new V3Problem(400, detail, params)

/** A 422 listing `params`. */
export const v3Unprocessable = (detail: string, params: readonly InvalidParam[]): V3Problem => new V3Problem(422, detail, params)

/**
 * The challenge of a v3 401, as the reference sends it: the routes take the key as a Bearer token too
 * (docs/api.md, "Authentication").
 */
export const V3_CHALLENGE = 'Bearer realm="formbricks"'

/**
 * The answer to a `V3Problem`; other `CanvassError`s as `problemOf` answers them, a 401 with
 * `WWW-Authenticate`.
 */
export function v3ProblemResponse(error: CanvassError, requestId: string): Response {
  if (!(error instanceof V3Problem)) {
    const response = problemOf(error, requestId)
    if (error.status === 401) response.headers.set('www-authenticate', V3_CHALLENGE)
    return response
  }
  const code = { 400: 'bad_request', 403: 'forbidden', 422: 'unprocessable_content', 501: 'not_implemented' }[error.problemStatus]
  return problemResponse(error.problemStatus, code, error.message, requestId, {
    ...(error.invalidParams.length > 0 ? { invalidParams: error.invalidParams } : {}),
    ...(error.type !== undefined ? { type: error.type } : {}),
    ...(error.problemDetails !== undefined ? { details: error.problemDetails } : {}),
  })
}

/**
 * Anything that reached no v3 route's own handling as a problem (docs/api.md, "The reference's v3"): a 429 of
 * the rate limits (with its integer `Retry-After`), a 404 or 405 of a path under `/api/v3/`, and an unexpected
 * error, logged by `knownError` and answered with a generic 500.
 */
export function v3ErrorResponse(error: unknown, logger: Logger, route: string, requestId: string): Response {
  return v3ProblemResponse(knownError(error, logger, route, requestId), requestId)
}

/** Largest v3 request body: 2 MiB (`payload_too_large` past it). */
export const V3_BODY_LIMIT = 2 * 1024 * 1024

/** Most items of one array in a v3 body, and of all its arrays together, at any depth. */
export const V3_ARRAY_LIMITS = { items: 1000, total: 50_000 } as const

/**
 * The first array of `body` past `V3_ARRAY_LIMITS`, as one `invalid_params` entry naming it (its dot path);
 * undefined when every array is within them. The walk keeps no path until it finds one.
 */
export function v3ArrayProblem(body: unknown): InvalidParam | undefined {
  interface Visit {
    value: unknown
    key: string
    parent: Visit | undefined
  }
  const pathOf = (visit: Visit): string => {
    const keys: string[] = []
    for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key)
    return keys.reverse().join('.')
  }
  const stack: Visit[] = [{ value: body, key: '', parent: undefined }]
  let total = 0
  while (stack.length > 0) {
    const visit = stack.pop() as Visit
    const { value } = visit
    if (typeof value !== 'object' || value === null) continue
    if (Array.isArray(value)) {
      total += value.length
      if (value.length > V3_ARRAY_LIMITS.items) {
        return { name: pathOf(visit), reason: `Must hold at most ${V3_ARRAY_LIMITS.items} items` }
      }
      if (total > V3_ARRAY_LIMITS.total) {
        return { name: pathOf(visit), reason: `The body's arrays hold more than ${V3_ARRAY_LIMITS.total} items in all` }
      }
      value.forEach((item, index) => {
        stack.push({ value: item, key: String(index), parent: visit })
      })
    } else {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, key, parent: visit })
    }
  }
  return undefined
}

/** Whether a write sent a body to read (an empty one, as a bare `POST …/archive` sends, is none). */
function hasBody(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') return false
  return request.body !== null && request.headers.get('content-length') !== '0'
}

/**
 * The query of a v3 route, parsed by `schema` (an object of optional string or string-list fields): a
 * parameter the schema does not name is a 400 (`Unrecognized key: "name"`), as is one given twice unless
 * `lists` names it (a list parameter may be repeated or comma-separated).
 */
export function readV3Query<S extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>>(
  request: IRequest,
  schema: S,
  lists: readonly string[] = [],
): v.InferOutput<S> {
  const query = (request.query ?? {}) as Record<string, string | string[] | undefined>
  const problems: InvalidParam[] = []
  const raw: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(query)) {
    if (!(name in schema.entries)) {
      problems.push({ name, reason: `Unrecognized key: "${name}"` })
      continue
    }
    if (lists.includes(name)) {
      const values = (Array.isArray(value) ? value : [value ?? '']).flatMap((item) => item.split(','))
      raw[name] = values.map((item) => item.trim()).filter((item) => item !== '')
    } else if (Array.isArray(value)) problems.push({ name, reason: 'Must be given once' })
    else raw[name] = value
  }
  if (problems.length > 0) throw v3BadRequest('Invalid query parameters', problems)
  const parsed = v.safeParse(schema, raw)
  if (!parsed.success) {
    throw v3BadRequest(
      'Invalid query parameters',
      parsed.issues.map((issue) => ({ name: v.getDotPath(issue)?.replace(/\.\d+$/, '') ?? '', reason: issue.message })),
    )
  }
  return parsed.output
}

/**
 * A JSON body parsed by `schema`, or a 400 naming every failing field: a field the route does not take is
 * `unsupported_field`, a missing one `missing_required_field`.
 */
export function parseV3Body<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  // Every field the route does not take is named, not only the first one the strict schema meets.
  const known = new Set(schemaFields(schema))
  const unsupported: InvalidParam[] = []
  let rest = body
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && known.size > 0) {
    const kept: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(body)) {
      if (known.has(name)) kept[name] = value
      else unsupported.push({ name, reason: 'Unsupported field', code: 'unsupported_field' })
    }
    rest = kept
  }
  const parsed = v.safeParse(schema, rest)
  if (parsed.success && unsupported.length === 0) return parsed.output
  const params: InvalidParam[] = [...unsupported]
  if (!parsed.success)
    params.push(
      ...parsed.issues.map((issue) => {
        const name = v.getDotPath(issue) ?? ''
        if (issue.kind === 'schema' && issue.expected === 'never') return { name, reason: 'Unsupported field', code: 'unsupported_field' }
        if (issue.input === undefined && issue.kind === 'schema') return { name, reason: 'Required', code: 'missing_required_field' }
        return { name, reason: issue.message }
      }),
    )
  throw v3BadRequest('Invalid request body', params)
}

/** Refuses any query parameter: single-resource routes find their workspace through the resource. */
export function noV3Query(request: IRequest): void {
  readV3Query(request, v.object({}))
}

/**
 * The key's environment, when `workspaceId` names it: the key's environment's project (the reference's
 * workspace), or the environment's own id. Anything else is a 403, as the reference answers an unknown or
 * foreign workspace.
 */
export async function checkWorkspace(ctx: CanvassContext, environmentId: string, workspaceId: string): Promise<void> {
  if (workspaceId === environmentId) return
  const environment = await ctx.storage.environments.get(environmentId)
  if (environment?.projectId !== workspaceId) throw v3Forbidden()
}

/** The workspace id the v3 routes show for an environment: its project's. */
export async function workspaceOf(ctx: CanvassContext, environmentId: string): Promise<string> {
  const environment = await ctx.storage.environments.get(environmentId)
  return environment?.projectId ?? environmentId
}

/** A v3 success: `{data}` (and `meta`), `private, no-store`. */
export function v3Ok(body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status, headers: { ...NO_STORE, ...headers } })
  return json(body, { status, headers: { ...NO_STORE, ...headers } })
}

const NO_STORE = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' }

/** `limit` of a v3 list: 1 to `max`. */
export const v3Limit = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'Must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'Must be at least 1'),
      v.maxValue(max, `Must be at most ${max}`),
    ),
  )

/** The v3 cursor: the last row's sort value and id, with the order it belongs to, as opaque base64url. */
export function encodeV3Cursor(order: string, value: string, id: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify([order, value, id]))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** `encodeV3Cursor` read back; another order's cursor, or text it did not write, is a 400 naming `cursor`. */
export function decodeV3Cursor(cursor: string, order: string): { value: string; id: string } {
  let parsed: unknown
  try {
    const text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(text, (char) => char.charCodeAt(0))))
  } catch {
    parsed = undefined
  }
  // NUL is text Postgres cannot compare with (docs/design.md, "Limits and input"): no row holds it, so no cursor names it.
  const fits = (part: unknown) => typeof part === 'string' && part.length <= 512 && !part.includes('\u0000')
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every(fits)) {
    throw v3BadRequest('Invalid query parameters', [{ name: 'cursor', reason: 'Invalid cursor' }])
  }
  if (parsed[0] !== order) {
    throw v3BadRequest('Invalid query parameters', [{ name: 'cursor', reason: 'Belongs to another sortBy: start again without it' }])
  }
  const value = parsed[1] as string
  // A date order's value as the server writes it: year 0 or Feb 31 is no row's position (and year 0 is out of
  // Postgres' range).
  if (order !== 'name' && normalizeIsoDateTime(value) !== value) {
    throw v3BadRequest('Invalid query parameters', [{ name: 'cursor', reason: 'Invalid cursor' }])
  }
  return { value, id: parsed[2] as string }
}

export const cursorParam = v.optional(v.pipe(v.string(), v.maxLength(1024, 'Must be at most 1024 characters')))
