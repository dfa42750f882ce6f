import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import type { ConsoleAccess, ConsoleGrant } from '../domain/console/console-grant'
import { hostAccess } from '../domain/console/console-grant'
import type { ConsoleRole } from '../ports/storage'
import { isConsoleRole, roleAtLeast } from '../domain/console/console-accounts'
import { constantTimeEqual, toBase64Url } from '../domain/tokens/token-text'
import { CanvassError, notAuthenticated } from '../errors'
import type { Caller } from './caller'
import { consoleRoleNeeded, roleRefusal } from './console-roles'
import type { HttpMethod } from '../http/route-doc'

/** The header that makes a request without a key a console request (docs/console.md, "How the console authenticates"). */
export const CONSOLE_HEADER = 'x-canvass-console'
export const CONSOLE_CSRF_HEADER = 'x-canvass-csrf'
export const CONSOLE_ENVIRONMENT_HEADER = 'x-canvass-environment'

/** How long a CSRF token the console page carries is taken: a day, past any session of the accounts mode. */
export const CONSOLE_CSRF_TTL_MS = 24 * 60 * 60 * 1000

/** The route a request matched, as registered (the route table records it before the handler runs). */
const routesOf = new WeakMap<Request, { method: HttpMethod; path: string }>()

/** Records the registered method and path of the route `request` matched, for `consoleCaller`'s role check. */
export function recordRoute(request: Request, method: HttpMethod, path: string): void {
  routesOf.set(request, { method, path })
}

/** The registered method and path of the route `request` matched (an editor token's role check reads it too). */
export function recordedRoute(request: Request): { method: HttpMethod; path: string } | undefined {
  return routesOf.get(request)
}

/** Whether a request asks to be taken as the console's: the header, and neither an API key nor a bearer token. */
export function isConsoleRequest(headers: Headers): boolean {
  if (headers.get(CONSOLE_HEADER) !== '1' || headers.has('x-api-key')) return false
  return !/^\s*bearer(?:\s|$)/i.test(headers.get('authorization') ?? '')
}

/**
 * The key CSRF tokens are signed with: derived from `secret` (so every instance sharing it takes the tokens of
 * the others), else made at start (tokens then hold in this process only).
 */
export function consoleCsrfKey(secret: string | undefined): Uint8Array {
  const root = secret ? utf8ToBytes(secret) : crypto.getRandomValues(new Uint8Array(32))
  return hmac(sha256, root, utf8ToBytes('console-csrf'))
}

function csrfMac(key: Uint8Array, subject: string, issuedAt: string): string {
  return toBase64Url(hmac(sha256, key, utf8ToBytes(['console-csrf', subject, issuedAt].join('\n'))))
}

/** What a CSRF token is bound to: an access's subject, or a single grant's (as a library host answers it). */
const subjectOf = (access: ConsoleAccess | ConsoleGrant): string => ('grants' in access ? access : hostAccess([access])).subject

/**
 * A CSRF token for the console page of `access`: `<issued at, seconds, base36>.<HMAC-SHA256>` of its subject
 * (the person, or for grants without one the grants), so that a token of one person is refused for another.
 */
export function consoleCsrfToken(ctx: Pick<CanvassContext, 'consoleCsrfKey' | 'now'>, access: ConsoleAccess | ConsoleGrant): string {
  const issuedAt = Math.floor(ctx.now().getTime() / 1000).toString(36)
  return `${issuedAt}.${csrfMac(ctx.consoleCsrfKey, subjectOf(access), issuedAt)}`
}

/** Whether `token` is a CSRF token of `access` issued less than a day ago, compared in constant time. */
export function checkConsoleCsrf(
  ctx: Pick<CanvassContext, 'consoleCsrfKey' | 'now'>,
  access: ConsoleAccess | ConsoleGrant,
  token: string | null,
): boolean {
  if (token === null || token.length > 100) return false
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return false
  const [, issuedAt = '', mac = ''] = match
  const age = ctx.now().getTime() - Number.parseInt(issuedAt, 36) * 1000
  if (!(age >= -60_000 && age < CONSOLE_CSRF_TTL_MS)) return false
  return constantTimeEqual(mac, csrfMac(ctx.consoleCsrfKey, subjectOf(access), issuedAt))
}

const forbidden = (message: string) => new CanvassError('forbidden', message)

/**
 * The caller of a console request (design: docs/console.md): the grants `authorize` answers (401 without one),
 * refused from another site (`Sec-Fetch-Site`), a write only with the page's CSRF token, in an environment of a
 * project it has a grant of (`x-canvass-environment`, else the first grant's production one), and only on a
 * route the role of that grant may use. Every change is then audited under `console: <person's name>` (or
 * the role, for a grant without a person).
 */
export async function consoleCaller(request: IRequest, ctx: CanvassContext): Promise<Caller> {
  const route = routesOf.get(request)
  if (!ctx.consoleAuthorize || !route) throw notAuthenticated()
  const access = await ctx.consoleAuthorize(request)
  if (!access) throw notAuthenticated()
  const site = request.headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin' && site !== 'none') throw forbidden('The console only answers pages of its own site')
  if (request.method !== 'GET' && request.method !== 'HEAD' && !checkConsoleCsrf(ctx, access, request.headers.get(CONSOLE_CSRF_HEADER))) {
    throw forbidden("The console's CSRF token is missing or not valid")
  }
  const { grant, environmentId } = await consoleEnvironment(ctx, access.grants, request.headers.get(CONSOLE_ENVIRONMENT_HEADER))
  const needed: ConsoleRole = consoleRoleNeeded(route.method, route.path)
  if (!roleAtLeast(grant.role, needed)) throw roleRefusal(grant.role, needed)
  return {
    environmentId,
    apiKeyId: '',
    apiKeyLabel: `console: ${grant.person?.name ?? grant.role}`,
    console: { projectId: grant.projectId, role: grant.role, personId: grant.person?.id ?? null, personName: grant.person?.name ?? null },
  }
}

/** What `console.roleOf` is: a library host's answer to a person's role now, or null when they are no longer one. */
export type ConsoleRoleOf = (person: { id: string }, projectId: string) => ConsoleRole | null | Promise<ConsoleRole | null>

/**
 * `CanvassContext.consolePerson` of a library host: the role `roleOf` answers and the name the token carries.
 * An answer other than a role or null is the host's mistake: a TypeError (a logged 500) that says so.
 */
export function hostConsolePerson(roleOf: ConsoleRoleOf): NonNullable<CanvassContext['consolePerson']> {
  return async (person) => {
    const role: unknown = await roleOf({ id: person.id }, person.projectId)
    if (role === null || role === undefined) return null
    if (!isConsoleRole(role)) throw new TypeError('console.roleOf must answer "viewer", "editor", "owner" or null')
    return { role, name: person.name }
  }
}

/**
 * The environment a console request works in, and the grant it works under: the environment it names, of a
 * project one of `grants` is of (else 403), or the first grant's production environment.
 */
async function consoleEnvironment(
  ctx: CanvassContext,
  grants: ConsoleGrant[],
  named: string | null,
): Promise<{ grant: ConsoleGrant; environmentId: string }> {
  const projects = await ctx.storage.projects.list()
  if (named === null || named === '') {
    const [grant] = grants
    const project = grant && projects.find((candidate) => candidate.projectId === grant.projectId)
    if (!grant || !project) throw forbidden("The console's project does not exist")
    return { grant, environmentId: project.environments.production }
  }
  const project = projects.find((candidate) => candidate.environments.production === named || candidate.environments.development === named)
  const grant = project && grants.find((candidate) => candidate.projectId === project.projectId)
  if (!grant) throw forbidden('This environment is not one of your projects')
  return { grant, environmentId: named }
}

const GRANT_SHAPE =
  'console.authorize must answer null or { projectId: string, role: "viewer" | "editor" | "owner", person?: { id, name } }, or a list of them (one per project)'

/**
 * What `authorize` answered, checked: null (nobody signed in), a grant of a project with a known role, or a
 * list of them (one per project; the first is where a request without an environment works). An empty list
 * is nobody. Any other answer is the host's mistake, not the caller's: a TypeError (a logged 500) that says
 * what is wrong, rather than a role nobody has or a project id of another type.
 */
export function checkedGrants(answer: unknown): ConsoleGrant[] | null {
  if (answer === null || answer === undefined) return null
  const grants = (Array.isArray(answer) ? answer : [answer]).map(checkedGrant)
  if (new Set(grants.map((grant) => grant.projectId)).size !== grants.length) throw new TypeError(`${GRANT_SHAPE}; a project only once`)
  return grants.length === 0 ? null : grants
}

function checkedGrant(grant: unknown): ConsoleGrant {
  const given = (grant ?? {}) as Partial<ConsoleGrant>
  const person = given.person
  if (
    typeof grant !== 'object' ||
    typeof given.projectId !== 'string' ||
    given.projectId === '' ||
    !isConsoleRole(given.role) ||
    (person !== undefined && (typeof person?.id !== 'string' || typeof person.name !== 'string'))
  ) {
    throw new TypeError(GRANT_SHAPE)
  }
  return { projectId: given.projectId, role: given.role, ...(person ? { person: { id: person.id, name: person.name } } : {}) }
}

/** The access of a library host's `authorize` answer (`checkedGrants`), or null. */
export function hostConsoleAccess(answer: unknown): ConsoleAccess | null {
  const grants = checkedGrants(answer)
  return grants ? hostAccess(grants) : null
}
