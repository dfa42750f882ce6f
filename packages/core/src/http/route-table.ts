import type { IRequest, RequestHandler } from 'itty-router'
import type { CanvassContext, CanvassRouter, ConnectionInfo, Handler } from '../context'
import { param } from '../context'
import { audited, isAudited } from './audit'
import { authentication } from '../auth/authentication'
import { compose } from '../pipeline/compose'
import type { RouteMiddleware } from '../pipeline/route-call'
import { readJsonBody } from './body'
import { authenticate } from '../auth/authenticate'
import { idempotent } from './idempotency'
import type { IdempotencyRule } from './idempotency'
import { readingOwnWrites } from './read-your-writes'
import { V3_BODY_LIMIT, authenticateV3, parseV3Body } from './v3'
import { parseInput } from './validate'
import type { BodyOf, HttpMethod, RouteDoc, RouteEntry, RouteHandler } from './route-doc'

export type {
  BodyHandler,
  BodyOf,
  ErrorStatus,
  HttpMethod,
  RouteAuth,
  RouteDoc,
  RouteEntry,
  RouteHandler,
  RouteProduces,
} from './route-doc'

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
      const handler = aroundRoute(method, path, doc, withBody(route as RouteHandler<unknown>, doc, `${method} ${path}`))
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

/**
 * `handler` inside the steps its description asks for, the first outermost: what `authenticate` needs to know of
 * the route (which every step after it may ask), reading one's own writes (which identifying the caller needs
 * the route's records for), the idempotency store, and the audit log (inside the idempotency store: a replayed
 * answer did nothing again, so it is not recorded again).
 */
function aroundRoute(method: HttpMethod, path: string, doc: RouteDoc, handler: Handler): Handler {
  const steps: RouteMiddleware[] = [authentication(method, path, doc)]
  const ownWrites = readingOwnWrites(method, doc)
  if (ownWrites) steps.push(ownWrites)
  if (doc.idempotent) steps.push(idempotent(idempotencyRule(doc, doc.idempotent)))
  if (isAudited(method, doc)) steps.push(audited(method, path, doc))
  const run = compose(steps, ({ request, ctx, info }) => handler(request, ctx, info))
  return (request, ctx, info) => run({ request, ctx, info })
}

/** The names of a path's `:name` parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string)
}

/** Whether a route is a client route (CORS on every answer, preflights answered). */
export function isClientRoute(path: string): boolean {
  return path.startsWith('/api/v1/client/') || path.startsWith('/api/v2/client/')
}
