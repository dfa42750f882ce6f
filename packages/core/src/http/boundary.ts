import type { Logger } from '../context'
import { CanvassError } from './errors'
import { json } from './respond'

/**
 * The one error boundary: a `CanvassError` becomes its contract body and status; anything else is logged
 * with its cause and answered with a generic 500, never a stack trace, SQL text or driver message.
 */
export function errorResponse(error: unknown, logger: Logger, headers?: Readonly<Record<string, string>>): Response {
  const known =
    error instanceof CanvassError
      ? error
      : new CanvassError('internal_server_error', 'Something went wrong. Please try again later.', { cause: error })
  if (!(error instanceof CanvassError)) logger.error('Unexpected error while handling a request', error)
  return json(
    { code: known.code, message: known.message, details: known.details },
    { status: known.status, headers: { ...headers, ...known.headers, 'cache-control': 'private, no-store' } },
  )
}
