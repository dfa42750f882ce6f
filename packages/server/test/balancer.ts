/**
 * A load balancer on loopback for tests of several instances (drain.test.ts, upgrade-under-load.test.ts): it
 * polls each instance's `/health/ready` and sends each request to the next instance that answered its last poll
 * with 200, as a load balancer's health check does.
 */
import { Agent, createServer, request } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'

/** How often the balancer asks each instance whether it is ready. */
export const POLL_MS = 100
/** How long a check waits for an answer, and how many checks in a row without one take an instance out (Kubernetes' readiness probe: 1 s, 3). */
const NO_ANSWER_MS = 1_000
const UNANSWERED = 3

export interface Balancer {
  url: string
  /** Requests forwarded to each instance. */
  forwarded: number[]
  /** Whether each instance answered its last poll with 200. */
  ready: boolean[]
  /** Each change of an instance's readiness the balancer saw, with the reason the instance gave. */
  changes: { index: number; ready: boolean; failed?: string; at: number }[]
  /** Each 502 the balancer answered itself, when and why (none ready, or the instance's connection failed). */
  refusals: { at: number; reason: string }[]
  /** Adds an instance (as an orchestrator registers a new one): polled from now on, sent requests once ready. */
  add(target: string): number
  close(): Promise<void>
}

/** Headers that belong to one connection, not to the request or answer. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade']

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers }
  for (const name of HOP_BY_HOP) delete copy[name]
  return copy
}

/**
 * A load balancer on loopback: each request goes to the next ready instance, over keep-alive connections; none
 * ready is a 502. An instance is ready once a `/health/ready` poll answered 200, and stops being ready when one
 * answers otherwise (a 503 at the start of a drain) or when `UNANSWERED` polls in a row got no answer. The polls
 * run on a clock of their own, as a load balancer's health checks do: real time is what its tests test.
 */
export async function startBalancer(initial: readonly string[]): Promise<Balancer> {
  const targets = [...initial]
  const ready = targets.map(() => false)
  const forwarded = targets.map(() => 0)
  const changes: Balancer['changes'] = []
  const refusals: Balancer['refusals'] = []
  let polling = true
  let cursor = 0
  // Idle connections are closed after a second, well before the instances' own keep-alive timeout (5 s).
  const agent = new Agent({ keepAlive: true, maxSockets: 32, timeout: 1_000 })

  const poll = async (index: number) => {
    let unanswered = 0
    while (polling) {
      let now = false
      let failed: string | undefined
      try {
        const answer = await fetch(`${targets[index]}/health/ready`, { signal: AbortSignal.timeout(NO_ANSWER_MS) })
        now = answer.status === 200
        failed = ((await answer.json()) as { failed?: string }).failed
        unanswered = 0
      } catch {
        failed = 'no answer'
        // A check that gets no answer keeps the instance as it was until it failed UNANSWERED times in a row, as
        // a load balancer's unhealthy threshold does: a busy machine is slow to answer now and then. An answer
        // of 503 (a drain) counts at once.
        if (++unanswered < UNANSWERED) now = ready[index] as boolean
      }
      if (now !== ready[index]) changes.push({ index, ready: now, ...(now ? {} : { failed }), at: performance.now() })
      ready[index] = now
      await delay(POLL_MS)
    }
  }
  const polls = targets.map((_, index) => poll(index))
  const add = (target: string) => {
    const index = targets.push(target) - 1
    ready.push(false)
    forwarded.push(0)
    polls.push(poll(index))
    return index
  }

  const server: Server = createServer((req, res) => {
    const choices = targets.flatMap((_, index) => (ready[index] ? [index] : []))
    const index = choices[cursor++ % Math.max(choices.length, 1)]
    if (index === undefined) {
      refusals.push({ at: performance.now(), reason: 'no instance is ready' })
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance is ready')
      return
    }
    forwarded[index] = (forwarded[index] ?? 0) + 1
    const target = new URL(targets[index] as string)
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: withoutHopByHop(req.headers), agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers))
        answer.pipe(res)
        answer.once('close', () => {
          if (!answer.complete) res.destroy()
        })
      },
    )
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      refusals.push({
        at: performance.now(),
        reason: `instance ${index}: ${error.code ?? error.message}${res.headersSent ? ' (answer cut)' : ''}`,
      })
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`instance ${index}: ${error.code ?? error.message}`)
      else res.destroy()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    ready,
    changes,
    refusals,
    add,
    async close() {
      polling = false
      await Promise.all(polls)
      agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
