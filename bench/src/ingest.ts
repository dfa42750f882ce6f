/**
 * `pnpm bench:ingest`: Canvass's client response create against a naive `node:http` + `pg` server (one
 * `INSERT` per POST) on the same Postgres, side by side at several connection counts in one run; Canvass's client
 * PUT of one response at one connection; then Canvass on embedded PGlite. `--json` prints the results as JSON
 * instead of the table. See the README.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBenchDatabase } from './bench-database'
import { startCanvass } from './canvass-server'
import type { CanvassTarget } from './canvass-server'
import { startChildServer } from './child-server'
import type { ChildServer } from './child-server'
import { positiveNumber, readBenchConfig } from './config'
import { betterRound, isClean, median } from './report'
import { runInterleaved, runLoad } from './run-load'
import type { LoadTarget, Measurement } from './run-load'

const config = readBenchConfig()
const json = process.argv.includes('--json')
/** Connection counts (`BENCH_INGEST_CONNECTIONS`, comma-separated). */
const connectionCounts = (process.env.BENCH_INGEST_CONNECTIONS || '1,8,32,128').split(',').map((part) => {
  const value = Number(part)
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_INGEST_CONNECTIONS: "${part}" is not a count`)
  return value
})
/** Seconds of unmeasured load each server gets before its first measured run (`BENCH_INGEST_PREWARM`). */
const prewarmSeconds = positiveNumber(process.env, 'BENCH_INGEST_PREWARM', 10, { allowZero: true })
const log = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`)

interface Row {
  connections: number
  /** `canvass-update`: the client PUT of one response, at one connection, with no naive counterpart. */
  server: 'naive' | 'canvass' | 'canvass-pglite' | 'canvass-update'
  measurement: Measurement
}

const cleanups: Array<() => Promise<unknown>> = []
const cleanUp = async () => {
  for (const undo of cleanups.reverse()) await undo().catch((error: unknown) => log(`cleanup failed: ${String(error)}`))
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanUp().finally(() => process.exit(130)))

try {
  process.exitCode = await bench()
} catch (error) {
  log(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await cleanUp()
}

async function bench(): Promise<number> {
  log(
    `Canvass ingest bench: connections ${connectionCounts.join(', ')}; ${config.warmup} s warm-up + ` +
      `${config.duration} s per run, in ${config.slices} slices taking turns; node ${process.version}, ${availableParallelism()} cores`,
  )
  const database = await createBenchDatabase(config.databaseUrl)
  cleanups.push(() => database.drop())
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-ingest-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))

  const naive = track(
    await startChildServer({
      name: 'naive node:http + pg',
      script: fileURLToPath(new URL('insert-baseline.ts', import.meta.url)),
      nodeArgs: ['--import', import.meta.resolve('tsx')],
      env: { DATABASE_URL: database.url },
      readyTimeoutMs: 20_000,
    }),
  )
  const canvass = await startCanvass({ databaseUrl: database.url, dataDir: join(dataDir, 'postgres') })
  track(canvass.server)

  // Both servers get the same unmeasured load first, so that neither is measured while its code is still
  // being compiled: the first measured run is at one connection, where a server that has seen 2 s of one
  // request at a time has not reached its steady speed yet.
  await warmUp(naive, create(naive, canvass))
  await warmUp(canvass.server, create(canvass.server, canvass))

  const rows: Row[] = []
  const roundRatios = new Map<number, number[]>()
  for (let round = 0; round < config.rounds; round++) {
    for (const connections of connectionCounts) {
      // Taking turns slice by slice in one run, so both see the same machine.
      const measured = await runInterleaved([create(naive, canvass), create(canvass.server, canvass)], { ...config, connections })
      const n = logRun(naive, connections, measured[0]!)
      const c = logRun(canvass.server, connections, measured[1]!)
      keepBest(rows, { connections, server: 'naive', measurement: n })
      keepBest(rows, { connections, server: 'canvass', measurement: c })
      roundRatios.set(connections, [...(roundRatios.get(connections) ?? []), c.requestsPerSecond / n.requestsPerSecond])
    }
  }
  // A respondent's answers after the first arrive as client PUTs of the same response, one at a time.
  const updating = { ...canvass.server, name: 'Canvass, client PUT' }
  rows.push({ connections: 1, server: 'canvass-update', measurement: await measure(updating, await update(canvass.server, canvass), 1) })
  await canvass.server.stop()

  // Embedded PGlite: an empty DATABASE_URL, so the bench's own environment cannot name a server.
  const pglite = await startCanvass({ databaseUrl: '', dataDir: join(dataDir, 'pglite') })
  track(pglite.server)
  await warmUp(pglite.server, create(pglite.server, pglite))
  for (const connections of connectionCounts) {
    rows.push({
      connections,
      server: 'canvass-pglite',
      measurement: await measure(pglite.server, create(pglite.server, pglite), connections),
    })
  }

  const report = summarize(rows, roundRatios)
  if (json) {
    const ratios = Object.fromEntries(roundRatios)
    process.stdout.write(
      `${JSON.stringify({ node: process.version, cores: availableParallelism(), ...config, prewarmSeconds, rows, roundRatios: ratios, ...report }, null, 2)}\n`,
    )
  } else
    log(
      `\n${formatTable(rows, roundRatios)}\n\n${report.targets.map((t) => `${t.met ? 'ok  ' : 'MISS'} ${t.name}: ${t.value}`).join('\n')}`,
    )
  return rows.every((row) => isClean(row.measurement)) ? 0 : 1
}

function track(server: ChildServer): ChildServer {
  cleanups.push(() => server.stop())
  return server
}

/** The same client create as `pnpm bench` scenario (b), with a respondent's usual fields. */
function create(server: ChildServer, target: CanvassTarget): LoadTarget {
  return {
    url: `${server.url}/api/v1/client/${target.environmentId}/responses`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ surveyId: target.surveyId, finished: true, data: { q1: 'hello' } }),
  }
}

/** The client PUT of one response created for it, answering a question each time. */
async function update(server: ChildServer, target: CanvassTarget): Promise<LoadTarget> {
  const created = await fetch(`${server.url}/api/v1/client/${target.environmentId}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ surveyId: target.surveyId, finished: false, data: { q1: 'first' } }),
  })
  const id = ((await created.json()) as { data?: { id?: unknown } }).data?.id
  if (typeof id !== 'string') throw new Error(`the response to update was not created: HTTP ${created.status}`)
  return {
    url: `${server.url}/api/v1/client/${target.environmentId}/responses/${id}`,
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ finished: false, data: { q1: 'hello' }, ttc: { q1: 1200 } }),
  }
}

/** Each server's best round of each connection count is the row kept for the table. */
function keepBest(rows: Row[], row: Row): void {
  const index = rows.findIndex((r) => r.server === row.server && r.connections === row.connections)
  if (index === -1) rows.push(row)
  else rows[index] = betterRound(rows[index], row)
}

async function warmUp(server: ChildServer, target: LoadTarget): Promise<void> {
  if (prewarmSeconds === 0) return
  log(`warming up ${server.name}: ${prewarmSeconds} s at 32 connections, not measured`)
  await runLoad(target, { duration: prewarmSeconds, warmup: 0, connections: 32 })
}

async function measure(server: ChildServer, target: LoadTarget, connections: number): Promise<Measurement> {
  return logRun(server, connections, await runLoad(target, { ...config, connections }))
}

function logRun(server: ChildServer, connections: number, measurement: Measurement): Measurement {
  log(
    `${String(connections).padStart(3)} connections, ${server.name}: ${measurement.requestsPerSecond.toFixed(0)} req/s` +
      `${isClean(measurement) ? '' : `  <-- FAILURES ${JSON.stringify(measurement.statusCodes)} errors ${measurement.errors}`}`,
  )
  return measurement
}

/**
 * The table: each server's best round; `× naive` of the Canvass rows on Postgres is the median of the rounds'
 * ratios (in each round the two servers took turns in slices), of the PGlite rows the ratio to the naive best round.
 */
function formatTable(rows: Row[], roundRatios: Map<number, number[]>): string {
  const naiveAt = (connections: number) => rows.find((r) => r.server === 'naive' && r.connections === connections)
  const lines = [
    ['connections', 'server', 'req/s', '× naive', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    ...rows.map((r) => {
      const base = naiveAt(r.connections)?.measurement.requestsPerSecond
      const ratio =
        r.server === 'canvass'
          ? median(roundRatios.get(r.connections) ?? [])
          : base && r.server !== 'canvass-update'
            ? r.measurement.requestsPerSecond / base
            : Number.NaN
      return [
        String(r.connections),
        r.server,
        r.measurement.requestsPerSecond.toFixed(0),
        Number.isFinite(ratio) ? ratio.toFixed(2) : '',
        r.measurement.p50.toFixed(0),
        r.measurement.p99.toFixed(0),
        String(r.measurement.non2xx),
        String(r.measurement.errors),
      ]
    }),
  ]
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((line) => line[i]!.length)))
  const format = (line: string[]) => `| ${line.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
  return [format(lines[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.slice(1).map(format)].join('\n')
}

/** The issue's targets, from the rows that were measured. */
function summarize(rows: Row[], roundRatios: Map<number, number[]>) {
  const at = (server: Row['server'], connections: number) =>
    rows.find((r) => r.server === server && r.connections === connections)?.measurement
  const ratio = (connections: number) => {
    const ratios = roundRatios.get(connections)
    return ratios === undefined ? undefined : median(ratios)
  }
  const targets: { name: string; value: string; met: boolean }[] = []
  for (const [connections, least] of [
    [1, 0.8],
    [32, 1.0],
    [128, 1.0],
  ] as const) {
    const r = ratio(connections)
    if (r !== undefined) {
      const each = roundRatios
        .get(connections)!
        .map((x) => x.toFixed(2))
        .join(', ')
      targets.push({
        name: `rate at ${connections} ≥ ${least}× naive (median of rounds ${each})`,
        value: `${r.toFixed(2)}×`,
        met: r >= least,
      })
    }
  }
  const c32 = at('canvass', 32)
  const n32 = at('naive', 32)
  if (c32 && n32) targets.push({ name: 'p99 at 32 ≤ naive', value: `${c32.p99} ms vs ${n32.p99} ms`, met: c32.p99 <= n32.p99 })
  const best = Math.max(...rows.filter((r) => r.server === 'canvass-pglite').map((r) => r.measurement.requestsPerSecond))
  if (Number.isFinite(best)) targets.push({ name: 'PGlite ≥ 2000 creates/s', value: `${best.toFixed(0)}/s`, met: best >= 2000 })
  return { targets }
}
