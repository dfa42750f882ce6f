import type { RunningTelemetry } from './telemetry-sdk'
import type { TelemetrySettings } from './telemetry-settings'

export type { RunningTelemetry } from './telemetry-sdk'

/**
 * Loads and registers the OpenTelemetry SDK when the `OTEL_*` variables ask for an export (`settings`), and
 * only then: the SDK is imported here, on demand, so that a server asked for none neither loads nor runs any
 * of it (docs/deploying.md, "OpenTelemetry").
 */
export async function startTelemetry(settings: TelemetrySettings | undefined, version: string): Promise<RunningTelemetry | undefined> {
  if (settings === undefined) return undefined
  const { registerTelemetry } = await import('./telemetry-sdk')
  return registerTelemetry(settings, version)
}
