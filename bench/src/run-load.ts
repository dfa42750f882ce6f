import { fileURLToPath } from 'node:url'
import { runJsonChild } from './json-child'

/** One kind of request, sent over and over to one server. */
export interface LoadTarget {
  url: string
  method: 'GET' | 'OPTIONS' | 'POST'
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
