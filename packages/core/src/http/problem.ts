import type { IRequest } from 'itty-router'
import type { CanvassError } from '../errors'
import { SAFE_HEADERS } from './respond'

/**
 * One failing field of a request, as the reference's v3 names it (`InvalidParam`): `name` is the dot path of
 * the field (`""` for the whole document), `reason` says how to repair it.
 */
export interface InvalidParam {
  name: string
  reason: string
  /** The reference's machine-readable category, when there is one (`unsupported_field`, `invalid_reference`, …). */
  code?: string
  /** The identifier the problem is about (a block id, a locale, …), when there is one. */
  identifier?: string
  /** The kind of identifier: `block`, `element`, `ending`, `recall`, … */
  referenceType?: string
  /** The id a reference names that does not exist. */
  missingId?: string
  /** Where a repeated identifier was first used (a dot path). */
  firstUsedAt?: string
  /** The identifier a repeated or clashing one conflicts with. */
  conflictsWith?: string
}

/**
 * The most `invalid_params` a validation result or a problem lists (the reference's rule for a 400 or 422);
 * a longer list ends with one entry counting the rest, so that a 4xx stays a few KB (docs/api.md, "Limits").
 */
export const MAX_INVALID_PARAMS = 50

/**
 * An RFC 9457 problem (`application/problem+json`), the error body of the reference's v3 routes: `title`,
 * `status`, `detail`, `requestId`, the machine-readable `code`, and `invalid_params` when fields failed.
 */
export function problemResponse(
  status: number,
  code: string,
  detail: string,
  requestId: string,
  options: {
    invalidParams?: readonly InvalidParam[]
    headers?: Record<string, string>
    type?: string
    /** The problem's `details` object (what a client needs to recover, such as a 409's current `updatedAt`). */
    details?: Record<string, unknown>
  } = {},
): Response {
  const body = {
    // RFC 9457's `type`: a page that explains the problem, when there is one.
    ...(options.type !== undefined ? { type: options.type } : {}),
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    requestId,
    code,
    ...(options.details !== undefined ? { details: options.details } : {}),
    ...(options.invalidParams ? { invalid_params: capInvalidParams(options.invalidParams) } : {}),
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...SAFE_HEADERS,
      ...options.headers,
      'content-type': 'application/problem+json',
      'cache-control': 'private, no-store',
    },
  })
}

/**
 * A `CanvassError` as a problem. A validation 400's fields become `invalid_params`; its `_more` (the fields it
 * did not list) becomes the last entry, so the list still says that it is not whole.
 */
export function problemOf(error: CanvassError, requestId: string): Response {
  const fields = error.status === 400 ? Object.entries(error.details) : []
  const invalidParams = fields.filter(([name]) => name !== '_more').map(([name, reason]) => ({ name, reason: String(reason) }))
  const more = fields.find(([name]) => name === '_more')
  if (more && invalidParams.length > 0) invalidParams.push({ name: '', reason: String(more[1]) })
  return problemResponse(error.status, error.code, error.message, requestId, {
    ...(invalidParams.length > 0 ? { invalidParams } : {}),
    headers: error.headers,
  })
}

/** The request's id, as its answer's `x-request-id` carries it. */
export function requestIdOf(request: IRequest): string {
  return typeof request.requestId === 'string' ? request.requestId : ''
}

/**
 * At most `max` entries, names and reasons cut to 200 characters: when there are more, the first `max - 1` and
 * one counting the rest.
 */
export function capInvalidParams(params: readonly InvalidParam[], max = MAX_INVALID_PARAMS): InvalidParam[] {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text)
  const kept = params.length > max ? max - 1 : max
  const listed: InvalidParam[] = params.slice(0, kept).map((param) => {
    const listed: InvalidParam = { ...param, name: cut(param.name), reason: cut(param.reason) }
    for (const field of ['identifier', 'missingId', 'firstUsedAt', 'conflictsWith'] as const) {
      const value = listed[field]
      if (value !== undefined) listed[field] = cut(value)
    }
    return listed
  })
  if (params.length > max) listed.push({ name: '', reason: `${params.length - kept} more problems are not listed` })
  return listed
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
}
