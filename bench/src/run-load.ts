import { fileURLToPath } from 'node:url'
import { runJsonChild } from './json-child'

/** One kind of request, sent over and over to one server. */
export interface LoadTarget {
  url: string
  method: 'GET' | 'OPTIONS' | 'POST' | 'PUT'
  headers: Record<string, string>
  body?: string
}

export interface LoadSettings {
  /** Seconds measured. */
  duration: number
  /** Seconds of load before, not measured. */
  warmup: number
  connections: number
}

export interface Measurement {
  /** Average of the per-second request counts. */
  requestsPerSecond: number
  /** Latency percentiles in ms. */
  p50: number
  p99: number
  /** Requests answered, whatever the status. */
  total: number
  /** Seconds the measured load lasted. */
  seconds: number
  /** Answers outside 2xx, warm-up included: any at all makes the run suspect. */
  non2xx: number
  /** Connection errors and timeouts, warm-up included. */
  errors: number
  /** Count of each status code seen in the measured run, e.g. `{ '204': 80123 }`. */
  statusCodes: Record<string, number>
}

/**
 * Warms the server up, then measures it with autocannon's keep-alive connections, in a fresh process each
 * time (see `load-child.mjs`), on the CPUs the bench process may use.
 */
export async function runLoad(target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const options = {
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: settings.connections,
  }
  return runJsonChild<Measurement>(LOAD_CHILD, {
    LOAD_OPTIONS: JSON.stringify({ options, warmup: settings.warmup, duration: settings.duration }),
  })
}

/** Seconds of unmeasured load before each slice of `runInterleaved` but the first, which gets the full warm-up. */
const SLICE_WARMUP = 0.5

/**
 * Measures several targets in turn, each in `slices` slices of `duration / slices` seconds, alternating in the
 * order a b, b a, a b, …, and combines each target's slices into one measurement. A slow drift of the machine
 * (a Postgres checkpoint writing, a busy neighbour of a virtual machine) then lands on every target alike,
 * instead of on whichever ran at that time; a b b a cancels a steady drift. The first slice of each target gets
 * the full warm-up, the others `SLICE_WARMUP` seconds, enough for autocannon's new connections.
 */
export async function runInterleaved(targets: LoadTarget[], settings: LoadSettings & { slices: number }): Promise<Measurement[]> {
  const slices = Math.max(1, Math.round(settings.slices))
  const measured: Measurement[][] = targets.map(() => [])
  for (let slice = 0; slice < slices; slice++) {
    const order = targets.map((_, i) => i)
    if (slice % 2 === 1) order.reverse()
    for (const i of order) {
      measured[i]!.push(
        await runLoad(targets[i]!, {
          duration: settings.duration / slices,
          warmup: slice === 0 ? settings.warmup : Math.min(settings.warmup, SLICE_WARMUP),
          connections: settings.connections,
        }),
      )
    }
  }
  return measured.map(combine)
}

/**
 * Measures several targets at the same time, each with a load generator of its own (a process each, on the
 * CPUs the bench process may use) for the same seconds: servers pinned to one core then share it, and the
 * ratio of their rates is the ratio of what each does with the same CPU. See `load` in `config.ts`.
 */
export function runTogether(targets: LoadTarget[], settings: LoadSettings): Promise<Measurement[]> {
  return Promise.all(targets.map((target) => runLoad(target, settings)))
}

/**
 * One measurement from slices of the same load: the rate is all requests over all measured seconds, p50 the
 * median of the slices' p50, p99 the worst slice's p99 (a percentile of the whole cannot be had from the
 * slices' percentiles; the worst is the cautious side), and failures add up.
 */
function combine(slices: Measurement[]): Measurement {
  if (slices.length === 1) return slices[0]!
  const total = slices.reduce((sum, m) => sum + m.total, 0)
  const seconds = slices.reduce((sum, m) => sum + m.seconds, 0)
  const p50s = slices.map((m) => m.p50).sort((a, b) => a - b)
  const statusCodes: Record<string, number> = {}
  for (const m of slices) for (const [code, count] of Object.entries(m.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count
  return {
    requestsPerSecond: seconds > 0 ? total / seconds : 0,
    p50: p50s[Math.floor((p50s.length - 1) / 2)]!,
    p99: Math.max(...slices.map((m) => m.p99)),
    total,
    seconds,
    non2xx: slices.reduce((sum, m) => sum + m.non2xx, 0),
    errors: slices.reduce((sum, m) => sum + m.errors, 0),
    statusCodes,
  }
}

const LOAD_CHILD = fileURLToPath(new URL('./load-child.mjs', import.meta.url))

/** One request like the load's, to show what a server answers when the load saw failures. */
export async function probe(target: LoadTarget): Promise<string> {
  try {
    const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body })
    const text = await response.text()
    return `${response.status} ${text.slice(0, 300)}`
  } catch (error) {
    return `request failed: ${(error as Error).message}`
  }
}
