import type { Logger } from './context'
import type { ConsoleRoleOf } from './auth/console-auth'
import type { ConsoleAccountsOption } from './domain/console/console-accounts'
import type { ConsoleGrant } from './domain/console/console-grant'
import type { MailOptions } from './mail/mail-options'
import type { CanvassObserver } from './observer'
import type { BlobStore } from './ports/blob-store'
import type { ContactAttributeLimits, Storage } from './ports/storage'
import type { PinAttemptOptions } from './rate-limit/pin-attempts'
import type { RateLimitOptions } from './rate-limit/rate-limit-options'
import type { UploadOptions } from './uploads/upload-options'
import type { WidgetBundles } from './widget-bundles'
import type { BackgroundOptions, WebhookTransportSource } from './workers/background-work'

/**
 * The console (docs/console.md): a page at `/console` for the people of a project, who call the API as the
 * console (`auth/console-auth.ts`). Who they are is the host's `authorize`, or with `accounts` Canvass's own
 * people, whose session cookie it reads (docs/console-accounts.md).
 */
export interface ConsoleOptions {
  /**
   * Library hosts: who may enter (reads the host's own cookie/session): a grant, or a list of them for a person
   * of several projects (one per project; the first is the one the console opens). null = not signed in.
   */
  authorize?: (request: Request) => ConsoleGrant | ConsoleGrant[] | null | Promise<ConsoleGrant | ConsoleGrant[] | null>
  /**
   * Library hosts: a person's role now in a project (the `person.id` and `projectId` that `authorize` answered),
   * or null once they are no longer one of its people. Canvass asks it at every use of an editor token the person
   * minted in the console, so that the token stops with their role (docs/editor.md#editor-tokens). Without it, a
   * console session mints no editor tokens: the host mints them with `canvass.editorToken`.
   * @default undefined
   */
  roleOf?: ConsoleRoleOf
  /** Canvass's own people accounts (standalone server). Exactly one of authorize / accounts. */
  accounts?: ConsoleAccountsOption
  /** The console's browser bundle as text. */
  bundle: string
  /**
   * Where /console sends a person who is not signed in (a library host's own sign-in page). Without it: the
   * accounts mode's `{basePath}/console/sign-in`, else a 401 page that says to sign in first.
   */
  signInUrl?: string
}

export interface CanvassOptions {
  /**
   * The console (docs/console.md): off unless given. With `accounts`, Canvass's own people sign in at
   * `/console/sign-in` (docs/console-accounts.md).
   * @default undefined
   */
  console?: ConsoleOptions
  /** Where everything is kept, e.g. `createKyselyStorage({ db })` from `@canvass/storage-kysely`. */
  storage: Storage
  /**
   * Path prefix under which the handler is mounted; requests must include it.
   * @default ''
   */
  basePath?: string
  /**
   * External URL of `basePath` (scheme, host and any prefix a proxy strips), used for absolute `Link`
   * headers. When unset, `Link` is absolute only for a request whose host is in `allowedHosts`, and
   * relative (path and query) otherwise, so a forged `Host` header cannot point clients elsewhere.
   * @default undefined
   */
  publicUrl?: string
  /**
   * Hosts (`host` or `host:port`, as in the `Host` header; case-insensitive) whose request URL may be used
   * for absolute `Link` headers when `publicUrl` is unset. Requests for other hosts get a relative `Link`.
   * Also the hosts whose pages (`Origin`) the MCP route takes when `publicUrl` is unset.
   * @default []
   */
  allowedHosts?: readonly string[]
  /**
   * The proxies in front of Canvass whose forwarded headers it believes (docs/deploying.md, "Behind a proxy"):
   * IP addresses and CIDR ranges, IPv4 or IPv6 (`['10.0.0.0/8', '2001:db8::/32']`), and `'loopback'`
   * (127.0.0.0/8 and ::1). A request whose socket address (`ConnectionInfo.clientAddress`) is one of them may
   * say in `Forwarded: proto=` or `X-Forwarded-Proto` (the value the nearest proxy appended) that the client
   * came over https, which makes the console's cookies `Secure`. From any other address those headers are
   * ignored: anyone can send them. An entry that is none of these throws a TypeError.
   * @default [] (no proxy is trusted)
   */
  trustProxy?: readonly string[]
  /**
   * Largest stored response, in bytes of JSON: `data`, `ttc`, `variables` and `meta` together (docs/design.md, "Limits and input").
   * A create or update that would make a response larger is refused with 413 and nothing is changed.
   * @default 1048576
   */
  maxResponseBytes?: number
  /**
   * Bounds on contacts grown through the client routes (docs/design.md, "Limits and input"): attributes per contact, UTF-8 bytes
   * of one contact's attribute values, and attribute keys clients may create per environment. A client write
   * past one is refused with 400 and nothing is written. Each omitted limit keeps its default.
   * @default { maxAttributesPerContact: 100, maxAttributeBytesPerContact: 65536, maxClientAttributeKeys: 150 }
   */
  contactLimits?: Partial<ContactAttributeLimits>
  /**
   * Receives unexpected errors (answered with a generic 500) and warnings.
   * @default console
   */
  logger?: Logger
  /**
   * Rate limits (docs/design.md, "Limits and input"): off unless given. `{}` turns them on with the default limits, counted in
   * this process's memory; see `RateLimitOptions` for the limits, a shared limiter and proxies.
   * @default undefined
   */
  rateLimits?: RateLimitOptions
  /**
   * Where uploaded files are kept, e.g. `createFsBlobStore({ root })` from `@canvass/blob-fs` or
   * `createS3BlobStore(…)` from `@canvass/blob-s3`. Without it the storage routes (docs/design.md, "Uploads") answer 404.
   * @default undefined
   */
  blobStore?: BlobStore
  /**
   * Limits on wrong PINs entered on link pages (`/s/{surveyId}?pin=`), per client address and per survey,
   * always on (whether `rateLimits` is given or not): past one, the PIN form answers 429 with `Retry-After`
   * until its window ends. Counted in `pinAttempts.limiter`, else `rateLimits.limiter`, else this process's
   * memory; the client address is read as `clientAddressHeader` (here, else in `rateLimits`) says.
   * @default { address: { limit: 10, windowMs: 900_000 }, survey: { limit: 100, windowMs: 3_600_000 } }
   */
  pinAttempts?: PinAttemptOptions
  /**
   * The server secret: signs uploads (HMAC-SHA256; required with `blobStore`, at least 16 characters),
   * seals the single-use ids of surveys with `singleUse.isEncrypted` (without it such ids can be neither
   * handed out nor accepted) and signs the proofs of a survey's PIN that link pages hand respondents
   * (without it, with a key made at start: proofs then hold on this instance until it restarts). Keep it
   * stable across restarts and the same on every instance.
   * @default undefined
   */
  secret?: string
  /**
   * Signs the survey editor's tokens (docs/editor.md#editor-tokens) instead of `secret`, so that they can all be
   * revoked by changing it without touching what `secret` signs and seals. Without either, a key made at start
   * (tokens then hold on this instance until it restarts).
   * @default `secret`
   */
  editorTokenSecret?: string
  /**
   * Upload limits: `maxBytes` per file (default 10 MiB) and `allowedTypes` (extension → MIME types).
   * @default {}
   */
  uploads?: UploadOptions
  /**
   * The survey widget's browser bundles: Canvass serves `/js/formbricks.umd.cjs` and `/js/surveys.umd.cjs`
   * (what the `@formbricks/js` loader loads) and a page for every link survey at `/s/{surveyId}`. When not
   * given they are read from `@canvass/widget` if it is installed beside core (at `start()`, or the first
   * request for one of them; a runtime that cannot load it logs one line); `false` serves none (404).
   * @default the bundles of `@canvass/widget`, when installed
   */
  widget?: WidgetBundles | false
  /**
   * The survey editor's browser bundle (`<canvass-survey-editor>`, an ES module) as text: Canvass serves it at
   * `GET /js/editor.js`, with CORS so that a page on another origin can load it with
   * `<script type="module">`. Without it the route is not there (404).
   * @default undefined
   */
  editor?: string
  /**
   * The API reference page's browser bundle (RapiDoc's `rapidoc-min.js`): with it `GET /api/v1/docs` renders the
   * OpenAPI document, loading nothing from another origin; without it the page lists the operations as plain
   * HTML. Read from `@canvass/widget` when not given, at the first request for the page (not at `start()`: an
   * idle server holds none of its ~1 MB); `false` for the plain page.
   * @default the viewer of `@canvass/widget`, when installed
   */
  apiReference?: string | false
  /**
   * The work Canvass does beside answering requests, from `start()` to `close()` (the hosts' `serve` call
   * both): webhook delivery, the retention of responses and webhook deliveries, the blob janitor (with a
   * `blobStore`) and the audit-log purge. `false` leaves all of it to another process (a worker running
   * `startCanvassWorker`, or a cron job calling `runBackgroundOnce()`): serverless handlers, several web
   * instances with one worker. An object sets or turns off each part. See docs/embedding.md, "Background work".
   * @default true
   */
  background?: boolean | BackgroundOptions
  /**
   * Hooks that see every answer (route, status, duration, request id) and every rate-limit refusal, to feed
   * an app's own metrics and logs. A hook that throws is ignored; see `CanvassObserver`.
   * @default undefined
   */
  observe?: CanvassObserver
  /**
   * The clock: rate-limit windows, PIN lockouts, survey schedules (`runOnDate`, `closeOnDate`), upload grants'
   * expiry and the times Canvass writes read it. Tests pass a clock they control.
   * @default () => new Date()
   */
  now?: () => Date
  /**
   * Called after a write recorded files to remove from the blob store (an erasure, a response or survey
   * delete): hand it the `wake` of this process's blob janitor (`createBlobJanitor`), so that the files go
   * at once. Janitors of other instances find the rows on their next interval. A hook that throws is ignored.
   * @default undefined
   */
  onBlobDeletions?: () => void
  /**
   * The audit log (see docs/data-rights.md): `retentionDays` is how long `purgeAuditLog()` keeps entries, a whole
   * number of days from 1, or null to keep them all.
   * @default { retentionDays: 365 }
   */
  auditLog?: { retentionDays?: number | null }
  /**
   * Mail (docs/mail.md): the transport that sends it and the sender's address. With it and a storage that keeps
   * mail (`storage.mail`), `queueMail` keeps mails in the outbox and the background work sends them; without it
   * nothing is sent. Refused (TypeError) when malformed, or when the storage keeps no mail.
   * @default undefined
   */
  mail?: MailOptions
  /** Webhook settings (docs/design.md, "Events and webhooks"). */
  webhooks?: {
    /**
     * Accept webhook URLs whose host is a literal loopback, private or link-local address, or `localhost`
     * (local development, tests). The transport the instance makes is given the same setting.
     * @default false
     */
    allowPrivateAddresses?: boolean
    /**
     * What sends webhooks: a transport, or a function making one from `{ allowPrivateAddresses }`, such as
     * `createNodeWebhookTransport` from `@canvass/host-node`, which checks and pins each address a host name
     * resolves to. Node's `serve` offers that one; elsewhere the fetch transport (`createFetchWebhookTransport`).
     * @default what the host's `serve` offers, else the fetch transport
     */
    transport?: WebhookTransportSource
    /**
     * How long a due delivery may wait before `health()` says webhook delivery is behind (dispatchers run but do
     * not keep up) or stalled (none runs on this database), in ms.
     * @default 300000
     */
    stalledAfterMs?: number
  }
}
