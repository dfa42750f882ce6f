/**
 * `pnpm bench:webhooks`: webhook delivery of the standalone server on the Postgres server, with a receiver on
 * loopback in this process. Reports, from one run:
 * - ingestion: client response creates per second with no webhook (a survey of the development environment,
 *   which has none) and with three matching webhooks (the same survey in production), taking turns in slices
 *   (`BENCH_SLICES`) in each of `BENCH_ROUNDS` rounds on a server that only writes the outbox
 *   (`CANVASS_WEBHOOK_DISPATCHER=off`), each load's best round kept, and their ratio: what the outbox costs the
 *   write path;
 * - deliveries per second: a second server on the same database (dispatcher on) drains the backlog that the
 *   loads with webhooks left, to the receiver;
 * - commit-to-delivery latency (median, p99) on that server at a light steady load: from the client's
 *   acknowledgement (sent after the commit) to the delivery's arrival at the receiver.
 */
import { createServer } from 'node:http'
import { text } from 'node:stream/consumers'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createBenchDatabase } from './bench-database'
import { generateApiKey } from './api-key'
import { createBenchSurvey, startCanvass } from './canvass-server'
import { readBenchConfig } from './config'
import { median } from './report'
import { runInterleaved } from './run-load'
import type { LoadTarget, Measurement } from './run-load'

const config = readBenchConfig()
const cleanups: Array<() => Promise<unknown>> = []

async function main(): Promise<void> {
  const arrivals = new Map<string, number>()
  let delivered = 0
  let firstArrival = 0
  let lastArrival = 0
  const receiver = createServer((req, res) => {
    void text(req).then(
      (body) => {
        const now = performance.now()
        if (delivered++ === 0) firstArrival = now
        lastArrival = now
        try {
          const payload = JSON.parse(body) as { data?: { id?: string } }
          if (payload.data?.id && !arrivals.has(payload.data.id)) arrivals.set(payload.data.id, now)
        } catch {}
        res.writeHead(204).end()
      },
      () => {},
    )
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => receiver.close(resolve)))
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`

  const database = await createBenchDatabase(config.databaseUrl)
  cleanups.push(() => database.drop())
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-bench-webhooks-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env = { CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' }
  const devKey = generateApiKey()
  const writer = await startCanvass({
    databaseUrl: database.url,
    dataDir,
    env: { ...env, CANVASS_WEBHOOK_DISPATCHER: 'off', CANVASS_INIT_DEV_API_KEY: devKey },
  })
  cleanups.push(() => writer.server.stop())
  const { environmentId, surveyId, apiKey } = writer
  // The same survey in the development environment, which has no webhook: the load without webhooks.
  const quiet = await createBenchSurvey(writer.server.url, devKey)

  const ingest = (baseUrl: string, into = { environmentId, surveyId }): LoadTarget => ({
    url: `${baseUrl}/api/v1/client/${into.environmentId}/responses`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ surveyId: into.surveyId, finished: false, data: { q1: 'bench' } }),
  })
  const settings = { duration: config.duration, warmup: config.warmup, connections: config.connections }

  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${writer.server.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiverUrl, triggers: ['responseCreated'], surveyIds: i === 0 ? [surveyId] : [] }),
    })
    if (res.status !== 200) throw new Error(`webhook create answered ${res.status}: ${await res.text()}`)
  }
  // Both loads run on the same server and the same growing tables, taking turns slice by slice in each round
  // (`runInterleaved`; rounds alternate which starts): neither gains from going first on smaller tables or from
  // a quiet moment of the machine.
  const runs = { none: [] as number[], three: [] as number[] }
  const best: Partial<Record<'none' | 'three', Measurement>> = {}
  for (let round = 0; round < config.rounds; round++) {
    const order = round % 2 === 0 ? (['none', 'three'] as const) : (['three', 'none'] as const)
    console.log(
      `round ${round + 1}, ingestion with no webhook and with three matching webhooks in turn: ` +
        `${config.slices} slices of ${config.duration / config.slices} s each`,
    )
    const measured = await runInterleaved(
      order.map((which) => ingest(writer.server.url, which === 'none' ? quiet : undefined)),
      { ...settings, slices: config.slices },
    )
    order.forEach((which, i) => {
      const m = measured[i]!
      runs[which].push(Math.round(m.requestsPerSecond))
      const kept = best[which]
      if (kept === undefined || m.requestsPerSecond > kept.requestsPerSecond) best[which] = m
    })
  }
  const { none, three } = best
  if (none === undefined || three === undefined) throw new Error('no ingestion round ran')
  // Every response of the survey was created after its three webhooks.
  const expected = 3 * (await countResponses(database.url, surveyId))

  console.log(`draining ${expected} deliveries with a second server (dispatcher on)`)
  const senderDir = await mkdtemp(join(tmpdir(), 'canvass-bench-webhooks-'))
  cleanups.push(() => rm(senderDir, { recursive: true, force: true }))
  const sender = await startCanvass({ databaseUrl: database.url, dataDir: senderDir, env })
  cleanups.push(() => sender.server.stop())
  // Long enough for the backlog at half the target rate (1,000/s), so that the latency below is measured on an
  // empty queue rather than behind the rest of the backlog.
  const deadline = performance.now() + Math.max(300_000, expected)
  while (delivered < expected && performance.now() < deadline) await sleep(50)
  const drained = delivered
  const deliveriesPerSecond = drained / ((lastArrival - firstArrival) / 1000)

  console.log('commit-to-delivery latency: 10 creates per second for 10 s, one at a time')
  const latencies: number[] = []
  const target = ingest(sender.server.url)
  for (let i = 0; i < 100; i++) {
    const res = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body })
    const acked = performance.now()
    const id = ((await res.json()) as { data: { id: string } }).data.id
    const until = performance.now() + 10_000
    while (!arrivals.has(id) && performance.now() < until) await sleep(1)
    const arrived = arrivals.get(id)
    if (arrived !== undefined) latencies.push(Math.max(0, arrived - acked))
    await sleep(Math.max(0, 100 - (performance.now() - acked)))
  }
  latencies.sort((a, b) => a - b)
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN

  const fmt = (n: number) => n.toFixed(0)
  console.log('')
  console.log('| measure | value | target |')
  console.log('|---|---|---|')
  console.log(
    `| ingestion, no webhook (creates/s, best of ${runs.none.join(', ')}) | ${fmt(none.requestsPerSecond)} (non-2xx ${none.non2xx}, errors ${none.errors}) | |`,
  )
  console.log(
    `| ingestion, three matching webhooks (creates/s, best of ${runs.three.join(', ')}) | ${fmt(three.requestsPerSecond)} (non-2xx ${three.non2xx}, errors ${three.errors}) | |`,
  )
  // Each round's two loads took turns in slices: their ratio, and the median of those, as in `pnpm bench`.
  const roundRatios = runs.three.map((rate, i) => rate / runs.none[i]!)
  console.log(
    `| ratio, median of the rounds (${roundRatios.map((r) => r.toFixed(2)).join(', ')}) | ${median(roundRatios).toFixed(2)} | ≥ 0.85 |`,
  )
  console.log(`| ratio of the best rounds | ${(three.requestsPerSecond / none.requestsPerSecond).toFixed(2)} | |`)
  console.log(`| deliveries/s, outbox → loopback receiver | ${fmt(deliveriesPerSecond)} (${drained} of ${expected} delivered) | ≥ 2000 |`)
  console.log(
    `| commit-to-delivery median / p99 (ms) | ${pct(0.5).toFixed(1)} / ${pct(0.99).toFixed(1)} (${latencies.length} of 100 arrived) | median < 100 |`,
  )
}

/**
 * How many responses the survey has, counted in the database: paging through a list of a few hundred
 * thousand rows just written (before autovacuum has analysed them) takes minutes and measures nothing here.
 */
async function countResponses(databaseUrl: string, surveyId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from canvass.responses where survey_id = $1', [surveyId])
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

try {
  await main()
} finally {
  for (const undo of cleanups.reverse())
    await undo().catch((error: unknown) => console.error(`cleanup failed: ${(error as Error).message}`))
}
