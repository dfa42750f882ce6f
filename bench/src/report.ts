import type { Measurement } from './run-load'

/** One server's measurement in a scenario. */
export interface ServerResult {
  server: string
  measurement: Measurement
  /** What one request answered after a run with failures, to tell why. */
  sample?: string
}

/** A scenario: Canvass against the least a Node server must do for the same request. */
export interface Comparison {
  scenario: string
  /** The lowest acceptable Canvass / baseline ratio of req/s. */
  target: number
  /** Each server's best round. */
  baseline: ServerResult
  canvass: ServerResult
  /**
   * Canvass ÷ baseline req/s of each round, from the two runs made back to back in that round. Their median
   * is the ratio judged against the target.
   */
  roundRatios: number[]
}

/** The middle value (the mean of the two middle values of an even count); NaN when there is none. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Which of two rounds of one server to keep: the faster clean one, or a failed one, so that a failure is never
 * hidden behind a clean round.
 */
export function betterRound<M extends { measurement: Measurement }>(kept: M | undefined, next: M): M {
  if (kept === undefined || !isClean(next.measurement)) return next
  return isClean(kept.measurement) && next.measurement.requestsPerSecond > kept.measurement.requestsPerSecond ? next : kept
}

/** A measurement counts only when every request got a 2xx: failures are usually faster than work. */
export const isClean = (m: Measurement): boolean => m.non2xx === 0 && m.errors === 0 && m.total > 0

/** The result table, the failures (loudly), then the ratios with their targets. */
export function formatReport(comparisons: Comparison[]): string {
  const rows = comparisons.flatMap(
    (c) =>
      [
        [c.scenario, c.baseline],
        [c.scenario, c.canvass],
      ] as const,
  )
  const table = [
    ['scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    ...rows.map(([scenario, r]) => [
      scenario,
      r.server,
      r.measurement.requestsPerSecond.toFixed(0),
      // autocannon records latency in whole milliseconds; decimals would suggest a precision it lacks.
      r.measurement.p50.toFixed(0),
      r.measurement.p99.toFixed(0),
      String(r.measurement.non2xx),
      String(r.measurement.errors),
    ]),
  ]
  const out = [...align(table, [false, false, true, true, true, true, true]), '']

  const failed = rows.filter(([, r]) => !isClean(r.measurement))
  for (const [scenario, r] of failed) {
    const m = r.measurement
    const codes = Object.entries(m.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(', ')
    out.push(`!!! FAILED RUN: ${scenario} on ${r.server}: ${m.non2xx} non-2xx, ${m.errors} errors (status codes: ${codes || 'none'})`)
    if (r.sample) out.push(`    one request now answers: ${r.sample}`)
  }
  if (failed.length > 0) out.push('!!! The numbers of failed runs measure errors, not the server; their ratios are not valid.', '')

  out.push('Canvass / baseline req/s (median of the rounds; each round, then the ratio of the best rounds):')
  out.push(
    ...align(
      comparisons.map((c) => {
        const ratio = median(c.roundRatios)
        const best = c.canvass.measurement.requestsPerSecond / c.baseline.measurement.requestsPerSecond
        const clean = isClean(c.canvass.measurement) && isClean(c.baseline.measurement)
        const verdict = !clean ? 'not met (invalid: failed run)' : ratio >= c.target ? 'met' : 'not met'
        const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-')
        return [
          c.scenario,
          fixed(ratio),
          `target >= ${c.target}`,
          verdict,
          `rounds ${c.roundRatios.map(fixed).join(' ')}`,
          `best ${fixed(best)}`,
        ]
      }),
      [false, true, false, false, false, false],
    ).map((line) => `  ${line}`),
  )
  return out.join('\n')
}

function align(rows: string[][], right: boolean[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
  return rows.map((row) =>
    row
      .map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  )
}
