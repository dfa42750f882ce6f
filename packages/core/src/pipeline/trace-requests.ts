import type { Span } from '@opentelemetry/api'
import { SpanKind, SpanStatusCode, context, propagation } from '@opentelemetry/api'
import { environmentOfCaller } from '../auth/authenticate'
import { headerGetter, spanFailed, tracer } from '../tracing/tracer'
import type { Middleware } from './compose'
import type { RequestCall } from './request-call'

/**
 * A server span for every request `fetch` answers (docs/deploying.md, "OpenTelemetry"), continuing the trace a
 * `traceparent` header names. Outermost, so that it covers every other step and the statements and deliveries
 * the request makes are its children. It carries the route as registered, never the path as sent: a path may
 * hold an address or a token, a pattern cannot. With no OpenTelemetry provider registered the span is the API's
 * no-op and none of its attributes is built.
 */
export function traceRequests(routeOf: (request: Request, pathname: string) => string | null): Middleware<RequestCall> {
  return (call, next) => {
    const { request } = call
    const parent = propagation.extract(context.active(), request.headers, headerGetter)
    return tracer().startActiveSpan(request.method, { kind: SpanKind.SERVER }, parent, async (span) => {
      try {
        const response = await next()
        if (span.isRecording()) describe(span, call, routeOf(request, call.pathname), response.status)
        return response
      } catch (error) {
        // The error boundary answers every error; one that still gets here is the host's to answer (a 500).
        spanFailed(span, error)
        if (span.isRecording()) describe(span, call, routeOf(request, call.pathname), 500)
        throw error
      } finally {
        span.end()
      }
    })
  }
}

/** The span's name and attributes once the answer is known (HTTP semantic conventions, and Canvass's own). */
function describe(span: Span, call: RequestCall, route: string | null, status: number): void {
  const method = KNOWN_METHODS.has(call.request.method) ? call.request.method : '_OTHER'
  span.updateName(route === null ? method : `${method} ${route}`)
  span.setAttribute('http.request.method', method)
  span.setAttribute('http.response.status_code', status)
  if (route !== null) span.setAttribute('http.route', route)
  if (call.requestId !== '') span.setAttribute('canvass.request.id', call.requestId)
  const environmentId = environmentOf(call, status)
  if (environmentId !== undefined) span.setAttribute('canvass.environment.id', environmentId)
  // A server span is an error for a 5xx only: a 4xx is the client's (semantic conventions).
  if (status >= 500) {
    span.setStatus({ code: SpanStatusCode.ERROR })
    span.setAttribute('error.type', String(status))
  }
}

/**
 * The request's environment: its caller's, once authenticated (a key, an editor token, the console), or for a
 * client route the one its path names, when the route answered it (below 400: the environment was found) and
 * it has the shape of an id. Anything else a path holds is the sender's, and is never recorded.
 */
function environmentOf(call: RequestCall, status: number): string | undefined {
  const authenticated = environmentOfCaller(call.request)
  if (authenticated !== undefined) return authenticated
  const named: unknown = call.request.params?.environmentId
  return status < 400 && typeof named === 'string' && ID_SHAPE.test(named) ? named : undefined
}

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE'])
