import type { BlobStore, CanvassOptions, ConsoleAccountsOption, ConsoleSsoProviderOption, MailTransport, Storage } from '@canvass/core'
import { createPostgresRateLimiter } from '@canvass/storage-kysely'
import type { Kysely } from 'kysely'
import { backgroundOptions } from './background'
import { uploadMaxBytes } from './blob-store'
import type { StandaloneConfig } from './config'
import type { Metrics } from './metrics'
import { CONSOLE_BUNDLE_MISSING } from './console-bundle'

/** What the standalone server has opened before it makes its Canvass. */
export interface ServerParts {
  /** The database (`openDatabase`): the rate limiter's counters live there with `CANVASS_RATE_LIMIT_STORE=postgres`. */
  db: Kysely<unknown>
  /** `createKyselyStorage({ db })`, which the caller keeps for its own answers (`/health`). */
  storage: Storage
  secret: string
  blobStore: BlobStore
  /** The Node server's metrics, which hear the background work; none on Deno. */
  metrics?: Pick<Metrics, 'attempt' | 'blobJanitorRun' | 'retention'>
  /** The console's bundle (`readConsoleBundle()` of `@canvass/console`); without it, `/js/console.js` says it is missing. */
  consoleBundle?: string
  /** What sends mail, made from `SMTP_URL` by the host (`createSmtpMailTransport` on Node); none: no mail is sent. */
  mailTransport?: MailTransport
}

/**
 * The `createCanvass` options the standalone server's settings give (docs/configuration.md), the same for the
 * Node server (`start.ts`) and the Deno example (`examples/deno`, which bundles this file). Each adds what is
 * its own: the widget's bundles, the API reference, a logger and the `observe` hooks. One limiter counts the
 * rate limits and the PIN attempts, which count even when the rate limits are off: in the database with
 * `CANVASS_RATE_LIMIT_STORE=postgres`, else core's in memory.
 */
export function serverCanvassOptions(
  config: StandaloneConfig,
  { db, storage, secret, blobStore, metrics, consoleBundle, mailTransport }: ServerParts,
): CanvassOptions {
  const limiter = config.rateLimitStore === 'postgres' ? createPostgresRateLimiter({ db }) : undefined
  const counting = {
    ...(limiter ? { limiter } : {}),
    ...(config.clientAddressHeader ? { clientAddressHeader: config.clientAddressHeader } : {}),
  }
  const rateLimits = config.rateLimits && { ...config.rateLimits, ...counting }
  return {
    storage,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    trustProxy: config.trustProxy,
    blobStore,
    secret,
    ...(config.editorTokenSecret ? { editorTokenSecret: config.editorTokenSecret } : {}),
    uploads: { maxBytes: uploadMaxBytes(process.env) },
    ...(rateLimits ? { rateLimits } : {}),
    pinAttempts: counting,
    webhooks: { allowPrivateAddresses: config.allowPrivateWebhookUrls },
    auditLog: { retentionDays: config.auditLogRetentionDays },
    // Canvass's own background work, started and stopped with the server (`serve`), as the settings shape it.
    background: backgroundOptions(config, metrics),
    // The console with Canvass's own people (docs/console-accounts.md), unless CANVASS_CONSOLE=off. Its cookies are
    // `Secure` when the request (as a proxy of TRUST_PROXY may tell) or PUBLIC_URL is https, which core decides
    // from `publicUrl` and `trustProxy` above; `consoleCookiesLine` says at start when they cannot be.
    // Mail through SMTP_URL from MAIL_FROM (docs/mail.md), counted per address in the rate limits' limiter.
    ...(mailTransport && config.mailFrom
      ? { mail: { transport: mailTransport, from: config.mailFrom, ...(limiter ? { limiter } : {}) } }
      : {}),
    ...(config.console ? { console: { accounts: consoleAccountsOf(config), bundle: consoleBundle ?? CONSOLE_BUNDLE_MISSING } } : {}),
  }
}

/**
 * The line a start prints when the console's cookies cannot be `Secure` (docs/deploying.md, "Behind a proxy"):
 * the console is on, `PUBLIC_URL` is not https and no proxy is trusted, so no request can be known to have come
 * over https (the Node server itself speaks plain http). Undefined when that does not hold.
 */
export function consoleCookiesLine(config: StandaloneConfig): string | undefined {
  if (!config.console || /^https:/i.test(config.publicUrl ?? '') || config.trustProxy.length > 0) return undefined
  return (
    "The console's cookies are not Secure: PUBLIC_URL is not https and TRUST_PROXY is unset, so no request is known to come over https. " +
    'Behind a proxy that ends TLS, set TRUST_PROXY to its address (or PUBLIC_URL to the https address people open)'
  )
}

/**
 * `console.accounts` of the settings, or `true` for the defaults: the session lifetimes (`CONSOLE_SESSION_TTL`,
 * `CONSOLE_IDLE_TIMEOUT`), single sign-on (docs/sso.md) and password sign-in.
 */
function consoleAccountsOf(config: StandaloneConfig): ConsoleAccountsOption {
  const { consoleSessionTtlSeconds: ttl, consoleIdleTimeoutSeconds: idle } = config
  if (ttl === undefined && idle === undefined && config.consoleSso.length === 0 && config.consolePasswordSignIn) return true
  return {
    ...(ttl === undefined ? {} : { sessionTtlSeconds: ttl }),
    ...(idle === undefined ? {} : { idleTimeoutSeconds: idle }),
    // Core checks each provider at start (a TypeError that names what is wrong).
    ...(config.consoleSso.length === 0 ? {} : { sso: config.consoleSso as ConsoleSsoProviderOption[] }),
    ...(config.consoleSso.length === 0 && config.consolePasswordSignIn ? {} : { passwordSignIn: config.consolePasswordSignIn }),
  }
}
