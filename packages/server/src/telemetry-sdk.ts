/**
 * The OpenTelemetry SDK, set up as `TelemetrySettings` say and registered for the whole process: core's request,
 * job and delivery spans and the storage's statement spans reach it through `@opentelemetry/api`. Imported only
 * by `startTelemetry` (`telemetry.ts`), only when a variable asks for an export, so that the SDK's code is never
 * loaded otherwise (the build puts it in a chunk of its own).
 */
import type { Attributes, Histogram, TextMapPropagator } from '@opentelemetry/api'
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http'
import { OTLPMetricExporter as ProtobufMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto'
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources'
import type { Resource } from '@opentelemetry/resources'
import { ConsoleMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics'
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics'
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace'
import type { RequestObservation } from '@canvass/core'
import type { SamplerSetting, SignalExport, TelemetrySettings } from './telemetry-settings'

/** The SDK as registered: the request hook that feeds its metrics, and how to flush and stop it. */
export interface RunningTelemetry {
  /** Records each answer in `http.server.request.duration`, when metrics are exported. */
  onRequest: ((event: RequestObservation) => void) | undefined
  /** Exports what is left and stops the exporters. */
  shutdown(): Promise<void>
}

/** Sets up the SDK and registers it as the process's provider of traces, metrics, context and propagation. */
export function registerTelemetry(settings: TelemetrySettings, version: string): RunningTelemetry {
  const resource = resourceOf(settings, version)
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: propagatorsOf(settings) }))
  const tracerProvider =
    settings.traces === undefined
      ? undefined
      : new TracerProvider({
          resource,
          sampler: samplerOf(settings.sampler),
          spanProcessors: [
            new BatchSpanProcessor({ exporter: spanExporterOf(settings.traces), scheduledDelayMillis: settings.spanExportDelayMs }),
          ],
        })
  if (tracerProvider) trace.setGlobalTracerProvider(tracerProvider)
  const meterProvider =
    settings.metrics === undefined
      ? undefined
      : new MeterProvider({
          resource,
          readers: [
            new PeriodicExportingMetricReader({
              exporter: metricExporterOf(settings.metrics),
              exportIntervalMillis: settings.metricExportIntervalMs,
              exportTimeoutMillis: Math.min(30_000, settings.metricExportIntervalMs),
            }),
          ],
        })
  if (meterProvider) metrics.setGlobalMeterProvider(meterProvider)
  const duration = meterProvider?.getMeter('@canvass/server').createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests.',
    unit: 's',
    advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] },
  })
  return {
    onRequest: duration && recordRequest(duration),
    async shutdown() {
      await Promise.allSettled([tracerProvider?.shutdown(), meterProvider?.shutdown()])
    },
  }
}

/** `http.server.request.duration` as the HTTP semantic conventions describe it: seconds, by method, route and status. */
function recordRequest(duration: Histogram): (event: RequestObservation) => void {
  return (event) => {
    const attributes: Attributes = {
      'http.request.method': KNOWN_METHODS.has(event.method) ? event.method : '_OTHER',
      'http.response.status_code': event.status,
    }
    if (event.route !== null) attributes['http.route'] = event.route
    if (event.status >= 500) attributes['error.type'] = String(event.status)
    duration.record(event.durationMs / 1000, attributes)
  }
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE'])

/**
 * The SDK's defaults (`telemetry.sdk.*`), then `service.name` `canvass` and `service.version`, then what
 * `OTEL_RESOURCE_ATTRIBUTES` says, then `OTEL_SERVICE_NAME`: later ones win, as the specification orders them.
 */
function resourceOf(settings: TelemetrySettings, version: string): Resource {
  return defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'canvass', 'service.version': version }))
    .merge(detectResources({ detectors: [envDetector] }))
    .merge(resourceFromAttributes({ 'service.name': settings.serviceName }))
}

function propagatorsOf(settings: TelemetrySettings): TextMapPropagator[] {
  return settings.propagators.map((name) => (name === 'tracecontext' ? new W3CTraceContextPropagator() : new W3CBaggagePropagator()))
}

function samplerOf(setting: SamplerSetting): Sampler {
  switch (setting.name) {
    case 'always_on':
      return new AlwaysOnSampler()
    case 'always_off':
      return new AlwaysOffSampler()
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(setting.ratio)
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() })
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() })
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(setting.ratio) })
  }
}

// The OTLP exporters read their endpoint, headers, timeout, compression and certificates from the standard
// variables themselves (`OTEL_EXPORTER_OTLP_*`).
function spanExporterOf(signal: SignalExport): SpanExporter {
  if (signal.exporter === 'console') return new ConsoleSpanExporter()
  return signal.protocol === 'http/json' ? new JsonTraceExporter() : new ProtobufTraceExporter()
}

function metricExporterOf(signal: SignalExport): PushMetricExporter {
  if (signal.exporter === 'console') return new ConsoleMetricExporter()
  return signal.protocol === 'http/json' ? new JsonMetricExporter() : new ProtobufMetricExporter()
}
