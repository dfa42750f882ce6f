import type * as v from 'valibot'
import type { IRequest, RequestHandler } from 'itty-router'
import type { CanvassContext, CanvassRouter, ConnectionInfo, Handler } from '../context'
import type { RouteAudit } from './audit'
import { audited, isAudited } from './audit'
import { idempotent } from './idempotency'

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
  /** The JSON body the route parses (`parseInput`'s schema), or `upload` for a file upload. */
  body?: v.GenericSchema | 'upload'
  /** The success answer's JSON body; omitted for `produces` and a 204. */
  answer?: v.GenericSchema
  /**
   * The success status, when not 200: a v3 create answers 201, a v3 survey delete 204 (no body).
   * @default 200
   */
  status?: 201 | 204
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
  requires?: 'blobStore' | 'widget'
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
   * The body's array whose items succeed or fail one by one (see `readJsonBatch`), so that the input rule
   * refuses one item rather than the whole body, also where the body is read before the handler.
   */
  batch?: string
  /**
   * How the route's 2xx answers are written to the audit log (see `audited`). Every management write (POST,
   * PUT, DELETE with `apiKey`) MUST have it; a GET has it when it hands out personal data in bulk (exports).
   */
  audit?: RouteAudit
}

/** One registered route: method, path (`:name` parameters, without the base path) and its description. */
export interface RouteEntry extends RouteDoc {
  method: HttpMethod
  path: string
}

/**
 * Where route modules register: each route once, with its description, which feeds both the router and the
 * OpenAPI document, so that the two cannot drift.
 */
export interface RouteTable {
  get(path: string, handler: Handler, doc: RouteDoc): void
  post(path: string, handler: Handler, doc: RouteDoc): void
  put(path: string, handler: Handler, doc: RouteDoc): void
  patch(path: string, handler: Handler, doc: RouteDoc): void
  delete(path: string, handler: Handler, doc: RouteDoc): void
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
  const add = (method: HttpMethod) => (path: string, handler: Handler, doc: RouteDoc) => {
    if (entries.some((entry) => entry.method === method && entry.path === path)) {
      throw new Error(`${method} ${path} is registered twice`)
    }
    entries.push({ method, path, ...doc })
    if (!router) return
    // Inside the idempotency wrapper: a replayed answer did nothing again, so it is not recorded again.
    if (isAudited(method, doc)) handler = audited(method, path, doc, handler)
    if (doc.idempotent) handler = idempotent(doc.idempotent, handler, doc.batch)
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

/** The names of a path's `:name` parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string)
}

/** Whether a route is a client route (CORS on every answer, preflights answered). */
export function isClientRoute(path: string): boolean {
  return path.startsWith('/api/v1/client/') || path.startsWith('/api/v2/client/')
}
