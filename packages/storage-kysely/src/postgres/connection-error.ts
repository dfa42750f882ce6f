import { serviceUnavailable } from '@canvass/core'

/** Socket-level failures: the database server is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs that mean "not now" rather than "wrong": class 08 (connection exception), the server shutting
 * down or crashing (57P01, 57P02), starting up (57P03) or out of connections (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])

/** What `pg` says when a connection ends under it or none comes free in time. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/

/**
 * True when `error` means the database cannot be reached right now (so a retry later may succeed), as
 * opposed to a statement that failed on its own. Looks through `cause` chains and `AggregateError`s (a
 * connect that tried several addresses).
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
  if (Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1))) return true
  return cause !== undefined && isConnectionError(cause, depth + 1)
}

/**
 * Wraps a storage (or any object of stores) so that every method whose promise rejects with a connection
 * failure rejects with core's `serviceUnavailable` instead (503 with `Retry-After`, storage port rules);
 * every other error, and every result, passes through unchanged. Nested stores are wrapped too, so a store
 * added later is covered without being named here.
 */
export function withUnavailableErrors<T extends object>(target: T): T {
  const wrapped: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(target)) {
    if (typeof value === 'function') {
      wrapped[name] = (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args)
        return isPromiseLike(result) ? Promise.resolve(result).catch(rethrowUnavailable) : result
      }
    } else if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
      wrapped[name] = withUnavailableErrors(value)
    } else {
      wrapped[name] = value
    }
  }
  return wrapped as T
}

function rethrowUnavailable(error: unknown): never {
  throw isConnectionError(error) ? serviceUnavailable(error) : error
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}
