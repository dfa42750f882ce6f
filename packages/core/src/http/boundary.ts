import type { Logger } from '../context'
import { CanvassError } from './errors'
import { json } from './respond'

/**
 * The one error boundary: a `CanvassError` becomes its contract body and status; anything else is logged
 * with its cause and answered with a generic 500, never a stack trace, SQL text or driver message.
 */
export function errorResponse(error: unknown, logger: Logger): Response {
  const known =
    error instanceof CanvassError
      ? error
      : new CanvassError('internal_server_error', 'Something went wrong. Please try again later.', { cause: error })
  if (!(error instanceof CanvassError)) logger.error('Unexpected error while handling a request', error)
  const headers = new Headers(known.headers)
  headers.set('cache-control', 'private, no-store')
  return json({ code: known.code, message: known.message, details: known.details }, { status: known.status, headers })
}
