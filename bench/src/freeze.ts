/**
 * `pnpm bench:freeze`: two standalone servers on one fresh Postgres database under a steady mixed load (client
 * response creates and updates, management lists of 50, webhooks for every response event to a flaky receiver
 * on loopback, Postgres rate-limit counters), then one of them stopped with SIGSTOP for `BENCH_FREEZE_STOP`
 * seconds and resumed with SIGCONT. Prints, per 5 s window and per server, the requests sent, p50, p99 and
 * failures, and what Postgres's sessions of each server were doing (the most active, waiting on a lock, idle
 * in a transaction), so that the window where the service is back is plain to see. Bounded in time; every
 * socket is on loopback; it stops by itself and drops its database.
 *
 * The load is open (requests are sent at a fixed rate whatever the answers), as clients and a load balancer
 * send them: a server that falls behind builds a queue, and the figures show whether it drains.
 */
import { createServer } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createBenchDatabase } from './bench-database'
import { STANDALONE_MAIN, startCanvass } from './canvass-server'
import { startChildServer } from './child-server'
import { positiveNumber } from './config'

const env = process.env
/**
 * Requests per second sent to each server (`BENCH_FREEZE_RATE`): low enough that two servers keep up on a busy
 * 2-core machine, so that what the figures show is the stop and not a machine short of CPU.
 */
const RATE = positiveNumber(env, 'BENCH_FREEZE_RATE', 20)
/** Seconds of load before the stop, after an unreported warm-up of 5 s (`BENCH_FREEZE_BEFORE`). */
const BEFORE = positiveNumber(env, 'BENCH_FREEZE_BEFORE', 30)
/** Seconds the server is stopped (`BENCH_FREEZE_STOP`). */
const STOP = positiveNumber(env, 'BENCH_FREEZE_STOP', 20)
/** Seconds of load after SIGCONT (`BENCH_FREEZE_AFTER`). */
const AFTER = positiveNumber(env, 'BENCH_FREEZE_AFTER', 90)
/** Responses of the survey written before the load, as a table that has grown (`BENCH_FREEZE_ROWS`). */
const ROWS = Math.round(positiveNumber(env, 'BENCH_FREEZE_ROWS', 200_000, { allowZero: true }))
/**
 * `BENCH_FREEZE_ANALYZE=0` leaves those rows never analysed, as a Postgres without autovacuum does; by default
 * they are analysed once, as autovacuum would have done while the table grew.
 */
const ANALYZE = env.BENCH_FREEZE_ANALYZE !== '0'
const WARMUP = 5
const WINDOW_S = 5
/** A request unanswered after this long counts as failed: the servers' pools answer 503 after 5 s anyway. */
const REQUEST_TIMEOUT_MS = 30_000

interface Sample {
  sentAt: number
  ms: number
  ok: boolean
}

const cleanups: Array<() => Promise<unknown>> = []

async function main(): Promise<void> {
  const receiver = flakyReceiver()
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise((resolve) => {
        receiver.closeAllConnections()
        receiver.close(resolve)
      }),
  )
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`

  const baseUrl = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const database = await createBenchDatabase(baseUrl)
  cleanups.push(() => database.drop())
  const named = (name: string) => {
    const url = new URL(database.url)
    url.searchParams.set('application_name', name)
    return url.toString()
  }
  const dirs = [await mkdtemp(join(tmpdir(), 'canvass-bench-freeze-a-')), await mkdtemp(join(tmpdir(), 'canvass-bench-freeze-b-'))]
  for (const dir of dirs) cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const shared = {
    CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    CANVASS_SECRET: 'bench-freeze-secret-bench-freeze-secret',
    // Counted in Postgres (the default with DATABASE_URL), one counter per synthetic client address, set high
    // enough that the load never meets them.
    CANVASS_RATE_LIMITS: 'client=100000/60s,environment=1000000/60s,management=100000/60s,address=100000/60s',
    CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
    // A flaky receiver's failed deliveries come back within seconds, as they would in an hour.
    CANVASS_WEBHOOK_RETRY_SCHEDULE_MS: '1000,2000,4000',
  }
  const first = await startCanvass({ databaseUrl: named('canvass-a'), dataDir: dirs[0]!, env: shared })
  cleanups.push(() => first.server.stop())
  const second = await startChildServer({
    name: 'Canvass B',
    script: STANDALONE_MAIN,
    env: { ...shared, DATABASE_URL: named('canvass-b'), DATA_DIR: dirs[1]!, CANVASS_INIT_API_KEY: first.apiKey },
  })
  cleanups.push(() => second.stop())
  const { environmentId, surveyId, apiKey } = first
  const hook = await fetch(`${first.server.url}/api/v1/webhooks`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiverUrl, triggers: ['responseCreated', 'responseUpdated', 'responseFinished'], surveyIds: [surveyId] }),
  })
  if (!hook.ok) throw new Error(`webhook creation answered ${hook.status}: ${await hook.text()}`)

  const observer = new pg.Pool({ connectionString: named('canvass-bench'), max: 1 })
  cleanups.push(() => observer.end())
  if (ROWS > 0) {
    console.log(
      `Writing ${ROWS.toLocaleString('en')} responses of the survey as it would have grown (${ANALYZE ? 'then ANALYZE' : 'never analysed'})…`,
    )
    await observer.query(
      `insert into canvass.responses (id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables)
       select 'seed' || lpad(g::text, 9, '0'), now() - interval '30 days' + g * interval '1 second', now() - interval '30 days' + g * interval '1 second',
         $1, $2, g % 3 <> 0, jsonb_build_object('q1', 'seed ' || g), '{}'::jsonb, '{}'::jsonb, '{}'::jsonb
       from generate_series(1, $3::int) as g`,
      [surveyId, environmentId, ROWS],
    )
    if (ANALYZE) await observer.query('analyze canvass.responses')
  }
  const settings = await observer.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('autovacuum', 'max_connections', 'track_counts')`,
  )
  console.log(`Postgres: ${settings.rows.map((row) => `${row.name}=${row.setting}`).join(', ')}`)

  const servers = [
    { name: 'A', url: first.server.url, pid: first.server.pid, samples: [] as Sample[], created: [] as string[], inFlight: 0 },
    { name: 'B', url: second.url, pid: second.pid, samples: [] as Sample[], created: [] as string[], inFlight: 0 },
  ]
  /** Sessions seen waiting on a lock, summed over the samples, by the statement they were running. */
  const lockWaits = new Map<string, number>()
  const activity: Array<{ at: number; rows: Array<{ app: string; active: number; lock: number; idle_tx: number; total: number }> }> = []

  const start = performance.now()
  const stopAt = start + (WARMUP + BEFORE) * 1000
  const contAt = stopAt + STOP * 1000
  const endAt = contAt + AFTER * 1000
  let sequence = 0

  const send = (server: (typeof servers)[number]) => {
    const n = sequence++
    const address = `10.0.${n % 50}.1`
    const pick = n % 10
    let request: Promise<Response>
    const creates = pick < 4 || server.created.length === 0
    if (creates) {
      request = fetch(`${server.url}/api/v1/client/${environmentId}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ surveyId, finished: false, data: { q1: `answer ${n}` } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
    } else if (pick < 7) {
      // A response another server created, now and then: the two share every row.
      const ids = n % 5 === 0 ? servers[(servers.indexOf(server) + 1) % 2]!.created : server.created
      const id = ids.length > 0 ? ids.splice(Math.floor(Math.random() * ids.length), 1)[0]! : undefined
      request =
        id === undefined
          ? fetch(`${server.url}/health`)
          : fetch(`${server.url}/api/v1/client/${environmentId}/responses/${id}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
              body: JSON.stringify({ finished: n % 2 === 0, data: { q1: `more ${n}` } }),
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            })
    } else {
      request = fetch(`${server.url}/api/v1/management/responses?surveyId=${surveyId}&limit=50`, {
        headers: { 'x-api-key': apiKey, 'x-forwarded-for': address },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
    }
    const sentAt = performance.now()
    server.inFlight++
    request
      .then(
        async (response) => {
          const text = await response.text()
          if (creates && response.ok) {
            const id = (JSON.parse(text) as { data?: { id?: string } }).data?.id
            if (id && server.created.length < 1000) server.created.push(id)
          }
          return response.ok
        },
        () => false,
      )
      .then((ok) => {
        server.inFlight--
        server.samples.push({ sentAt: sentAt - start, ms: performance.now() - sentAt, ok })
      })
  }

  // Open load: each server is sent RATE requests a second, on a schedule, whatever it answers.
  const timers = servers.map((server) => {
    let due = performance.now()
    return setInterval(() => {
      const now = performance.now()
      while (due <= now) {
        send(server)
        due += 1000 / RATE
      }
    }, 5)
  })
  const sampler = setInterval(() => {
    observer
      .query<{ app: string; active: number; lock: number; idle_tx: number; total: number }>(
        `select application_name as app,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where wait_event_type = 'Lock')::int as lock,
           count(*) filter (where state like 'idle in transaction%')::int as idle_tx,
           count(*)::int as total
         from pg_stat_activity where datname = current_database() and application_name like 'canvass-_' group by 1 order by 1`,
      )
      .then(
        (result) => activity.push({ at: performance.now() - start, rows: result.rows }),
        () => {},
      )
    observer
      .query<{ query: string; n: number }>(
        `select left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query, count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name like 'canvass-_' and wait_event_type = 'Lock' group by 1`,
      )
      .then(
        (result) => {
          for (const row of result.rows) lockWaits.set(row.query, (lockWaits.get(row.query) ?? 0) + row.n)
        },
        () => {},
      )
  }, 500)

  const frozen = servers[0]!
  await sleepUntil(stopAt)
  console.log(`SIGSTOP server ${frozen.name} for ${STOP} s, with ${frozen.inFlight} requests in flight`)
  process.kill(frozen.pid!, 'SIGSTOP')
  // However the bench ends, the server is resumed, so that its orderly stop can run.
  cleanups.push(async () => process.kill(frozen.pid!, 'SIGCONT'))
  await sleepUntil(contAt)
  process.kill(frozen.pid!, 'SIGCONT')
  console.log(`SIGCONT server ${frozen.name}: ${frozen.inFlight} requests in flight`)
  await sleepUntil(endAt)
  for (const timer of timers) clearInterval(timer)
  clearInterval(sampler)
  // What is still in flight is answered or times out; it belongs to the windows it was sent in.
  const drainUntil = performance.now() + REQUEST_TIMEOUT_MS + 1000
  while (servers.some((server) => server.inFlight > 0) && performance.now() < drainUntil) await sleep(100)

  const stats = await observer.query<{ n_live_tup: string; last_analyze: Date | null; last_autoanalyze: Date | null }>(
    `select n_live_tup, last_analyze, last_autoanalyze from pg_stat_user_tables where schemaname = 'canvass' and relname = 'responses'`,
  )
  const row = stats.rows[0]
  console.log(
    `canvass.responses: ${row?.n_live_tup} live rows; last analyse ${row?.last_analyze?.toISOString() ?? 'never'}, last autoanalyse ${row?.last_autoanalyze?.toISOString() ?? 'never'}`,
  )

  report(servers, activity, (stopAt - start) / 1000, (contAt - start) / 1000, (endAt - start) / 1000)
  const waits = [...lockWaits].sort((a, b) => b[1] - a[1]).slice(0, 5)
  if (waits.length > 0) {
    console.log('\nStatements seen waiting on a lock (session-samples, every 0.5 s):')
    for (const [query, n] of waits) console.log(`${String(n).padStart(7)}  ${query}`)
  }
  for (const server of servers) {
    const failed = server.samples.filter((sample) => !sample.ok).length
    console.log(`server ${server.name}: ${server.samples.length} requests, ${failed} failed, ${server.inFlight} unanswered at the end`)
  }
}

function report(
  servers: Array<{ name: string; samples: Sample[] }>,
  activity: Array<{ at: number; rows: Array<{ app: string; active: number; lock: number; idle_tx: number; total: number }> }>,
  stopS: number,
  contS: number,
  endS: number,
): void {
  console.log('')
  console.log(
    `window (s)  phase   | ${servers.map((s) => `${s.name}: sent   p50 ms   p99 ms  fail`).join(' | ')} | Postgres sessions A, B: most active/lock-waiting/idle in tx`,
  )
  for (let from = WARMUP; from < endS; from += WINDOW_S) {
    const to = from + WINDOW_S
    const phase = to <= stopS ? 'before' : from < contS ? 'frozen' : 'after'
    const cells = servers.map((server) => {
      const inWindow = server.samples.filter((sample) => sample.sentAt >= from * 1000 && sample.sentAt < to * 1000)
      const ms = inWindow.map((sample) => sample.ms).sort((a, b) => a - b)
      const failed = inWindow.filter((sample) => !sample.ok).length
      return `${String(inWindow.length).padStart(8)} ${fmt(percentile(ms, 0.5))} ${fmt(percentile(ms, 0.99))} ${String(failed).padStart(5)}`
    })
    const sessions = ['canvass-a', 'canvass-b'].map((app) => {
      const seen = activity
        .filter((entry) => entry.at >= from * 1000 && entry.at < to * 1000)
        .map((entry) => entry.rows.find((r) => r.app === app))
      const max = (key: 'active' | 'lock' | 'idle_tx') => Math.max(0, ...seen.map((r) => r?.[key] ?? 0))
      return `${max('active')}/${max('lock')}/${max('idle_tx')}`
    })
    console.log(`${`${from}-${to}`.padEnd(11)} ${phase.padEnd(7)} | ${cells.join(' | ')} | ${sessions.join(', ')}`)
  }
}

const fmt = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1)).padStart(8)

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

/**
 * A webhook receiver as they are in the wild: most deliveries answered at once, some after a while, some with
 * a 500 (retried), a few never within the dispatcher's timeout.
 */
function flakyReceiver() {
  let n = 0
  return createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const kind = n++ % 20
      if (kind === 0) res.writeHead(500).end()
      else if (kind === 1) setTimeout(() => res.writeHead(204).end(), 1000)
      else if (kind === 2 && n % 100 === 2) setTimeout(() => res.writeHead(204).end(), 20_000)
      else res.writeHead(204).end()
    })
  })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const sleepUntil = (at: number) => sleep(Math.max(0, at - performance.now()))

let cleaning: Promise<void> | undefined
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup:', error))
  })())
// Interrupted, the stopped server is resumed and stopped, and the database dropped, all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanUp().finally(() => process.exit(130)))

let exitCode = 0
try {
  await main()
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await cleanUp()
}
process.exit(exitCode)
