/**
 * `pnpm bench:slow-receiver`: whether webhooks keep up with a receiver that is slow and fails now and then. Two
 * standalone servers on one Postgres database, both delivering webhooks, under an open load for
 * `BENCH_SLOW_MINUTES` minutes (default 10):
 *
 * - tenant A (the production environment): `BENCH_SLOW_EVENTS` events a second (default 100) for one webhook
 *   subscribed to all three events (each response is created unfinished, then finished: created, updated and
 *   finished), whose receiver answers 75 % at once, 12 % after 0.5–4.5 s, 3 % after 20 s (past the attempt's
 *   timeout) and 10 % with 500;
 * - tenant B (the development environment): 5 finished responses a second for a webhook on `responseFinished`
 *   whose receiver answers at once.
 *
 * The lag of an event is the time from the client's acknowledgement of the write that made it to the receiver's
 * first sight of its delivery (the first attempt, whatever it answered): how far the dispatchers are behind.
 * Prints, per minute, each webhook's p50 / p99 / longest lag of the events made in that minute and the events
 * not yet seen at its end, then the whole run's, and how long the backlog took to drain after the load. With
 * `BENCH_BASE` (another checkout, built), that checkout is run first the same way, on a database of its own.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { generateApiKey } from './api-key'
import { createBenchDatabase } from './bench-database'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const MINUTES = Number(process.env.BENCH_SLOW_MINUTES ?? 10)
const EVENTS_PER_SECOND = Number(process.env.BENCH_SLOW_EVENTS ?? 100)
const FAST_PER_SECOND = 5
const DRAIN_LIMIT_S = Number(process.env.BENCH_SLOW_DRAIN ?? 300)
const databaseUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

const checkouts = [
  ...(process.env.BENCH_BASE ? [{ label: 'base', main: join(resolve(process.env.BENCH_BASE), 'packages/server/dist/main.js') }] : []),
  { label: 'this', main: join(ROOT, 'packages/server/dist/main.js') },
]

const cleanups: Array<() => Promise<unknown>> = []

/** When each event was acknowledged to the client and first seen by its receiver, by `responseId event`. */
interface Ledger {
  made: Map<string, number>
  seen: Map<string, number>
  attempts: number
}

const newLedger = (): Ledger => ({ made: new Map(), seen: new Map(), attempts: 0 })

/** A receiver on loopback; `answer` picks what each attempt gets. */
async function receiver(ledger: Ledger, answer: (res: ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      ledger.attempts++
      try {
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event?: string; data?: { id?: string } }
        const key = `${payload.data?.id} ${payload.event}`
        if (!ledger.seen.has(key)) ledger.seen.set(key, performance.now())
      } catch {}
      answer(res)
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** The slow, flaky receiver: 75 % at once, 12 % after 0.5–4.5 s, 3 % after 20 s, 10 % a 500. */
function flaky(res: ServerResponse): void {
  const r = Math.random()
  if (r < 0.1) return void res.writeHead(500).end()
  if (r < 0.22) return void setTimeout(() => res.writeHead(200).end(), 500 + Math.random() * 4000)
  if (r < 0.25) return void setTimeout(() => res.writeHead(200).end(), 20_000)
  res.writeHead(200).end()
}

const fast = (res: ServerResponse) => void res.writeHead(204).end()

interface Tenant {
  key: string
  environmentId: string
  surveyId: string
}

async function call(url: string, key: string | undefined, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(url, {
    method,
    headers: { ...(key ? { 'x-api-key': key } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}

async function tenant(server: ChildServer, key: string, hookUrl: string, triggers: string[]): Promise<Tenant> {
  const me = await call(`${server.url}/api/v1/me`, key, 'GET')
  const environmentId = me.id as string
  const survey = await call(`${server.url}/api/v1/management/surveys`, key, 'POST', {
    environmentId,
    name: 'Slow receiver',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false }],
  })
  await call(`${server.url}/api/v1/webhooks`, key, 'POST', { url: hookUrl, triggers })
  return { key, environmentId, surveyId: (survey.data as { id: string }).id }
}

/** Percentile `q` of `values`, in seconds. */
function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) / 1000
}

const s = (seconds: number) => (Number.isNaN(seconds) ? '–' : seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(0))

/** The lags of the events made between `from` and `to` (ms since the start), and how many were not seen by `at`. */
function window(ledger: Ledger, from: number, to: number, at: number) {
  const lags: number[] = []
  let unseen = 0
  for (const [key, made] of ledger.made) {
    if (made < from || made >= to) continue
    const seen = ledger.seen.get(key)
    if (seen === undefined || seen > at) {
      unseen++
      // Not seen yet: its lag is at least this long.
      lags.push(at - made)
    } else lags.push(seen - made)
  }
  return { lags, unseen, made: lags.length }
}

async function run(label: string, main: string): Promise<string[]> {
  const flakyLedger = newLedger()
  const fastLedger = newLedger()
  const slowHook = await receiver(flakyLedger, flaky)
  const fastHook = await receiver(fastLedger, fast)
  const database = await createBenchDatabase(databaseUrl)
  const keyA = generateApiKey()
  const keyB = generateApiKey()
  const servers: ChildServer[] = []
  for (let i = 0; i < 2; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-slow-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const server = await startChildServer({
      name: `${label} ${i + 1}`,
      script: main,
      readyTimeoutMs: 120_000,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        CANVASS_INIT_API_KEY: keyA,
        CANVASS_INIT_DEV_API_KEY: keyB,
        CANVASS_RATE_LIMITS: 'off',
        CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
      },
    })
    servers.push(server)
  }
  const stop = async () => {
    for (const server of servers) await server.stop()
    await slowHook.close()
    await fastHook.close()
    await database.drop()
  }
  try {
    const first = servers[0] as ChildServer
    const a = await tenant(first, keyA, slowHook.url, ['responseCreated', 'responseUpdated', 'responseFinished'])
    const b = await tenant(first, keyB, fastHook.url, ['responseFinished'])
    const started = performance.now()
    const end = started + MINUTES * 60_000
    let failures = 0
    let sent = 0
    const inFlight = new Set<Promise<void>>()
    // Open load: each write starts on its schedule, whatever the earlier ones are doing.
    const respondA = async (server: ChildServer) => {
      const created = await fetch(`${server.url}/api/v1/client/${a.environmentId}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ surveyId: a.surveyId, finished: false, data: { q1: 'first' } }),
      })
      const body = (await created.json()) as { data?: { id?: string } }
      const id = body.data?.id
      if (created.status !== 200 || !id) return void failures++
      flakyLedger.made.set(`${id} responseCreated`, performance.now())
      const updated = await fetch(`${server.url}/api/v1/client/${a.environmentId}/responses/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ finished: true, data: { q1: 'done' } }),
      })
      await updated.arrayBuffer()
      if (updated.status !== 200) return void failures++
      const now = performance.now()
      flakyLedger.made.set(`${id} responseUpdated`, now)
      flakyLedger.made.set(`${id} responseFinished`, now)
    }
    const respondB = async (server: ChildServer) => {
      const created = await fetch(`${server.url}/api/v1/client/${b.environmentId}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ surveyId: b.surveyId, finished: true, data: { q1: 'fast' } }),
      })
      const body = (await created.json()) as { data?: { id?: string } }
      if (created.status !== 200 || !body.data?.id) return void failures++
      fastLedger.made.set(`${body.data.id} responseFinished`, performance.now())
    }
    const track = (work: Promise<void>) => {
      const tracked = work.catch(() => void failures++).finally(() => inFlight.delete(tracked))
      inFlight.add(tracked)
    }
    const responsesPerSecond = EVENTS_PER_SECOND / 3
    let nextA = started
    let nextB = started
    const lines: string[] = []
    let minute = 0
    console.log(
      `${label}: ${MINUTES} min of ${EVENTS_PER_SECOND} events/s for tenant A's slow webhook, ${FAST_PER_SECOND}/s for B's fast one`,
    )
    while (performance.now() < end) {
      const now = performance.now()
      while (nextA <= now) {
        track(respondA(servers[sent++ % 2] as ChildServer))
        nextA += 1000 / responsesPerSecond
      }
      while (nextB <= now) {
        track(respondB(servers[sent++ % 2] as ChildServer))
        nextB += 1000 / FAST_PER_SECOND
      }
      if (now - started >= (minute + 1) * 60_000) {
        const from = started + minute * 60_000
        const slow = window(flakyLedger, from, from + 60_000, now)
        const quick = window(fastLedger, from, from + 60_000, now)
        const line = `${label} minute ${minute + 1}: A ${slow.made} events, lag p50 ${s(quantile(slow.lags, 0.5))} / p99 ${s(quantile(slow.lags, 0.99))} / max ${s(quantile(slow.lags, 1))} s, ${slow.unseen} unseen; B lag p99 ${s(quantile(quick.lags, 0.99))} / max ${s(quantile(quick.lags, 1))} s; receiver attempts so far ${flakyLedger.attempts}`
        console.log(line)
        lines.push(line)
        minute++
      }
      await sleep(Math.max(0, Math.min(nextA, nextB) - performance.now()))
    }
    await Promise.all(inFlight)
    const loadEnded = performance.now()
    // Drain: until every event was seen once, or the limit.
    while (performance.now() - loadEnded < DRAIN_LIMIT_S * 1000) {
      const missing = [...flakyLedger.made.keys()].filter((key) => !flakyLedger.seen.has(key)).length
      if (missing === 0) break
      await sleep(1000)
    }
    const drained = (performance.now() - loadEnded) / 1000
    const whole = window(flakyLedger, started, end, performance.now())
    const wholeFast = window(fastLedger, started, end, performance.now())
    const summary = [
      `${label}, whole run: A (slow receiver) ${whole.made} events, first-attempt lag p50 ${s(quantile(whole.lags, 0.5))} / p99 ${s(quantile(whole.lags, 0.99))} / max ${s(quantile(whole.lags, 1))} s, ${whole.unseen} never seen (drain ${drained.toFixed(0)} s after the load); receiver attempts ${flakyLedger.attempts} (${(flakyLedger.attempts / ((performance.now() - started) / 1000)).toFixed(1)}/s)`,
      `${label}, whole run: B (fast receiver) ${wholeFast.made} events, lag p50 ${s(quantile(wholeFast.lags, 0.5))} / p99 ${s(quantile(wholeFast.lags, 0.99))} / max ${s(quantile(wholeFast.lags, 1))} s, ${wholeFast.unseen} never seen; ${failures} writes failed`,
    ]
    for (const line of summary) console.log(line)
    return [...lines, ...summary]
  } finally {
    await stop()
  }
}

async function main() {
  const all: string[] = []
  for (const checkout of checkouts) all.push(...(await run(checkout.label, checkout.main)))
  console.log('')
  for (const line of all) if (line.includes('whole run')) console.log(line)
}

try {
  await main()
} finally {
  for (const cleanup of cleanups) await cleanup().catch(() => {})
}
