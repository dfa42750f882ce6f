import type { ConsoleRole } from '../ports/storage'
import { roleAtLeast } from '../domain/console/console-accounts'
import { CanvassError } from '../errors'
import type { ResponseCondition } from '../ports/storage'
import type { Caller } from './caller'

/**
 * Routes only a project's owners may use from the console, whatever the method (docs/console.md, "Roles"): the
 * keys that reach the API, webhooks (they send data out), the audit log, contacts and people (personal data) and
 * the console's own people. Prefixes of registered paths: `…/api-keys` and `…/api-keys/:apiKeyId` alike.
 */
const OWNER_ONLY_PREFIXES = [
  '/api/v1/management/api-keys',
  '/api/v1/webhooks',
  '/api/v1/management/webhooks',
  '/api/v1/management/audit-log',
  '/api/v1/management/contacts',
  '/api/v1/management/people',
  '/api/v1/management/contact-attributes',
  '/api/v1/console/',
  // Credentials minted from a session: the token opens the survey routes for up to 12 hours.
  '/api/v1/management/editor-tokens',
] as const

/**
 * Registered paths of a survey that only owners may use: what hands out credentials or sends results out, as
 * keys and webhooks do. Single-use ids are links that each take a response; a results link shows the results to
 * whoever holds it, without signing in.
 */
const OWNER_ONLY_PATHS: ReadonlySet<string> = new Set([
  '/api/v1/management/surveys/:surveyId/singleUseIds',
  '/api/v1/management/surveys/:surveyId/share',
])

/** Whether `path` is `prefix` itself or below it (`/api/v1/webhooks` but not `/api/v1/webhooksx`). */
const under = (path: string, prefix: string): boolean =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`)

/**
 * The least role a console caller needs for a route, by its registered method and path: the one rule of the
 * console's roles (the console's hiding of screens is cosmetic), also for an editor token a console session
 * minted (`auth/editor-auth.ts`). Owner-only routes first, then changing the environment's settings; any other
 * read (an export link's mint too) is a viewer's, any other write an editor's.
 */
export function consoleRoleNeeded(method: string, routePath: string): ConsoleRole {
  // One's own sessions, whatever one's role.
  if (under(routePath, '/api/v1/console/me')) return 'viewer'
  if (OWNER_ONLY_PREFIXES.some((prefix) => under(routePath, prefix)) || OWNER_ONLY_PATHS.has(routePath)) return 'owner'
  if (method === 'PUT' && routePath === '/api/v1/management/environment') return 'owner'
  // A read sent as a POST: a link to a file of a response, which a viewer reads anyway (docs/api.md, "Opening a file").
  if (method === 'POST' && routePath === '/api/v1/management/storage/file-links') return 'viewer'
  // A link to an export reads responses, as the export does.
  if (routePath === '/api/v1/management/responses/export-links') return 'viewer'
  return method === 'GET' || method === 'HEAD' ? 'viewer' : 'editor'
}

/** The 403 of a role below what a route needs, naming both. */
export function roleRefusal(role: ConsoleRole, needed: ConsoleRole): CanvassError {
  return new CanvassError('forbidden', `Your role (${role}) may not do this: it needs the ${needed} role`, { details: { role, needed } })
}

/**
 * Whether a caller reads the contact attributes a response stored (`personAttributes`, `contactAttributes`,
 * `person.attributes`), and filters responses by them: personal data, as contacts are, so a console caller only
 * as an owner. A key has no role: it does.
 */
export function readsContactAttributes(caller: Caller): boolean {
  return caller.console === undefined || roleAtLeast(caller.console.role, 'owner')
}

/**
 * A 403 for a caller who does not read contact attributes (`readsContactAttributes`) but filters responses by
 * them (`filter[contactAttributes.<key>]…`): the answer would tell them as surely as reading them would.
 */
export function checkContactAttributeFilter(caller: Caller, where: readonly ResponseCondition[] | undefined): void {
  const filters = where?.some((condition) => condition.on === 'json' && condition.field.column === 'contactAttributes') ?? false
  const role = caller.console?.role
  if (!filters || role === undefined || readsContactAttributes(caller)) return
  throw new CanvassError('forbidden', `Your role (${role}) may not filter by contact attributes: it needs the owner role`, {
    details: { role, needed: 'owner' },
  })
}
