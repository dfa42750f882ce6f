import type { ConsoleRole } from '../domain/console-accounts'

/**
 * Routes only a project's owners may use from the console, whatever the method (docs/console.md, "Roles"): the
 * keys that reach the API, webhooks (they send data out), the audit log, contacts and people (personal data) and
 * the console's own people. Prefixes of registered paths: `…/api-keys` and `…/api-keys/:apiKeyId` alike.
 */
const OWNER_ONLY_PREFIXES = [
  '/api/v1/management/api-keys',
  '/api/v1/webhooks',
  '/api/v1/management/audit-log',
  '/api/v1/management/contacts',
  '/api/v1/management/people',
  '/api/v1/management/contact-attributes',
  '/api/v1/console/',
] as const

/** Whether `path` is `prefix` itself or below it (`/api/v1/webhooks` but not `/api/v1/webhooksx`). */
const under = (path: string, prefix: string): boolean =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`)

/**
 * The least role a console caller needs for a route, by its registered method and path: the one rule of the
 * console's roles (the console's hiding of screens is cosmetic). Owner-only routes first, then changing the
 * environment's settings; any other read is a viewer's, any other write an editor's.
 */
export function consoleRoleNeeded(method: string, routePath: string): ConsoleRole {
  if (OWNER_ONLY_PREFIXES.some((prefix) => under(routePath, prefix))) return 'owner'
  if (method === 'PUT' && routePath === '/api/v1/management/environment') return 'owner'
  return method === 'GET' || method === 'HEAD' ? 'viewer' : 'editor'
}
