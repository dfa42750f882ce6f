import type { RateLimiter } from './ports/rate-limiter'
import type { IRequest, IttyRouterType } from 'itty-router'
import type { ContactAttributeLimits, Storage } from './ports/storage'
import type { WebhookTransport } from './ports/webhook-transport'
import type { PinAttemptCounter } from './rate-limit/pin-attempts'
import type { PreviewTokens } from './domain/tokens/preview-tokens'
import type { EditorTokenPerson, EditorTokens } from './domain/tokens/editor-tokens'
import type { ExportLinks } from './domain/tokens/export-links'
import type { PinProofs } from './domain/tokens/pin-proof'
import type { ShareCursors } from './domain/results/share-cursors'
import type { ShareSummaryState } from './domain/results/share-summary-state'
import type { SingleUseSealer } from './domain/responses/single-use-ids'
import type { ConsoleRole } from './ports/storage'
import type { ConsoleAccess } from './domain/console/console-grant'
import type { RecentWriters } from './domain/environments/recent-writers'
import type { MailSettings } from './mail/mail-options'

/** Where Canvass reports what it cannot answer to a caller (unexpected errors), and what its background work did. */
export interface Logger {
  /** `context` says which request failed, when one did: its `x-request-id`. */
  error(message: string, cause?: unknown, context?: LogContext): void
  warn(message: string): void
  /**
   * What background work did that an operator may want to see (a retention run that deleted rows): counts and
   * ids, never what the rows held. A logger without it hears nothing of the kind.
   */
  info?(message: string): void
}

/** What a log line is about, beyond its message. */
export interface LogContext {
  /** The failed request's id, as its answer's `x-request-id` carries it. */
  requestId?: string
}

/** What every route handler gets besides the request. */
export interface CanvassContext {
  storage: Storage
  /**
   * Who wrote lately, when the storage has reads that lag (`Storage.laggingReads`): their reads go to the
   * primary for a while (`http/read-your-writes.ts`). Undefined without lagging reads.
   */
  recentWriters?: RecentWriters | undefined
  /** External URL of the base path, for absolute `Link` headers. */
  publicUrl: string | undefined
  /** Lowercased hosts whose request URL may be used for absolute `Link` headers without `publicUrl`. */
  allowedHosts: ReadonlySet<string>
  /** Largest stored response, in bytes of JSON (data, ttc, variables and meta together). */
  maxResponseBytes: number
  /** Bounds on contacts grown through client routes (`CanvassOptions.contactLimits`). */
  contactLimits: Readonly<ContactAttributeLimits>
  basePath: string
  logger: Logger
  now: () => Date
  newId: () => string
  /** Seals and opens single-use ids of encrypted single-use surveys; undefined without a server secret. */
  singleUse?: SingleUseSealer | undefined
  /** Whether webhooks may target loopback, private and link-local literal addresses (`CanvassOptions.webhooks`). */
  allowPrivateWebhookUrls: boolean
  /**
   * What a webhook's test (`POST /api/v1/webhooks/{id}/test`) is sent through: the transport the dispatcher
   * uses (`CanvassOptions.webhooks.transport`, else the one the host offered at `start()`, else fetch).
   */
  webhookTransport(): WebhookTransport
  /** Issues and checks the proofs of a survey's PIN that respondents' responses carry. */
  /** Mints and checks the tokens that open a survey's link page as a preview (`domain/tokens/preview-tokens.ts`). */
  previewTokens: PreviewTokens
  /** Mints and checks the editor's bearer tokens (`domain/tokens/editor-tokens.ts`). */
  editorTokens: EditorTokens
  /** Mints and checks the signed links of response exports (`domain/tokens/export-links.ts`). */
  exportLinks: ExportLinks
  pinProofs: PinProofs
  /** Seals and opens the cursors of shared results pages, which must not show a response's id. */
  shareCursors: ShareCursors
  /** This instance's shared summaries: those reused for 10 s, and the turns of those being computed. */
  shareSummaries: ShareSummaryState
  /** Counts PIN attempts of link pages and locks out guessing (`CanvassOptions.pinAttempts`). */
  pinAttempts: PinAttemptCounter
  /** Where custom CSS processing is counted per API key (docs/api.md, "Workspace custom CSS in v3"). */
  customCssLimiter: RateLimiter
  /** The client's address as PIN attempts are counted (`PinAttemptOptions.clientAddressHeader`). */
  pinAttemptAddress(request: Request, info: ConnectionInfo): string
  /** Tells the blob janitor of this process that rows were written to the blob-deletion journal (`CanvassOptions.onBlobDeletions`). */
  blobDeletionsRecorded(): void
  /** The client's address as the rate limits see it (`RateLimitOptions.clientAddressHeader`); `unknown` when none. */
  clientAddress(request: Request, info: ConnectionInfo): string
  /**
   * Who may enter the console (`CanvassOptions.console`): the grants of the host's `authorize`, or in accounts
   * mode of the session cookie's account (`auth/console-auth.ts` calls it). Undefined while the console is off.
   */
  consoleAuthorize?: (request: Request) => Promise<ConsoleAccess | null>
  /**
   * The role now of the console's person who minted an editor token (`auth/editor-auth.ts`), with the name the
   * audit log gives them; null when they are no person of that project any more. In accounts mode from the
   * store, for a library host from `console.roleOf`; undefined when neither answers, and then a console session
   * mints no editor token (docs/editor.md#editor-tokens).
   */
  consolePerson?: (person: EditorTokenPerson) => Promise<{ role: ConsoleRole; name: string } | null>
  /**
   * The protocol the client used: the request URL's, or what a proxy of `CanvassOptions.trustProxy` forwarded
   * (`http/request-protocol.ts`). The console's cookies are `Secure` on https.
   */
  requestProtocol(request: Request): 'http:' | 'https:'
  /** Signs the console page's CSRF tokens (`consoleCsrfToken`): derived from `secret`, else made at start. */
  consoleCsrfKey: Uint8Array
  /** How mail is sent (`CanvassOptions.mail`), undefined when it is not: `queueMail` then keeps nothing. */
  mail?: MailSettings | undefined
  /** Reports an audit entry that could not be appended (logged, and `observe.auditFailed`). */
  auditFailed(event: AuditFailure): void
}

/** An audit entry that was not written: the request's route, method and id, and why. */
export interface AuditFailure {
  route: string
  method: string
  requestId: string | null
  error: unknown
}

/**
 * What the host knows about a request beyond the `Request` itself, handed to `canvass.fetch` as its second
 * argument. Every field is optional: a host that knows nothing passes nothing.
 */
export interface ConnectionInfo {
  /**
   * The address of the peer that sent the request (the socket's remote address: an IP, without port), as the
   * host saw it. Rate limits and logs use it, and `trustProxy` is matched against it. `@canvass/host-node` and `@canvass/host-deno` fill it in;
   * `Deno.serve` gives it as `info.remoteAddr.hostname`, Node as `req.socket.remoteAddress`.
   */
  clientAddress?: string
  /**
   * The request's id, when the host gives it one (`requestIdOf` picks it as core would). Core then uses it
   * in hooks and logs and leaves the answer's `x-request-id` header to the host, which MUST set it:
   * `@canvass/host-node` does, on the Node response, which costs less than changing the `Response`. Without
   * it core takes the request's own `x-request-id` when sane, or makes one, and sets the header itself.
   */
  requestId?: string
}

export type Handler = (request: IRequest, ctx: CanvassContext, info: ConnectionInfo) => Promise<Response>

/**
 * The URL a client used, for `Link` headers: rebased on `publicUrl` when one is configured; else the request
 * URL when its host is one of `allowedHosts`; else `relative` is set and only the path and query count (the
 * `Host` header is the client's to choose, so it must not decide where links point).
 */
export function externalUrl(request: Request, ctx: CanvassContext): URL & { relative?: true } {
  const url = new URL(request.url)
  if (!ctx.publicUrl) {
    if (ctx.allowedHosts.has(url.host.toLowerCase())) return url
    return Object.assign(url, { relative: true as const })
  }
  const rest = url.pathname.startsWith(ctx.basePath) ? url.pathname.slice(ctx.basePath.length) : url.pathname
  return new URL(ctx.publicUrl.replace(/\/+$/, '') + rest + url.search)
}

/**
 * Where the handler is reached from outside: `publicUrl`, else the request's origin and the base path. Unlike
 * `Link` (`externalUrl`), never relative: SDKs fetch an upload's `signedUrl` as given, and a shared results
 * link is pasted anywhere. A forged `Host` only comes back to the client that sent it, in an answer no cache
 * keeps (`no-store`); deployments behind a proxy set `publicUrl`.
 */
export function publicBaseUrl(request: Request, ctx: CanvassContext): string {
  if (ctx.publicUrl) return ctx.publicUrl.replace(/\/+$/, '')
  return new URL(request.url).origin + ctx.basePath
}

/** A path parameter, percent-decoded; a malformed escape is kept as is, so it matches nothing. */
export function param(request: IRequest, name: string): string {
  const raw = request.params[name] ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

export type CanvassRouter = IttyRouterType<IRequest, [CanvassContext, ConnectionInfo]>
