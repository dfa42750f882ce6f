/**
 * Health for orchestrators on real server processes (docs/deploying.md, "Health and shutdown"). A load balancer's
 * view of a drain: two instances behind a small reverse proxy on loopback that polls each one's `/health/ready`
 * and routes requests only to those that answer 200, as a load balancer's health check does; a steady stream of
 * requests runs while one instance gets SIGTERM. It turns not ready at once, goes on serving for its drain
 * (`CANVASS_DRAIN_SECONDS`), then stops: no request fails. On a Postgres server (TEST_DATABASE_URL): readiness
 * follows the schema (a migration a newer version requires makes an instance not ready, one that only adds
 * does not), and `DATABASE_POOL_SIZE`
 * bounds the connections an instance opens.
 */
import { request } from 'node:http'
import { waitFor } from '@canvass/test-bed'
import { skipSuiteUnless } from '@canvass/test-utils'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresBackend } from './backends'
import type { E2eBackend } from './backends'
import { POLL_MS, startBalancer } from './balancer'
import type { Balancer } from './balancer'
import { newKey, startServer } from './server'
import type { RunningServer } from './server'

/** The drained instance's `CANVASS_DRAIN_SECONDS`: ten polls. */
const DRAIN_SECONDS = 1
/** Clients sending requests one after another through the balancer. */
const CLIENTS = 4

/** Clients that send `GET path` through the balancer one after another until stopped; every answer is kept. */
function steadyRequests(url: string, key: string) {
  const statuses = new Map<string, number>()
  let sent = 0
  let running = true
  const client = async () => {
    while (running) {
      sent++
      let outcome: string
      try {
        const answer = await fetch(`${url}/api/v1/management/me`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(5_000) })
        outcome = String(answer.status)
        await answer.arrayBuffer()
      } catch (error) {
        outcome = (error as Error).name
      }
      statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1)
    }
  }
  const clients = Array.from({ length: CLIENTS }, client)
  return {
    sent: () => sent,
    async stop() {
      running = false
      await Promise.all(clients)
      return statuses
    },
  }
}

/** A GET on a connection of its own (no pooled one): what a new client of the instance would get. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (answer) => {
      answer.resume()
      answer.once('end', () => resolve(answer.statusCode ?? 0))
    })
      .once('error', reject)
      .end()
  })
}

const drain = suite('a drain, as a load balancer sees it: SIGTERM, ready turns false, the instance serves on, then stops; no request fails')

drain('two instances behind a balancer polling /health/ready; one gets SIGTERM under a steady stream of requests', async () => {
  // One Postgres database for both when there is a server (as instances share one), else an embedded database each.
  const postgres = postgresBackend()
  const key = newKey()
  const env = { CANVASS_INIT_API_KEY: key, ...(await postgres?.env()) }
  const servers: RunningServer[] = []
  let balancer: Balancer | undefined
  try {
    servers.push(...(await Promise.all([startServer({ ...env, CANVASS_DRAIN_SECONDS: String(DRAIN_SECONDS) }), startServer(env)])))
    const [draining, staying] = servers as [RunningServer, RunningServer]
    const lb = await startBalancer([draining.url, staying.url])
    balancer = lb
    await waitFor('both instances ready at the balancer', () => lb.ready.every(Boolean))
    const load = steadyRequests(lb.url, key)
    await waitFor('both instances answering requests', () => lb.forwarded.every((count) => count >= 20))

    const signalled = performance.now()
    const stopped = draining.stop()
    const notReady = await waitFor('the balancer to see the instance not ready', () => lb.changes.find((c) => c.index === 0 && !c.ready))
    assert.is(notReady.failed, 'draining', 'the instance says why')
    const forwardedWhenSeen = lb.forwarded[0]
    // The drain: the instance still takes new connections, for a balancer slower to notice than this one.
    assert.is(await getOnNewConnection(`${draining.url}/health/live`), 200, 'served during the drain')
    assert.is(await stopped, 0, draining.output())
    const exited = performance.now()
    const servedOn = lb.forwarded[1] as number
    await waitFor('the other instance to answer more requests', () => (lb.forwarded[1] as number) >= servedOn + 20)
    const statuses = await load.stop()

    assert.equal([...statuses], [['200', load.sent()]], 'every request answered 200')
    assert.is(lb.forwarded[0], forwardedWhenSeen, 'nothing was sent to the instance once it was seen not ready')
    assert.ok(notReady.at - signalled < 1000 * DRAIN_SECONDS, 'seen not ready well within the drain')
    assert.ok(exited - notReady.at >= 1000 * DRAIN_SECONDS - 2 * POLL_MS, 'it served on for its drain before it stopped')
    assert.match(draining.output(), /Canvass draining \(SIGTERM\): not ready, stopping in 1 s\n[\s\S]*Canvass stopped \(SIGTERM\)/)
    assert.equal(
      lb.changes.filter((change) => change.index === 1),
      [lb.changes.find((change) => change.index === 1)],
      'the other instance stayed ready throughout',
    )
  } finally {
    await balancer?.close()
    await Promise.all(servers.map((server) => server.stop()))
    await postgres?.dispose()
  }
})

drain.run()

const onPostgres = postgresBackend()
const postgresSuite = skipSuiteUnless(
  suite('on a Postgres server: readiness follows the schema; DATABASE_POOL_SIZE bounds the connections'),
  onPostgres ? undefined : 'TEST_DATABASE_URL is unset: the schema of a Postgres server can change under a running instance',
)
let database: E2eBackend | undefined
let databaseUrl = ''
let server: RunningServer | undefined
const key = newKey()

postgresSuite.before(async () => {
  database = postgresBackend() as E2eBackend
  databaseUrl = (await database.env()).DATABASE_URL as string
  server = await startServer({ DATABASE_URL: databaseUrl, CANVASS_INIT_API_KEY: key, DATABASE_POOL_SIZE: '2' })
})

postgresSuite.after(async () => {
  await server?.stop()
  await database?.dispose()
})

async function sql<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

postgresSuite('a migration a newer version requires makes the instance not ready, naming it; one that only adds does not', async () => {
  const url = (server as RunningServer).url
  assert.is((await fetch(`${url}/health/ready`)).status, 200)
  // The next release's expand step (docs/deploying.md, "Upgrading"): run, not required.
  await sql(`insert into canvass.canvass_migration_log (name, timestamp) values ('9999-from-a-newer-version', now()::text)`)
  try {
    assert.is((await fetch(`${url}/health/ready`)).status, 200, 'ready beside a newer release')
  } finally {
    await sql(`delete from canvass.canvass_migration_log where name = '9999-from-a-newer-version'`)
  }
  await sql(`insert into canvass.canvass_migration (name, timestamp) values ('9999-from-a-newer-version', now()::text)`)
  try {
    const answer = await fetch(`${url}/health/ready`)
    const body = (await answer.json()) as { failed: string; reason: string }
    assert.equal([answer.status, body.failed], [503, 'schema'])
    assert.match(body.reason, /^A newer version of Canvass migrated the database \(9999-from-a-newer-version, unknown to version /)
    assert.is((await fetch(`${url}/health`)).status, 200, '/health says whether the database answers, as before')
  } finally {
    await sql(`delete from canvass.canvass_migration where name = '9999-from-a-newer-version'`)
  }
  assert.is((await fetch(`${url}/health/ready`)).status, 200, 'ready again')
})

postgresSuite('DATABASE_POOL_SIZE=2: forty requests at once open two connections at most', async () => {
  const url = (server as RunningServer).url
  const answers = await Promise.all(
    Array.from({ length: 40 }, () => fetch(`${url}/api/v1/management/responses?limit=50`, { headers: { 'x-api-key': key } })),
  )
  assert.equal(
    answers.map((answer) => answer.status),
    answers.map(() => 200),
  )
  const name = new URL(databaseUrl).pathname.slice(1)
  const [row] = await sql<{ count: number }>(
    `select count(*)::int as count from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
  )
  assert.ok(row && row.count >= 1 && row.count <= 2, `connections of the instance: ${row?.count}`)
})

postgresSuite.run()
