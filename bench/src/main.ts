/**
 * `pnpm bench`: Canvass on the Node host against bare `node:http` baselines, side by side in one run.
 * Every server runs in its own process; the load generator (autocannon) runs in this one. See the README.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBenchDatabase } from './bench-database'
import { startCanvass } from './canvass-server'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'
import { readBenchConfig } from './config'
import { benchPinning, describePinning, pinLoadGenerator } from './pinning'
import { betterRound, formatReport, isClean } from './report'
import type { Comparison, ServerResult } from './report'
import { probe, runInterleaved, runTogether } from './run-load'
import type { LoadTarget, Measurement } from './run-load'

const config = readBenchConfig()
const ALL_PARTS = ['preflight', 'create', 'read']
/** Which comparisons to run (`BENCH_PARTS`, comma-separated, of `ALL_PARTS`). */
const PARTS = new Set((process.env.BENCH_PARTS || ALL_PARTS.join(',')).split(','))
for (const part of PARTS) {
  if (!ALL_PARTS.includes(part)) throw new Error(`BENCH_PARTS: unknown part "${part}" (${ALL_PARTS.join(', ')})`)
}
const pinning = benchPinning()
const cleanups: Array<() => Promise<unknown>> = []
let cleaning: Promise<void> | undefined
let interrupted = false

/** Stops servers before dropping the database they are connected to: last registered, first undone. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) {
      await undo().catch((error: unknown) => console.error(`cleanup failed: ${(error as Error).message}`))
    }
  })()
  return cleaning
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: Ctrl-C reaches pnpm and tsx too, and tsx relays it, so a second signal follows the
  // first; with no listener left it would kill the bench before the database is dropped.
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the servers and dropping the bench database`)
    void cleanUp().finally(() => process.exit(130))
  })
}

try {
  process.exitCode = await bench()
} catch (error) {
  // After Ctrl-C the servers are gone, so whatever failed next is no news.
  if (!interrupted) console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await cleanUp()
}

async function bench(): Promise<number> {
  const together = config.load === 'together'
  // Together, both servers are loaded in the same seconds; in turns, one after the other, slice by slice.
  const perRun = together
    ? config.warmup + config.duration
    : 2 * (config.warmup + config.duration + (config.slices - 1) * Math.min(config.warmup, 0.5))
  const totalSeconds = PARTS.size * config.rounds * perRun
  const how = together
    ? 'the two servers of a scenario loaded together, sharing one core'
    : `in ${config.slices} slices, the two servers of a scenario taking turns slice by slice`
  console.log(
    `Canvass bench: ${config.connections} connections, ${config.warmup} s warm-up + ${config.duration} s per run, ${how}, ` +
      `${config.rounds} rounds per scenario, judged on the median round (~${Math.ceil(totalSeconds)} s of load); node ${process.version}, ${availableParallelism()} cores; ` +
      describePinning(pinning),
  )
  if (pinning) pinLoadGenerator(pinning)
  const database = await createBenchDatabase(config.databaseUrl)
  cleanups.push(() => database.drop())
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  console.log(`database ${database.name} created; starting servers`)

  // (a)'s baseline holds a `pg` pool unless BENCH_PREFLIGHT_BASELINE=alone (README.md, "Reading the result").
  const withPool = config.preflightBaseline === 'pg'
  const preflightBaseline = PARTS.has('preflight')
    ? track(
        await startBaseline(
          withPool ? 'node:http + pg pool' : 'node:http alone',
          'preflight-baseline.ts',
          withPool ? { DATABASE_URL: database.url } : {},
        ),
      )
    : undefined
  const insertBaseline = PARTS.has('create')
    ? track(await startBaseline('node:http + pg insert', 'insert-baseline.ts', { DATABASE_URL: database.url }))
    : undefined
  const canvass = await startCanvass({ databaseUrl: database.url, dataDir, pinning })
  track(canvass.server)
  // After Canvass, whose start-up migrations create the tables this baseline reads.
  const readBaseline = PARTS.has('read')
    ? track(await startBaseline('node:http + pg read', 'read-baseline.ts', { DATABASE_URL: database.url }))
    : undefined

  const path = `/api/v1/client/${canvass.environmentId}/responses`
  const preflight = (server: ChildServer): LoadTarget => ({
    url: server.url + path,
    method: 'OPTIONS',
    headers: {
      origin: 'https://example.com',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  })
  const create = (server: ChildServer): LoadTarget => ({
    url: server.url + path,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ surveyId: canvass.surveyId, finished: true, data: { q1: 'hello' } }),
  })

  const read = (server: ChildServer): LoadTarget => ({
    url: `${server.url}/api/v1/management/surveys/${canvass.surveyId}`,
    method: 'GET',
    headers: { 'x-api-key': canvass.apiKey },
  })

  const comparisons: Comparison[] = []
  if (preflightBaseline) {
    comparisons.push(
      await compare(
        '(a) CORS preflight',
        0.95,
        [preflightBaseline, preflight(preflightBaseline)],
        [canvass.server, preflight(canvass.server)],
      ),
    )
  }
  if (insertBaseline) {
    comparisons.push(
      await compare('(b) response create', 1.5, [insertBaseline, create(insertBaseline)], [canvass.server, create(canvass.server)]),
    )
  }
  if (readBaseline) {
    comparisons.push(await compare('(c) survey read', 0.7, [readBaseline, read(readBaseline)], [canvass.server, read(canvass.server)]))
  }
  console.log(`\n${formatReport(comparisons)}`)

  const failed = comparisons.flatMap((c) => [c.baseline, c.canvass]).filter((r) => !isClean(r.measurement))
  for (const server of [preflightBaseline, insertBaseline, readBaseline, canvass.server]) {
    if (server && failed.some((r) => r.server === server.name) && server.output()) {
      console.log(`\n--- last output of ${server.name} ---\n${server.output()}`)
    }
  }
  return failed.length > 0 ? 1 : 0
}

function track(server: ChildServer): ChildServer {
  cleanups.push(() => server.stop())
  return server
}

function startBaseline(name: string, file: string, env: Record<string, string>): Promise<ChildServer> {
  return startChildServer({
    name,
    script: fileURLToPath(new URL(file, import.meta.url)),
    // The baselines are TypeScript like the rest of the bench; tsx only transforms them at load time.
    nodeArgs: ['--import', import.meta.resolve('tsx')],
    env,
    readyTimeoutMs: 20_000,
    pinning,
  })
}

/**
 * Measures baseline and Canvass, `config.rounds` times. Within a round the two take turns slice by slice
 * (`BENCH_SLICES`, see `runInterleaved`), so a slow spell of the machine (a background task, a Postgres
 * checkpoint, autovacuum, a busy neighbour of a virtual machine) lands on both alike; with one run after the
 * other, a round's ratio moved by ±20% here. The ratio judged is the median of the rounds' ratios. Each
 * server's best round is kept for the table.
 */
async function compare(
  scenario: string,
  target: number,
  [baselineServer, baselineTarget]: [ChildServer, LoadTarget],
  [canvassServer, canvassTarget]: [ChildServer, LoadTarget],
): Promise<Comparison> {
  let baseline: ServerResult | undefined
  let canvass: ServerResult | undefined
  const roundRatios: number[] = []
  for (let round = 0; round < config.rounds; round++) {
    process.stdout.write(`${scenario}, round ${round + 1}: `)
    const [b, c] = await measure([baselineServer, baselineTarget], [canvassServer, canvassTarget])
    baseline = betterRound(baseline, b)
    canvass = betterRound(canvass, c)
    roundRatios.push(c.measurement.requestsPerSecond / b.measurement.requestsPerSecond)
  }
  return { scenario, target, baseline: baseline!, canvass: canvass!, roundRatios }
}

/** One round: both servers under their load, taking turns slice by slice or together (`config.load`). */
async function measure(...pairs: [[ChildServer, LoadTarget], [ChildServer, LoadTarget]]): Promise<[ServerResult, ServerResult]> {
  const targets = pairs.map(([, target]) => target)
  const measurements = config.load === 'together' ? await runTogether(targets, config) : await runInterleaved(targets, config)
  if (interrupted) throw new Error('interrupted')
  const result = async ([server, target]: [ChildServer, LoadTarget], measurement: Measurement): Promise<ServerResult> => ({
    server: server.name,
    measurement,
    ...(isClean(measurement) ? {} : { sample: await probe(target) }),
  })
  const results: [ServerResult, ServerResult] = [await result(pairs[0], measurements[0]!), await result(pairs[1], measurements[1]!)]
  console.log(
    results
      .map(
        ({ server, measurement }) =>
          `${server} ${measurement.requestsPerSecond.toFixed(0)} req/s${isClean(measurement) ? '' : '  <-- FAILURES'}`,
      )
      .join(', '),
  )
  return results
}
