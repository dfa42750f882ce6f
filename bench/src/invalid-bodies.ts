/**
 * `pnpm bench:invalid`: the standalone server under a flood of maximal invalid bodies. 16 clients
 * send, for 10 s, bodies just under the 1 MiB limit that fail validation in as many places as they can (330k
 * empty questions, 100k failing `ttc` entries, unpaired surrogates, deep nesting), while one more client
 * measures `GET /health`. Reports the server's peak RSS growth and the `/health` p50/p99 latency against the
 * targets (p99 < 100 ms, RSS growth < 100 MiB).
 *
 * On embedded PGlite unless `DATABASE_URL` is set. Run on a quiet machine: on a busy one, figures are noisy.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { generateApiKey } from './api-key'
import { STANDALONE_MAIN } from './canvass-server'
import { startChildServer } from './child-server'
import { runJsonChild } from './json-child'
import { memory, resetPeak } from './process-memory'

const PROBE_CHILD = fileURLToPath(new URL('./health-probe-child.mjs', import.meta.url))
const CLIENTS = 16
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000)
const LIMIT = 1024 * 1024
const TARGET_P99_MS = 100
const TARGET_RSS_GROWTH_MIB = 100

/** Fills `make(i)` for growing `i` until the next piece would pass the JSON body limit. */
function fill(prefix: string, suffix: string, make: (i: number) => string): string {
  const parts: string[] = []
  let size = prefix.length + suffix.length
  for (let i = 0; ; i++) {
    const part = make(i)
    if (size + part.length + 1 > LIMIT - 16) break
    parts.push(part)
    size += part.length + 1
  }
  return prefix + parts.join(',') + suffix
}

function invalidBodies(environmentId: string, surveyId: string): { path: string; body: string; key: boolean }[] {
  const surveys = `/api/v1/management/surveys`
  const responses = `/api/v1/client/${environmentId}/responses`
  return [
    { path: surveys, key: true, body: fill(`{"environmentId":"${environmentId}","name":"n","questions":[`, ']}', () => '{}') },
    {
      path: surveys,
      key: true,
      // 200 questions (the most allowed), each failing in every field it has.
      body: JSON.stringify({
        environmentId,
        name: 'n',
        questions: Array.from({ length: 200 }, () => ({
          id: '!',
          type: 'matrix',
          headline: 1,
          rows: Array(500).fill(1),
          columns: Array(500).fill(1),
        })),
      }).slice(0, LIMIT - 16),
    },
    {
      path: responses,
      key: false,
      body: fill(`{"surveyId":"${surveyId}","finished":true,"data":{},"ttc":{`, '}}', (i) => `"${i.toString(36)}":""`),
    },
    {
      path: responses,
      key: false,
      body: fill(`{"surveyId":"${surveyId}","finished":true,"data":{`, '}}', (i) => `"${i.toString(36)}":"\\ud800"`),
    },
    { path: responses, key: false, body: `{"data":${'['.repeat(200_000)}${']'.repeat(200_000)}}` },
  ]
}

/** Runs the `/health` prober in a process of its own for `ms` and resolves to its latencies, in ms. */
function probeHealth(url: string, ms: number): Promise<number[]> {
  return runJsonChild<number[]>(PROBE_CHILD, { PROBE_URL: url, PROBE_MS: String(ms) })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

async function main(): Promise<void> {
  if (!existsSync(STANDALONE_MAIN)) throw new Error(`${STANDALONE_MAIN} is missing: run \`pnpm -r run build\` first`)
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-invalid-'))
  const apiKey = generateApiKey()
  const server = await startChildServer({
    name: 'Canvass',
    script: STANDALONE_MAIN,
    env: {
      DATA_DIR: dataDir,
      CANVASS_INIT_API_KEY: apiKey,
      CANVASS_RATE_LIMITS: 'off',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  })
  try {
    const pid = server.pid
    if (pid === undefined) throw new Error('no server pid')
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' }
    const me = (await (await fetch(`${server.url}/api/v1/me`, { headers })).json()) as { id: string }
    const survey = (await (
      await fetch(`${server.url}/api/v1/management/surveys`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          environmentId: me.id,
          name: 'Bench',
          status: 'inProgress',
          questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q?' } }],
        }),
      })
    ).json()) as { data: { id: string } }
    // Encoded once: the load generator shares the machine with the server, and should spend its time sending.
    const bodies = invalidBodies(me.id, survey.data.id).map((body) => ({ ...body, body: new TextEncoder().encode(body.body) }))

    // Warm up: each body once, so that lazily loaded code and caches are part of the baseline.
    for (const { path, body, key } of bodies)
      await (
        await fetch(server.url + path, { method: 'POST', headers: key ? headers : { 'content-type': 'application/json' }, body })
      ).text()
    await sleep(500)
    const baseline = memory(pid)
    // The kernel's high-water mark still holds the start-up peak (loading and compiling the embedded
    // database): reset it to the current RSS, where Linux allows, so that it catches only the flood's peaks.
    const hwmReset = resetPeak(pid)

    const deadline = Date.now() + DURATION_MS
    const statuses = new Map<number, number>()
    let sent = 0
    let largestAnswer = 0
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; Date.now() < deadline; i++) {
        const { path, body, key } = bodies[i % bodies.length]!
        const response = await fetch(server.url + path, {
          method: 'POST',
          headers: key ? headers : { 'content-type': 'application/json' },
          body,
        })
        const text = await response.text()
        largestAnswer = Math.max(largestAnswer, text.length)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        sent++
      }
    })
    const health = probeHealth(`${server.url}/health`, deadline - Date.now())
    let peakRss = baseline.rss
    const sampler = (async () => {
      while (Date.now() < deadline) {
        peakRss = Math.max(peakRss, memory(pid).rss)
        await sleep(50)
      }
    })()
    const [latencies] = await Promise.all([health, ...clients, sampler])
    const after = memory(pid)
    // The kernel's own high-water mark catches peaks between samples, once reset to the baseline.
    const peak = hwmReset ? Math.max(peakRss, after.peak) : Math.max(peakRss, after.rss)

    latencies.sort((a, b) => a - b)
    const mib = (bytes: number) => bytes / 1024 / 1024
    const growth = mib(peak - baseline.rss)
    const p50 = percentile(latencies, 50)
    const p99 = percentile(latencies, 99)
    console.log(
      `invalid bodies: ${CLIENTS} clients for ${DURATION_MS / 1000} s on ${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'}`,
    )
    console.log(
      `  requests sent            ${sent} (${(sent / (DURATION_MS / 1000)).toFixed(0)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    )
    console.log(`  largest answer           ${largestAnswer} bytes`)
    console.log(
      `  server RSS               baseline ${mib(baseline.rss).toFixed(1)} MiB, peak ${mib(peak).toFixed(1)} MiB, growth ${growth.toFixed(1)} MiB (target < ${TARGET_RSS_GROWTH_MIB}); start-up peak ${mib(baseline.peak).toFixed(1)} MiB`,
    )
    console.log(
      `  /health latency          p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${latencies.length} probes (target p99 < ${TARGET_P99_MS})`,
    )
    const met = p99 < TARGET_P99_MS && growth < TARGET_RSS_GROWTH_MIB && !statuses.has(500)
    console.log(met ? '  targets met' : '  TARGETS MISSED')
    if ([...statuses.keys()].some((status) => status >= 500)) process.exitCode = 1
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
