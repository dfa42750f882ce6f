import type * as v from 'valibot'
import type { IRequest, RequestHandler } from 'itty-router'
import type { CanvassContext, CanvassRouter, ConnectionInfo, Handler } from '../context'
import { param } from '../context'
import type { RouteAudit } from './audit'
import { audited, isAudited } from './audit'
import type { EditorTokenScope } from './editor-auth'
import { allowEditorTokens } from './editor-auth'
import { recordRoute } from './console-auth'
import { readJsonBody } from './body'
import { authenticate } from './auth'
import { idempotent } from './idempotency'
import type { IdempotencyRule } from './idempotency'
import { readingOwnWrites } from './read-your-writes'
import { V3_BODY_LIMIT, authenticateV3, parseV3Body } from './v3'
import { parseInput } from './validate'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * How a route is authenticated: `apiKey` (`x-api-key`, 401 without a live key), `none` (client routes and
 * pages), `upload` (a signed upload: the presign's signature headers, and the key on the management one),
 * `file` (public files to anyone, private ones with a key of their environment).
 */
export type RouteAuth = 'apiKey' | 'none' | 'upload' | 'file'

/** What a route answers with 200, when it is not JSON. */
export type RouteProduces = 'text/html' | 'text/javascript' | 'text/csv' | 'file'

/** Error statuses a route may answer besides those its description implies (see `impliedErrors`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 501

/** Everything the router and the OpenAPI document know about a route, besides its handler. */
export interface RouteDoc {
  /** One line: what the route does. */
  summary: string
  /** More, in Markdown, when a line is not enough. */
  description?: string
  auth: RouteAuth
  /** The query parameters, as an object schema of optional strings (documentation and fuzzing). */
  query?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
  /**
   * The JSON body the route takes, or `upload` for a file upload. The table reads and parses a schema's body
   * for the handler (see `RouteHandler`), unless `batch` is set (the handler reads it with `readJsonBatch`).
   */
  body?: v.GenericSchema | 'upload'
  /** The success answer's JSON body; omitted for `produces` and a 204. */
  answer?: v.GenericSchema
  /**
   * The success status, when not 200: a v3 create answers 201, a v3 survey delete 204 (no body), a form post of
   * a page 303 (on to `Location`, no body).
   * @default 200
   */
  status?: 201 | 204 | 303
  /** A page that may also send its reader on with 303 (`/console` to the sign-in page of one not signed in). */
  redirects?: true
  /** A 200 answer that is not JSON. */
  produces?: RouteProduces
  /** The media type of a JSON 200 answer when it is not `application/json` (`application/schema+json`). */
  mediaType?: string
  /** A route of the reference's API that Canvass answers with 501 `not_implemented` only (no success). */
  notImplemented?: true
  /** A route whose every answer to a key is an error it lists (the reference's visibility routes): no success. */
  noSuccess?: true
  /** Errors are RFC 9457 problems (`application/problem+json`), as on the reference's v3 routes. */
  problems?: true
  /** A POST that changes nothing (a validation): not a write, so not in the audit log. */
  readOnly?: true
  /** Statuses beyond the implied ones. */
  errors?: readonly ErrorStatus[]
  /** Only served when `createCanvass` is given this option. */
  requires?: 'blobStore' | 'widget' | 'editor' | 'console'
  /** An `ETag` on the answer, and 304 to a matching `If-None-Match`. */
  etag?: boolean
  /** Byte ranges: 206 with `Range`, 416 for a range outside the file. */
  ranges?: boolean
  /**
   * Takes `Idempotency-Key` (see `idempotent`), scoped to the path's environment (`client`) or the API key's
   * (`management`).
   */
  idempotent?: 'client' | 'management'
  /**
   * For an idempotent client route whose path names no environment (the specification's `PUT
   * /api/v1/client/responses/{id}`): the environment its keys are kept in, that of the resource the path names,
   * or undefined when there is none.
   */
  idempotencyEnvironment?: (request: IRequest, ctx: CanvassContext) => Promise<string | undefined>
  /**
   * The body's array whose items succeed or fail one by one (see `readJsonBatch`), so that the input rule
   * refuses one item rather than the whole body, also where the body is read before the handler.
   */
  batch?: string
  /**
   * How the route's 2xx answers are written to the audit log (see `audited`). Every management write (POST,
   * PUT, DELETE with `apiKey`) MUST have it; a GET has it when it hands out personal data in bulk (exports).
   */
  audit?: RouteAudit
  /**
   * Takes an editor token as `Authorization: Bearer` besides a key (docs/editor.md#editor-tokens), with the
   * rule `EditorTokenScope` names: `workspace` for a route of the workspace, `survey` for a route of one survey
   * (`:surveyId`). Such a route also answers CORS preflights, and every answer carries CORS headers. Without
   * it an editor token is a 401.
   */
  editorToken?: EditorTokenScope
}

/** One registered route: method, path (`:name` parameters, without the base path) and its description. */
export interface RouteEntry extends RouteDoc {
  method: HttpMethod
  path: string
}

/**
 * A route's handler: a `Handler` that also gets `body`, the route's declared JSON body (`RouteDoc.body`) as its
 * schema parses it. The table reads and parses it once, when the handler first awaits `body()`: the handler
 * keeps the order of its checks (the key, the path, the query before the body). A failure is the route
 * family's error: the validation 400 (`parseInput`) on v1, v2 and management routes, a problem naming every
 * failing field (`parseV3Body`) on v3 routes (`problems`). The body is read by `readJsonBody` (its limits,
 * 413 before any parse, and the read an idempotent or v3 route made ahead).
 */
export type RouteHandler<Body = never> = (
  request: IRequest,
  ctx: CanvassContext,
  info: ConnectionInfo,
  body: () => Promise<Body>,
) => Promise<Response>

/** The handler of a route whose `body` is `schema`. */
export type BodyHandler<S extends v.GenericSchema> = RouteHandler<v.InferOutput<S>>

/** The parsed body a route's declaration gives its handler; `never` for a route without a JSON body. */
export type BodyOf<D extends RouteDoc> = D extends { body: infer S extends v.GenericSchema }
  ? D extends { batch: string }
    ? never
    : v.InferOutput<S>
  : never

/** How a route registers: its handler takes the body its description declares. */
export type RouteRegistration = <D extends RouteDoc>(path: string, handler: RouteHandler<BodyOf<D>>, doc: D) => void

/**
 * Where route modules register: each route once, with its description, which feeds both the router and the
 * OpenAPI document, so that the two cannot drift.
 */
export interface RouteTable {
  get: RouteRegistration
  post: RouteRegistration
  put: RouteRegistration
  patch: RouteRegistration
  delete: RouteRegistration
}

/**
 * A table that registers every route on `router` through itty-router's public methods and keeps its entry in
 * `entries`, in registration order (the order the router tries them in). A GET route is registered for HEAD
 * too, right after it (itty-router matches the method as sent; `fetch` drops the body). `before(path)` names a
 * handler to run ahead of the route's own (itty-router's middleware: it answers nothing and lets the route run).
 */
export function createRouteTable(
  router: CanvassRouter | undefined,
  entries: RouteEntry[],
  before?: (path: string) => RequestHandler<IRequest, [CanvassContext, ConnectionInfo]> | undefined,
): RouteTable {
  const add =
    (method: HttpMethod): RouteRegistration =>
    (path, route, doc) => {
      if (entries.some((entry) => entry.method === method && entry.path === path)) {
        throw new Error(`${method} ${path} is registered twice`)
      }
      entries.push({ method, path, ...doc })
      if (!router) return
      let handler = withBody(route as RouteHandler<unknown>, doc, `${method} ${path}`)
      // Inside the idempotency wrapper: a replayed answer did nothing again, so it is not recorded again.
      if (isAudited(method, doc)) handler = audited(method, path, doc, handler)
      if (doc.idempotent) handler = idempotent(idempotencyRule(doc, doc.idempotent), handler)
      // Inside the editor token's and the route's records, which identifying the caller needs.
      handler = readingOwnWrites(method, doc, handler)
      if (doc.editorToken) handler = takingEditorTokens(doc.editorToken, doc.readOnly === true, handler)
      handler = recordingRoute(method, path, handler)
      const first = before?.(path)
      const handlers = first === undefined ? [handler] : [first, handler]
      if (method === 'GET') router.get(path, ...handlers).head(path, ...handlers)
      else if (method === 'POST') router.post(path, ...handlers)
      else if (method === 'PUT') router.put(path, ...handlers)
      else if (method === 'PATCH') router.patch(path, ...handlers)
      else router.delete(path, ...handlers)
    }
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') }
}

/**
 * `route` as a `Handler`: its `body()` reads the request's JSON body and parses it by the declared schema, once
 * per request, with the route family's errors (see `RouteHandler`).
 */
function withBody(route: RouteHandler<unknown>, doc: RouteDoc, name: string): Handler {
  const schema = doc.body
  if (schema === undefined || schema === 'upload' || doc.batch !== undefined) {
    const none = () => Promise.reject(new Error(`${name} declares no JSON body its table parses`))
    return (request, ctx, info) => route(request, ctx, info, none)
  }
  const parse = doc.problems ? parseV3Body : parseInput
  return (request, ctx, info) => {
    let parsed: Promise<unknown> | undefined
    const body = () => {
      parsed ??= readJsonBody(request).then((read) => parse(schema, read))
      return parsed
    }
    return route(request, ctx, info, body)
  }
}

/**
 * How an idempotent route finds its key's environment: a client route from its path (or, without one there,
 * from what the path names), a route with a key from the caller, as its own handler authenticates it (a v3
 * route ahead of its query checks, as `v3Route` does); and how it reads its body.
 */
function idempotencyRule(doc: RouteDoc, scope: 'client' | 'management'): IdempotencyRule {
  const environment: IdempotencyRule['environment'] =
    scope === 'management'
      ? async (request, ctx) => (await (doc.problems ? authenticateV3 : authenticate)(request, ctx)).environmentId
      : async (request, ctx) =>
          request.params.environmentId !== undefined ? param(request, 'environmentId') : doc.idempotencyEnvironment?.(request, ctx)
  return {
    scope,
    environment,
    ...(doc.batch !== undefined ? { batch: doc.batch } : {}),
    ...(doc.problems ? { bodyLimit: V3_BODY_LIMIT } : {}),
  }
}

/** `handler`, whose requests may authenticate with an editor token (outermost: every `authenticate` sees it). */
function takingEditorTokens(scope: EditorTokenScope, readOnly: boolean, handler: Handler): Handler {
  return (request, ctx, info) => {
    allowEditorTokens(request, scope, readOnly)
    return handler(request, ctx, info)
  }
}

/** `handler`, whose requests carry their route as registered (outermost: the console's role check reads it). */
function recordingRoute(method: HttpMethod, path: string, handler: Handler): Handler {
  return (request, ctx, info) => {
    recordRoute(request, method, path)
    return handler(request, ctx, info)
  }
}

/** The names of a path's `:name` parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string)
}

/** Whether a route is a client route (CORS on every answer, preflights answered). */
export function isClientRoute(path: string): boolean {
  return path.startsWith('/api/v1/client/') || path.startsWith('/api/v2/client/')
}
