/**
 * `pnpm bench:webhook-fairness`: one tenant's receiver never answers while 300 of its events wait; how long
 * does another tenant's event take to arrive, and how late does its retry go out? The dispatcher's own loop
 * with its default pool (128 slots, 32 per webhook, 15 s timeout), on the Postgres server, receivers on
 * loopback in this process. Reports, with and without the backlog:
 * - a fast receiver's latency: from the response's commit to its event's arrival (median, worst of 20);
 * - retry lateness: how long after its due time a retry (1 s after a 500) arrives (median, worst of 10);
 * - the most attempts the stuck receiver held at once (the run fails when it passes the webhook's slots).
 */
import { createCanvass, createFetchWebhookTransport, createWebhookDispatcher } from '@canvass/core'
import type { Canvass } from '@canvass/core'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { Kysely, PostgresDialect } from 'kysely'
import { createServer } from 'node:http'
import type { ServerResponse } from 'node:http'
import pg from 'pg'
import { createBenchDatabase } from './bench-database'
import { readBenchConfig } from './config'
import { median } from './report'

const BACKLOG = 300
const EVENTS = 20
const RETRIES = 10
const RETRY_AFTER_MS = 1000
/** The dispatcher's default `perWebhookConcurrency`: the slots the stuck receiver fills and must not pass. */
const PER_WEBHOOK = 32

async function main(): Promise<void> {
  const config = readBenchConfig()
  const held = new Set<ServerResponse>()
  let holding = 0
  let mostHeld = 0
  const waiting = new Map<string, () => void>()
  const flakySeen = new Map<string, number>()
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (req.url === '/slow') {
        held.add(res)
        mostHeld = Math.max(mostHeld, ++holding)
        res.on('close', () => {
          held.delete(res)
          holding--
        })
        return
      }
      const id = (JSON.parse(Buffer.concat(chunks).toString()) as { data: { id: string } }).data.id
      if (req.url === '/flaky' && !flakySeen.has(id)) {
        flakySeen.set(id, performance.now())
        res.writeHead(500).end()
        return
      }
      res.writeHead(204).end()
      waiting.get(id)?.()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`

  const database = await createBenchDatabase(config.databaseUrl)
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) }) })
  try {
    await migrate(db)
    const storage = createKyselyStorage({ db })
    const canvass = createCanvass({ storage, webhooks: { allowPrivateAddresses: true } })
    const slow = await tenant(canvass, 'Stuck receiver')
    const other = await tenant(canvass, 'Other tenant')
    const dispatcher = createWebhookDispatcher({
      storage,
      transport: createFetchWebhookTransport({ allowPrivateAddresses: true }),
      schedule: [RETRY_AFTER_MS],
      random: () => 0.5,
      logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
    })
    dispatcher.start()

    const arrival = (id: string) => new Promise<number>((resolve) => waiting.set(id, () => resolve(performance.now())))
    const measure = async (label: string) => {
      const fast = await other.webhook(`${url}/fast`)
      const latencies: number[] = []
      for (let i = 0; i < EVENTS; i++) {
        const sent = performance.now()
        const id = await other.respond()
        latencies.push((await arrival(id)) - sent)
      }
      await other.remove(fast)
      const flaky = await other.webhook(`${url}/flaky`)
      const lateness: number[] = []
      for (let i = 0; i < RETRIES; i++) {
        const id = await other.respond()
        const retried = await arrival(id)
        lateness.push(retried - (flakySeen.get(id) as number) - RETRY_AFTER_MS)
      }
      await other.remove(flaky)
      const ms = (values: number[]) => `${median(values).toFixed(0)} ms median, ${Math.max(...values).toFixed(0)} ms worst`
      console.log(`${label}`)
      console.log(`  fast receiver, commit to arrival: ${ms(latencies)}`)
      console.log(`  retry due 1 s after a 500, arrival after its due time: ${ms(lateness)}`)
    }

    await measure('No backlog')
    await slow.webhook(`${url}/slow`)
    for (let i = 0; i < BACKLOG; i++) await slow.respond()
    while (holding < PER_WEBHOOK) await new Promise((resolve) => setTimeout(resolve, 10))
    await measure(`${BACKLOG} events queued for a receiver that never answers`)
    console.log(`  the stuck receiver held at most ${mostHeld} attempts at once (perWebhookConcurrency ${PER_WEBHOOK})`)
    if (mostHeld > PER_WEBHOOK) {
      console.log(`  FAIL: more than the ${PER_WEBHOOK} slots a webhook may hold`)
      process.exitCode = 1
    }
    for (const res of held) res.destroy()
    await dispatcher.stop()
  } finally {
    await db.destroy()
    await database.drop()
    for (const res of held) res.destroy()
    await new Promise((resolve) => receiver.close(resolve))
  }
}

async function tenant(canvass: Canvass, name: string) {
  const project = await canvass.admin.createProject({ name })
  const environmentId = project.environments.production
  const { key } = await canvass.admin.createApiKey({ environmentId })
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await canvass.fetch(
      new Request(`http://canvass.bench${path}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    )
    const json = (await res.json()) as { data: { id: string } }
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
    return json.data
  }
  const survey = await call('POST', '/api/v1/management/surveys', {
    environmentId,
    name: 'Survey',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
  })
  return {
    webhook: async (hookUrl: string) => (await call('POST', '/api/v1/webhooks', { url: hookUrl, triggers: ['responseCreated'] })).id,
    remove: (id: string) => call('DELETE', `/api/v1/webhooks/${id}`),
    respond: async () => {
      const res = await canvass.fetch(
        new Request(`http://canvass.bench/api/v1/client/${environmentId}/responses`, {
          method: 'POST',
          body: JSON.stringify({ surveyId: survey.id, finished: false, data: { q1: 'hi' } }),
        }),
      )
      return ((await res.json()) as { data: { id: string } }).data.id
    },
  }
}

await main()
