import type { CanvassAdmin } from './admin/create-admin'
import type { ConnectionInfo } from './context'
import type { EditorTokenOptions } from './domain/editor-token-mint'
import type { HostOffer } from './host/serve-lifecycle'
import type { OpenApiDocument } from './openapi/document'
import type { WebhookHealth } from './webhooks/outbox-health'
import type { BackgroundReport } from './workers/background-work'

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
