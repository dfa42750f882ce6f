/**
 * What OpenTelemetry export the standard `OTEL_*` variables ask for (docs/deploying.md, "OpenTelemetry"), read
 * and checked without loading the SDK: a server that is asked for nothing loads none. The variables mean what
 * the OpenTelemetry specification says, with one difference: nothing is exported unless a variable asks, where
 * the specification's defaults would send to localhost:4318 with no variable set.
 */
export interface TelemetrySettings {
  /** Where spans go, or undefined when no span is exported. */
  traces: SignalExport | undefined
  /** Where metrics go, or undefined when none is exported. */
  metrics: SignalExport | undefined
  /** `service.name`: `OTEL_SERVICE_NAME`, else a `service.name` in `OTEL_RESOURCE_ATTRIBUTES`, else `canvass`. */
  serviceName: string
  sampler: SamplerSetting
  /** `OTEL_PROPAGATORS`: which headers carry the trace context in and out. */
  propagators: Array<'tracecontext' | 'baggage'>
  /** `OTEL_BSP_SCHEDULE_DELAY`: milliseconds between two exports of spans. */
  spanExportDelayMs: number
  /** `OTEL_METRIC_EXPORT_INTERVAL`: milliseconds between two exports of metrics. */
  metricExportIntervalMs: number
}

export type SignalExport = { exporter: 'console' } | { exporter: 'otlp'; protocol: 'http/protobuf' | 'http/json' }

/** `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`. */
export interface SamplerSetting {
  name: 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio'
  /** The ratio of the `traceidratio` samplers, from 0 to 1. */
  ratio: number
}

/**
 * The settings, or undefined when no variable asks for an export or `OTEL_SDK_DISABLED=true`.
 * @throws {Error} naming the variable, for a value the server cannot follow
 */
export function readTelemetrySettings(env: Record<string, string | undefined>): TelemetrySettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined
  const anyEndpoint = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim())
  const traces = signalExport({
    exporterVariable: 'OTEL_TRACES_EXPORTER',
    exporter: env.OTEL_TRACES_EXPORTER,
    endpoint: anyEndpoint || Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()),
    protocolVariable: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL',
    protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL,
  })
  const metrics = signalExport({
    exporterVariable: 'OTEL_METRICS_EXPORTER',
    exporter: env.OTEL_METRICS_EXPORTER,
    endpoint: anyEndpoint || Boolean(env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?.trim()),
    protocolVariable: env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ? 'OTEL_EXPORTER_OTLP_METRICS_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL',
    protocol: env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL,
  })
  if (traces === undefined && metrics === undefined) return undefined
  return {
    traces,
    metrics,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || serviceNameOf(env.OTEL_RESOURCE_ATTRIBUTES) || 'canvass',
    sampler: readSampler(env.OTEL_TRACES_SAMPLER, env.OTEL_TRACES_SAMPLER_ARG),
    propagators: readPropagators(env.OTEL_PROPAGATORS),
    spanExportDelayMs: readMilliseconds('OTEL_BSP_SCHEDULE_DELAY', env.OTEL_BSP_SCHEDULE_DELAY, 5000),
    metricExportIntervalMs: readMilliseconds('OTEL_METRIC_EXPORT_INTERVAL', env.OTEL_METRIC_EXPORT_INTERVAL, 60000),
  }
}

/** One line for the start: what is exported, and where to. */
export function telemetryLine(settings: TelemetrySettings): string {
  const said = (what: string, signal: SignalExport | undefined) =>
    signal === undefined ? [] : [`${what} ${signal.exporter === 'otlp' ? `by OTLP (${signal.protocol})` : 'to the console'}`]
  return `OpenTelemetry: ${[...said('traces', settings.traces), ...said('metrics', settings.metrics)].join(', ')}, as service ${settings.serviceName}`
}

interface SignalVariables {
  exporterVariable: string
  exporter: string | undefined
  /** Whether an endpoint is given for the signal (its own or the common one). */
  endpoint: boolean
  protocolVariable: string
  protocol: string | undefined
}

/** A signal's exporter: the one its variable names, else OTLP when an endpoint is given, else none. */
function signalExport(signal: SignalVariables): SignalExport | undefined {
  const names = (signal.exporter ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  if (names.length === 0) return signal.endpoint ? otlp(signal) : undefined
  if (names.includes('none')) return undefined
  if (names.length > 1) {
    throw new Error(`${signal.exporterVariable} names one exporter here (otlp, console or none), got ${JSON.stringify(signal.exporter)}`)
  }
  const [name] = names
  if (name === 'console') return { exporter: 'console' }
  if (name === 'otlp') return otlp(signal)
  const prometheus =
    name === 'prometheus' && signal.exporterVariable === 'OTEL_METRICS_EXPORTER'
      ? ': for Prometheus the server serves /metrics itself (CANVASS_METRICS_PORT)'
      : ''
  throw new Error(`${signal.exporterVariable} must be otlp, console or none, got ${JSON.stringify(signal.exporter)}${prometheus}`)
}

function otlp(signal: SignalVariables): SignalExport {
  const protocol = (signal.protocol ?? 'http/protobuf').trim().toLowerCase()
  if (protocol === 'http/protobuf' || protocol === 'http/json') return { exporter: 'otlp', protocol }
  if (protocol === 'grpc') {
    throw new Error(
      `${signal.protocolVariable}=grpc is not supported: use http/protobuf (the default) or http/json, on the collector's HTTP port (4318)`,
    )
  }
  throw new Error(`${signal.protocolVariable} must be http/protobuf or http/json, got ${JSON.stringify(signal.protocol)}`)
}

const SAMPLERS = new Set<SamplerSetting['name']>([
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
])

/** The specification's sampler names; a ratio that is not a number from 0 to 1 is refused rather than taken as 1. */
function readSampler(name: string | undefined, arg: string | undefined): SamplerSetting {
  const chosen = (name?.trim().toLowerCase() || 'parentbased_always_on') as SamplerSetting['name']
  if (!SAMPLERS.has(chosen)) {
    throw new Error(`OTEL_TRACES_SAMPLER must be one of ${[...SAMPLERS].join(', ')}, got ${JSON.stringify(name)}`)
  }
  if (!chosen.endsWith('traceidratio') || arg === undefined || arg.trim() === '') return { name: chosen, ratio: 1 }
  const ratio = Number(arg)
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1 for ${chosen}, got ${JSON.stringify(arg)}`)
  }
  return { name: chosen, ratio }
}

function readPropagators(value: string | undefined): Array<'tracecontext' | 'baggage'> {
  if (value === undefined || value.trim() === '') return ['tracecontext', 'baggage']
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  if (names.includes('none')) return []
  const unknown = names.find((name) => name !== 'tracecontext' && name !== 'baggage')
  if (unknown !== undefined) {
    throw new Error(`OTEL_PROPAGATORS may name tracecontext, baggage or none here, got ${JSON.stringify(unknown)}`)
  }
  return names as Array<'tracecontext' | 'baggage'>
}

function readMilliseconds(name: string, value: string | undefined, otherwise: number): number {
  if (value === undefined || value.trim() === '') return otherwise
  if (!/^\d{1,9}$/.test(value.trim()) || Number(value) < 1) {
    throw new Error(`${name} must be a whole number of milliseconds from 1, got ${JSON.stringify(value)}`)
  }
  return Number(value)
}

/** `service.name` in `OTEL_RESOURCE_ATTRIBUTES` (`key=value,…`, values percent-encoded), if there. */
function serviceNameOf(attributes: string | undefined): string | undefined {
  for (const pair of (attributes ?? '').split(',')) {
    const [key, value] = pair.split('=', 2)
    if (key?.trim() === 'service.name' && value !== undefined && value.trim() !== '') {
      try {
        return decodeURIComponent(value.trim())
      } catch {
        return value.trim()
      }
    }
  }
  return undefined
}
