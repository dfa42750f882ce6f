/**
 * Several instances (docs/deploying.md, "Running several instances"): three standalone server processes on one
 * Postgres database, behind a round-robin proxy, with uploads on S3 (s3rver). A client rate limit holds across
 * the three (counters in Postgres); every webhook event is sent exactly once with three dispatchers on; a file
 * uploaded through one instance is served by the others; `autoComplete` is exact; and one instance killed
 * with SIGKILL mid-load loses no acknowledged write, while the others send the deliveries it had claimed once
 * their lease ran out. Loopback only; needs the Postgres server (TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { Agent, createServer, request } from 'node:http'
import type { IncomingHttpHeaders, OutgoingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { setTimeout as delay } from 'node:timers/promises'
import { skipSuiteUnless } from '@canvass/test-utils'
import pg from 'pg'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startS3rver } from '@canvass/test-bed/s3rver'
import { postgresBackend } from './backends'
import { question } from './fixtures'
import type { ServerProcess } from './processes'
import { killHard, reconcile, removeDir, spawnServer, startLoad, stopGracefully } from './processes'
import { client, newKey } from './server'

const INSTANCES = 3
/** The client limit per (environment, address) and the requests one address sends against it. */
const CLIENT_LIMIT = 20
const CLIENT_SENT = 60
/** Responses created, each one event to deliver exactly once. */
const WEBHOOK_EVENTS = 200
const AUTO_COMPLETE = 5
const FINISHING = 30
const AUTO_COMPLETE_TRIALS = 3
/**
 * A claim held by a killed instance is taken by another after this long. An attempt may take half of it, and
 * the kill test holds attempts open at the receiver for that long at most.
 */
const LEASE_MS = 6000
/**
 * Attempts one instance has in flight for one webhook at most (the dispatcher's `perWebhookConcurrency`,
 * which the standalone server leaves at its default): more than twice this held open at the receiver at once
 * means every one of the three instances holds some.
 */
const PER_WEBHOOK_IN_FLIGHT = 32
const BUCKET = 'canvass-scale-out'
const SECRET = `scale-out-${randomBytes(16).toString('hex')}`

const postgres = postgresBackend()
const test = skipSuiteUnless(
  suite('three instances on one Postgres behind a round-robin proxy'),
  postgres ? undefined : 'TEST_DATABASE_URL is unset: instances share state through a Postgres server',
)

interface Proxy {
  url: string
  /** Sets the instances to forward to, in turn. */
  route(targets: string[]): void
  /** Requests forwarded to each instance so far. */
  forwarded: number[]
  /** Instances that refused a connection: skipped from then on. */
  dead: Set<number>
  close(): Promise<void>
}

/** Headers that belong to one connection, not to the request or answer. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade']

function withoutHopByHop<T extends IncomingHttpHeaders | OutgoingHttpHeaders>(headers: T): T {
  const copy = { ...headers }
  for (const name of HOP_BY_HOP) delete copy[name]
  return copy
}

/**
 * A load balancer on loopback: each request goes to the next live instance, bodies streamed both ways. An
 * instance that refuses a connection is marked dead and skipped (a passive health check); the request that
 * found it dead, and any in flight on it, are answered 502 (never acknowledged). It stands for a proxy with
 * many clients behind it: a request that names no `x-forwarded-for` gets an address of its own, so that only
 * requests which name one address share that address's rate-limit counter.
 */
async function startProxy(): Promise<Proxy> {
  let targets: URL[] = []
  const forwarded: number[] = []
  const dead = new Set<number>()
  let cursor = 0
  let addresses = 0
  // As a load balancer does, an idle connection to an instance is closed well before the instance's own keep-alive
  // timeout (5 s) would close it: a request written to a connection the instance is closing fails with EPIPE.
  const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 1_000 })
  const server = createServer((req, res) => {
    if (dead.size >= targets.length) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no live instance')
      return
    }
    let index = cursor++ % targets.length
    while (dead.has(index)) index = cursor++ % targets.length
    const target = targets[index] as URL
    forwarded[index] = (forwarded[index] ?? 0) + 1
    const n = addresses++
    const headers = withoutHopByHop(req.headers)
    headers['x-forwarded-for'] ??= `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers))
      answer.pipe(res)
      // The instance died mid-answer: the client must see a broken answer, not a short one.
      answer.once('close', () => {
        if (!answer.complete) res.destroy()
      })
    })
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') dead.add(index)
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`instance ${index}: ${error.code ?? error.message}`)
      else res.destroy()
    })
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route(urls) {
      targets = urls.map((url) => new URL(url))
      forwarded.length = 0
      forwarded.push(...urls.map(() => 0))
    },
    forwarded,
    dead,
    async close() {
      agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** One delivery attempt that reached the receiver. */
interface Arrival {
  webhookId: string
  event: string
  responseId: string
  marker: string | undefined
  /** `open` while held, `answered` once 204 was written, `cut` when the sender's connection closed first. */
  state: 'open' | 'answered' | 'cut'
}

/**
 * A webhook receiver on loopback: records every attempt per path and answers 204, at once, or for a path that
 * is `hold`-ing, when it is `release`d. `until` resolves when a condition holds, checked at every change.
 */
async function startReceiver() {
  const arrivals = new Map<string, Arrival[]>()
  /** Answers waiting for their path's release. */
  const held = new Map<string, (() => void)[]>()
  const waiters = new Set<() => void>()
  const changed = () => {
    for (const check of [...waiters]) check()
  }
  const at = (path: string) => {
    let list = arrivals.get(path)
    if (!list) arrivals.set(path, (list = []))
    return list
  }
  const server: Server = createServer((req, res) => {
    void text(req).then(
      (body) => {
        const path = req.url ?? '/'
        const payload = JSON.parse(body) as { event: string; data: { id: string; data?: { q1?: string } } }
        const arrival: Arrival = {
          webhookId: String(req.headers['webhook-id']),
          event: payload.event,
          responseId: payload.data.id,
          marker: payload.data.data?.q1,
          state: 'open',
        }
        at(path).push(arrival)
        res.once('close', () => {
          if (arrival.state === 'open') {
            arrival.state = 'cut'
            changed()
          }
        })
        changed()
        const answer = () => {
          if (res.destroyed || arrival.state !== 'open') return
          arrival.state = 'answered'
          res.writeHead(204).end()
          changed()
        }
        const waiting = held.get(path)
        if (waiting) waiting.push(answer)
        else answer()
      },
      () => res.destroy(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    arrivals: at,
    /** Holds every attempt to `path` open, unanswered, until `release(path)`. */
    hold: (path: string) => void held.set(path, held.get(path) ?? []),
    release(path: string) {
      const waiting = held.get(path) ?? []
      held.delete(path)
      for (const answer of waiting) answer()
    },
    /** Resolves once `condition` holds; rejects with `what` after `timeoutMs`. */
    until(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!condition()) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Polls `check` every 20 ms (for state only a query or the load's counters show) until it holds. */
async function poll(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await delay(20)
  }
}

/** `url`'s path and query on another origin: the same request sent to one instance directly. */
const on = (origin: string, url: string) => {
  const parsed = new URL(url)
  return `${origin}${parsed.pathname}${parsed.search}`
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

// The cluster, made in `before` and taken apart in `after` (which uvu runs in a `finally`, also when a test
// or `before` itself failed): each step that made something pushes what undoes it.
const undo: (() => Promise<unknown>)[] = []
let proxy: Proxy
let receiver: Awaited<ReturnType<typeof startReceiver>>
let servers: ServerProcess[] = []
let urls: string[] = []
let db: pg.Pool
const key = newKey()
const devKey = newKey()
let environmentId = ''
const api = () => client(proxy.url)

async function createSurvey(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api()('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name, status: 'inProgress', questions: [question()], ...extra },
  })
  assert.is(res.status, 200, res.text)
  return res.body.data.id as string
}

async function createWebhook(path: string, surveyId: string, triggers: string[]): Promise<string> {
  const res = await api()('POST', '/api/v1/webhooks', { key, body: { url: receiver.url(path), triggers, surveyIds: [surveyId] } })
  assert.is(res.status, 200, res.text)
  return res.body.data.id as string
}

test.before(async () => {
  const started = Date.now()
  proxy = await startProxy()
  undo.push(() => proxy.close())
  receiver = await startReceiver()
  undo.push(() => receiver.close())
  const database = postgres!
  undo.push(() => database.dispose())
  const s3rver = startS3rver([BUCKET])
  undo.push(async () => (await s3rver.catch(() => undefined))?.stop())
  const [databaseEnv, s3] = await Promise.all([database.env(), s3rver])
  db = new pg.Pool({ connectionString: databaseEnv.DATABASE_URL, max: 2 })
  // The drop at the end (`with (force)`) may reach a connection `db.end()` is still closing: not a failure.
  db.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error(error)
  })
  undo.push(() => db.end())
  const dataRoot = await mkdtemp(join(tmpdir(), 'canvass-scale-out-'))
  undo.push(() => removeDir(dataRoot))
  const env = {
    ...databaseEnv,
    CANVASS_SECRET: SECRET,
    PUBLIC_URL: proxy.url,
    CANVASS_INIT_API_KEY: key,
    CANVASS_INIT_DEV_API_KEY: devKey,
    CANVASS_RATE_LIMITS: `client=${CLIENT_LIMIT}/60s,environment=off,management=off,address=off`,
    CANVASS_RATE_LIMIT_STORE: 'postgres',
    CANVASS_CLIENT_ADDRESS_HEADER: 'x-forwarded-for',
    CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    CANVASS_WEBHOOK_LEASE_MS: String(LEASE_MS),
    // An attempt that times out on a busy machine is tried again within a second, not after 5 s and 5 min.
    CANVASS_WEBHOOK_RETRY_SCHEDULE_MS: '500,1000,1000,1000,1000,1000,1000,1000,1000',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  // All three at once on the new database, as a deployment's replicas start: each finds no project, and only
  // one of them may create it (the first start runs under a lock all instances take).
  servers = Array.from({ length: INSTANCES }, (_, i) => spawnServer({ ...env, DATA_DIR: join(dataRoot, `instance-${i}`) }))
  undo.push(() => Promise.all(servers.map((server) => server.stop('SIGKILL'))))
  urls = await Promise.all(servers.map((server) => server.listening))
  proxy.route(urls)
  const me = await api()('GET', '/api/v1/me', { key })
  assert.is(me.status, 200, me.text)
  environmentId = me.body.id as string
  console.log(`  [scale-out] three instances, proxy, receiver and s3rver up in ${Date.now() - started} ms`)
})

test.after(async () => {
  const failures: unknown[] = []
  for (const step of undo.reverse()) await step().catch((error: unknown) => failures.push(error))
  undo.length = 0
  if (failures.length > 0) throw new AggregateError(failures, 'cleaning up the scale-out cluster failed')
})

test('three instances started at once on an empty database make one project', async () => {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from canvass.projects`)
  assert.is(rows[0]?.n, 1, 'one default project, whichever instance made it')
})

test('a client rate limit holds across the three instances (counters in Postgres)', async () => {
  const surveyId = await createSurvey('Rate limit')
  // The whole burst must fall in one 60 s window. Real time: the instances are processes that count on their own
  // clocks, which no test can move; near a window's end, wait for the next one.
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 5000) await delay(left + 100)
  const before = [...proxy.forwarded]
  const answers = await Promise.all(
    Array.from({ length: CLIENT_SENT }, () =>
      api()('POST', `/api/v1/client/${environmentId}/displays`, { body: { surveyId }, headers: { 'x-forwarded-for': '203.0.113.7' } }),
    ),
  )
  const spread = proxy.forwarded.map((count, i) => count - (before[i] ?? 0))
  assert.ok(
    spread.every((count) => count > 0),
    `every instance answered some of the burst: ${spread}`,
  )
  const statuses = countBy(answers, (answer) => String(answer.status))
  assert.is(
    statuses.get('200') ?? 0,
    CLIENT_LIMIT,
    `exactly the limit accepted over three instances, not per instance: ${JSON.stringify([...statuses])}`,
  )
  assert.is(statuses.get('429') ?? 0, CLIENT_SENT - CLIENT_LIMIT, 'every request over the limit refused with 429')
})

test('every webhook event is delivered exactly once with three dispatchers on', async () => {
  const surveyId = await createSurvey('Webhooks')
  const webhookId = await createWebhook('/exact', surveyId, ['responseCreated'])
  const created: string[] = []
  // Twenty at a time through the proxy: every instance writes events, and every dispatcher is woken by them.
  for (let i = 0; i < WEBHOOK_EVENTS; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: 20 }, () =>
        api()('POST', `/api/v1/client/${environmentId}/responses`, { body: { surveyId, finished: false, data: { q1: 'hi' } } }),
      ),
    )
    for (const res of batch) {
      assert.is(res.status, 200, res.text)
      created.push(res.body.data.id as string)
    }
  }
  const arrivals = receiver.arrivals('/exact')
  await receiver.until(`${WEBHOOK_EVENTS} deliveries`, () => arrivals.length >= WEBHOOK_EVENTS, 20_000)
  // Once every delivery is recorded delivered, no instance will send one again: what arrived is all that will.
  await poll('every delivery recorded as delivered', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from canvass.webhook_deliveries where webhook_id = $1 and status = 'delivered'`,
      [webhookId],
    )
    return rows[0]?.n === WEBHOOK_EVENTS
  })
  const perId = countBy(arrivals, (arrival) => arrival.webhookId)
  const twice = [...perId].filter(([, count]) => count > 1).map(([id]) => id)
  if (twice.length > 0) {
    // What each instance recorded of the deliveries that arrived twice, to tell a retry from a double claim.
    const { rows } = await db.query(`select id, status, attempts, attempt_log from canvass.webhook_deliveries where id = any($1)`, [twice])
    const states = twice.map((id) => arrivals.filter((arrival) => arrival.webhookId === id).map((arrival) => arrival.state))
    assert.unreachable(`webhook-ids arrived twice: ${JSON.stringify({ states, recorded: rows })}`)
  }
  assert.is(perId.size, WEBHOOK_EVENTS, 'one webhook-id per response created')
  assert.is(arrivals.length, created.length, 'as many deliveries as responses created')
  assert.equal(
    arrivals.map((arrival) => arrival.responseId).sort(),
    [...created].sort(),
    'each response created is the event of one delivery',
  )
})

test('a file uploaded through one instance is served by the others (S3)', async () => {
  const [a, b, c] = urls as [string, string, string]
  const bytes = new Uint8Array(randomBytes(64 * 1024))
  const upload = async (presignOn: string, uploadOn: string, fileName: string) => {
    const presigned = await client(presignOn)('POST', '/api/v1/management/storage', {
      key,
      body: { fileName, fileType: 'application/pdf' },
    })
    assert.is(presigned.status, 200, presigned.text)
    const p = presigned.body.data as {
      signedUrl: string
      fileUrl: string
      updatedFileName: string
      signingData: { signature: string; timestamp: number; uuid: string }
    }
    const send = () => {
      const form = new FormData()
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName)
      return fetch(on(uploadOn, p.signedUrl), {
        method: 'POST',
        headers: {
          'x-api-key': key,
          'X-File-Type': 'application/pdf',
          'X-File-Name': encodeURIComponent(p.updatedFileName),
          'X-Signature': p.signingData.signature,
          'X-Timestamp': String(p.signingData.timestamp),
          'X-UUID': p.signingData.uuid,
        },
        body: form,
      })
    }
    const sent = await send()
    assert.is(sent.status, 200, await sent.text())
    return { fileUrl: p.fileUrl, again: send }
  }
  const get = async (url: string) => {
    const res = await fetch(url)
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) }
  }

  const first = await upload(a, a, 'scale-out.pdf')
  assert.ok(first.fileUrl.startsWith(`${proxy.url}/storage/`), `the file URL is on PUBLIC_URL: ${first.fileUrl}`)
  for (const [name, origin] of [
    ['B', b],
    ['C', c],
    ['the proxy', proxy.url],
  ] as const) {
    const got = await get(on(origin, first.fileUrl))
    assert.is(got.status, 200, `instance ${name} serves the file uploaded through A`)
    assert.equal(got.bytes, bytes, `instance ${name} serves the same bytes`)
  }
  // One CANVASS_SECRET: a presign of one instance is honoured by another, and used once over all of them.
  const second = await upload(b, c, 'crossed.pdf')
  assert.equal((await get(on(a, second.fileUrl))).bytes, bytes, 'presigned on B, uploaded on C, served by A')
  assert.is((await second.again()).status, 401, 'the same signed upload sent again, to C, is refused')
})

test('autoComplete is exact across instances: concurrent finishing updates spread over the three', async () => {
  for (let trial = 0; trial < AUTO_COMPLETE_TRIALS; trial++) {
    const label = `trial ${trial + 1}`
    const surveyId = await createSurvey(`Auto-complete ${trial}`, { autoComplete: AUTO_COMPLETE })
    const ids = await Promise.all(
      Array.from({ length: FINISHING }, async () => {
        const res = await api()('POST', `/api/v1/client/${environmentId}/responses`, {
          body: { surveyId, finished: false, data: { q1: 'hi' } },
        })
        assert.is(res.status, 200, res.text)
        return res.body.data.id as string
      }),
    )
    const before = [...proxy.forwarded]
    const answers = await Promise.all(
      ids.map((id) => api()('PUT', `/api/v1/client/${environmentId}/responses/${id}`, { body: { finished: true, data: {} } })),
    )
    const spread = proxy.forwarded.map((count, i) => count - (before[i] ?? 0))
    assert.ok(
      spread.every((count) => count > 0),
      `${label}: every instance took finishing updates: ${spread}`,
    )
    const statuses = countBy(answers, (answer) => String(answer.status))
    assert.is(
      statuses.get('200') ?? 0,
      AUTO_COMPLETE,
      `${label}: exactly autoComplete finishing updates accepted: ${JSON.stringify([...statuses])}`,
    )
    assert.is(statuses.get('403') ?? 0, FINISHING - AUTO_COMPLETE, `${label}: the rest refused with 403`)
    const { rows } = await db.query<{ finished: number; status: string }>(
      `select (select count(*)::int from canvass.responses where survey_id = $1 and finished) as finished,
        (select status from canvass.surveys where id = $1) as status`,
      [surveyId],
    )
    assert.is(rows[0]?.finished, AUTO_COMPLETE, `${label}: stored finished`)
    assert.is(rows[0]?.status, 'completed', `${label}: the survey is completed`)
  }
})

test('SIGKILL of one instance mid-load: nothing acknowledged lost; the others send the deliveries it had claimed', async () => {
  const surveyId = await createSurvey('Kill')
  // The load's creates are finished: two events each, so that attempts pile up twice as fast.
  const webhookId = await createWebhook('/kill', surveyId, ['responseCreated', 'responseFinished'])
  const arrivals = receiver.arrivals('/kill')
  const open = () => arrivals.filter((arrival) => arrival.state === 'open').length
  const cut = () => arrivals.filter((arrival) => arrival.state === 'cut')
  // Every attempt is held until the kill, so that the instance killed has deliveries claimed and in flight.
  receiver.hold('/kill')
  const load = startLoad(proxy.url, environmentId, surveyId, { prefix: 'kill', concurrency: 8, requestTimeoutMs: 10_000 })
  let stopped = false
  try {
    await receiver.until('attempts held open by all three instances', () => open() > 2 * PER_WEBHOOK_IN_FLIGHT, 20_000)
    const victim = INSTANCES - 1
    await killHard(servers[victim] as ServerProcess)
    const killedAt = Date.now()
    // The dead instance's connections close; the other two get their answers.
    await receiver.until('an attempt of the killed instance cut off', () => cut().length > 0, 5000)
    receiver.release('/kill')
    const acknowledgedAtKill = load.result.acknowledged.size
    // The load goes on through the two left, once the proxy has found the dead one out.
    await poll('creates acknowledged after the kill', () => load.result.acknowledged.size >= acknowledgedAtKill + 200)
    const result = await load.stop()
    stopped = true
    assert.ok(proxy.dead.has(victim), 'the proxy skips the killed instance')

    const { rows: markers } = await db.query<{ marker: string; n: number }>(
      `select data->>'q1' as marker, count(*)::int as n from canvass.responses where survey_id = $1 group by 1`,
      [surveyId],
    )
    const figures = reconcile(new Map(markers.map((row) => [row.marker, Number(row.n)])), result)
    const loadFigures = { statuses: Object.fromEntries(result.statuses), noAnswer: result.noAnswer, timedOut: result.timedOut }
    console.log(`  [scale-out kill] ${JSON.stringify({ ...figures, ...loadFigures })}`)
    assert.is(figures.lost, 0, 'no acknowledged create lost')
    assert.is(figures.duplicated, 0, 'no create stored twice')
    assert.is(figures.foreign, 0, 'nothing stored that was not sent')
    assert.is(result.timedOut, 0, 'no request hung')
    for (const status of result.statuses.keys())
      assert.ok(status === 200 || status === 502, `status ${status}: only 200, or 502 from the proxy for the killed instance`)

    // Delivered is recorded only by an instance that got the receiver's 204: the killed one's claims are sent
    // again by the others once their lease ran out.
    const events = 2 * markers.reduce((sum, row) => sum + Number(row.n), 0)
    const deliveries = async () =>
      (
        await db.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from canvass.webhook_deliveries where webhook_id = $1 group by 1`,
          [webhookId],
        )
      ).rows
    await poll(
      `all ${events} deliveries recorded delivered`,
      async () => {
        const rows = await deliveries()
        return rows.length === 1 && rows[0]?.status === 'delivered' && rows[0].n === events
      },
      LEASE_MS + 20_000,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(await deliveries())}`)
    })
    const answered = arrivals.filter((arrival) => arrival.state === 'answered')
    const answeredIds = new Set(answered.map((arrival) => arrival.webhookId))
    const answeredEvents = new Set(answered.map((arrival) => `${arrival.responseId}:${arrival.event}`))
    const answeredMarkers = (event: string) =>
      new Set(answered.filter((arrival) => arrival.event === event).map((arrival) => arrival.marker))
    console.log(
      `  [scale-out kill] ${arrivals.length} attempts for ${events} events, ${cut().length} cut off; all delivered ${Date.now() - killedAt} ms after the kill`,
    )
    assert.equal(
      cut().filter((arrival) => !answeredIds.has(arrival.webhookId)),
      [],
      'every delivery cut off by the kill was sent again and answered',
    )
    assert.is(answeredEvents.size, events, 'every event of every stored response delivered at least once')
    for (const event of ['responseCreated', 'responseFinished']) {
      const got = answeredMarkers(event)
      assert.equal(
        [...result.acknowledged].filter((marker) => !got.has(marker)),
        [],
        `no acknowledged response's ${event} is missing`,
      )
    }
  } finally {
    receiver.release('/kill')
    if (!stopped) await load.stop()
  }
})

test('the instances left stop gracefully with exit code 0', async () => {
  const codes = await Promise.all(servers.filter((server) => server.running()).map((server) => stopGracefully(server)))
  assert.equal(codes, [0, 0])
})

test.run()
