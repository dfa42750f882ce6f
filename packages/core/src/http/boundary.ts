import type { Logger } from '../context'
import { CanvassError } from '../errors'
import { json } from './respond'

/**
 * The one error boundary: a `CanvassError` becomes its error body and status; anything else is logged
 * with its cause, the route and the request's id, and answered with a generic 500, never a stack trace, SQL
 * text or driver message. `route` names the route (`PUT /api/v1/…/:id`), never the query string.
 */
export function errorResponse(
  error: unknown,
  logger: Logger,
  headers?: Readonly<Record<string, string>>,
  route = 'a request',
  requestId?: string,
): Response {
  const known = knownError(error, logger, route, requestId)
  return json(
    { code: known.code, message: known.message, details: known.details },
    { status: known.status, headers: { ...headers, ...known.headers, 'cache-control': 'private, no-store' } },
  )
}

/**
 * `error` when it is a `CanvassError`; anything else is logged with its cause, the route and the request's id,
 * and becomes the generic 500.
 */
export function knownError(error: unknown, logger: Logger, route = 'a request', requestId?: string): CanvassError {
  if (error instanceof CanvassError) return error
  const message = `Unexpected error while handling ${route}`
  if (requestId === undefined) logger.error(message, describeCause(error))
  else logger.error(message, describeCause(error), { requestId })
  return new CanvassError('internal_server_error', 'Something went wrong. Please try again later.', { cause: error })
}

/** What the log gets of an unexpected error. */
export interface LoggedCause {
  /** The error's class, e.g. `TypeError`, `DatabaseError`. */
  name: string
  /** A driver's error code, e.g. Postgres's SQLSTATE `22P05`, when it has one. */
  code?: string
  /** The message, cut to 500 characters. */
  message: string
  /** The stack without the message line, when there is one. */
  stack?: string
}

/**
 * Class, code, message and stack of an error, and nothing else: drivers attach the statement and every
 * parameter to their errors (PGlite's carry `query` and `params`, so up to a whole request body), and those
 * must never reach a log.
 */
export function describeCause(error: unknown): LoggedCause {
  if (!(error instanceof Error)) return { name: typeof error, message: cut(String(error)) }
  const cause: LoggedCause = { name: error.constructor?.name || error.name, message: cut(error.message) }
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' || typeof code === 'number') cause.code = String(code)
  // The stack's first line repeats the message, which may be long; the frames name only code.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line))
  if (frames && frames.length > 0) cause.stack = frames.slice(0, 20).join('\n')
  return cause
}

const cut = (text: string): string => (text.length > 500 ? `${text.slice(0, 500)}…` : text)
