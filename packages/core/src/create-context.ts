import type { CanvassLifecycle } from './canvass-lifecycle'
import type { CanvassOptions } from './canvass-options'
import type { CanvassSettings } from './canvass-settings'
import { consoleCsrfKey, hostConsoleAccess, hostConsolePerson } from './auth/console-auth'
import type { CanvassContext } from './context'
import type { Storage } from './ports/storage'
import { consoleAccountsAccess, consoleAccountsPerson } from './domain/console/console-accounts'
import { contactLimits } from './domain/contacts/contact-limits'
import { createEditorTokens } from './domain/tokens/editor-tokens'
import { createExportLinks } from './domain/tokens/export-links'
import { createId } from './domain/ids'
import { createPinProofs } from './domain/tokens/pin-proof'
import { createPreviewTokens } from './domain/tokens/preview-tokens'
import { recentWritersOf } from './domain/environments/recent-writers'
import { DEFAULT_MAX_RESPONSE_BYTES } from './domain/responses/response-size'
import { createShareSummaryState } from './domain/results/share-summary-state'
import { createShareCursors } from './domain/results/share-cursors'
import { createSingleUseSealer } from './domain/responses/single-use-ids'
import type { RequestProtocols } from './http/request-protocol'
import { notify } from './observer'
import { clientAddressOf } from './rate-limit/client-address'
import { createMemoryRateLimiter } from './rate-limit/create-memory-rate-limiter'
import { createPinAttemptCounter } from './rate-limit/pin-attempts'

/** What every handler of one instance is given (`CanvassContext`), made from its options. */
export function createContext(
  options: CanvassOptions,
  settings: CanvassSettings,
  lifecycle: CanvassLifecycle,
  protocols: RequestProtocols,
  /** The storage the handlers use: `options.storage` with the outbox's expansion around it. */
  storage: Storage,
): CanvassContext {
  const { basePath, logger, pinAddressHeader, addressHeader } = settings
  const ctx: CanvassContext = {
    storage,
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
    allowPrivateWebhookUrls: settings.allowPrivateAddresses,
    webhookTransport: () => lifecycle.webhookTransport(),
    pinProofs: createPinProofs(options.secret),
    previewTokens: createPreviewTokens(options.secret),
    editorTokens: createEditorTokens(options.editorTokenSecret ?? options.secret),
    exportLinks: createExportLinks(options.secret),
    shareCursors: createShareCursors(options.secret),
    shareSummaries: createShareSummaryState(),
    pinAttempts: createPinAttemptCounter(
      options.pinAttempts ?? {},
      options.pinAttempts?.limiter ?? options.rateLimits?.limiter ?? createMemoryRateLimiter(),
    ),
    pinAttemptAddress: (request, info) => clientAddressOf(request, info, pinAddressHeader),
    customCssLimiter: options.rateLimits?.limiter ?? createMemoryRateLimiter(),
    blobDeletionsRecorded: () => {
      lifecycle.wakeBlobJanitor()
      notify(options.onBlobDeletions, undefined)
    },
    clientAddress: (request, info) => clientAddressOf(request, info, addressHeader),
    requestProtocol: protocols.of,
    consoleCsrfKey: consoleCsrfKey(options.secret),
    mail: settings.mail,
    auditFailed: ({ error, ...event }) => {
      logger.error(
        `Could not append to the audit log: ${event.method} ${event.route}`,
        error,
        event.requestId ? { requestId: event.requestId } : {},
      )
      notify(options.observe?.auditFailed, event)
    },
  }
  // In accounts mode, who may enter the console is who holds a live session cookie.
  if (settings.consoleAccounts) {
    ctx.consoleAuthorize = consoleAccountsAccess(ctx, settings.consoleAccounts.settings)
    ctx.consolePerson = consoleAccountsPerson(ctx)
  } else if (options.console?.authorize) {
    const authorize = options.console.authorize
    ctx.consoleAuthorize = async (request) => hostConsoleAccess(await authorize(request))
    if (options.console.roleOf) ctx.consolePerson = hostConsolePerson(options.console.roleOf)
  }
  return ctx
}
