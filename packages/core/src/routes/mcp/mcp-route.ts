import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { IRequest } from 'itty-router'
import type {
  AuthInfo,
  InputRequiredResult,
  McpHttpHandler,
  McpServer,
  ServerContext,
  StandardSchemaWithJSON,
} from '@modelcontextprotocol/server'
import type { CanvassContext, ConnectionInfo, Handler } from '../../context'
import { CanvassError } from '../../errors'
import { authenticate } from '../../auth/authenticate'
import { presentedApiKey } from '../../auth/api-key'
import { JSON_BODY_LIMIT, readBoundedBytes } from '../../http/body'
import { problemResponse, requestIdOf } from '../../http/problem'
import { SAFE_HEADERS } from '../../http/respond'
import type { RouteTable } from '../../http/route-table'
import type { McpTool, RouteCall, RouteFacts } from '../../mcp/mcp-tools'
import { MCP_TOOLS, confirmationDeclined, confirmationRequired } from '../../mcp/mcp-tools'
import type { ToolResult } from '../../mcp/tool-result'
import { routeToolResult, toolResult } from '../../mcp/tool-result'

/** Answers a request as the router would, a thrown error as its error answer: how a tool reaches its route. */
export type RouteDispatch = (request: Request, info: ConnectionInfo) => Promise<Response>

/** The MCP SDK's module. */
type Sdk = typeof import('@modelcontextprotocol/server')

/**
 * The SDK, imported when the first MCP request comes: it and the schema library it brings are a tenth of an idle
 * embedded server's memory, which a server no agent talks to need not hold (docs/deploying.md, "Memory"). A failed
 * import is tried again on the next request.
 */
let sdkLoading: Promise<Sdk> | undefined
function loadSdk(): Promise<Sdk> {
  sdkLoading ??= import('@modelcontextprotocol/server').catch((error: unknown) => {
    sdkLoading = undefined
    throw error
  })
  return sdkLoading
}

/** The server's name and version in `initialize`: Canvass, speaking the reference's v3 at this version. */
export const MCP_SERVER_INFO = { name: 'canvass', title: 'Canvass', version: '0.2.0' } as const

/**
 * `POST /api/mcp`: a Model Context Protocol server over Streamable HTTP, stateless (docs/api.md, "MCP for
 * agents"). Each tool call is handed to the route it names, in process, with the caller's key: the route's
 * rules decide, and its answer becomes the tool's result. GET and DELETE (a session's stream and its end)
 * are 405, as a stateless server answers them.
 */
export function registerMcpRoutes(routes: RouteTable, dispatch: () => RouteDispatch, facts: RouteFacts): void {
  let handler: McpHttpHandler | undefined
  const mcp: Handler = async (request, ctx, info) => {
    const requestId = requestIdOf(request)
    const refused = refusal(request, ctx, requestId)
    if (refused) return refused
    const key = keyOf(request)
    const caller = key === undefined ? undefined : await authenticate(keyProbe(request, key), ctx).catch(notAuthenticatedIsUndefined)
    if (key === undefined || caller === undefined) {
      return problemResponse(401, 'not_authenticated', 'Not authenticated', requestId, {
        headers: { 'www-authenticate': 'Bearer realm="formbricks"' },
      })
    }
    const body = await readMessage(request, requestId)
    if (body instanceof Response) return body
    const callRoute = (call: RouteCall) => dispatch()(internalRequest(request, key, requestId, ctx.basePath, call), info)
    const sdk = await loadSdk()
    handler ??= sdk.createMcpHandler(({ authInfo }) => mcpServer(sdk, authInfo?.extra as ToolScope, facts), {
      // The 2025 revisions are answered by `legacyAnswer`, in JSON.
      legacy: 'reject',
      maxRequestBodySize: JSON_BODY_LIMIT,
    })
    const scope: ToolScope = { callRoute, requestId }
    const authInfo = { token: caller.apiKeyId, clientId: caller.apiKeyId, scopes: [], extra: scope }
    const answer = (await sdk.isLegacyRequest(request, body))
      ? await legacyAnswer(sdk, request, body, authInfo, mcpServer(sdk, scope, facts))
      : await handler.fetch(request, { parsedBody: body, authInfo })
    return withHeaders(answer, { ...SAFE_HEADERS, 'cache-control': 'private, no-store' })
  }
  routes.post('/api/mcp', mcp, {
    summary: 'The Model Context Protocol server for AI agents (Streamable HTTP, stateless): one JSON-RPC message per request',
    description:
      'Tools over the v3 routes (`list_workspaces`, `list_surveys`, `get_survey`, `create_survey`, `validate_survey`, `patch_survey`, ' +
      '`edit_survey_blocks`, `set_survey_block_order`, `delete_survey`, the response tools, the workspace custom-CSS tools and ' +
      'Canvass’s own `summarize_survey_responses`), each doing what its route does with the same key and declaring an output schema. ' +
      'A delete asks its user through elicitation where a 2026-07-28 client can answer it. ' +
      'The key goes in `x-api-key` or `Authorization: Bearer`; without a live one the answer is 401 with ' +
      '`WWW-Authenticate: Bearer realm="formbricks"`. A JSON-RPC batch is a 400. See docs/api.md, "MCP for agents".',
    auth: 'apiKey',
    // Not itself in the audit log: each write a tool makes is, by its route.
    readOnly: true,
    problems: true,
    errors: [400, 403, 413],
  })
}

/**
 * A message of the 2025 revisions (`initialize` first), answered as the SDK's stateless idiom does but with a
 * JSON body rather than a one-event stream: every tool answers in one piece, and JSON is what every host and
 * proxy passes through unbuffered and what the API document describes.
 */
async function legacyAnswer(sdk: Sdk, request: Request, body: unknown, authInfo: AuthInfo, server: McpServer): Promise<Response> {
  const transport = new sdk.WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  await server.connect(transport)
  try {
    return await transport.handleRequest(request, { parsedBody: body, authInfo })
  } finally {
    await server.close()
  }
}

/** What a tool handler of one request may do: call a route with that request's key. */
interface ToolScope {
  [key: string]: unknown
  callRoute(call: RouteCall): Promise<Response>
  requestId: string
}

/** One request's MCP server: the tools, each bound to this request's key. */
function mcpServer(sdk: Sdk, scope: ToolScope, facts: RouteFacts): McpServer {
  const server = new sdk.McpServer(MCP_SERVER_INFO, {
    instructions:
      'Canvass answers the Formbricks API. Start with list_workspaces for the workspaceId the other tools take. ' +
      'A tool error carries the route problem: status, code (forbidden for an id that is not this key’s), detail and invalid_params.',
  })
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schemaOf(sdk, tool, 'input'),
        outputSchema: schemaOf(sdk, tool, 'output'),
        annotations: tool.annotations,
      },
      async (given: unknown, ctx: ServerContext): Promise<ToolResult | InputRequiredResult> => {
        const args = (given ?? {}) as Record<string, unknown>
        if (tool.confirmation && args.confirm !== true) {
          const verdict = confirmed(sdk, tool, args, ctx)
          if (verdict !== true) return isInputRequired(verdict) ? verdict : toolResult({ ...verdict, requestId: scope.requestId })
        }
        const call = tool.call(args, facts)
        const response = await scope.callRoute(call)
        return routeToolResult(response, scope.requestId, call)
      },
    )
  }
  return server
}

function isInputRequired(value: InputRequiredResult | Record<string, unknown>): value is InputRequiredResult {
  return value.resultType === 'input_required'
}

/** The key the confirmation is asked under, in the `input_required` result and in the retry's answers. */
const CONFIRM = 'confirm'

/**
 * Whether a delete called without `confirm: true` may run (docs/api.md, "MCP for agents"). A client of the
 * 2026-07-28 revision that declares elicitation is asked: the tool answers `input_required` with an
 * `elicitation/create` for the user, and the client calls again with the answer, which is taken only when it
 * accepts with `confirm: true` and is about this very delete. Any other client gets the tool's answer without
 * elicitation: 428, or (`delete_survey`) the delete.
 *
 * A client of the 2025 revisions cannot be asked here: it declares its capabilities in `initialize`, an earlier
 * request this stateless server keeps nothing of, and its answer to a server's request would come in a new HTTP
 * request that reaches a new server instance, not the one waiting for it.
 *
 * The request state names the tool and a digest of its target, unsigned: it only has to tell which question an
 * answer is about. A client that would forge it could as well send `confirm: true`, which is the client's word
 * by design.
 */
function confirmed(
  sdk: Sdk,
  tool: McpTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
): true | InputRequiredResult | Record<string, unknown> {
  const confirmation = tool.confirmation
  if (!confirmation) return true
  const state = `${tool.name}:${bytesToHex(sha256(utf8ToBytes(confirmation.target(args))))}`
  const answers = ctx.mcpReq.inputResponses
  if (answers && CONFIRM in answers) {
    if (ctx.mcpReq.requestState() !== state) {
      return confirmationDeclined('The confirmation was about another deletion, so nothing was deleted. Call again to be asked.')
    }
    const content = sdk.acceptedContent(answers, CONFIRM)
    if (content?.confirm === true) return true
    return confirmationDeclined(
      'The user declined the deletion, so nothing was deleted. Do not call again with confirm: true unless the user asks for it.',
    )
  }
  const capabilities = ctx.mcpReq.envelope?.[sdk.CLIENT_CAPABILITIES_META_KEY as keyof typeof ctx.mcpReq.envelope] as
    | { elicitation?: unknown }
    | undefined
  if (capabilities?.elicitation) {
    return sdk.inputRequired({
      inputRequests: {
        [CONFIRM]: sdk.inputRequired.elicit({
          message: `${confirmation.question(args)} This cannot be undone.`,
          requestedSchema: {
            type: 'object',
            properties: { confirm: { type: 'boolean', title: 'Delete', description: 'Yes, delete it permanently.' } },
            required: ['confirm'],
          },
        }),
      },
      requestState: state,
    })
  }
  return confirmation.withoutElicitation === 'proceed' ? true : confirmationRequired(confirmation.question(args))
}

/** Each tool's schemas, compiled once per process on first use. */
const compiled = new Map<string, StandardSchemaWithJSON>()
function schemaOf(sdk: Sdk, tool: McpTool, which: 'input' | 'output'): StandardSchemaWithJSON {
  const name = `${tool.name} ${which}`
  let schema = compiled.get(name)
  if (!schema) {
    schema = sdk.fromJsonSchema((which === 'input' ? tool.inputSchema : tool.outputSchema) as Parameters<Sdk['fromJsonSchema']>[0])
    compiled.set(name, schema)
  }
  return schema
}

/** Query parameters that would carry a key: refused, so that a key never sits in a log line of a URL. */
const QUERY_CREDENTIALS = new Set(['api_key', 'apikey', 'x-api-key', 'access_token', 'token', 'authorization'])

/**
 * What is refused before the key is looked at: a key in the query (400), and a browser page of another origin
 * (403: MCP servers must check `Origin`, so that a page cannot drive a local server with a user's key).
 */
function refusal(request: IRequest, ctx: CanvassContext, requestId: string): Response | undefined {
  const url = new URL(request.url)
  if ([...url.searchParams.keys()].some((name) => QUERY_CREDENTIALS.has(name.toLowerCase()))) {
    return problemResponse(400, 'bad_request', 'API keys must be sent in headers, not query parameters', requestId, {
      invalidParams: [{ name: 'query', reason: 'Send the API key with x-api-key or Authorization: Bearer.' }],
    })
  }
  const origin = request.headers.get('origin')
  if (origin !== null && !ownOrigin(origin, url, ctx)) {
    return problemResponse(403, 'forbidden', 'Cross-origin MCP requests are not allowed', requestId)
  }
  return undefined
}

/**
 * Whether `origin` is a page of this server, which DNS rebinding must not fake: a page on a name the attacker
 * controls, resolved to this server, sends that name in both `Host` and `Origin`. So with `publicUrl` only its
 * origin counts; without it, a host of `allowedHosts`, or (with no such list) the request's own origin.
 */
function ownOrigin(origin: string, url: URL, ctx: CanvassContext): boolean {
  let given: URL
  try {
    given = new URL(origin)
  } catch {
    return false
  }
  if (given.protocol !== 'http:' && given.protocol !== 'https:') return false
  if (ctx.publicUrl) return given.origin === new URL(ctx.publicUrl).origin
  if (ctx.allowedHosts.size > 0) return ctx.allowedHosts.has(given.host.toLowerCase())
  return given.origin === url.origin
}

/**
 * The key, from `x-api-key` or `Authorization: Bearer`, by the v3 routes' rule (docs/api.md, "Authentication"):
 * two different keys, or a malformed Bearer, carry none.
 */
const keyOf = (request: Request): string | undefined => presentedApiKey(request.headers)

/** A request carrying only the key, for `authenticate` (which reads `x-api-key` and the query). */
function keyProbe(request: Request, key: string): IRequest {
  const probe = new Request(new URL(request.url).origin, { headers: { 'x-api-key': key } }) as IRequest
  probe.query = {}
  return probe
}

function notAuthenticatedIsUndefined(error: unknown): undefined {
  if (error instanceof CanvassError && error.code === 'not_authenticated') return undefined
  throw error
}

/**
 * The body: one JSON-RPC message, read up to the JSON body limit. A batch (an array) is refused: the
 * protocol's current revisions have none, and one message per request is what the rate limit counts.
 */
async function readMessage(request: Request, requestId: string): Promise<unknown | Response> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > JSON_BODY_LIMIT) return tooLarge(requestId)
  const bytes = await readBoundedBytes(request, JSON_BODY_LIMIT)
  if (bytes === undefined) return tooLarge(requestId)
  let message: unknown
  try {
    message = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return bodyRefused(requestId, 'The body is not JSON: send one JSON-RPC message')
  }
  if (Array.isArray(message)) return bodyRefused(requestId, 'JSON-RPC batches are not supported: send one message per request')
  return message
}

function tooLarge(requestId: string): Response {
  return problemResponse(413, 'payload_too_large', `Request body is larger than ${JSON_BODY_LIMIT} bytes`, requestId)
}

/** A body that is no single JSON-RPC message: a problem, as every refusal of this route. */
function bodyRefused(requestId: string, detail: string): Response {
  return problemResponse(400, 'bad_request', detail, requestId, { invalidParams: [{ name: '', reason: detail }] })
}

/** Headers of the MCP request that a route must not see: the transport's own, and the credentials. */
const NOT_FORWARDED = ['authorization', 'content-length', 'content-type', 'accept', 'origin', 'idempotency-key', 'cookie']

/**
 * The route request a tool call becomes: the MCP request's headers (the client address a proxy set, the user
 * agent) without the transport's, the key as `x-api-key`, and the MCP request's id, so that the audit entry of
 * a write names the request the agent sent.
 */
function internalRequest(outer: Request, key: string, requestId: string, basePath: string, call: RouteCall): IRequest {
  const url = new URL(basePath + call.path, outer.url)
  for (const [name, value] of call.query ?? []) url.searchParams.append(name, value)
  const headers = new Headers(outer.headers)
  for (const name of NOT_FORWARDED) headers.delete(name)
  for (const name of [...headers.keys()]) if (name.startsWith('mcp-')) headers.delete(name)
  headers.set('x-api-key', key)
  headers.set('accept', 'application/json')
  const init: RequestInit = { method: call.method, headers }
  if (call.body !== undefined) {
    headers.set('content-type', 'application/json')
    init.body = JSON.stringify(call.body)
  }
  const request = new Request(url, init) as IRequest
  request.requestId = requestId
  return request
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(extra)) headers.set(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
