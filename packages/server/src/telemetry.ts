import type { RunningTelemetry } from './telemetry-sdk'
import type { TelemetrySettings } from './telemetry-settings'
import { telemetryLine } from './telemetry-settings'

export type { RunningTelemetry } from './telemetry-sdk'

/**
 * Loads and registers the OpenTelemetry SDK when the `OTEL_*` variables ask for an export (`settings`), and
 * only then: the SDK is imported here, on demand, so that a server asked for none neither loads nor runs any
 * of it (docs/deploying.md, "OpenTelemetry"). Called before anything makes a span, and says in one line what
 * it exports. The caller's `shutdown()` comes last, so that the spans of the drain and of the background work's
 * last passes are exported.
 */
export async function startTelemetry(
  settings: TelemetrySettings | undefined,
  version: string,
  say: (line: string) => void = console.log,
): Promise<RunningTelemetry | undefined> {
  if (settings === undefined) return undefined
  const { registerTelemetry } = await import('./telemetry-sdk')
  const running = registerTelemetry(settings, version)
  say(telemetryLine(settings))
  return running
}
