import type { CanvassOptions, ConsoleOptions } from './canvass-options'
import type { Logger } from './context'
import { DEFAULT_AUDIT_LOG_RETENTION_DAYS } from './domain/console/audit-log'
import type { ConsoleAccountSettings } from './domain/console/console-accounts'
import { CONSOLE_ACCOUNTS_MISSING, consoleAccountSettings } from './domain/console/console-accounts'
import type { ConsoleAccountsWiring } from './domain/console/console-accounts'
import type { ConsoleWiring } from './routes/console'
import { assertWidgetBundles } from './routes/widget'
import { BLOB_DELETIONS_MISSING, RETENTION_MISSING } from './domain/optional-ports/upkeep-ports'
import type { BackgroundOptions } from './workers/background-work'
import { checkHookSettings } from './domain/optional-ports/hooks-ports'
import { createMemoryRateLimiter } from './rate-limit/create-memory-rate-limiter'
import { createSsoClient } from './domain/console/sso/oidc-client'
import type { ProxyMatcher } from './http/trusted-proxies'
import type { MailSettings } from './mail/mail-options'
import { mailSettings } from './mail/mail-options'
import { trustedProxies } from './http/trusted-proxies'

/** `CanvassOptions` checked, with their defaults: what the parts of an instance are made from. */
export interface CanvassSettings {
  basePath: string
  /** The proxies of `trustProxy`, whose forwarded protocol is believed. */
  proxies: ProxyMatcher | undefined
  logger: Logger
  /** How long the audit log keeps entries, in days; null keeps them all. */
  auditLogRetentionDays: number | null
  allowPrivateAddresses: boolean
  stalledAfterMs: number
  /** The background work's parts, or false when another process does it. */
  background: BackgroundOptions | false
  /** The header PIN attempts read the client's address from, lowercased. */
  pinAddressHeader: string | undefined
  /** The header the rate limits read the client's address from, lowercased. */
  addressHeader: string | undefined
  /** The console page's wiring, when `console` is given. */
  consolePage: ConsoleWiring | undefined
  /** The accounts mode's lifetimes, and where its sign-ins are counted, when `console.accounts` is given. */
  consoleAccounts: ConsoleAccountsWiring | undefined
  /** How mail is sent, when `mail` is given. */
  mail: MailSettings | undefined
}

/** `options` checked (a TypeError names the first one that is wrong) and given their defaults. */
export function canvassSettings(options: CanvassOptions): CanvassSettings {
  const basePath = normaliseBasePath(options.basePath ?? '')
  const proxies = options.trustProxy === undefined ? undefined : trustedProxies(options.trustProxy)
  const auditLogRetentionDays = retentionDaysOf(options.auditLog)
  const stalledAfterMs = options.webhooks?.stalledAfterMs ?? 300_000
  if (!(stalledAfterMs > 0)) throw new TypeError(`webhooks.stalledAfterMs must be a positive number, got ${stalledAfterMs}`)
  if (options.widget) assertWidgetBundles(options.widget)
  if (options.editor !== undefined && typeof options.editor !== 'string') {
    throw new TypeError('editor needs the bundle as text: pass the source of the editor bundle (@canvass/editor)')
  }
  const consoleAccounts = consoleAccountsOf(options)
  // The accounts mode's mails carry links made from `publicUrl` alone, never from a request's `Host`.
  if (consoleAccounts && options.mail !== undefined && !options.publicUrl) {
    throw new TypeError('mail with console.accounts needs publicUrl: invitations and sign-in links in mails point to it')
  }
  const background = options.background
  checkHookSettings(options.storage, background)
  assertUpkeepGroups(options)
  return {
    basePath,
    proxies,
    logger: options.logger ?? console,
    auditLogRetentionDays,
    allowPrivateAddresses: options.webhooks?.allowPrivateAddresses ?? false,
    stalledAfterMs,
    background: background === false ? false : background === true || background === undefined ? {} : background,
    pinAddressHeader: (options.pinAttempts?.clientAddressHeader ?? options.rateLimits?.clientAddressHeader)?.toLowerCase(),
    addressHeader: options.rateLimits?.clientAddressHeader?.toLowerCase(),
    consolePage: options.console && consoleWiring(options),
    consoleAccounts,
    mail: mailSettings(options.mail, options.storage, options.rateLimits?.limiter),
  }
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '')
  if (trimmed && !trimmed.startsWith('/')) throw new TypeError('basePath must start with "/", e.g. "/feedback"')
  return trimmed
}

function retentionDaysOf(options: CanvassOptions['auditLog']): number | null {
  const days = options?.retentionDays
  if (days === undefined) return DEFAULT_AUDIT_LOG_RETENTION_DAYS
  if (days !== null && (!Number.isInteger(days) || days < 1)) {
    throw new TypeError(`auditLog.retentionDays must be a whole number of days from 1, or null, got ${days}`)
  }
  return days
}

/** The console's page wiring when `console` is given, checked. */
function consoleWiring(options: CanvassOptions): ConsoleWiring {
  const given = options.console as ConsoleOptions
  if (typeof given.bundle !== 'string') {
    throw new TypeError('console needs the bundle as text: pass readConsoleBundle() of @canvass/console')
  }
  if (given.accounts === undefined && given.authorize === undefined) throw new TypeError('console takes authorize or accounts')
  if (given.signInUrl !== undefined && (typeof given.signInUrl !== 'string' || !/^(\/(?!\/)|https?:\/\/)/.test(given.signInUrl))) {
    throw new TypeError('console.signInUrl must be a path starting with / or an http(s) URL')
  }
  if (given.roleOf !== undefined && typeof given.roleOf !== 'function') throw new TypeError('console.roleOf must be a function')
  // Canvass's own people answer their roles themselves.
  if (given.roleOf !== undefined && given.accounts !== undefined) throw new TypeError('console.roleOf goes with authorize, not accounts')
  return { bundle: given.bundle, signInUrl: given.signInUrl, accounts: given.accounts !== undefined, editor: options.editor !== undefined }
}

/** The accounts mode's wiring when `console.accounts` is given, checked; its sign-ins counted in the rate limits' limiter. */
function consoleAccountsOf(options: CanvassOptions): ConsoleAccountsWiring | undefined {
  const accounts = options.console?.accounts
  if (accounts === undefined) return undefined
  if (options.console?.authorize) throw new TypeError('console takes either authorize or accounts, not both')
  if (options.storage.consoleAccounts === undefined) throw new TypeError(CONSOLE_ACCOUNTS_MISSING)
  const settings: ConsoleAccountSettings = consoleAccountSettings(accounts)
  return { settings, limiter: options.rateLimits?.limiter ?? createMemoryRateLimiter(), sso: createSsoClient() }
}

/**
 * Settings given for a worker the storage cannot run (`background.retention` or `background.blobJanitor` as an
 * object) are refused: left to their defaults, the worker is only not started, and the background work says so.
 */
function assertUpkeepGroups(options: CanvassOptions): void {
  const background = typeof options.background === 'object' ? options.background : undefined
  if (typeof background?.retention === 'object' && options.storage.retention === undefined) {
    throw new TypeError(`background.retention is given, but ${RETENTION_MISSING}`)
  }
  if (typeof background?.blobJanitor === 'object' && options.storage.blobDeletions === undefined) {
    throw new TypeError(`background.blobJanitor is given, but ${BLOB_DELETIONS_MISSING}`)
  }
}
