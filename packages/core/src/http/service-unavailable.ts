import { CanvassError } from '../errors'

/** Seconds a client is asked to wait (`Retry-After`) while the database cannot be reached. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER = 5

/**
 * The error a storage adapter throws when its database cannot be reached (storage port rules): 503
 * `service_unavailable` with `Retry-After`. The cause is kept for logs, never sent to the client.
 */
export function serviceUnavailable(cause?: unknown): CanvassError {
  return new CanvassError('service_unavailable', 'The service is temporarily unavailable. Please try again later.', {
    headers: { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER) },
    cause,
  })
}

/** True for the error `serviceUnavailable` makes (e.g. to tell an outage from a bug in a health check). */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof CanvassError && error.code === 'service_unavailable'
}
