/**
 * The console's own people (docs/console-accounts.md): roles, password hashing, sessions and one-time links of
 * the standalone server's accounts mode (`createCanvass({ console: { accounts: true } })`). The rules live here;
 * `storage.consoleAccounts` keeps the rows and guards what must be atomic.
 */
import { scryptAsync } from '@noble/hashes/scrypt.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { CanvassError } from '../../errors'
import type { RateLimiter } from '../../ports/rate-limiter'
import type {
  ConsoleAccountRecord,
  ConsoleAccountStore,
  ConsoleLinkRecord,
  ConsolePersonRecord,
  ConsoleRole,
  ConsoleSessionRecord,
  ConsoleSignInMethod,
  NewConsolePerson,
  Storage,
} from '../../ports/storage/index'
import type { ConsoleAccess, ConsoleGrant } from './console-grant'
import type { ConsoleSsoProviderOption, SsoProvider } from './sso/sso-settings'
import { ssoProviders } from './sso/sso-settings'
import type { SsoClient } from './sso/oidc-client'

export type { ConsoleRole } from '../../ports/storage/index'
export type { ConsoleGrant } from './console-grant'

/** Why `console.accounts` cannot run on a storage without the optional console-accounts port. */
export const CONSOLE_ACCOUNTS_MISSING =
  'console.accounts needs storage.consoleAccounts (the console-accounts port): pass a storage that provides it, as createKyselyStorage does, or sign people in with console.authorize'

/**
 * The storage's console accounts. They are an optional port: `createCanvass` refuses `console.accounts` without
 * them, so only an admin task run on such a storage meets this error.
 */
export function accountStore(storage: Pick<Storage, 'consoleAccounts'>): ConsoleAccountStore {
  if (storage.consoleAccounts === undefined) throw new TypeError(CONSOLE_ACCOUNTS_MISSING)
  return storage.consoleAccounts
}

/** `console.accounts` as given: `true`, or its settings. */
export type ConsoleAccountsOption =
  | true
  | {
      /** @default 43200 (12 hours) */
      sessionTtlSeconds?: number
      /** How long a session may go unused; not above `sessionTtlSeconds`. @default 7200 (2 hours) */
      idleTimeoutSeconds?: number
      /** @default 86400 (24 hours) */
      linkTtlSeconds?: number
      /**
       * OpenID providers people sign in with (docs/sso.md): a "Sign in with <name>" button each.
       * @default []
       */
      sso?: ConsoleSsoProviderOption[]
      /**
       * false: no password form, and a password sign-in is refused (one-time links still sign in).
       * @default true
       */
      passwordSignIn?: boolean
    }

/** What the accounts routes need besides the context: the settings, where sign-ins are counted, the SSO client. */
export interface ConsoleAccountsWiring {
  settings: ConsoleAccountSettings
  limiter: RateLimiter
  sso: SsoClient
}

/** The settings the accounts mode runs with. */
export interface ConsoleAccountSettings {
  /** A session's absolute lifetime. */
  sessionTtlSeconds: number
  /** How long a session may go unused before it is over (at most `sessionTtlSeconds`). */
  idleTimeoutSeconds: number
  linkTtlSeconds: number
  sso: SsoProvider[]
  passwordSignIn: boolean
}

export const CONSOLE_ROLES = ['viewer', 'editor', 'owner'] as const satisfies readonly ConsoleRole[]
export const DEFAULT_SESSION_TTL_SECONDS = 12 * 60 * 60
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 2 * 60 * 60
export const DEFAULT_LINK_TTL_SECONDS = 24 * 60 * 60
/** The session cookie (HttpOnly, SameSite=Strict) and the sign-in forms' double-submit cookie, as named over http. */
const SESSION_COOKIE = 'canvass_console'
const FORM_COOKIE = 'canvass_console_form'

/** How the accounts mode's cookies are set and read for one request (`consoleCookies`). */
export interface ConsoleCookies {
  secure: boolean
  /** `<basePath>/`: the console, its pages and the API it calls. */
  path: string
  session: string
  form: string
}

/**
 * The accounts mode's cookies for `request` (docs/console-accounts.md, "Sessions and cookies"): `Secure` when
 * the client came over https (`ctx.requestProtocol`, which a trusted proxy may tell) or `publicUrl` is https.
 * A Secure cookie is named `__Host-` (it has Path `/` and no Domain), or `__Secure-` under a base path (whose
 * Path `__Host-` forbids): a browser takes a cookie of either name only from an https page, so a plain-http
 * listener on another port of the host cannot plant one. Only the name this request would set is read.
 */
export function consoleCookies(request: Request, ctx: Pick<CanvassContext, 'publicUrl' | 'basePath' | 'requestProtocol'>): ConsoleCookies {
  const secure = ctx.requestProtocol(request) === 'https:' || /^https:/i.test(ctx.publicUrl ?? '')
  const path = `${ctx.basePath}/`
  const prefix = !secure ? '' : path === '/' ? '__Host-' : '__Secure-'
  return { secure, path, session: prefix + SESSION_COOKIE, form: prefix + FORM_COOKIE }
}

const ACCOUNTS_KEYS = ['sessionTtlSeconds', 'idleTimeoutSeconds', 'linkTtlSeconds', 'sso', 'passwordSignIn']

/**
 * The settings of an `accounts` option, checked: lifetimes are whole seconds from 60 to 30 days, and the idle
 * timeout is not above the absolute one (its default is, when that is shorter); SSO as `ssoProviders` says.
 */
export function consoleAccountSettings(option: ConsoleAccountsOption): ConsoleAccountSettings {
  const given = option === true ? {} : option
  if (given === null || typeof given !== 'object') throw new TypeError('console.accounts must be true or an object of settings')
  for (const key of Object.keys(given)) {
    if (!ACCOUNTS_KEYS.includes(key))
      throw new TypeError(`console.accounts has an unknown setting "${key}" (known: ${ACCOUNTS_KEYS.join(', ')})`)
  }
  if (given.passwordSignIn !== undefined && typeof given.passwordSignIn !== 'boolean') {
    throw new TypeError('console.accounts.passwordSignIn must be true or false')
  }
  const seconds = (value: number | undefined, fallback: number, name: string) => {
    const chosen = value ?? fallback
    if (!Number.isInteger(chosen) || chosen < 60 || chosen > 30 * 24 * 60 * 60) {
      throw new TypeError(`console.accounts.${name} must be a whole number of seconds from 60 to 2592000, got ${value}`)
    }
    return chosen
  }
  const sessionTtlSeconds = seconds(given.sessionTtlSeconds, DEFAULT_SESSION_TTL_SECONDS, 'sessionTtlSeconds')
  const idleTimeoutSeconds = seconds(
    given.idleTimeoutSeconds,
    Math.min(DEFAULT_IDLE_TIMEOUT_SECONDS, sessionTtlSeconds),
    'idleTimeoutSeconds',
  )
  if (idleTimeoutSeconds > sessionTtlSeconds) {
    throw new TypeError(
      `console.accounts.idleTimeoutSeconds (${idleTimeoutSeconds}) must not be above sessionTtlSeconds (${sessionTtlSeconds})`,
    )
  }
  return {
    sessionTtlSeconds,
    idleTimeoutSeconds,
    linkTtlSeconds: seconds(given.linkTtlSeconds, DEFAULT_LINK_TTL_SECONDS, 'linkTtlSeconds'),
    sso: ssoProviders(given.sso),
    passwordSignIn: given.passwordSignIn ?? true,
  }
}

const RANK: Record<ConsoleRole, number> = { viewer: 0, editor: 1, owner: 2 }

/** Whether `role` may do what needs `needed`. */
export const roleAtLeast = (role: ConsoleRole, needed: ConsoleRole): boolean => RANK[role] >= RANK[needed]

export const isConsoleRole = (value: unknown): value is ConsoleRole => CONSOLE_ROLES.includes(value as ConsoleRole)

/** An email as people are found by: trimmed and lowercased; at most 254 characters, one `@` with text on both sides. */
export const consoleEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, 'An email has at most 254 characters'),
  v.regex(/^[^\s@]+@[^\s@]+$/, 'Must be an email address, like name@example.com'),
)

export const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 200
export const consolePasswordSchema = v.pipe(
  v.string(),
  v.minLength(MIN_PASSWORD_LENGTH, `A password has at least ${MIN_PASSWORD_LENGTH} characters`),
  v.maxLength(MAX_PASSWORD_LENGTH, `A password has at most ${MAX_PASSWORD_LENGTH} characters`),
)

/** The words a password that breaks `consolePasswordSchema` gets, or undefined for a good one. */
export function passwordProblem(password: string): string | undefined {
  const result = v.safeParse(consolePasswordSchema, password)
  return result.success ? undefined : result.issues[0].message
}

/**
 * scrypt's cost: N = 2^14, r = 8, p = 1 takes about 60 ms on a small server, slow enough to make guessing a
 * stolen hash costly and fast enough for a sign-in. Kept in each hash, so that raising it later leaves older
 * hashes readable.
 */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, dkLen: 32 } as const
/** Bounds on the parameters a stored hash may name, so that a tampered row cannot make a sign-in run for minutes. */
const MAX_LOG_N = 20

/** `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`: never the password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const hash = await scryptAsync(utf8ToBytes(password), salt, SCRYPT)
  return ['scrypt', Math.log2(SCRYPT.N), SCRYPT.r, SCRYPT.p, base64Url(salt), base64Url(hash)].join('$')
}

// A hash of nothing anyone can type, checked when no stored hash is: an unknown email costs one hash as a known one does.
let dummyHash: Promise<string> | undefined

/**
 * Whether `password` is the one `stored` was made from, compared in constant time. With `stored` null (no such
 * person, or one without a password) one hash is still computed, so that the answer's time does not tell.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? undefined : parseHash(stored)
  if (!parsed) {
    const dummy = parseHash(await (dummyHash ??= hashPassword(`\u0000${crypto.randomUUID()}`)))
    if (dummy) await scryptAsync(utf8ToBytes(password), dummy.salt, { N: dummy.N, r: dummy.r, p: dummy.p, dkLen: dummy.hash.length })
    return false
  }
  const computed = await scryptAsync(utf8ToBytes(password.slice(0, MAX_PASSWORD_LENGTH * 4)), parsed.salt, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    dkLen: parsed.hash.length,
  })
  return sameBytes(computed, parsed.hash)
}

function parseHash(stored: string): { N: number; r: number; p: number; salt: Uint8Array; hash: Uint8Array } | undefined {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > MAX_LOG_N || r < 1 || r > 32 || p < 1 || p > 4) return undefined
  const salt = fromBase64Url(parts[4] as string)
  const hash = fromBase64Url(parts[5] as string)
  if (!salt || !hash || hash.length < 16 || hash.length > 64) return undefined
  return { N: 2 ** logN, r, p, salt, hash }
}

/**
 * The account an email and password sign in, or null. One hash is computed whether or not the email is an
 * account's (or the account has a password), so the answer's time does not tell whether the email is anyone's.
 */
export async function accountOfPassword(
  storage: Pick<Storage, 'consoleAccounts'>,
  email: string | null,
  password: string,
): Promise<ConsoleAccountRecord | null> {
  const account = email === null ? null : await accountStore(storage).findAccountByEmail(email)
  const right = await verifyPassword(password, account?.passwordHash ?? null)
  return right ? account : null
}

/** Equal bytes, in time that depends on the length only. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number)
  return diff === 0
}

/** Equal texts, in time that depends on the length only. */
export const sameText = (a: string, b: string): boolean => sameBytes(utf8ToBytes(a), utf8ToBytes(b))

/** A token handed out once (session cookie, one-time link): 32 random bytes, base64url. */
export function newConsoleToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)))
}

/** What the store keeps of a token: its SHA-256, lowercase hex. */
export const consoleTokenHash = (token: string): string => bytesToHex(sha256(utf8ToBytes(token)))

/** Whether a text can be a token `newConsoleToken` made (43 base64url characters): others are refused unread. */
export const isConsoleToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token)

/** The grant of a person (a membership): their project and role, and who they are for the audit log. */
export function grantOf(person: ConsolePersonRecord): ConsoleGrant {
  return { projectId: person.projectId, role: person.role, person: { id: person.id, name: person.email } }
}

/** What a session keeps of its sign-in besides the account: how, the browser and the client address. */
export interface ConsoleSignIn {
  method: ConsoleSignInMethod
  userAgent?: string | null
  address?: string | null
}

/** The most of a `User-Agent` a session keeps. */
export const MAX_SESSION_USER_AGENT = 200

/**
 * Starts a session for an account: the token (the cookie's value, never stored), its public id and when it
 * ends. The browser's `User-Agent` is kept to 200 characters.
 */
export async function createConsoleSession(
  ctx: Pick<CanvassContext, 'storage' | 'now'>,
  account: Pick<ConsoleAccountRecord, 'id'>,
  settings: Pick<ConsoleAccountSettings, 'sessionTtlSeconds'>,
  signIn: ConsoleSignIn = { method: 'password' },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = newConsoleToken()
  const id = crypto.randomUUID()
  const createdAt = ctx.now()
  const expiresAt = new Date(createdAt.getTime() + settings.sessionTtlSeconds * 1000)
  const userAgent = signIn.userAgent?.trim().slice(0, MAX_SESSION_USER_AGENT) || null
  await accountStore(ctx.storage).insertSession({
    hash: consoleTokenHash(token),
    id,
    accountId: account.id,
    createdAt,
    expiresAt,
    lastSeenAt: createdAt,
    userAgent,
    address: signIn.address ?? null,
    method: signIn.method,
  })
  return { token, id, expiresAt }
}

/** How often a session's `lastSeenAt` is written at most: once a minute. */
export const SESSION_TOUCH_MS = 60_000

/** The moment before which a session's last use makes it idle at `now`. */
export const idleCutoff = (now: Date, settings: Pick<ConsoleAccountSettings, 'idleTimeoutSeconds'>): Date =>
  new Date(now.getTime() - settings.idleTimeoutSeconds * 1000)

/**
 * The live session of a token and its account, or null (unknown, malformed, past its absolute end, or unused
 * for longer than the idle timeout). A use writes `lastSeenAt` when the stored one is a minute old or more:
 * one conditional statement, so requests in the same minute write once.
 */
export async function readConsoleSession(
  ctx: Pick<CanvassContext, 'storage' | 'now'>,
  token: string | undefined,
  settings: Pick<ConsoleAccountSettings, 'idleTimeoutSeconds'> = { idleTimeoutSeconds: DEFAULT_IDLE_TIMEOUT_SECONDS },
): Promise<{ session: ConsoleSessionRecord; account: ConsoleAccountRecord } | null> {
  if (token === undefined || !isConsoleToken(token)) return null
  const store = accountStore(ctx.storage)
  const now = ctx.now()
  const found = await store.findSession(consoleTokenHash(token), now)
  if (!found || found.session.lastSeenAt.getTime() <= idleCutoff(now, settings).getTime()) return null
  if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    await store.touchSession(found.session.hash, now, new Date(now.getTime() - SESSION_TOUCH_MS))
  }
  return found
}

/** A one-time link: for an account (`accountId`), or a first-owner link of a project (`accountId` null). */
export async function createConsoleLink(
  storage: Pick<Storage, 'consoleAccounts'>,
  now: Date,
  link: Pick<ConsoleLinkRecord, 'projectId' | 'accountId'> & { mailed?: boolean },
  settings: ConsoleAccountSettings,
): Promise<{ path: string; token: string; expiresAt: Date }> {
  const token = newConsoleToken()
  const expiresAt = new Date(now.getTime() + settings.linkTtlSeconds * 1000)
  const record = { ...link, mailed: link.mailed ?? false, hash: consoleTokenHash(token), createdAt: now, expiresAt, usedAt: null }
  await accountStore(storage).insertLink(record)
  return { path: `/console/link/${token}`, token, expiresAt }
}

/**
 * A person to add (`ConsoleAccountStore.addPerson`): a membership `id` of `projectId`, with the account made
 * (id `accountId`) when the email has none; `password` is hashed here and never kept.
 */
export async function newConsolePerson(
  ids: { id: string; accountId: string },
  now: Date,
  person: { projectId: string; email: string; role: ConsoleRole; password?: string | undefined },
): Promise<NewConsolePerson> {
  const passwordHash = person.password === undefined ? null : await hashPassword(person.password)
  return {
    id: ids.id,
    projectId: person.projectId,
    role: person.role,
    createdAt: now,
    account: { id: ids.accountId, email: person.email, passwordHash, createdAt: now, updatedAt: now },
  }
}

/** What routes and lists show of a person: never the hash, only whether there is a password. */
export function personOutput(person: ConsolePersonRecord) {
  return {
    id: person.id,
    email: person.email,
    role: person.role,
    hasPassword: person.passwordHash !== null,
    createdAt: person.createdAt.toISOString(),
    updatedAt: person.updatedAt.toISOString(),
  }
}

/** The value of a request's cookie, or undefined (the first one of that name, as browsers send the most specific first). */
export function cookieOf(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header || header.length > 16_384) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/**
 * Who the request's session cookie (`canvass_console`, or its `__Host-`/`__Secure-` name on https:
 * `consoleCookies`) signs in: its account's grants, one per membership, oldest first, bound to the account;
 * null when it has none, or one that is unknown or expired, or an account of no project. The memberships are
 * read at every request, so a change of role or a removal takes effect at once.
 */
export function consoleAccountsAccess(
  ctx: Pick<CanvassContext, 'storage' | 'now' | 'publicUrl' | 'basePath' | 'requestProtocol'>,
  settings?: Pick<ConsoleAccountSettings, 'idleTimeoutSeconds'>,
): (request: Request) => Promise<ConsoleAccess | null> {
  return async (request) => {
    const account = (await readConsoleSession(ctx, cookieOf(request, consoleCookies(request, ctx).session), settings))?.account
    if (!account) return null
    const grants = (await accountStore(ctx.storage).listMemberships(account.id)).map(grantOf)
    return grants.length === 0 ? null : { grants, subject: `account\n${account.id}` }
  }
}

/**
 * `authorize` of the accounts mode, as `console.authorize` answers: the grants of the request's session (one
 * per project the account belongs to, oldest first), or null.
 */
export function consoleAccountsAuthorize(
  ctx: Pick<CanvassContext, 'storage' | 'now' | 'publicUrl' | 'basePath' | 'requestProtocol'>,
  settings?: Pick<ConsoleAccountSettings, 'idleTimeoutSeconds'>,
): (request: Request) => Promise<ConsoleGrant[] | null> {
  const access = consoleAccountsAccess(ctx, settings)
  return async (request) => (await access(request))?.grants ?? null
}

/**
 * `CanvassContext.consolePerson` of the accounts mode: a person's role now and their email (the audit log's
 * name), read from the store at every use of an editor token they minted; null once they are removed, or when
 * the id is no person of that project.
 */
export function consoleAccountsPerson(
  ctx: Pick<CanvassContext, 'storage'>,
): (person: { projectId: string; id: string }) => Promise<{ role: ConsoleRole; name: string } | null> {
  return async ({ projectId, id }) => {
    const found = await accountStore(ctx.storage).getPerson(id)
    return found && found.projectId === projectId ? { role: found.role, name: found.email } : null
  }
}

/** Sign-in attempts per client address and per email, in fixed windows of 15 minutes. */
export const SIGN_IN_LIMITS = {
  address: { limit: 30, windowMs: 15 * 60_000 },
  email: { limit: 10, windowMs: 15 * 60_000 },
} as const

/**
 * Counts a sign-in attempt, per client address and per email, in the rate limiter (shared by instances when it
 * is): past either limit the attempt is refused before any password is checked, with the seconds to wait.
 */
export async function countSignIn(
  limiter: RateLimiter,
  address: string,
  email: string,
  now: Date,
): Promise<{ retryAfterSeconds: number } | null> {
  const checks = [
    { key: `console-sign-in:a:${address.length > 64 ? '~' : address}`, windowMs: SIGN_IN_LIMITS.address.windowMs },
    // Hashed: any text a client sends becomes a key of fixed length.
    { key: `console-sign-in:e:${consoleTokenHash(email)}`, windowMs: SIGN_IN_LIMITS.email.windowMs },
  ]
  const [byAddress, byEmail] = await limiter.hit(checks, now)
  if (!byAddress || !byEmail) throw new Error('the rate limiter answered fewer counts than it was asked for')
  const over = [
    byAddress.count > SIGN_IN_LIMITS.address.limit ? byAddress : undefined,
    byEmail.count > SIGN_IN_LIMITS.email.limit ? byEmail : undefined,
  ].filter((count) => count !== undefined)
  if (over.length === 0) return null
  const resetAt = Math.max(...over.map((count) => count.resetAt.getTime()))
  return { retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) }
}

/** The project a person or link is made in when none is named: the only one, else a clear error. */
export async function onlyProjectId(storage: Pick<Storage, 'projects'>, given: string | undefined): Promise<string> {
  const projects = await storage.projects.list()
  if (given !== undefined) {
    if (!projects.some((project) => project.projectId === given)) throw new CanvassError('not_found', `Project ${given} does not exist`)
    return given
  }
  if (projects.length === 1) return (projects[0] as (typeof projects)[number]).projectId
  throw new CanvassError(
    'bad_request',
    projects.length === 0 ? 'There is no project yet: create one first' : 'There are several projects: name one with projectId',
  )
}

function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}
