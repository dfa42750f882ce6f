import type { IRequest } from 'itty-router'
import type { Handler } from '../context'
import { CanvassError, MAX_ERROR_DETAILS } from '../errors'
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
  /** What kind of survey part a reference names (`ending`, `language`, `hiddenField`, …). */
  referenceType?: string
  /** The identifier at fault, and the one it conflicts with. */
  identifier?: string
  conflictsWith?: string
}

/**
 * The most `invalid_params` a validation result lists; a longer list ends with one entry counting the rest. A
 * problem (an error) lists at most `MAX_ERROR_DETAILS` (20), as the v1 errors do, so that a 4xx stays a few KB.
 */
export const MAX_INVALID_PARAMS = 100

/**
 * An RFC 9457 problem (`application/problem+json`), the error body of the reference's v3 routes: `title`,
 * `status`, `detail`, `requestId`, the machine-readable `code`, and `invalid_params` when fields failed.
 */
export function problemResponse(
  status: number,
  code: string,
  detail: string,
  requestId: string,
  options: { invalidParams?: readonly InvalidParam[]; headers?: Record<string, string>; type?: string } = {},
): Response {
  const body = {
    // RFC 9457's `type`: a page that explains the problem, when there is one.
    ...(options.type !== undefined ? { type: options.type } : {}),
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    requestId,
    code,
    ...(options.invalidParams ? { invalid_params: capInvalidParams(options.invalidParams, MAX_ERROR_DETAILS) } : {}),
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
 * `handler` with its `CanvassError`s answered as problems: a validation 400's `details` become
 * `invalid_params`, a 401's detail is "Not authenticated". Anything else goes on to the error boundary.
 */
export function withProblems(handler: Handler): Handler {
  return async (request, ctx, info) => {
    try {
      return await handler(request, ctx, info)
    } catch (error) {
      if (!(error instanceof CanvassError)) throw error
      return problemOf(error, requestIdOf(request))
    }
  }
}

/** A `CanvassError` as a problem. */
export function problemOf(error: CanvassError, requestId: string): Response {
  const fields = Object.entries(error.details).filter(([name]) => name !== '_more' && error.status === 400)
  const invalidParams = fields.map(([name, reason]) => ({ name, reason: String(reason) }))
  return problemResponse(error.status, error.code, error.message, requestId, {
    ...(invalidParams.length > 0 ? { invalidParams } : {}),
    headers: error.headers,
  })
}

/** The request's id, as its answer's `x-request-id` carries it. */
export function requestIdOf(request: IRequest): string {
  return typeof request.requestId === 'string' ? request.requestId : ''
}

/** At most `max` entries, names and reasons cut to 200 characters, and one counting the rest. */
export function capInvalidParams(params: readonly InvalidParam[], max = MAX_INVALID_PARAMS): InvalidParam[] {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text)
  const listed: InvalidParam[] = params.slice(0, max).map(({ name, reason, code, referenceType, identifier, conflictsWith }) => ({
    name: cut(name),
    reason: cut(reason),
    ...(code !== undefined ? { code } : {}),
    ...(referenceType !== undefined ? { referenceType } : {}),
    ...(identifier !== undefined ? { identifier: cut(identifier) } : {}),
    ...(conflictsWith !== undefined ? { conflictsWith: cut(conflictsWith) } : {}),
  }))
  if (params.length > max) listed.push({ name: '', reason: `${params.length - max} more problems are not listed` })
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
