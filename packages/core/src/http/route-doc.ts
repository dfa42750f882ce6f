import type * as v from 'valibot'
import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import type { EditorTokenScope } from '../auth/caller'
import type { RouteAudit } from './route-audit'

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
  /** A 201 route's other success: the 200 of a dry run that writes nothing (`POST /api/v3/surveys/import`). */
  dryRunAnswer?: v.GenericSchema
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
