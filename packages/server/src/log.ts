import { describeCause } from '@canvass/core'
import type { LogContext, Logger, RequestObservation } from '@canvass/core'

/** The standalone server's log: Canvass's `Logger`, and a line per request when asked for. */
export interface StandaloneLog extends Logger {
  /** One line per answer at `info`, with `CANVASS_LOG=json` only; undefined otherwise, so that nothing is observed for it. */
  request: ((event: RequestObservation) => void) | undefined
}

/**
 * `json`: one JSON object per line, `{"level","time",…}`: requests at `info` on stdout
 * (`requestId`, `method`, `route`, `status`, `durationMs`), what background work did at `info` on stdout
 * (`message`), errors and warnings on stderr (`message`, and `requestId` and `error` when known). `text`:
 * errors and warnings on stderr and background work's lines on stdout, as plain lines, no request lines.
 * Errors are logged either way.
 */
export function createLog(format: 'text' | 'json'): StandaloneLog {
  if (format === 'text') {
    return {
      request: undefined,
      error: (message, cause, context) =>
        cause === undefined ? console.error(withId(message, context)) : console.error(withId(message, context), cause),
      warn: (message) => console.warn(message),
      info: (message) => console.log(message),
    }
  }
  return {
    request(event) {
      const line = {
        level: 'info',
        time: new Date().toISOString(),
        requestId: event.requestId,
        method: event.method,
        route: event.route,
        status: event.status,
        durationMs: Math.round(event.durationMs * 1000) / 1000,
      }
      process.stdout.write(`${JSON.stringify(line)}\n`)
    },
    error(message, cause, context) {
      const line: Record<string, unknown> = { level: 'error', time: new Date().toISOString(), message }
      if (context?.requestId !== undefined) line.requestId = context.requestId
      if (cause !== undefined) line.error = describe(cause)
      process.stderr.write(`${JSON.stringify(line)}\n`)
    },
    warn(message) {
      process.stderr.write(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), message })}\n`)
    },
    info(message) {
      process.stdout.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), message })}\n`)
    },
  }
}

function withId(message: string, context: LogContext | undefined): string {
  return context?.requestId === undefined ? message : `${message} (request ${context.requestId})`
}

/**
 * What a log line shows of an error: class, code, message and stack frames, never the rest (drivers attach
 * statements and parameters to their errors): core's `describeCause`. Core hands over such a description
 * already; its string fields are kept as they are.
 */
function describe(cause: unknown): Record<string, unknown> {
  if (cause instanceof Error) return { ...describeCause(cause) }
  if (cause === null || typeof cause !== 'object') return { message: cut(String(cause)) }
  const { name, code, message, stack } = cause as Record<string, unknown>
  return Object.fromEntries(Object.entries({ name, code, message, stack }).filter(([, value]) => typeof value === 'string'))
}

const cut = (text: string): string => (text.length > 500 ? `${text.slice(0, 500)}…` : text)
