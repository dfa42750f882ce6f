import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { DEFAULT_AUDIT_LOG_RETENTION_DAYS, parseMailFrom } from '@canvass/core'
import type { RateLimitOptions } from '@canvass/core'
import { readBooleanSetting } from './boolean-setting'
import { parseRateLimits } from './rate-limits'
import { readTelemetrySettings } from './telemetry-settings'
import type { TelemetrySettings } from './telemetry-settings'

/** The standalone server's settings, all from environment variables (docs/configuration.md). */
export interface StandaloneConfig {
  port: number
  host: string
  /** A Postgres server; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined
  /**
   * `DATABASE_READ_URL` (comma-separated): streaming replicas of `databaseUrl` for the reads that tolerate a little
   * lag (docs/replicas.md); empty when unset.
   */
  readDatabaseUrls: string[]
  /** `DATABASE_READ_MAX_LAG_MS`: a replica further behind than this is skipped (default 10 000). */
  readMaxLagMs: number
  /** `DATABASE_POOL_SIZE`: the most connections this process opens to the Postgres server, and to each replica (default 20). */
  databasePoolSize: number
  /**
   * `DATABASE_PGBOUNCER=on`: `DATABASE_URL` (and each `DATABASE_READ_URL`) is PgBouncer in transaction mode
   * (docs/deploying.md, "Behind PgBouncer"). Default off.
   */
  databasePgbouncer: boolean
  /**
   * `CANVASS_DRAIN_SECONDS`: on SIGTERM, how long the server goes on serving with `/health/ready` at 503 before it
   * stops, so that a load balancer routes elsewhere first (default 5; 0 stops at once).
   */
  drainSeconds: number
  dataDir: string
  publicUrl: string | undefined
  /** Hosts whose request URL may be used for absolute `Link` headers when `publicUrl` is unset. */
  allowedHosts: string[]
  /**
   * `TRUST_PROXY` (comma-separated): addresses and CIDRs of the proxies whose `X-Forwarded-Proto` and `Forwarded`
   * are believed, and `loopback`; empty when unset (checked by `checkConfig`).
   */
  trustProxy: string[]
  initApiKey: string | undefined
  initDevApiKey: string | undefined
  secret: string | undefined
  /** `CANVASS_EDITOR_TOKEN_SECRET`: signs editor tokens alone, so that changing it revokes them and nothing else. */
  editorTokenSecret: string | undefined
  /** `CANVASS_RATE_LIMITS`: undefined when off. */
  rateLimits: Omit<RateLimitOptions, 'limiter' | 'clientAddressHeader'> | undefined
  /**
   * `CANVASS_RATE_LIMIT_STORE`: `postgres` shares counters through the database (several instances),
   * `memory` keeps them in this process. Default: `postgres` with `DATABASE_URL`, else `memory`.
   */
  rateLimitStore: 'memory' | 'postgres'
  /** `CANVASS_CLIENT_ADDRESS_HEADER`: the header a trusted proxy sets to the client's address. */
  clientAddressHeader: string | undefined
  /** `CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS=1` (or another spelling of on, `readBooleanSetting`): webhooks may target loopback and private addresses (development, tests). */
  allowPrivateWebhookUrls: boolean
  /** `CANVASS_WEBHOOK_RETRY_SCHEDULE_MS` (comma-separated milliseconds): a shorter retry schedule, for tests. */
  webhookRetryScheduleMs: number[] | undefined
  /** `CANVASS_WEBHOOK_LEASE_MS`: how long a claimed delivery waits before another claim may take it (tests shorten it). */
  webhookLeaseMs: number | undefined
  /**
   * `CANVASS_BACKGROUND=off`: this process does none of the background work (webhooks, retention, the blob
   * janitor, the audit-log purge); a `canvass worker` on the same database does.
   */
  runBackground: boolean
  /** `CANVASS_WEBHOOK_DISPATCHER=off`: this process writes deliveries but another one sends them. */
  runWebhookDispatcher: boolean
  /** `CANVASS_BLOB_JANITOR=off`: this process records blob deletions but another one carries them out. */
  runBlobJanitor: boolean
  /** `CANVASS_BLOB_JANITOR_LEASE_MS`: how long a claimed blob deletion waits before another claim may take it (tests shorten it). */
  blobJanitorLeaseMs: number | undefined
  /** `CANVASS_BLOB_JANITOR_INTERVAL_MS`: how often the blob janitor looks for work written elsewhere (tests shorten it). */
  blobJanitorIntervalMs: number | undefined
  /** `CANVASS_AUDIT_LOG_RETENTION_DAYS`: days audit entries are kept (default 365); null (`off`) keeps them. */
  auditLogRetentionDays: number | null
  /** `CANVASS_RETENTION=off`: this process deletes no expired responses (another instance, or nobody, does). */
  runRetention: boolean
  /** `CANVASS_RETENTION_INTERVAL_MS`: milliseconds between the retention worker's runs (default an hour). */
  retentionIntervalMs: number | undefined
  /** `CANVASS_PGLITE_SETTINGS` (`name=value,…`): Postgres settings of the embedded database over Canvass's. */
  pgliteSettings: Record<string, string>
  /** `CANVASS_PGLITE_OPTIMIZE=1`: V8 optimizes the embedded database's WebAssembly (faster queries, ~90 MB more memory). */
  pgliteOptimize: boolean
  /** `CANVASS_METRICS_PORT`: a listener of its own that serves only `/metrics`; undefined when unset. */
  metricsPort: number | undefined
  /** `CANVASS_METRICS_HOST`: the address that listener binds (default 127.0.0.1: this machine only). */
  metricsHost: string
  /** `CANVASS_METRICS_TOKEN`: `/metrics` on the main port too, to `Authorization: Bearer <token>` only (and on the metrics port). */
  metricsToken: string | undefined
  /** `CANVASS_LOG=json`: a JSON line per request at info, and errors and warnings as JSON lines; `text` (default): errors and warnings as text. */
  log: 'text' | 'json'
  /** `CANVASS_CONSOLE=off`: no `/console` and no sign-in pages; on (default): the console with Canvass's own people. */
  console: boolean
  /**
   * `SMTP_URL` (`smtp://` or `smtps://`, credentials in the URL): the server mails go through (docs/mail.md);
   * undefined when unset: nothing is sent, and links are shown as without mail.
   */
  smtpUrl: string | undefined
  /** `MAIL_FROM`: the sender of every mail (`canvass@example.com` or `Canvass <canvass@example.com>`); required with `SMTP_URL`. */
  mailFrom: string | undefined
  /**
   * `CANVASS_CONSOLE_SSO` (JSON) or `CANVASS_CONSOLE_SSO_FILE` (a JSON file's path): the OpenID providers of the
   * console's single sign-on (docs/sso.md), as `console.accounts.sso` takes them; empty when unset.
   */
  consoleSso: unknown[]
  /** `CANVASS_CONSOLE_PASSWORD_SIGN_IN=off`: no password sign-in (single sign-on and one-time links only). */
  consolePasswordSignIn: boolean
  /** `CONSOLE_SESSION_TTL`: seconds a console session lasts at most (default 12 h); undefined when unset. */
  consoleSessionTtlSeconds: number | undefined
  /** `CONSOLE_IDLE_TIMEOUT`: seconds a console session may go unused (default 2 h); undefined when unset. */
  consoleIdleTimeoutSeconds: number | undefined
  /**
   * What the standard `OTEL_*` variables ask OpenTelemetry to export (docs/deploying.md, "OpenTelemetry");
   * undefined when they ask for nothing, and then no SDK is loaded.
   */
  telemetry: TelemetrySettings | undefined
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StandaloneConfig {
  const config = readSettings(env)
  // The console's mails carry links to this server, made from PUBLIC_URL only (never from a request's Host).
  if (config.smtpUrl && config.console && !config.publicUrl) {
    throw new Error(
      'PUBLIC_URL is needed with SMTP_URL while the console is on: invitations and sign-in links in mails point to it, e.g. PUBLIC_URL=https://feedback.example.com',
    )
  }
  return config
}

function readSettings(env: NodeJS.ProcessEnv): StandaloneConfig {
  // `pnpm start` runs in this package's folder; relative paths are meant from where the user typed it.
  const base = env.INIT_CWD ?? process.cwd()
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    readDatabaseUrls: readDatabaseUrls(env.DATABASE_READ_URL),
    readMaxLagMs: readMaxLagMs(env.DATABASE_READ_MAX_LAG_MS),
    databasePoolSize: readWholeNumber('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, { min: 1, max: 1000, unit: 'connections' }) ?? 20,
    databasePgbouncer: readBooleanSetting('DATABASE_PGBOUNCER', env.DATABASE_PGBOUNCER, false),
    drainSeconds: readWholeNumber('CANVASS_DRAIN_SECONDS', env.CANVASS_DRAIN_SECONDS, { min: 0, max: 600, unit: 'seconds' }) ?? 5,
    dataDir: resolve(base, env.DATA_DIR ?? '.canvass'),
    publicUrl: env.PUBLIC_URL || undefined,
    allowedHosts: (env.CANVASS_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    trustProxy: listOf(env.TRUST_PROXY),
    initApiKey: env.CANVASS_INIT_API_KEY || undefined,
    initDevApiKey: env.CANVASS_INIT_DEV_API_KEY || undefined,
    secret: env.CANVASS_SECRET || undefined,
    editorTokenSecret: env.CANVASS_EDITOR_TOKEN_SECRET || undefined,
    rateLimits: parseRateLimits(env.CANVASS_RATE_LIMITS),
    rateLimitStore: readRateLimitStore(env.CANVASS_RATE_LIMIT_STORE, Boolean(env.DATABASE_URL)),
    clientAddressHeader: env.CANVASS_CLIENT_ADDRESS_HEADER || undefined,
    allowPrivateWebhookUrls: readBooleanSetting('CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS', env.CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS, false),
    webhookRetryScheduleMs: readSchedule(env.CANVASS_WEBHOOK_RETRY_SCHEDULE_MS),
    runBackground: readBooleanSetting('CANVASS_BACKGROUND', env.CANVASS_BACKGROUND, true),
    runWebhookDispatcher: readBooleanSetting('CANVASS_WEBHOOK_DISPATCHER', env.CANVASS_WEBHOOK_DISPATCHER, true),
    runRetention: readBooleanSetting('CANVASS_RETENTION', env.CANVASS_RETENTION, true),
    retentionIntervalMs: readInterval('CANVASS_RETENTION_INTERVAL_MS', env.CANVASS_RETENTION_INTERVAL_MS),
    webhookLeaseMs: env.CANVASS_WEBHOOK_LEASE_MS ? readSchedule(env.CANVASS_WEBHOOK_LEASE_MS)?.[0] : undefined,
    runBlobJanitor: readBooleanSetting('CANVASS_BLOB_JANITOR', env.CANVASS_BLOB_JANITOR, true),
    blobJanitorLeaseMs: readPositiveInteger('CANVASS_BLOB_JANITOR_LEASE_MS', env.CANVASS_BLOB_JANITOR_LEASE_MS),
    blobJanitorIntervalMs: readPositiveInteger('CANVASS_BLOB_JANITOR_INTERVAL_MS', env.CANVASS_BLOB_JANITOR_INTERVAL_MS),
    auditLogRetentionDays: readRetentionDays(env.CANVASS_AUDIT_LOG_RETENTION_DAYS),
    pgliteSettings: readPgliteSettings(env.CANVASS_PGLITE_SETTINGS),
    pgliteOptimize: readBooleanSetting('CANVASS_PGLITE_OPTIMIZE', env.CANVASS_PGLITE_OPTIMIZE, false),
    metricsPort: readMetricsPort(env.CANVASS_METRICS_PORT),
    metricsHost: env.CANVASS_METRICS_HOST || '127.0.0.1',
    metricsToken: env.CANVASS_METRICS_TOKEN || undefined,
    log: env.CANVASS_LOG === 'json' ? 'json' : 'text',
    console: readBooleanSetting('CANVASS_CONSOLE', env.CANVASS_CONSOLE, true),
    ...readMailSettings(env.SMTP_URL, env.MAIL_FROM),
    consoleSso: readConsoleSso(env.CANVASS_CONSOLE_SSO, env.CANVASS_CONSOLE_SSO_FILE && resolve(base, env.CANVASS_CONSOLE_SSO_FILE)),
    consolePasswordSignIn: readBooleanSetting('CANVASS_CONSOLE_PASSWORD_SIGN_IN', env.CANVASS_CONSOLE_PASSWORD_SIGN_IN, true),
    consoleSessionTtlSeconds: readConsoleSeconds('CONSOLE_SESSION_TTL', env.CONSOLE_SESSION_TTL),
    consoleIdleTimeoutSeconds: readConsoleSeconds('CONSOLE_IDLE_TIMEOUT', env.CONSOLE_IDLE_TIMEOUT),
    telemetry: readTelemetrySettings(env),
  }
}

/** `SMTP_URL` and `MAIL_FROM`, checked; an error never repeats the URL's password. */
function readMailSettings(
  url: string | undefined,
  from: string | undefined,
): { smtpUrl: string | undefined; mailFrom: string | undefined } {
  if (!url) {
    if (from) parseMailFrom(from, 'MAIL_FROM')
    return { smtpUrl: undefined, mailFrom: from || undefined }
  }
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || parsed.hostname === '') {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@smtp.example.com:465')
  }
  if (!from) throw new Error('MAIL_FROM is needed with SMTP_URL: the address mails are sent from, e.g. "Canvass <canvass@example.com>"')
  parseMailFrom(from, 'MAIL_FROM')
  return { smtpUrl: url, mailFrom: from }
}

/**
 * The providers of `CANVASS_CONSOLE_SSO` (JSON) or of the JSON file `CANVASS_CONSOLE_SSO_FILE` names (where a
 * client secret is kept out of the environment): an array, or one provider. Core checks each at start.
 */
function readConsoleSso(json: string | undefined, file: string | undefined): unknown[] {
  if (json && file) throw new Error('Set CANVASS_CONSOLE_SSO or CANVASS_CONSOLE_SSO_FILE, not both')
  const name = file ? 'CANVASS_CONSOLE_SSO_FILE' : 'CANVASS_CONSOLE_SSO'
  let text = json
  if (file) {
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      throw new Error(`CANVASS_CONSOLE_SSO_FILE: ${file} cannot be read (${(error as Error).message})`)
    }
  }
  if (!text) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new Error(
      `${name} must be JSON: an array of providers, e.g. [{"id":"keycloak","name":"Keycloak","issuer":"https://…","clientId":"…","clientSecret":"…"}] (${(error as Error).message})`,
    )
  }
  return Array.isArray(parsed) ? parsed : [parsed]
}

/** A console lifetime in whole seconds, 60 to 2592000 (30 days); undefined when unset or empty. */
function readConsoleSeconds(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (!/^\d{1,7}$/.test(value.trim()) || seconds < 60 || seconds > 2_592_000) {
    throw new Error(`${name} must be a whole number of seconds from 60 to 2592000 (30 days), got "${value}"`)
  }
  return seconds
}

/** The default of `DATABASE_READ_MAX_LAG_MS`. */
export const DEFAULT_READ_MAX_LAG_MS = 10_000

function readDatabaseUrls(value: string | undefined): string[] {
  return listOf(value)
}

/** A comma-separated setting's entries, trimmed, empty ones left out. */
export function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

function readMaxLagMs(value: string | undefined): number {
  if (!value) return DEFAULT_READ_MAX_LAG_MS
  const ms = Number(value)
  if (!/^\d{1,8}$/.test(value.trim()) || ms > 3_600_000) {
    throw new Error(`DATABASE_READ_MAX_LAG_MS must be milliseconds from 0 to 3600000 (an hour), got "${value}"`)
  }
  return ms
}

function readRetentionDays(value: string | undefined): number | null {
  if (!value) return DEFAULT_AUDIT_LOG_RETENTION_DAYS
  if (value === 'off') return null
  const days = Number(value)
  if (!/^\d{1,5}$/.test(value) || days < 1 || days > 36_500) {
    throw new Error(`CANVASS_AUDIT_LOG_RETENTION_DAYS must be a number of days from 1 to 36500, or "off", got "${value}"`)
  }
  return days
}

function readMetricsPort(value: string | undefined): number | undefined {
  if (!value) return undefined
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`CANVASS_METRICS_PORT must be a port number, got "${value}"`)
  return port
}

/** `shared_buffers=64MB,work_mem=8MB`: names and values as Postgres writes them, nothing it could read as more. */
function readPgliteSettings(value: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {}
  for (const item of (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=([A-Za-z0-9._-]+)$/.exec(item)
    if (!match)
      throw new Error(`CANVASS_PGLITE_SETTINGS must be name=value pairs separated by commas (e.g. shared_buffers=64MB), got "${item}"`)
    settings[match[1] as string] = match[2] as string
  }
  return settings
}

function readRateLimitStore(value: string | undefined, hasServer: boolean): 'memory' | 'postgres' {
  if (!value) return hasServer ? 'postgres' : 'memory'
  if (value === 'memory' || value === 'postgres') return value
  throw new Error(`CANVASS_RATE_LIMIT_STORE must be "memory" or "postgres", got "${value}"`)
}

function readSchedule(value: string | undefined): number[] | undefined {
  if (!value) return undefined
  const steps = value.split(',').map((step) => Number(step.trim()))
  if (steps.some((step) => !Number.isInteger(step) || step < 0)) {
    throw new Error(`CANVASS_WEBHOOK_RETRY_SCHEDULE_MS must be comma-separated milliseconds, got "${value}"`)
  }
  return steps
}

function readPositiveInteger(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, got "${value}"`)
  return number
}

/** A whole number of milliseconds from one second to a week. */
function readInterval(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms < 1000 || ms > 604_800_000) {
    throw new Error(`${name} must be milliseconds from 1000 to 604800000 (a week), got "${value}"`)
  }
  return ms
}

/** A whole number from `min` to `max`; undefined when unset or empty. */
function readWholeNumber(name: string, value: string | undefined, range: { min: number; max: number; unit: string }): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  if (!/^\d+$/.test(value.trim()) || Number(value) < range.min || Number(value) > range.max) {
    throw new Error(`${name} must be a whole number of ${range.unit} from ${range.min} to ${range.max}, got ${JSON.stringify(value)}`)
  }
  return Number(value)
}
