import { createAdmin } from './admin/create-admin'
import { importFormbricks } from './admin/import'
import type { Canvass } from './canvass'
import { createLifecycle } from './canvass-lifecycle'
import type { CanvassOptions } from './canvass-options'
import { createCanvassRoutes } from './canvass-routes'
import { canvassSettings } from './canvass-settings'
import type { ConnectionInfo } from './context'
import { createContext } from './create-context'
import { mintEditorTokenForLibrary } from './domain/editor-token-mint'
import { withLifecycle } from './host/serve-lifecycle'
import { createRequestProtocols } from './http/request-protocol'
import { pageAssets } from './pages/page-assets'
import { preflightAnswer } from './pipeline/preflight-answer'
import { createRequestPipeline } from './pipeline/request-pipeline'
import { createRouteIndex } from './pipeline/route-index'
import { createRateLimitGate } from './rate-limit/rate-limit-gate'
import { withOutboxExpansion } from './webhooks/outbox-expansion'

export type { Canvass, CanvassHealth, PreflightAnswer } from './canvass'
export type { CanvassOptions, ConsoleOptions } from './canvass-options'
export { describeRoutes } from './canvass-routes'

/**
 * Creates the Canvass HTTP API over the given storage: its options checked (`canvass-settings.ts`), what its
 * handlers share (`create-context.ts`), its routes (`canvass-routes.ts`), the pipeline every request takes
 * (`pipeline/request-pipeline.ts`) and its background work (`canvass-lifecycle.ts`).
 */
export function createCanvass(options: CanvassOptions): Canvass {
  const settings = canvassSettings(options)
  const { basePath, logger } = settings
  const protocols = createRequestProtocols(settings.proxies)
  const assets = pageAssets({ widget: options.widget, apiReference: options.apiReference }, logger)
  // Every read of deliveries, by a route, the dispatcher or `health()`, first makes the outbox's events into
  // their deliveries (core's choice of which webhooks each reaches).
  const storage = withOutboxExpansion(options.storage)
  const lifecycle = createLifecycle({ options, settings, storage, now: () => ctx.now(), readAssets: assets.widget })
  const ctx = createContext(options, settings, lifecycle, protocols, storage)
  const { router, entries, openApi, clientEnvironment } = createCanvassRoutes(options, settings, ctx, assets)
  const routes = createRouteIndex(router, entries, basePath)
  const gate = options.rateLimits
    ? createRateLimitGate(options.rateLimits, basePath, logger, (hash) => ctx.storage.apiKeys.findByHash(hash), clientEnvironment.known)
    : undefined
  const pipeline = createRequestPipeline({ router, ctx, routes, protocols, gate, observe: options.observe })
  const fetch = (request: Request, info: ConnectionInfo = NO_INFO): Promise<Response> => pipeline(request, info)

  return {
    fetch: withLifecycle(fetch, lifecycle),
    start: lifecycle.start,
    close: lifecycle.close,
    async runBackgroundOnce() {
      return (await lifecycle.backgroundWork()?.runOnce()) ?? {}
    },
    health: lifecycle.health,
    preflight: preflightAnswer(routes, options.observe?.request),
    admin: createAdmin(
      ctx.storage,
      ctx.newId,
      ctx.now,
      (importOptions) => importFormbricks(ctx, importOptions),
      (event, error) => ctx.auditFailed({ route: `admin: ${event.action} ${event.resourceType}`, method: 'ADMIN', requestId: null, error }),
      settings.consoleAccounts?.settings,
    ),
    editorToken: (editorOptions) => mintEditorTokenForLibrary(ctx, editorOptions),
    // HEAD is registered beside each GET route, which answers it.
    routes: router.routes.filter(([method]) => method !== 'HEAD').map(([method, , , path]) => ({ method, path: path ?? '' })),
    openApi,
    purgeAuditLog: lifecycle.purgeAuditLog,
  }
}

const NO_INFO: ConnectionInfo = Object.freeze({})
