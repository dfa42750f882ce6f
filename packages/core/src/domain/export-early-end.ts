import type { CanvassContext } from '../context'
import { describeCause } from '../http/boundary'
import type { ExportEarlyEnd } from './response-export'

/**
 * Logs an export that ended before its last row, with its reason: the answer's status (200) was sent long
 * before, so the log is the only place that says the file was cut off. A client that stopped reading is a
 * warning; a failed read (the database went away, a statement timed out) is an error with its cause.
 */
export function logEarlyEnd(ctx: CanvassContext, what: string, requestId: string | undefined): (end: ExportEarlyEnd) => void {
  const request = requestId === undefined ? '' : ` (request ${requestId})`
  return ({ reason, rows, cause }) => {
    const after = `after ${rows} ${rows === 1 ? 'row' : 'rows'}`
    if (reason === 'cancelled') {
      const why =
        cause instanceof Error
          ? `: ${describeCause(cause).message}`
          : typeof cause === 'string' && cause !== ''
            ? `: ${cause.slice(0, 200)}`
            : ''
      ctx.logger.warn(
        `${what} ended early ${after}${request}: the client stopped reading (the connection closed or the stream was cancelled${why})`,
      )
    } else {
      const message = `${what} ended early ${after}: reading or writing its rows failed`
      if (requestId === undefined) ctx.logger.error(message, describeCause(cause))
      else ctx.logger.error(message, describeCause(cause), { requestId })
    }
  }
}
