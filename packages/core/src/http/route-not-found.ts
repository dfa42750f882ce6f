import { CanvassError } from '../errors'

/** The answer to a route that is not served, as for a path no route has. */
export function routeNotFound(pathname: string): CanvassError {
  return new CanvassError('not_found', 'Route not found', { details: { resource_id: pathname, resource_type: 'Route' } })
}
