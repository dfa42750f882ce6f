/**
 * `pnpm bench:sizing`: what one standalone server instance on Postgres needs, in CPU and memory, under a stated
 * open load of widget and API traffic, and what each response costs Postgres on disk, so that docs/deploying.md
 * ("Sizing") can say how many instances a rate needs and how big a database of ten million responses is.
 *
 * 1. A survey of ten question types (the one `bench:summary` uses) gets `BENCH_SIZING_RESPONSES` (200,000)
 *    responses through the same SQL copy, with every index of `responses` in place so that the indexes grow as
 *    inserts grow them; the growth of the `canvass` schema's tables over those responses is the cost of one.
 * 2. A fresh server process (background work on, rate limits counted in Postgres as by default, raised so that
 *    none refuses) takes an open load at each rate of `BENCH_SIZING_RATES` in turn (`sizing-load-child.mjs`: a
 *    fixed rate whatever the server answers; the mix is described there): the rate achieved, p50 and p99, the
 *    server process's CPU (cores: the delta of its CPU seconds over the wall seconds, `/proc/<pid>/stat`), its
 *    RSS (median of the step, and the kernel's peak), the CPU of its Postgres sessions and how many it held.
 * 3. The responses the load wrote, each with its display and its claim, as the widget writes them.
 *
 * Every socket is on loopback; the bench drops its database and stops its processes when it ends, fails or is
 * interrupted.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { createBenchDatabase } from './bench-database'
import { STANDALONE_MAIN, startCanvass } from './canvass-server'
import { startChildServer } from './child-server'
import { choice, positiveNumber, readBenchConfig } from './config'
import { isResponsePartition, responseIndexSizes, rowCounts, tableSizes, total } from './database-size'
import type { TableSize } from './database-size'
import { runJsonChild } from './json-child'
import { benchPinning, describePinning, pinLoadGenerator } from './pinning'
import { cpuSeconds } from './process-cpu'
import { memory, resetPeak } from './process-memory'
import { runSummaryKeeper } from './summary-keeper'
import { TYPED_QUESTIONS, seedTypedResponses, typedAnswers } from './typed-survey'

const env = process.env
const config = readBenchConfig()
/** Requests a second of each step (`BENCH_SIZING_RATES`, comma-separated), in the order given. */
const RATES = (env.BENCH_SIZING_RATES || '50,100,200').split(',').map((part) => {
  const value = Number(part)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`BENCH_SIZING_RATES: "${part}" is not a rate`)
  return value
})
/** Seconds measured per step (`BENCH_SIZING_SECONDS`); each step has `BENCH_WARMUP` seconds of load before. */
const SECONDS = positiveNumber(env, 'BENCH_SIZING_SECONDS', 30)
/** Responses seeded before the load (`BENCH_SIZING_RESPONSES`): the table has grown, and their size is measured. */
const SEEDED = Math.round(positiveNumber(env, 'BENCH_SIZING_RESPONSES', 200_000))
/**
 * Seconds of load before each step is measured (`BENCH_WARMUP`, at least 5: the load's first cycles have no
 * response to update yet).
 */
const WARMUP = Math.max(5, config.warmup)
/** Seconds of unmeasured load at the first rate before the first step, so that no step is measured cold. */
const PREWARM = 10
/**
 * Where the server counts its rate limits (`BENCH_SIZING_LIMITS`): `postgres` (the default with `DATABASE_URL`: one
 * statement per request), `memory`, or `off`. The limits are raised so that the load never meets them.
 */
const LIMITS = choice(env, 'BENCH_SIZING_LIMITS', ['postgres', 'memory', 'off'])
/** Seconds the server is watched with no load before the steps. */
const IDLE = 10
/** What the figures are extrapolated to. */
const TEN_MILLION = 10_000_000
const LOAD_CHILD = fileURLToPath(new URL('./sizing-load-child.mjs', import.meta.url))
const APP = 'canvass-sizing'
const MiB = 1024 * 1024

interface Sample {
  /** Epoch ms. */
  at: number
  serverCpu: number | undefined
  rss: number
  /** CPU seconds of each of the server's Postgres sessions. */
  sessions: Map<number, number>
  active: number
}

interface LoadResult {
  count: number
  p50: number | null
  p99: number | null
  max: number | null
  sentPerSecond: number
  answeredPerSecond: number
  failed: number
  unanswered: number
  maxInFlight: number
  lateP99: number | null
  statusCodes: Record<string, number>
  /** The first answer of each kind of request and failing status. */
  refusals: Record<string, string>
  byKind: Record<string, { count: number; p50: number | null; p99: number | null; max: number | null }>
  window: { start: number; end: number }
}

interface Step {
  rate: number
  load: LoadResult
  cores: number
  postgresCores: number
  rssMedian: number
  rssPeak: number
  sessionsMean: number
  sessionsMax: number
  activeMean: number
  activeMax: number
}

const cleanups: Array<() => Promise<unknown>> = []

async function main(): Promise<number> {
  const pinning = benchPinning()
  console.log(
    `Canvass sizing bench: node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ` +
      `${(totalmem() / 1024 ** 3).toFixed(1)} GiB; ${describePinning(pinning)}; rate limits ${LIMITS === 'off' ? 'off' : `counted in ${LIMITS}`}; load average ${loadAverage()}`,
  )
  const database = await createBenchDatabase(config.databaseUrl)
  cleanups.push(() => database.drop())
  const named = (name: string) => {
    const url = new URL(database.url)
    url.searchParams.set('application_name', name)
    return url.toString()
  }
  const observer = new pg.Pool({ connectionString: named('canvass-sizing-observer'), max: 1 })
  cleanups.push(() => observer.end())
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-sizing-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))

  const { apiKey, environmentId, surveyId, before, seeded, indexes } = await setUpSurvey(database.url, observer, dataDir)

  // The measured server: a process of its own, as an operator runs it.
  const server = await startChildServer({
    name: 'Canvass',
    script: STANDALONE_MAIN,
    pinning,
    env: {
      DATABASE_URL: named(APP),
      DATA_DIR: dataDir,
      CANVASS_INIT_API_KEY: apiKey,
      CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
      ...(LIMITS === 'off'
        ? { CANVASS_RATE_LIMITS: 'off' }
        : {
            CANVASS_RATE_LIMITS: 'client=100000/60s,environment=10000000/60s,management=100000/60s,address=100000/60s',
            CANVASS_RATE_LIMIT_STORE: LIMITS,
          }),
    },
  })
  cleanups.push(() => server.stop())
  const pid = server.pid
  if (pid === undefined) throw new Error('the server has no pid')
  if (pinning) pinLoadGenerator(pinning)
  const state = await fetch(`${server.url}/api/v1/client/${environmentId}/environment`)
  const etag = state.headers.get('etag')
  const stateBytes = (await state.text()).length
  if (!state.ok || !etag) throw new Error(`the environment state answered ${state.status} (ETag ${etag})`)
  console.log(`Environment state: ${stateBytes.toLocaleString('en')} bytes, ETag ${etag}; idle RSS ${mib(memory(pid).rss)}`)

  const samples: Sample[] = []
  const sampler = setInterval(
    () =>
      void sample(observer, database.name, pid).then(
        (s) => samples.push(s),
        () => {},
      ),
    1000,
  )
  cleanups.push(async () => clearInterval(sampler))

  const answers = widgetWrites()
  const run = (rate: number, warmup: number, duration: number) =>
    runJsonChild<LoadResult>(LOAD_CHILD, {
      SIZING_LOAD: JSON.stringify({ url: server.url, environmentId, surveyId, apiKey, etag, rate, warmup, duration, answers }),
    })

  // What the server and its sessions spend with no request at all: its background work's polls.
  await new Promise((resolve) => setTimeout(resolve, IDLE * 1000 + 1500))
  const idle = cpuOver(samples, Date.now() - IDLE * 1000 - 500, Date.now())
  console.log(
    `Idle for ${IDLE} s: server ${idle.cores.toFixed(3)} cores, its Postgres sessions ${idle.postgresCores.toFixed(3)} cores; RSS ${mib(memory(pid).rss)}`,
  )
  console.log(`Warming up: ${PREWARM} s at ${RATES[0]} requests/s`)
  await run(RATES[0]!, 0, PREWARM)
  // The load's own writes are measured from here: the tables they go to have their first pages by now.
  const warm = { sizes: await tableSizes(observer), counts: await rowCounts(observer, ['responses', 'idempotency_keys']) }
  const steps: Step[] = []
  for (const rate of RATES) {
    resetPeak(pid)
    const load = await run(rate, WARMUP, SECONDS)
    const step = summarize(rate, load, samples, memory(pid).peak)
    steps.push(step)
    console.log(
      `  ${rate}/s: answered ${load.answeredPerSecond.toFixed(1)}/s, p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, ` +
        `server ${step.cores.toFixed(3)} cores, Postgres sessions ${step.postgresCores.toFixed(3)} cores, RSS ${mib(step.rssMedian)} ` +
        `(peak ${mib(step.rssPeak)}), failed ${load.failed}`,
    )
    if (load.failed > 0 || load.unanswered > 0) {
      console.log(`  !!! FAILED: ${load.failed} failed, ${load.unanswered} unanswered; statuses ${JSON.stringify(load.statusCodes)}`)
      for (const [what, body] of Object.entries(load.refusals)) console.log(`      ${what}: ${body}`)
    }
  }
  clearInterval(sampler)
  const afterLoad = await tableSizes(observer)

  report(steps)
  await storage(observer, { before, seeded, warm, afterLoad, indexes })
  console.log(`\nLoad average at the end: ${loadAverage()}`)
  return steps.some((step) => step.load.failed > 0 || step.load.unanswered > 0) ? 1 : 0
}

/**
 * The survey and its seeded responses, set up by a server without background work (the bench runs the summary
 * keeper itself, so that the measured server does not spend the steps keeping four months of sums), with the
 * tables' sizes before and after the seeding.
 */
async function setUpSurvey(databaseUrl: string, observer: pg.Pool, dataDir: string) {
  const setup = await startCanvass({ databaseUrl: databaseUrl, dataDir, env: { CANVASS_BACKGROUND: 'off' } })
  cleanups.push(() => setup.server.stop())
  const { apiKey, environmentId } = setup
  const manage = async (path: string, body: unknown) => {
    const answer = await fetch(`${setup.server.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await answer.text()
    if (!answer.ok) throw new Error(`POST ${path} answered ${answer.status}: ${text.slice(0, 300)}`)
    return JSON.parse(text) as { data: { id: string } }
  }
  await manage('/api/v1/management/action-classes', { name: 'Checkout', type: 'code', key: 'checkout' })
  const surveyId = (
    await manage('/api/v1/management/surveys', {
      name: 'Checkout survey',
      type: 'app',
      status: 'inProgress',
      triggers: ['checkout'],
      displayOption: 'respondMultiple',
      recontactDays: 0,
      questions: TYPED_QUESTIONS,
    })
  ).data.id
  const { rows: settings } = await observer.query<{ name: string; value: string }>(
    `select name, current_setting(name) as value from pg_settings
     where name in ('server_version', 'shared_buffers', 'effective_cache_size', 'work_mem', 'max_connections', 'autovacuum')`,
  )
  console.log(`Postgres: ${settings.map((s) => `${s.name}=${s.value}`).join(', ')}`)

  const before = await tableSizes(observer)
  const seeding = performance.now()
  await seedTypedResponses(
    { label: 'seed', url: setup.server.url, key: apiKey },
    { databaseUrl: databaseUrl, surveyId, count: SEEDED, indexes: 'kept', uniqueText: true },
  )
  console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; the summary keeper keeps its sums…`)
  console.log(`  summary keeper: ${((await runSummaryKeeper(databaseUrl)) / 1000).toFixed(1)} s`)
  const seeded = await tableSizes(observer)
  const indexes = await responseIndexSizes(observer)
  await setup.server.stop()
  return { apiKey, environmentId, surveyId, before, seeded, indexes }
}

/** The answers of the survey's finished responses, each cut into the four writes a widget sends as questions are answered. */
function widgetWrites() {
  return Array.from({ length: 50 }, (_, i) => typedAnswers(i))
    .filter((answer) => answer.finished)
    .map(({ data, ttc }) => {
      const keys = Object.keys(data)
      const part = (from: number, to: number) => ({
        data: Object.fromEntries(keys.slice(from, to).map((key) => [key, data[key]])),
        ttc: Object.fromEntries(keys.slice(from, to).map((key) => [key, Math.round(ttc.why / 4)])),
      })
      return [part(0, 2), part(2, 5), part(5, 8), part(8, 10)]
    })
}

/** One reading of the server process and of its Postgres sessions. */
async function sample(observer: pg.Pool, databaseName: string, pid: number): Promise<Sample> {
  const { rows } = await observer.query<{ pid: number; state: string | null }>(
    'select pid, state from pg_stat_activity where datname = $1 and application_name = $2',
    [databaseName, APP],
  )
  const sessions = new Map<number, number>()
  for (const row of rows) {
    const cpu = cpuSeconds(row.pid)
    if (cpu !== undefined) sessions.set(row.pid, cpu)
  }
  return {
    at: Date.now(),
    serverCpu: cpuSeconds(pid),
    rss: memory(pid).rss,
    sessions,
    active: rows.filter((r) => r.state === 'active').length,
  }
}

/** The cores the server and its Postgres sessions used between two times (epoch ms), from the samples between them. */
function cpuOver(samples: Sample[], from: number, to: number): { cores: number; postgresCores: number; inWindow: Sample[] } {
  const inWindow = samples.filter((s) => s.at >= from && s.at <= to)
  const first = inWindow[0]
  const last = inWindow.at(-1)
  if (!first || !last || last === first) throw new Error('too few samples to measure CPU')
  const wall = (last.at - first.at) / 1000
  // A session that began in the window counts from zero; one that ended in it, to its last reading.
  const sessionCpu = new Map<number, { from: number; to: number }>()
  for (const s of inWindow) {
    for (const [session, cpu] of s.sessions) {
      const seen = sessionCpu.get(session)
      sessionCpu.set(session, { from: seen?.from ?? (s === first ? cpu : 0), to: cpu })
    }
  }
  const postgresCpu = [...sessionCpu.values()].reduce((sum, cpu) => sum + cpu.to - cpu.from, 0)
  return { cores: ((last.serverCpu ?? 0) - (first.serverCpu ?? 0)) / wall, postgresCores: postgresCpu / wall, inWindow }
}

/** A step's figures from the samples taken in its measured window. */
function summarize(rate: number, load: LoadResult, samples: Sample[], rssPeak: number): Step {
  const { cores, postgresCores, inWindow } = cpuOver(samples, load.window.start, load.window.end)
  const rss = inWindow.map((s) => s.rss).sort((a, b) => a - b)
  const counts = inWindow.map((s) => s.sessions.size)
  const active = inWindow.map((s) => s.active)
  return {
    rate,
    load,
    cores,
    postgresCores,
    rssMedian: rss[Math.floor(rss.length / 2)]!,
    rssPeak,
    sessionsMean: mean(counts),
    sessionsMax: Math.max(...counts),
    activeMean: mean(active),
    activeMax: Math.max(...active),
  }
}

function report(steps: Step[]): void {
  console.log(
    `\n| rate asked | answered/s (held) | p50 | p99 | server cores | CPU ms per request | Postgres sessions' cores | RSS median (peak) | Postgres sessions held: mean / max (active: mean / max) | failed |`,
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const s of steps) {
    console.log(
      `| ${s.rate}/s | ${s.load.answeredPerSecond.toFixed(1)} (${held(s) ? 'yes' : 'no'}) | ${ms(s.load.p50)} | ${ms(s.load.p99)} | ${s.cores.toFixed(3)} | ` +
        `${((s.cores / s.load.answeredPerSecond) * 1000).toFixed(2)} | ${s.postgresCores.toFixed(3)} | ${mib(s.rssMedian)} (${mib(s.rssPeak)}) | ` +
        `${s.sessionsMean.toFixed(1)} / ${s.sessionsMax} (${s.activeMean.toFixed(1)} / ${s.activeMax}) | ${s.load.failed} |`,
    )
  }
  console.log('\nBy kind of request (p50 / p99 / longest, ms), each step:')
  for (const s of steps) {
    const kinds = Object.entries(s.load.byKind).map(([kind, k]) => `${kind} ${ms(k.p50)} / ${ms(k.p99)} / ${ms(k.max)} (${k.count})`)
    console.log(`  ${s.rate}/s: ${kinds.join('; ')}; sends late by p99 ${ms(s.load.lateP99)}; most in flight ${s.load.maxInFlight}`)
  }
  console.log('\nPer 100 requests/s of this mix:')
  for (const s of steps) {
    const per100 = 100 / s.load.answeredPerSecond
    console.log(
      `  at ${s.rate}/s: server ${(s.cores * per100).toFixed(3)} cores, its Postgres sessions ${(s.postgresCores * per100).toFixed(3)} cores; ` +
        `RSS ${mib(s.rssMedian)}${held(s) ? '' : ' (not held: the server fell behind, and its memory holds the queue)'}`,
    )
  }
}

/** What a response costs on disk, from the seeded survey and from the load's own writes; then ten million of them. */
async function storage(
  observer: pg.Pool,
  measured: {
    before: TableSize[]
    seeded: TableSize[]
    warm: { sizes: TableSize[]; counts: Map<string, number> }
    afterLoad: TableSize[]
    indexes: Map<string, number>
  },
) {
  const { before, seeded, warm, afterLoad, indexes } = measured
  const perSeeded = (from: TableSize[], to: TableSize[], which?: (name: string) => boolean) => {
    const a = total(from, which)
    const b = total(to, which)
    return { table: (b.table - a.table) / SEEDED, indexes: (b.indexes - a.indexes) / SEEDED }
  }
  const all = perSeeded(before, seeded)
  const responses = perSeeded(before, seeded, isResponsePartition)
  console.log(
    `\nStorage of ${SEEDED.toLocaleString('en')} seeded responses of ten questions (every index in place while they were copied):`,
  )
  console.log(
    `  written once, per response: ${bytes(all.table + all.indexes)} (responses: table ${bytes(responses.table)}, indexes ${bytes(responses.indexes)}; ` +
      `other tables ${bytes(all.table + all.indexes - responses.table - responses.indexes)})`,
  )
  console.log(`  indexes of responses, per response: ${[...indexes].map(([name, size]) => `${name} ${bytes(size / SEEDED)}`).join(', ')}`)

  // What the load wrote after the warm-up: its responses, each with a display and a claim, and the idempotency
  // keys of its writes (kept 24 h). A few hundred rows: whole pages make these rough.
  const counts = await rowCounts(observer, ['responses', 'idempotency_keys'])
  const written = (counts.get('responses') ?? 0) - (warm.counts.get('responses') ?? 0)
  const keys = (counts.get('idempotency_keys') ?? 0) - (warm.counts.get('idempotency_keys') ?? 0)
  if (written > 0) {
    const growth = (which: (name: string) => boolean) => {
      const a = total(warm.sizes, which)
      const b = total(afterLoad, which)
      return b.table + b.indexes - a.table - a.indexes
    }
    const named = (name: string) => (other: string) => other === name
    console.log(
      `  the load's ${written.toLocaleString('en')} responses after the warm-up (each created, updated three times, not vacuumed), each: ` +
        `responses ${bytes(growth(isResponsePartition) / written)}, its display ${bytes(growth(named('displays')) / written)}, ` +
        `its claim ${bytes(growth(named('response_claims')) / written)}; ${keys.toLocaleString('en')} idempotency keys (kept 24 h) of ` +
        `${bytes(growth(named('idempotency_keys')) / Math.max(1, keys))} each`,
    )
  }
  const once = all.table + all.indexes
  console.log(
    `\nTen million such responses, written once: ${gib(once * TEN_MILLION)} (indexes of responses ${gib(responses.indexes * TEN_MILLION)}).`,
  )
  for (const months of [12, 6]) {
    const monthly = TEN_MILLION / months
    console.log(
      `  Over ${months} months (${monthly.toLocaleString('en', { maximumFractionDigits: 0 })} a month): a month's indexes of responses ` +
        `${gib(responses.indexes * monthly)}, its table ${gib(responses.table * monthly)}`,
    )
  }
}

/**
 * Whether the server kept up with a step: it answered as fast as it was sent to (within 5 %), left nothing
 * unanswered, and its p99 stayed under 2 s (a queue that grows shows as seconds).
 */
const held = (s: Step) =>
  s.load.unanswered === 0 && s.load.answeredPerSecond >= 0.95 * s.load.sentPerSecond && (s.load.p99 ?? Number.POSITIVE_INFINITY) < 2000
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length)
const ms = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)} ms`)
const mib = (value: number) => `${(value / MiB).toFixed(0)} MiB`
const gib = (value: number) => `${(value / 1024 ** 3).toFixed(2)} GiB`
const bytes = (value: number) => `${Math.round(value).toLocaleString('en')} B`

let cleaning: Promise<void> | undefined
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup:', error))
  })())
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanUp().finally(() => process.exit(130)))

let exitCode = 0
try {
  exitCode = await main()
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await cleanUp()
}
process.exit(exitCode)
