import { IttyRouter } from 'itty-router'
import type { IRequest } from 'itty-router'
import type { CanvassAdmin } from './admin/create-admin'
import { createAdmin } from './admin/create-admin'
import { importFormbricks } from './admin/import-formbricks'
import type { CanvassContext, CanvassRouter, Logger, ConnectionInfo } from './context'
import { errorResponse } from './http/boundary'
import { v3ErrorResponse } from './http/v3'
import { createClientEnvironmentResolver } from './http/client-environment'
import { CLIENT_CORS_HEADERS, clientPreflight, clientPreflightHeaders } from './http/cors'
import { CanvassError } from './errors'
import { plainPathsPattern, requestTarget } from './http/request-target'
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from './http/request-id'
import type { CanvassObserver } from './observer'
import { notify } from './observer'
import type { BlobStore } from './ports/blob-store'
import type { ContactAttributeLimits, Storage } from './ports/storage'
import type { WidgetBundles } from './widget-bundles'
import { registerClientResponseRoutes } from './routes/client/responses'
import { registerClientContactRoutes } from './routes/client/contacts'
import { registerClientDisplayRoutes } from './routes/client/displays'
import { registerClientEnvironmentRoutes } from './routes/client/environment-state'
import { registerSingleUseIdRoutes } from './routes/management/single-use-ids'
import { createRateLimitGate, refusedBy } from './rate-limit/rate-limit-gate'
import type { RateLimitOptions } from './rate-limit/rate-limit-options'
import { clientAddressOf } from './rate-limit/client-address'
import { createRequestProtocols } from './http/request-protocol'
import { trustedProxies } from './http/trusted-proxies'
import { createMemoryRateLimiter } from './rate-limit/create-memory-rate-limiter'
import type { PinAttemptOptions } from './rate-limit/pin-attempts'
import { createPinAttemptCounter } from './rate-limit/pin-attempts'
import { createPinProofs } from './domain/pin-proof'
import { createSingleUseSealer } from './domain/single-use-ids'
import { createShareCursors } from './domain/share-cursors'
import { createShareSummaryState } from './domain/result-share'
import { registerClientStorageRoutes } from './routes/client/storage'
import { registerFileRoutes } from './routes/files'
import { shortPathRedirect } from './http/short-paths'
import { registerMeRoutes } from './routes/management/me'
import { registerAuditLogRoutes } from './routes/management/audit-log'
import { registerEnvironmentRoutes } from './routes/management/environment'
import { registerManagementResponseRoutes } from './routes/management/responses'
import { registerManagementStorageRoutes } from './routes/management/storage'
import { registerSurveyRoutes } from './routes/management/surveys'
import { registerWebhookRoutes } from './routes/management/webhooks'
import { registerActionClassRoutes } from './routes/management/action-classes'
import { registerAttributeClassRoutes } from './routes/management/attribute-classes'
import { registerContactAttributeKeyRoutes } from './routes/management/contact-attribute-keys'
import { registerPeopleRoutes } from './routes/management/people'
import { registerSegmentRoutes } from './routes/management/segments'
import { registerQuotaRoutes } from './routes/management/quotas'
import { registerEditorRoutes, registerWidgetRoutes } from './routes/widget'
import { registerV3SurveyPreviewRoutes } from './routes/v3/survey-preview'
import { registerLinkPageRoutes } from './routes/link-page'
import { registerShareRoutes } from './routes/share'
import { registerSharePageRoutes } from './routes/share-page'
import { registerSurveyShareRoutes } from './routes/management/survey-share'
import { createPreviewTokens } from './domain/preview-tokens'
import { createEditorTokens } from './domain/editor-tokens'
import type { EditorTokenOptions } from './domain/editor-token-mint'
import { mintEditorTokenForLibrary } from './domain/editor-token-mint'
import { registerEditorTokenRoutes } from './routes/management/editor-tokens'
import { EDITOR_CORS_HEADERS, editorPreflight } from './http/cors'
import { recentWritersOf } from './domain/recent-writers'
import { registerSurveyPreviewRoutes } from './routes/management/survey-preview'
import { registerSchemaRoutes } from './routes/schemas'
import { registerSurveyValidateRoutes } from './routes/v3/survey-validate'
import { registerV3SurveyRoutes } from './routes/v3/surveys'
import { registerV3SurveyBlockRoutes } from './routes/v3/survey-blocks'
import { registerV3SurveyVisibilityRoutes } from './routes/v3/survey-visibility'
import { registerV3DiscoveryRoutes } from './routes/v3/discovery'
import { registerV3NotImplementedRoutes } from './routes/v3/not-implemented'
import { registerV3TagRoutes } from './routes/v3/tags'
import { registerV3WorkspaceCustomCssRoutes } from './routes/v3/workspace-custom-css'
import { registerV3ResponseRoutes } from './routes/v3/responses'
import type { RouteDispatch } from './routes/mcp/mcp-route'
import { registerMcpRoutes } from './routes/mcp/mcp-route'
import type { RouteFacts } from './routes/mcp/mcp-tools'
import { createId } from './domain/ids'
import { DEFAULT_AUDIT_LOG_RETENTION_DAYS, purgeAuditLog } from './domain/audit-log'
import { DEFAULT_MAX_RESPONSE_BYTES } from './domain/response-size'
import { contactLimits } from './domain/contact-limits'
import { SAFE_HEADERS } from './http/respond'
import { problemResponse } from './http/problem'
import type { UploadOptions, UploadSettings } from './uploads/upload-options'
import { uploadSettings } from './uploads/upload-options'
import type { RouteEntry, RouteTable } from './http/route-table'
import { createRouteTable } from './http/route-table'
import type { OpenApiDocument } from './openapi/document'
import { openApiDocument } from './openapi/document'
import { registerDocumentationRoutes } from './routes/documentation'
import type { BackgroundOptions, BackgroundReport, BackgroundWork, WebhookTransportSource } from './workers/background-work'
import { createBackgroundWork, webhookTransport } from './workers/background-work'
import type { WebhookTransport } from './ports/webhook-transport'
import { createOutboxHealth } from './webhooks/outbox-health'
import type { WebhookHealth } from './webhooks/outbox-health'
import type { HostOffer } from './host/serve-lifecycle'
import { withLifecycle } from './host/serve-lifecycle'
import { pageAssets } from './pages/page-assets'
import { assertWidgetBundles } from './routes/widget'
// The console (docs/console.md): its page, its callers' CSRF key, and the accounts mode's routes and authorize.
import { registerConsoleRoutes } from './routes/console'
import type { ConsoleWiring } from './routes/console'
import { consoleCsrfKey, hostConsolePerson } from './http/console-auth'
import type { ConsoleRoleOf } from './http/console-auth'
import { registerApiKeyRoutes } from './routes/management/api-keys'
import type { ConsoleAccountsOption, ConsoleAccountSettings, ConsoleGrant } from './domain/console-accounts'
import {
  CONSOLE_ACCOUNTS_MISSING,
  consoleAccountSettings,
  consoleAccountsAuthorize,
  consoleAccountsPerson,
} from './domain/console-accounts'
import type { ConsoleAccountsWiring } from './routes/console-accounts'
import { registerConsoleAccountRoutes } from './routes/console-accounts'
import type { RateLimiter } from './ports/rate-limiter'

/**
 * The console (docs/console.md): a page at `/console` for the people of a project, who call the API as the
 * console (`http/console-auth.ts`). Who they are is the host's `authorize`, or with `accounts` Canvass's own
 * people, whose session cookie it reads (docs/console-accounts.md).
 */
export interface ConsoleOptions {
  /** Library hosts: who may enter (reads the host's own cookie/session). null = not signed in. */
  authorize?: (request: Request) => ConsoleGrant | null | Promise<ConsoleGrant | null>
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

export interface Canvass {
  /**
   * The whole HTTP API: hand it to any host that speaks the Fetch API. `info` carries what only the host
   * knows, such as the client's address; hosts that know nothing may omit it.
   */
  fetch(request: Request, info?: ConnectionInfo): Promise<Response>
  /**
   * The answer `fetch` gives to a CORS preflight of a client route, for hosts that can answer one without
   * building a `Request` and a `Response` (the Node host does). `target` is the request target as on the
   * request line (`/api/v1/client/…?…`, `/api/v2/client/…`), `requestedHeaders` the `Access-Control-Request-Headers` value.
   * Returns undefined for anything else (another path, a target in absolute form): `fetch` answers that.
   * Preflights are never rate limited, so answering one here skips nothing `fetch` would do. `info` as for
   * `fetch`: the answer's headers carry `x-request-id`, `info.requestId` when given, else a new one.
   */
  preflight(target: string, requestedHeaders: string | null | undefined, info?: ConnectionInfo): PreflightAnswer | undefined
  /** Projects and API keys, which the HTTP API does not manage. */
  admin: CanvassAdmin
  /**
   * Mints a token for the survey editor (docs/editor.md#editor-tokens), as `POST
   * /api/v1/management/editor-tokens` does with a key: `workspaceId` is a project's id (its production
   * environment) or an environment's, `surveyId` binds the token to one survey of it, `expiresIn` is in seconds
   * (1 to 43200, default 3600). Written to the audit log. Throws a `CanvassError` for an unknown workspace or
   * survey (404) or a bad `expiresIn` (400).
   */
  editorToken(options: EditorTokenOptions): Promise<{ token: string; expiresAt: Date }>
  /**
   * Every route the handler answers, as registered (`path` with `:name` parameters and the base path
   * included), in registration order; `OPTIONS` is answered on each path besides. For documentation,
   * route-table driven tests and proxies that need to know what to forward.
   */
  routes: ReadonlyArray<{ method: string; path: string }>
  /** The OpenAPI 3.1 document of the routes this instance serves, as `GET /api/v1/openapi.json` answers it. */
  openApi(): OpenApiDocument
  /**
   * Deletes the audit entries older than `auditLog.retentionDays` at the clock's now, in batches, and returns how
   * many it deleted. The background work calls it hourly; call it yourself where that is off.
   */
  purgeAuditLog(): Promise<number>
  /**
   * Starts the background work (unless `background` is false) and reads the pages' assets, then resolves.
   * Idempotent. The hosts' `serve` calls it; an app that mounts `fetch` itself calls it once, at its start.
   * `host` is what the host offers (its webhook transport).
   */
  start(host?: HostOffer): Promise<void>
  /** Stops the background work and waits for what runs (a delivery in flight is handed back). Idempotent. */
  close(): Promise<void>
  /**
   * One pass of the background work that is on (due webhooks, a retention run, the blob janitor, the audit-log
   * purge), then resolves: for cron jobs and serverless hosts where nothing runs between requests.
   */
  runBackgroundOnce(): Promise<BackgroundReport>
  /**
   * The instance's state for a health answer: whether the storage answers, whether this instance's background
   * work runs, and whether webhook deliveries wait longer than they should (logged once when that begins).
   */
  health(): Promise<CanvassHealth>
}

/** What `Canvass.health()` answers. */
export interface CanvassHealth {
  /** Whether the storage answers. */
  database: 'ok' | 'unavailable'
  /** This instance's background work: `running` (started), `stopped` (not started, or closed) or `off` (`background: false`). */
  background: 'running' | 'stopped' | 'off'
  /** How webhook delivery stands, on every instance of the database. */
  webhooks: WebhookHealth
}

/** What `Canvass.preflight` answers: always 204, with these headers and no body. */
export interface PreflightAnswer {
  status: 204
  headers: Record<string, string>
}

/** Creates the Canvass HTTP API over the given storage. */
export function createCanvass(options: CanvassOptions): Canvass {
  const basePath = normaliseBasePath(options.basePath ?? '')
  const protocols = createRequestProtocols(options.trustProxy === undefined ? undefined : trustedProxies(options.trustProxy))
  const auditLogRetentionDays = retentionDaysOf(options.auditLog)
  const pinAddressHeader = (options.pinAttempts?.clientAddressHeader ?? options.rateLimits?.clientAddressHeader)?.toLowerCase()
  const addressHeader = options.rateLimits?.clientAddressHeader?.toLowerCase()
  const logger = options.logger ?? console
  const allowPrivateAddresses = options.webhooks?.allowPrivateAddresses ?? false
  const stalledAfterMs = options.webhooks?.stalledAfterMs ?? 300_000
  if (!(stalledAfterMs > 0)) throw new TypeError(`webhooks.stalledAfterMs must be a positive number, got ${stalledAfterMs}`)
  const backgroundOptions: BackgroundOptions | false =
    options.background === false ? false : options.background === true || options.background === undefined ? {} : options.background
  if (options.widget) assertWidgetBundles(options.widget)
  if (options.editor !== undefined && typeof options.editor !== 'string') {
    throw new TypeError('editor needs the bundle as text: pass the source of the editor bundle (@canvass/editor)')
  }
  const assets = pageAssets({ widget: options.widget, apiReference: options.apiReference }, logger)
  // The accounts mode's lifetimes, and where its sign-ins are counted.
  const consoleAccounts = consoleAccountsOf(options, options.rateLimits?.limiter ?? createMemoryRateLimiter())
  // Made at `start()`, when the host has said which transport it offers; the janitor is woken through it.
  let background: BackgroundWork | undefined
  let running = false
  // The transport webhook tests go through: the dispatcher's, made once it is asked for (after `start()`
  // when the host offers one).
  let offeredTransport: WebhookTransportSource | undefined
  let testTransport: WebhookTransport | undefined
  const outboxHealth = createOutboxHealth({ deliveries: options.storage.webhookDeliveries, now: () => ctx.now(), stalledAfterMs, logger })
  const ctx: CanvassContext = {
    storage: options.storage,
    recentWriters: recentWritersOf(options.storage),
    publicUrl: options.publicUrl,
    allowedHosts: new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase())),
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    contactLimits: contactLimits(options.contactLimits),
    basePath,
    logger,
    now: options.now ?? (() => new Date()),
    newId: createId,
    singleUse: options.secret ? createSingleUseSealer(options.secret) : undefined,
    allowPrivateWebhookUrls: allowPrivateAddresses,
    webhookTransport() {
      if (testTransport) return testTransport
      const source = options.webhooks?.transport ?? offeredTransport
      if (source === undefined && runsOnNode()) {
        logger.warn(
          'Canvass: a webhook test is sent through fetch, which cannot check the addresses a host name resolves to; on Node pass webhooks: { transport: createNodeWebhookTransport } from @canvass/host-node (its serve does)',
        )
      }
      testTransport = webhookTransport(source, allowPrivateAddresses)
      return testTransport
    },
    pinProofs: createPinProofs(options.secret),
    previewTokens: createPreviewTokens(options.secret),
    editorTokens: createEditorTokens(options.editorTokenSecret ?? options.secret),
    shareCursors: createShareCursors(options.secret),
    shareSummaries: createShareSummaryState(),
    pinAttempts: createPinAttemptCounter(
      options.pinAttempts ?? {},
      options.pinAttempts?.limiter ?? options.rateLimits?.limiter ?? createMemoryRateLimiter(),
    ),
    pinAttemptAddress: (request, info) => clientAddressOf(request, info, pinAddressHeader),
    customCssLimiter: options.rateLimits?.limiter ?? createMemoryRateLimiter(),
    blobDeletionsRecorded: () => {
      background?.wakeBlobJanitor()
      notify(options.onBlobDeletions, undefined)
    },
    clientAddress: (request, info) => clientAddressOf(request, info, addressHeader),
    requestProtocol: protocols.of,
    consoleCsrfKey: consoleCsrfKey(options.secret),
    auditFailed: ({ error, ...event }) => {
      logger.error(
        `Could not append to the audit log: ${event.method} ${event.route}`,
        error,
        event.requestId ? { requestId: event.requestId } : {},
      )
      notify(options.observe?.auditFailed, event)
    },
  }
  const router: CanvassRouter = IttyRouter({ base: basePath })
  const entries: RouteEntry[] = []
  const clientPrefixes = [`${basePath}/api/v1/client/`, `${basePath}/api/v2/client/`]
  const isClientPath = (pathname: string) => clientPrefixes.some((prefix) => pathname.startsWith(prefix))
  const clientEnvironment = createClientEnvironmentResolver(ctx.storage)
  /** Runs before a client route whose path names an environment, which may also be named by its project's id. */
  const resolveEnvironment = async (request: IRequest): Promise<undefined> => {
    const pathId = request.params.environmentId
    if (pathId !== undefined) request.params.environmentId = await clientEnvironment.resolve(pathId)
    return undefined
  }
  const before = (path: string) => (isClientPath(basePath + path) && path.includes('/:environmentId/') ? resolveEnvironment : undefined)
  /** How an MCP tool call reaches its route (docs/architecture.md, "MCP"): the router, past the rate-limit gate. */
  const dispatch: RouteDispatch = async (request, info) => {
    try {
      return (await router.fetch(request, ctx, info)) ?? toolRouteMissing(request)
    } catch (error) {
      const route = `${request.method} ${(request as IRequest).route || new URL(request.url).pathname}`
      return errorResponse(error, ctx.logger, undefined, route, (request as IRequest).requestId)
    }
  }
  const mcp = { dispatch: () => dispatch, facts: routeFacts(entries) }
  registerRoutes(createRouteTable(router, entries, before), options, assets.widget, mcp, consoleAccounts)
  // In accounts mode, who may enter the console is who holds a live session cookie.
  if (consoleAccounts) {
    ctx.consoleAuthorize = consoleAccountsAuthorize(ctx)
    ctx.consolePerson = consoleAccountsPerson(ctx)
  } else if (options.console?.authorize) {
    const authorize = options.console.authorize
    ctx.consoleAuthorize = async (request) => authorize(request)
    if (options.console.roleOf) ctx.consolePerson = hostConsolePerson(options.console.roleOf)
  }
  const document = lazyDocument(() => openApiDocument(entries, { serverUrl: serverUrl(options.publicUrl, basePath), version: API_VERSION }))
  registerDocumentationRoutes(createRouteTable(router, entries), document, options.apiReference === false ? undefined : assets.apiReference)
  // itty-router's public `routes` (its `RouteEntry`s: method, pattern, handlers, path), in registration order.
  const routes = router.routes
  // Preflights are never counted: `fetch` answers them before the gate.
  const rateLimit = options.rateLimits
    ? createRateLimitGate(options.rateLimits, basePath, ctx.logger, (hash) => ctx.storage.apiKeys.findByHash(hash), clientEnvironment.known)
    : undefined

  const clientRoutes = routes.filter(([, , , path]) => isClientPath(path ?? ''))
  // The patterns of client routes, each once: only they can match a path under a client prefix.
  const clientPatterns = [...new Map(clientRoutes.map(([, pattern]) => [pattern.source, pattern])).values()]
  // `preflight`'s whole test of a request target's path, in one pattern: it runs for most client calls.
  const plainClientRoute = plainPathsPattern(clientRoutes.map(([, , , path]) => path ?? ''))
  /** Whether an OPTIONS request on this path is a preflight of a client route. */
  const isClientRoute = (pathname: string): boolean => {
    if (!isClientPath(pathname)) return false
    for (const pattern of clientPatterns) if (pattern.test(pathname)) return true
    return false
  }

  // The routes that take editor tokens (`RouteDoc.editorToken`): every answer on their paths carries CORS headers.
  const editorPaths = new Set(entries.filter((entry) => entry.editorToken !== undefined).map((entry) => entry.path))
  const editorPatterns = [
    ...new Map(
      routes.filter(([, , , path]) => editorPaths.has(path?.slice(basePath.length) ?? '')).map(([, pattern]) => [pattern.source, pattern]),
    ).values(),
  ]
  /** Whether a path is one of a route that takes editor tokens (all of them are under /api/v3/). */
  const isEditorRoute = (pathname: string): boolean =>
    pathname.startsWith(v3Prefix) && editorPatterns.some((pattern) => pattern.test(pathname))

  /** The route an answer no route gave (405, a preflight, a 429 before routing) is counted under. */
  const routeOfPath = (pathname: string): string | null => {
    for (const [, pattern, , path] of routes) if (pattern.test(pathname)) return path ?? null
    return null
  }
  /** The route a request is counted under: the one that answered, else the first whose path matches. */
  const routeOf = (request: Request, pathname: string): string | null => (request as IRequest).route || routeOfPath(pathname)
  const observe = options.observe
  /** Errors under this prefix are problems, as the reference's v3 answers them (a 429 of the gate included). */
  const v3Prefix = `${basePath}/api/v3/`
  const onRequest = observe?.request
  const onRateLimited = observe?.rateLimited

  /** What a request that no route answered gets: a preflight, the allowed methods, 405 or 404. */
  function miss(request: Request, pathname: string): Response {
    if (request.method === 'OPTIONS' && isClientRoute(pathname)) return clientPreflight(request)
    if (request.method === 'OPTIONS' && isEditorRoute(pathname)) return editorPreflight()
    const allowed = allowedMethods(router, pathname)
    if (allowed.length === 0) {
      throw new CanvassError('not_found', 'Route not found', { details: { resource_id: pathname, resource_type: 'Route' } })
    }
    const allow = [...allowed, 'OPTIONS'].join(', ')
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow, ...SAFE_HEADERS } })
    throw new CanvassError('method_not_allowed', `Method ${request.method} is not allowed on this route`, {
      headers: { allow },
    })
  }

  const backgroundWork = (host?: HostOffer): BackgroundWork | undefined => {
    if (backgroundOptions === false) return undefined
    if (background) return background
    const given = options.webhooks?.transport
    const offered = host?.webhookTransport
    if (given === undefined && offered === undefined && backgroundOptions.webhooks !== false && runsOnNode()) {
      logger.warn(
        'Canvass: webhooks are sent through fetch, which cannot check the addresses a host name resolves to; on Node pass webhooks: { transport: createNodeWebhookTransport } from @canvass/host-node (its serve does)',
      )
    }
    background = createBackgroundWork({
      storage: ctx.storage,
      blobs: options.blobStore,
      options: backgroundOptions,
      transport: given ?? offered,
      allowPrivateAddresses,
      logger,
      now: ctx.now,
      purgeAuditLog: auditLogRetentionDays === null ? undefined : purge,
    })
    return background
  }
  const purge = () => purgeAuditLog(ctx.storage, ctx.now(), auditLogRetentionDays)
  let starting: Promise<void> | undefined
  const lifecycle = {
    start(host?: HostOffer): Promise<void> {
      if (host?.webhookTransport && offeredTransport === undefined) {
        offeredTransport = host.webhookTransport
        testTransport = undefined
      }
      starting ??= (async () => {
        const work = backgroundWork(host)
        if (work && !running) {
          work.start()
          running = true
        }
        await assets.widget()
      })()
      return starting
    },
    async close(): Promise<void> {
      const work = background
      starting = undefined
      if (!running || !work) return
      running = false
      // A later `start()` makes fresh workers: a stopped one is not made to run again.
      background = undefined
      await work.stop()
    },
  }

  const fetch = async (request: Request, info: ConnectionInfo = NO_INFO): Promise<Response> => {
    const started = onRequest === undefined ? 0 : performance.now()
    const requestId = info.requestId ?? requestIdOf(request.headers.get(REQUEST_ID_HEADER))
    let pathname = '/'
    let response: Response
    // For the audit log's entries and the problems a route answers.
    ;(request as IRequest).requestId = requestId
    protocols.record(request, info)
    try {
      const target = requestTarget(request.url)
      pathname = target.pathname
      if (rateLimit && request.method !== 'OPTIONS') await rateLimit(request, pathname, info, ctx.now())
      // A route that matches path and method answers; only a miss pays for working out 404 against 405.
      // Every answer Canvass builds carries nosniff already.
      response =
        shortPathRedirect(basePath, pathname, target.search) ??
        (request.method === 'OPTIONS' ? undefined : await router.fetch(request, ctx, info)) ??
        miss(request, pathname)
    } catch (error) {
      const rule = onRateLimited === undefined ? undefined : refusedBy(error)
      if (rule !== undefined) notify(onRateLimited, { rule, route: routeOf(request, pathname), method: request.method, requestId })
      // Client routes put their CORS headers on their answers; errors get them here.
      // The route as registered (`/…/:id`), never the query, which may carry anything a client sent.
      const route = `${request.method} ${(request as IRequest).route || pathname}`
      response = pathname.startsWith(v3Prefix)
        ? v3ErrorResponse(error, ctx.logger, route, requestId)
        : errorResponse(error, ctx.logger, isClientPath(pathname) ? CLIENT_CORS_HEADERS : undefined, route, requestId)
    }
    // A host that gave the id sets the header itself: changing `response.headers` would make the Node
    // adapter build a Headers object for an answer it otherwise writes straight from a plain record.
    if (request.method === 'HEAD' && response.body !== null) response = withoutBody(response)
    if (request.method !== 'OPTIONS' && isEditorRoute(pathname)) response = withHeaders(response, EDITOR_CORS_HEADERS)
    if (info.requestId === undefined) response = withRequestId(response, requestId)
    if (onRequest !== undefined) {
      const durationMs = performance.now() - started
      notify(onRequest, { route: routeOf(request, pathname), method: request.method, status: response.status, durationMs, requestId })
    }
    return response
  }

  return {
    fetch: withLifecycle(fetch, lifecycle),
    start: lifecycle.start,
    close: lifecycle.close,
    async runBackgroundOnce() {
      return (await backgroundWork()?.runOnce()) ?? {}
    },
    async health(): Promise<CanvassHealth> {
      const database = await ctx.storage.ping().catch(() => false)
      const background = backgroundOptions === false ? 'off' : running ? 'running' : 'stopped'
      const webhooks: WebhookHealth = database ? await outboxHealth(background) : { oldestDueAt: null, status: 'ok', stalled: false }
      return { database: database ? 'ok' : 'unavailable', background, webhooks }
    },
    preflight(target, requestedHeaders, info = NO_INFO) {
      const started = onRequest === undefined ? 0 : performance.now()
      // A path the URL parser would change, or no client route's, is `fetch`'s to answer.
      const query = target.indexOf('?')
      const pathname = query === -1 ? target : target.slice(0, query)
      if (!plainClientRoute.test(pathname)) return undefined
      const requestId = info.requestId ?? requestIdOf(undefined)
      const headers = clientPreflightHeaders(requestedHeaders, requestId)
      if (onRequest !== undefined) {
        const route = routeOfPath(pathname)
        notify(onRequest, { route, method: 'OPTIONS', status: 204, durationMs: performance.now() - started, requestId })
      }
      return { status: 204, headers }
    },
    admin: createAdmin(
      ctx.storage,
      ctx.newId,
      ctx.now,
      (importOptions) => importFormbricks(ctx, importOptions),
      (event, error) => ctx.auditFailed({ route: `admin: ${event.action} ${event.resourceType}`, method: 'ADMIN', requestId: null, error }),
      consoleAccounts?.settings,
    ),
    editorToken: (editorOptions) => mintEditorTokenForLibrary(ctx, editorOptions),
    // HEAD is registered beside each GET route, which answers it.
    routes: router.routes.filter(([method]) => method !== 'HEAD').map(([method, , , path]) => ({ method, path: path ?? '' })),
    openApi: document,
    purgeAuditLog: purge,
  }
}

/** `response` with `headers` added (a copy: the answer's own headers may be immutable). */
function withHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  const copy = new Headers(response.headers)
  for (const [name, value] of Object.entries(headers)) copy.set(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: copy })
}

/** Whether this is Node itself (Deno and Bun also say they are Node, for compatibility). */
function runsOnNode(): boolean {
  const global = globalThis as { process?: { versions?: { node?: string } }; Deno?: unknown; Bun?: unknown }
  return typeof global.process?.versions?.node === 'string' && global.Deno === undefined && global.Bun === undefined
}

function retentionDaysOf(options: CanvassOptions['auditLog']): number | null {
  const days = options?.retentionDays
  if (days === undefined) return DEFAULT_AUDIT_LOG_RETENTION_DAYS
  if (days !== null && (!Number.isInteger(days) || days < 1)) {
    throw new TypeError(`auditLog.retentionDays must be a whole number of days from 1, or null, got ${days}`)
  }
  return days
}

const NO_INFO: ConnectionInfo = Object.freeze({})

/** The methods registered for a path, in registration order (HEAD after GET, as the route table adds it). */
function allowedMethods(router: CanvassRouter, pathname: string): string[] {
  const methods = new Set<string>()
  for (const [method, pattern] of router.routes) if (pattern.test(pathname)) methods.add(method)
  return [...methods]
}

/**
 * The answer to HEAD: the GET answer's status and headers, without its body, whose source (a file being read,
 * an export being queried) is cancelled.
 */
function withoutBody(response: Response): Response {
  response.body?.cancel().catch(() => {})
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers })
}

/** Registers every route the options ask for, in the order the router tries them. */
function registerRoutes(
  table: RouteTable,
  options: CanvassOptions,
  widget: () => Promise<WidgetBundles | undefined>,
  mcp: McpWiring,
  consoleAccounts: ConsoleAccountsWiring | undefined,
): void {
  const uploads = options.blobStore ? uploadSettings(options.blobStore, options.secret, options.uploads) : undefined
  const consolePage: ConsoleWiring | undefined = options.console && consoleWiring(options)
  registerEveryRoute(table, uploads, options.widget === false ? undefined : widget, mcp, options.editor, consoleAccounts, consolePage)
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

/** The accounts mode's wiring when `console.accounts` is given, checked. */
function consoleAccountsOf(options: CanvassOptions, limiter: RateLimiter): ConsoleAccountsWiring | undefined {
  const accounts = options.console?.accounts
  if (accounts === undefined) return undefined
  if (options.console?.authorize) throw new TypeError('console takes either authorize or accounts, not both')
  if (options.storage.consoleAccounts === undefined) throw new TypeError(CONSOLE_ACCOUNTS_MISSING)
  const settings: ConsoleAccountSettings = consoleAccountSettings(accounts)
  return { settings, limiter }
}

/** What the MCP route needs of the handler: a way to the other routes, and what they declare. */
interface McpWiring {
  dispatch: () => RouteDispatch
  facts: RouteFacts
}

/** Whether a registered route declares a query parameter, from its entry. */
function routeFacts(entries: readonly RouteEntry[]): RouteFacts {
  return {
    takesQuery: (method, path, name) =>
      entries.some((entry) => entry.method === method && entry.path === path && entry.query?.entries[name] !== undefined),
  }
}

/** A tool whose route this Canvass does not have answers a problem, never a 404 of an unknown path. */
function toolRouteMissing(request: Request): Response {
  const detail = `${request.method} ${new URL(request.url).pathname} is not part of this Canvass`
  return problemResponse(501, 'not_implemented', detail, (request as IRequest).requestId ?? '')
}

/** The route modules, in the order the router tries them; the upload, widget and editor ones when given. */
function registerEveryRoute(
  table: RouteTable,
  uploads: UploadSettings | undefined,
  widget: (() => Promise<WidgetBundles | undefined>) | undefined,
  mcp: McpWiring,
  editor: string | undefined,
  consoleAccounts?: ConsoleAccountsWiring,
  consolePage?: ConsoleWiring,
): void {
  registerMeRoutes(table)
  registerEnvironmentRoutes(table)
  registerSurveyRoutes(table)
  registerSurveyShareRoutes(table)
  registerSurveyPreviewRoutes(table)
  registerEditorTokenRoutes(table)
  registerSurveyValidateRoutes(table)
  registerV3SurveyPreviewRoutes(table)
  // Before `/api/v3/surveys/:surveyId`'s POST routes: `generate` is no survey id.
  registerV3NotImplementedRoutes(table)
  registerV3SurveyRoutes(table)
  registerV3SurveyBlockRoutes(table)
  registerV3SurveyVisibilityRoutes(table)
  registerV3DiscoveryRoutes(table)
  registerV3TagRoutes(table)
  registerV3WorkspaceCustomCssRoutes(table)
  registerV3ResponseRoutes(table)
  registerManagementResponseRoutes(table)
  registerClientResponseRoutes(table)
  registerAttributeClassRoutes(table)
  registerActionClassRoutes(table)
  registerContactAttributeKeyRoutes(table)
  registerPeopleRoutes(table)
  registerSegmentRoutes(table)
  registerQuotaRoutes(table)
  registerClientDisplayRoutes(table)
  registerClientEnvironmentRoutes(table)
  registerClientContactRoutes(table)
  registerSingleUseIdRoutes(table)
  if (uploads) {
    registerManagementStorageRoutes(table, uploads)
    registerClientStorageRoutes(table, uploads)
    registerFileRoutes(table, uploads)
  }
  registerWebhookRoutes(table)
  registerApiKeyRoutes(table)
  registerAuditLogRoutes(table)
  registerShareRoutes(table)
  registerSharePageRoutes(table, uploads)
  registerSchemaRoutes(table)
  registerMcpRoutes(table, mcp.dispatch, mcp.facts)
  if (widget) {
    registerWidgetRoutes(table, widget)
    registerLinkPageRoutes(table, async () => (await widget()) !== undefined)
  }
  if (editor !== undefined) registerEditorRoutes(table, editor)
  if (consolePage) registerConsoleRoutes(table, consolePage)
  if (consoleAccounts) registerConsoleAccountRoutes(table, consoleAccounts)
}

/**
 * Every route Canvass can serve, with the upload, widget and editor routes as if their options were given, and the
 * OpenAPI document of them all (what `docs/openapi.json` holds). Nothing is served from this table.
 */
export function describeRoutes(): { routes: readonly RouteEntry[]; openApi: OpenApiDocument } {
  const entries: RouteEntry[] = []
  const table = createRouteTable(undefined, entries)
  // Handlers are registered but never called: the upload settings are never read.
  const noDispatch = () => () => Promise.reject(new Error('describeRoutes serves nothing'))
  registerEveryRoute(
    table,
    {} as UploadSettings,
    async () => undefined,
    { dispatch: noDispatch, facts: routeFacts(entries) },
    '',
    { settings: consoleAccountSettings(true), limiter: createMemoryRateLimiter() },
    { bundle: '', signInUrl: undefined, accounts: true, editor: true },
  )
  const document = lazyDocument(() => openApiDocument(entries, { serverUrl: '/', version: API_VERSION }))
  registerDocumentationRoutes(table, document, '')
  return { routes: entries, openApi: document() }
}

/** The URL of the API's root for the document's `servers`: `publicUrl`, else the base path. */
function serverUrl(publicUrl: string | undefined, basePath: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '') || '/'
  return basePath || '/'
}

/** The document, built on first use and kept. */
function lazyDocument(build: () => OpenApiDocument): () => OpenApiDocument {
  let document: OpenApiDocument | undefined
  return () => (document ??= build())
}

/** The document's `info.version`: the version of the API it describes (Formbricks v1 with Canvass's revisions). */
const API_VERSION = '1.2'

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '')
  if (trimmed && !trimmed.startsWith('/')) throw new TypeError('basePath must start with "/", e.g. "/feedback"')
  return trimmed
}
