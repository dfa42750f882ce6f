import type { IRequest } from 'itty-router'
import { IttyRouter } from 'itty-router'
import type { CanvassOptions } from './canvass-options'
import type { CanvassSettings } from './canvass-settings'
import type { CanvassContext, CanvassRouter } from './context'
import { consoleAccountSettings } from './domain/console/console-accounts'
import type { McpWiring } from './every-route'
import { registerEveryRoute } from './every-route'
import { errorResponse } from './http/boundary'
import type { ClientEnvironmentResolver } from './http/client-environment'
import { createClientEnvironmentResolver } from './http/client-environment'
import { problemResponse } from './http/problem'
import type { RouteEntry } from './http/route-doc'
import { createRouteTable, isClientRoute } from './http/route-table'
import type { OpenApiDocument } from './openapi/document'
import { openApiDocument } from './openapi/document'
import type { PageAssets } from './pages/page-assets'
import { createMemoryRateLimiter } from './rate-limit/create-memory-rate-limiter'
import { createSsoClient } from './domain/console/sso/oidc-client'
import { registerDocumentationRoutes } from './routes/documentation'
import type { RouteDispatch } from './routes/mcp/mcp-route'
import type { RouteFacts } from './mcp/mcp-tools'
import type { UploadSettings } from './uploads/upload-options'
import { uploadSettings } from './uploads/upload-options'

/** One instance's routes: the router that serves them, their entries, and the OpenAPI document of them. */
export interface CanvassRoutes {
  router: CanvassRouter
  entries: readonly RouteEntry[]
  openApi: () => OpenApiDocument
  /** Resolves a client route's environment, which may also be named by its project's id. */
  clientEnvironment: ClientEnvironmentResolver
}

/** Registers every route the options ask for, in the order the router tries them, then the documentation's. */
export function createCanvassRoutes(
  options: CanvassOptions,
  settings: CanvassSettings,
  ctx: CanvassContext,
  assets: PageAssets,
): CanvassRoutes {
  const { basePath } = settings
  const router: CanvassRouter = IttyRouter({ base: basePath })
  const entries: RouteEntry[] = []
  const clientEnvironment = createClientEnvironmentResolver(ctx.storage)
  /** Runs before a client route whose path names an environment, which may also be named by its project's id. */
  const resolveEnvironment = async (request: IRequest): Promise<undefined> => {
    const pathId = request.params.environmentId
    if (pathId !== undefined) request.params.environmentId = await clientEnvironment.resolve(pathId)
    return undefined
  }
  const before = (path: string) => (isClientRoute(path) && path.includes('/:environmentId/') ? resolveEnvironment : undefined)
  /** How an MCP tool call reaches its route (docs/architecture.md, "MCP"): the router, past the rate-limit gate. */
  const dispatch: RouteDispatch = async (request, info) => {
    try {
      return (await router.fetch(request, ctx, info)) ?? toolRouteMissing(request)
    } catch (error) {
      const route = `${request.method} ${(request as IRequest).route || new URL(request.url).pathname}`
      return errorResponse(error, ctx.logger, undefined, route, (request as IRequest).requestId)
    }
  }
  const uploads = options.blobStore ? uploadSettings(options.blobStore, options.secret, options.uploads) : undefined
  const widget = options.widget === false ? undefined : assets.widget
  const mcp = { dispatch: () => dispatch, facts: routeFacts(entries) }
  const table = createRouteTable(router, entries, before)
  registerEveryRoute(table, uploads, widget, mcp, options.editor, settings.consoleAccounts, settings.consolePage)
  const openApi = lazyDocument(() => openApiDocument(entries, { serverUrl: serverUrl(options.publicUrl, basePath), version: API_VERSION }))
  registerDocumentationRoutes(createRouteTable(router, entries), openApi, options.apiReference === false ? undefined : assets.apiReference)
  return { router, entries, openApi, clientEnvironment }
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
  const mcp: McpWiring = { dispatch: noDispatch, facts: routeFacts(entries) }
  const consoleAccounts = { settings: consoleAccountSettings(true), limiter: createMemoryRateLimiter(), sso: createSsoClient() }
  const consolePage = { bundle: '', signInUrl: undefined, accounts: true, editor: true }
  registerEveryRoute(table, {} as UploadSettings, async () => undefined, mcp, '', consoleAccounts, consolePage)
  const document = lazyDocument(() => openApiDocument(entries, { serverUrl: '/', version: API_VERSION }))
  registerDocumentationRoutes(table, document, '')
  return { routes: entries, openApi: document() }
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
