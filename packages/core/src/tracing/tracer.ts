import type { Attributes, Span, TextMapGetter, Tracer } from '@opentelemetry/api'
import { SpanStatusCode, trace } from '@opentelemetry/api'

/**
 * Core's spans go through the OpenTelemetry API alone (docs/deploying.md, "OpenTelemetry"): whatever provider the
 * process registered gets them, and with none registered every call here is the API's no-op. Core never loads
 * an SDK; the standalone server does when `OTEL_*` variables ask for one, an app that embeds Canvass registers
 * its own.
 *
 * What a span may carry is decided here and in the few places that start one: route patterns, methods, status
 * codes, ids Canvass made (environments, webhooks, deliveries, mails), counts and error classes. Never a path
 * or a query as sent, an address (IP or e-mail), a user id, a header's value or a body.
 */
export function tracer(): Tracer {
  // Asked for at each use rather than kept: a tracer kept from before a provider was registered, then
  // unregistered (`trace.disable()`, as a test does), would go on sending spans to the provider that is gone.
  return trace.getTracer('@canvass/core')
}

/**
 * The background jobs that make spans of their own (`jobSpan`), each the value of `canvass.job` on its spans:
 * a claim of the webhook dispatcher, a batch of the mail sender, a run or pass of the upkeep workers.
 */
export type CanvassJob =
  | 'webhooks'
  | 'mail'
  | 'mail-purge'
  | 'retention'
  | 'blob-janitor'
  | 'quota-screening'
  | 'summary-keeper'
  | 'audit-log-purge'

/**
 * Runs one pass of a background job inside a span of its own, the root of a trace: a pass a request woke (a
 * mail queued, files to delete) is not part of that request's trace, which has answered by then. What the job
 * does (statements, deliveries) is inside it. A job that throws has its span marked failed with the error's
 * class; the error goes on as thrown.
 */
export function jobSpan<T>(job: CanvassJob, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(`canvass.job ${job}`, { root: true, attributes: { 'canvass.job': job } }, async (span) => {
    try {
      return await work(span)
    } catch (error) {
      spanFailed(span, error)
      throw error
    } finally {
      span.end()
    }
  })
}

/** Sets attributes on a span only when it records: building them is skipped when nothing would keep them. */
export function setWhenRecording(span: Span, attributes: () => Attributes): void {
  if (span.isRecording()) span.setAttributes(attributes())
}

/**
 * Marks a span failed with the error's class only (`error.type`): a `CanvassError`'s code, a database's SQLSTATE,
 * or the error's name. Never its message, which may quote a value (a unique key, an address).
 */
export function spanFailed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR })
  if (span.isRecording()) span.setAttribute('error.type', errorType(error))
}

function errorType(error: unknown): string {
  if (error !== null && typeof error === 'object') {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code
    const name = (error as { name?: unknown }).name
    if (typeof name === 'string' && name.length > 0 && name.length <= 64) return name
  }
  return '_OTHER'
}

/** Reads a W3C `traceparent` (and whatever else the registered propagator asks for) from a request's headers. */
export const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
}
