/**
 * `pnpm bench:embedded`: whether one tenant's heavy reads on the embedded database (PGlite) keep the others
 * waiting. The standalone server runs on its embedded database in a process of its own; tenant A (the production
 * key) has a survey of `BENCH_EMBEDDED_RESPONSES` (20,000) responses written through the bulk route. While A runs
 * three CSV exports of it and five filtered counts (`/api/v3/responses/count?filter[data.q1][contains]=…`) without
 * pause, each started again as soon as it ends, probes time, one request at a time each:
 *
 * - tenant B's `GET /api/v1/me` (the development key),
 * - the widget's environment state of B's environment (`GET /api/v1/client/{env}/environment`, no key),
 * - `GET /health`,
 * - `GET /api/v1/schemas/survey.json`, which reads no database.
 *
 * Each probe's p50, p99 and longest wait, over `BENCH_DURATION` seconds (default 20) per round, with the same
 * probes on the idle server first. With `BENCH_BASE` (another checkout, built), that checkout's server is measured
 * too, the two taking turns round by round (`BENCH_ROUNDS`, default 2), so that both see the same machine.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { generateApiKey } from './api-key'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const RESPONSES = Number(process.env.BENCH_EMBEDDED_RESPONSES ?? 20_000)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const EXPORTS = 3
const COUNTS = 5

const checkouts = [
  { label: 'this', main: join(ROOT, 'packages/server/dist/main.js') },
  ...(process.env.BENCH_BASE ? [{ label: 'base', main: join(resolve(process.env.BENCH_BASE), 'packages/server/dist/main.js') }] : []),
]

interface Target {
  label: string
  server: ChildServer
  keyA: string
  keyB: string
  workspaceA: string
  environmentB: string
  surveyId: string
}

async function call(url: string, key: string, method = 'GET', body?: unknown): Promise<unknown> {
  const answer = await fetch(url, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

const WORDS = ['quick', 'slow', 'clear', 'confusing', 'great', 'fine', 'broken', 'lovely', 'pricey', 'cheap']

async function prepare(label: string, main: string): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-embedded-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const keyA = generateApiKey()
  const keyB = generateApiKey()
  const server = await startChildServer({
    name: label,
    script: main,
    readyTimeoutMs: 120_000,
    env: { DATA_DIR: dataDir, CANVASS_INIT_API_KEY: keyA, CANVASS_INIT_DEV_API_KEY: keyB, CANVASS_RATE_LIMITS: 'off' },
  })
  cleanups.unshift(() => server.stop())
  const meA = (await call(`${server.url}/api/v1/me`, keyA)) as { id: string; project: { id: string } }
  const meB = (await call(`${server.url}/api/v1/me`, keyB)) as { id: string }
  const survey = (await call(`${server.url}/api/v1/management/surveys`, keyA, 'POST', {
    environmentId: meA.id,
    name: 'Export me',
    status: 'inProgress',
    questions: [
      { id: 'q1', type: 'openText', headline: { default: 'Why?' }, required: false },
      { id: 'q2', type: 'nps', headline: { default: 'Recommend?' }, required: false },
      { id: 'q3', type: 'openText', headline: { default: 'Anything else?' }, required: false },
    ],
  })) as { data: { id: string } }
  const surveyId = survey.data.id
  for (let from = 0; from < RESPONSES; from += 1000) {
    const responses = Array.from({ length: Math.min(1000, RESPONSES - from) }, (_, k) => {
      const i = from + k
      return {
        surveyId,
        finished: i % 4 !== 0,
        data: {
          q1: `It is ${WORDS[i % 10]} and ${WORDS[(i * 7) % 10]}, answer ${i}: ${'some words a respondent wrote '.repeat(3)}`,
          q2: i % 11,
          q3: `More: ${WORDS[(i * 3) % 10]}`,
        },
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      }
    })
    const written = (await call(`${server.url}/api/v1/management/responses/bulk`, keyA, 'POST', { responses })) as {
      data: { created: number }
    }
    if (written.data.created !== responses.length) throw new Error(`${label}: the bulk route created ${written.data.created}`)
  }
  return { label, server, keyA, keyB, workspaceA: meA.project.id, environmentB: meB.id, surveyId }
}

interface Probe {
  name: string
  url: (target: Target) => string
  key?: (target: Target) => string
}

const PROBES: Probe[] = [
  { name: "B's GET /api/v1/me", url: (t) => `${t.server.url}/api/v1/me`, key: (t) => t.keyB },
  { name: "B's environment state", url: (t) => `${t.server.url}/api/v1/client/${t.environmentB}/environment` },
  { name: 'GET /health', url: (t) => `${t.server.url}/health` },
  { name: 'survey.json (no database)', url: (t) => `${t.server.url}/api/v1/schemas/survey.json` },
]

/** Times each probe, one request after another, until `until()` says stop: the waits in ms, and failures. */
async function probe(target: Target, probe: Probe, until: () => boolean) {
  const waits: number[] = []
  let failures = 0
  while (!until()) {
    const started = performance.now()
    try {
      const answer = await fetch(probe.url(target), { headers: probe.key ? { 'x-api-key': probe.key(target) } : {} })
      await answer.arrayBuffer()
      if (answer.status !== 200) failures++
    } catch {
      failures++
    }
    waits.push(performance.now() - started)
    await sleep(10)
  }
  return { waits, failures }
}

/** A's load: exports and counts started again as soon as each ends, until `until()` says stop. */
async function load(target: Target, until: () => boolean) {
  let exported = 0
  let counted = 0
  let failures = 0
  const exportLoop = async () => {
    while (!until()) {
      const answer = await fetch(`${target.server.url}/api/v1/management/responses/export?surveyId=${target.surveyId}&format=csv`, {
        headers: { 'x-api-key': target.keyA },
      }).catch(() => undefined)
      if (answer?.status !== 200) {
        failures++
        await answer?.arrayBuffer()
        continue
      }
      const text = await answer.text().catch(() => '')
      if (text.split('\n').length < RESPONSES) failures++
      else exported++
    }
  }
  const countLoop = async (n: number) => {
    while (!until()) {
      const word = WORDS[(n + counted) % 10] as string
      const answer = await fetch(
        `${target.server.url}/api/v3/responses/count?workspaceId=${target.workspaceA}&surveyId=${target.surveyId}&filter[data.q1][contains]=${word}`,
        { headers: { 'x-api-key': target.keyA } },
      ).catch(() => undefined)
      await answer?.arrayBuffer()
      if (answer?.status === 200) counted++
      else failures++
    }
  }
  await Promise.all([...Array.from({ length: EXPORTS }, exportLoop), ...Array.from({ length: COUNTS }, (_, n) => countLoop(n))])
  return { exported, counted, failures }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

const cleanups: Array<() => Promise<unknown>> = []

async function main() {
  const targets: Target[] = []
  for (const checkout of checkouts) {
    console.log(`${checkout.label}: writing ${RESPONSES.toLocaleString('en')} responses…`)
    targets.push(await prepare(checkout.label, checkout.main))
  }
  // As a server that has just taken them would be some seconds later: its upkeep has had a pass (every 15 s).
  await sleep(16_000)
  const results = new Map<string, Map<string, { waits: number[]; failures: number }>>()
  const loads = new Map<string, { exported: number; counted: number; failures: number }>()
  const add = (label: string, phase: string, probeName: string, found: { waits: number[]; failures: number }) => {
    const byProbe = results.get(`${label} ${phase}`) ?? new Map()
    results.set(`${label} ${phase}`, byProbe)
    const into = byProbe.get(probeName) ?? { waits: [], failures: 0 }
    into.waits.push(...found.waits)
    into.failures += found.failures
    byProbe.set(probeName, into)
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      // Idle: the probes alone, for 5 s.
      let idleEnd = performance.now() + 5000
      const idle = await Promise.all(PROBES.map((p) => probe(target, p, () => performance.now() > idleEnd)))
      idle.forEach((found, i) => add(target.label, 'idle', (PROBES[i] as Probe).name, found))
      // Loaded: A's exports and counts, the probes beside them.
      const end = performance.now() + DURATION_S * 1000
      const stop = () => performance.now() > end
      const [loaded, ...probed] = await Promise.all([load(target, stop), ...PROBES.map((p) => probe(target, p, stop))])
      probed.forEach((found, i) => add(target.label, 'loaded', (PROBES[i] as Probe).name, found))
      const total = loads.get(target.label) ?? { exported: 0, counted: 0, failures: 0 }
      loads.set(target.label, {
        exported: total.exported + loaded.exported,
        counted: total.counted + loaded.counted,
        failures: total.failures + loaded.failures,
      })
      idleEnd = 0
      console.log(`round ${round + 1}, ${target.label}: ${loaded.exported} exports, ${loaded.counted} counts, ${loaded.failures} failed`)
    }
  }
  const ms = (value: number) => `${Math.round(value)}`
  console.log('')
  console.log(`| probe | ${targets.map((t) => `${t.label}: idle p99 | ${t.label}: loaded p50 / p99 / max (ms), failed`).join(' | ')} |`)
  console.log(`|---|${targets.map(() => '---|---|').join('')}`)
  for (const p of PROBES) {
    const cells = targets.map((t) => {
      const idle = results.get(`${t.label} idle`)?.get(p.name)
      const loaded = results.get(`${t.label} loaded`)?.get(p.name)
      if (!idle || !loaded) return ' | '
      return `${ms(quantile(idle.waits, 0.99))} | ${ms(quantile(loaded.waits, 0.5))} / ${ms(quantile(loaded.waits, 0.99))} / ${ms(Math.max(...loaded.waits))}, ${loaded.failures}`
    })
    console.log(`| ${p.name} | ${cells.join(' | ')} |`)
  }
  for (const t of targets) {
    const total = loads.get(t.label)
    const seconds = DURATION_S * ROUNDS
    console.log(
      `${t.label}: A's load: ${((total?.exported ?? 0) / seconds).toFixed(2)} exports/s (${RESPONSES.toLocaleString('en')} rows each), ${((total?.counted ?? 0) / seconds).toFixed(1)} counts/s, ${total?.failures ?? 0} failed`,
    )
  }
}

try {
  await main()
} finally {
  for (const cleanup of cleanups) await cleanup().catch(() => {})
}
