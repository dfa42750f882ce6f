/**
 * The one error type Canvass throws on purpose. The error boundary turns it into the error body
 * `{ code, message, details }` with `status`; anything else becomes a generic 500.
 */
export class CanvassError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly details: Record<string, unknown>
  /** Extra response headers, e.g. `Allow` on a 405 or `Retry-After` on a 429. */
  readonly headers: Record<string, string>

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'CanvassError'
    this.code = code
    this.status = ERROR_STATUS[code]
    this.details = options.details ?? {}
    this.headers = options.headers ?? {}
  }
}

/** HTTP status of every error code (docs/design.md, "Errors"). */
export const ERROR_STATUS = {
  bad_request: 400,
  not_authenticated: 401,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** A stored idempotent answer whose data was erased (`DELETE …/contacts/{id}?erase=true`). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  idempotency_key_in_flight: 409,
  /** A change the stored state refuses (a person's email taken, a project's last owner). */
  conflict: 409,
  too_many_requests: 429,
  internal_server_error: 500,
  /** A route of the reference's API that Canvass does not implement (the v3 AI generation and workflows). */
  not_implemented: 501,
  service_unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** Resource names used in `not_found` messages and details. */
export type ResourceType =
  | 'Survey'
  | 'Response'
  | 'Webhook'
  | 'Attribute Class'
  | 'Action Class'
  | 'Contact Attribute Key'
  | 'Person'
  | 'Contact'
  | 'Environment'
  | 'Segment'
  | 'Quota'
  | 'Display'
  | 'Webhook Delivery'
  | 'Shared Results'

export const notFound = (type: ResourceType, id: string): CanvassError =>
  new CanvassError('not_found', `${type} not found`, { details: { resource_id: id, resource_type: type } })

export const notAuthenticated = (): CanvassError =>
  new CanvassError('not_authenticated', 'Not authenticated', {
    details: { 'x-Api-Key': 'Header not provided or API Key invalid' },
  })

export const unauthorized = (): CanvassError => new CanvassError('unauthorized', 'You are not authorized to access this resource')

export const badRequest = (message: string, details?: Record<string, unknown>): CanvassError =>
  new CanvassError('bad_request', message, details ? { details } : {})

/** Most failing fields a validation error lists (docs/design.md, "Errors"); the rest are counted in `_more`. */
export const MAX_ERROR_DETAILS = 20

/**
 * The validation 400 (docs/design.md, "Errors"). At most `MAX_ERROR_DETAILS` fields are listed, each message cut to 200
 * characters, and `_more` counts the rest, so that the answer stays a few KB whatever the body was.
 */
export const validationError = (details: Record<string, string>, total = Object.keys(details).length): CanvassError =>
  new CanvassError('bad_request', 'Fields are missing or incorrectly formatted', { details: capDetails(details, total) })

function capDetails(details: Record<string, string>, total: number): Record<string, string> {
  const capped: Record<string, string> = {}
  let listed = 0
  for (const [path, message] of Object.entries(details)) {
    if (listed === MAX_ERROR_DETAILS) break
    // A field path is made of the caller's keys, which may be long: cut like the message.
    capped[path.length > 200 ? `${path.slice(0, 200)}…` : path] = message.length > 200 ? `${message.slice(0, 200)}…` : message
    listed++
  }
  if (total > listed) capped._more = `${total - listed} more fields`
  return capped
}
