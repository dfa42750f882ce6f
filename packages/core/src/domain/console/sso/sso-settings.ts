/**
 * The settings of single sign-on with OpenID Connect (docs/sso.md): `console.accounts.sso`, one entry per
 * provider, checked at start with a TypeError that names the first thing wrong.
 */
import type { ConsoleRole } from '../../../ports/storage/index'

/** One OpenID provider of `console.accounts.sso`, as given. */
export interface ConsoleSsoProviderOption {
  /** In the provider's paths (`/console/sso/<id>`): 1 to 40 lowercase letters, digits and `-`, starting with a letter or digit. */
  id: string
  /** Shown on the sign-in page's button: "Sign in with <name>". */
  name: string
  /** The provider's issuer URL (discovery at `<issuer>/.well-known/openid-configuration`): https, or http on loopback. */
  issuer: string
  clientId: string
  clientSecret: string
  /**
   * Email domains let in (`example.com` lets in `ada@example.com`, not `ada@sub.example.com`).
   * @default every domain
   */
  allowedDomains?: string[]
  /**
   * The role of a person made at their first sign-in, and of one whose `roleClaim` maps to no role; null refuses
   * such a sign-in.
   * @default 'viewer'
   */
  defaultRole?: ConsoleRole | null
  /** A claim (a text or an array of texts, such as `groups`) whose values `roleMap` turns into a role at each sign-in. */
  roleClaim?: string
  /** Claim value to role, e.g. `{ "canvass-owners": "owner" }`: the highest role of the values given wins. */
  roleMap?: Record<string, ConsoleRole>
  /**
   * The project the provider's people belong to.
   * @default the only project
   */
  projectId?: string
  /**
   * The scopes asked for; `openid` and `email` are always among them.
   * @default ['openid', 'email', 'profile']
   */
  scopes?: string[]
}

/** A provider as the routes use it: checked, with its defaults. */
export interface SsoProvider {
  id: string
  name: string
  issuer: string
  clientId: string
  clientSecret: string
  /** Lowercased; empty lets every domain in. */
  allowedDomains: string[]
  defaultRole: ConsoleRole | null
  roleClaim: string | undefined
  roleMap: Record<string, ConsoleRole>
  projectId: string | undefined
  scopes: string[]
}

const KEYS = new Set([
  'id',
  'name',
  'issuer',
  'clientId',
  'clientSecret',
  'allowedDomains',
  'defaultRole',
  'roleClaim',
  'roleMap',
  'projectId',
  'scopes',
])
const ROLES: readonly string[] = ['viewer', 'editor', 'owner']
const MAX_PROVIDERS = 20

/** `console.accounts.sso` checked: an array of providers with distinct ids, each as `checkProvider` says. */
export function ssoProviders(given: unknown): SsoProvider[] {
  if (given === undefined) return []
  if (!Array.isArray(given)) throw new TypeError('console.accounts.sso must be an array of providers')
  if (given.length > MAX_PROVIDERS) throw new TypeError(`console.accounts.sso takes at most ${MAX_PROVIDERS} providers`)
  const providers = given.map((entry, index) => checkProvider(entry, `console.accounts.sso[${index}]`))
  const ids = new Set<string>()
  for (const provider of providers) {
    if (ids.has(provider.id)) throw new TypeError(`console.accounts.sso has two providers with the id "${provider.id}"`)
    ids.add(provider.id)
  }
  return providers
}

function checkProvider(entry: unknown, at: string): SsoProvider {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new TypeError(`${at} must be an object`)
  const given = entry as Record<string, unknown>
  for (const key of Object.keys(given)) {
    if (!KEYS.has(key)) throw new TypeError(`${at} has an unknown setting "${key}" (known: ${[...KEYS].join(', ')})`)
  }
  const text = (key: string, max: number): string => {
    const value = given[key]
    if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
      throw new TypeError(`${at}.${key} must be a text of 1 to ${max} characters`)
    }
    return value
  }
  const id = text('id', 40)
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) {
    throw new TypeError(`${at}.id must be lowercase letters, digits and "-" (starting with a letter or digit), got "${id}"`)
  }
  const issuer = checkIssuer(text('issuer', 500), at)
  const role = (value: unknown, where: string): ConsoleRole => {
    if (typeof value !== 'string' || !ROLES.includes(value))
      throw new TypeError(`${where} must be viewer, editor or owner, got ${JSON.stringify(value)}`)
    return value as ConsoleRole
  }
  const defaultRole =
    given.defaultRole === undefined ? 'viewer' : given.defaultRole === null ? null : role(given.defaultRole, `${at}.defaultRole`)
  const roleClaim = given.roleClaim === undefined ? undefined : text('roleClaim', 200)
  const roleMap: Record<string, ConsoleRole> = {}
  if (given.roleMap !== undefined) {
    if (given.roleMap === null || typeof given.roleMap !== 'object' || Array.isArray(given.roleMap)) {
      throw new TypeError(`${at}.roleMap must be an object of claim value to role`)
    }
    for (const [value, mapped] of Object.entries(given.roleMap)) roleMap[value] = role(mapped, `${at}.roleMap[${JSON.stringify(value)}]`)
  }
  if ((roleClaim === undefined) !== (given.roleMap === undefined)) throw new TypeError(`${at}: roleClaim and roleMap go together`)
  return {
    id,
    name: text('name', 60),
    issuer,
    clientId: text('clientId', 500),
    clientSecret: text('clientSecret', 1000),
    allowedDomains: domainsOf(given.allowedDomains, at),
    defaultRole,
    roleClaim,
    roleMap,
    projectId: given.projectId === undefined ? undefined : text('projectId', 100),
    scopes: scopesOf(given.scopes, at),
  }
}

/** An issuer URL: https, or http on a loopback host (a provider on the same machine, tests); no query or fragment. */
function checkIssuer(issuer: string, at: string): string {
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    throw new TypeError(`${at}.issuer must be a URL, got "${issuer}"`)
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new TypeError(`${at}.issuer must be an https URL (http only on loopback), got "${issuer}"`)
  }
  if (url.search || url.hash || url.username || url.password)
    throw new TypeError(`${at}.issuer must have no query, fragment or credentials`)
  return issuer
}

function domainsOf(given: unknown, at: string): string[] {
  if (given === undefined) return []
  if (!Array.isArray(given) || given.length === 0 || given.length > 100) {
    throw new TypeError(`${at}.allowedDomains must be a non-empty array of at most 100 domains`)
  }
  return given.map((domain) => {
    if (typeof domain !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(domain) || domain.length > 253) {
      throw new TypeError(`${at}.allowedDomains must hold domains such as "example.com", got ${JSON.stringify(domain)}`)
    }
    return domain.toLowerCase()
  })
}

function scopesOf(given: unknown, at: string): string[] {
  if (given === undefined) return ['openid', 'email', 'profile']
  if (
    !Array.isArray(given) ||
    given.length > 20 ||
    !given.every((scope) => typeof scope === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(scope))
  ) {
    throw new TypeError(`${at}.scopes must be an array of at most 20 scopes without spaces`)
  }
  return [...new Set(['openid', 'email', ...given])]
}
