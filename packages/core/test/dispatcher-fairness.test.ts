import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableBackends, createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFetchWebhookTransport, createWebhookDispatcher } from '../src'
import type { WebhookDispatcher } from '../src'

// One tenant's receiver that never answers, with a backlog, must not delay another tenant's events or
// retries: the dispatcher's pool gives each webhook at most `perWebhookConcurrency` slots and fills a free slot
// at once. A real receiver on loopback; the dispatcher's own loop (start/stop), as a server runs it, on a test
// bed of every backend this run reaches.

const PER_WEBHOOK = 4
const BACKLOG = 60
const RETRY_AFTER_MS = 300

interface Receiver {
  server: Server
  url: string
  /** Requests to /slow held open right now, and the most ever held at once. */
  slow: { now: number; most: number }
  /** Arrival times (ms, performance.now()) of requests to /fast and to /flaky. */
  fast: number[]
  flaky: number[]
  waitFor(check: () => boolean): Promise<void>
  close(): Promise<void>
}

async function startReceiver(): Promise<Receiver> {
  const waiters = new Set<() => void>()
  const changed = () => {
    for (const waiter of [...waiters]) waiter()
  }
  const receiver: Omit<Receiver, 'server' | 'url'> = {
    slow: { now: 0, most: 0 },
    fast: [],
    flaky: [],
    waitFor(check) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error('the receiver did not see what the test waited for within 10 s'))
        }, 10_000)
        const waiter = () => {
          if (!check()) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve()
        }
        waiters.add(waiter)
        waiter()
      })
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve))
      // The held requests, and connections that attempts cut short by stop() opened without sending on them:
      // close() alone would wait for the client to drop those, after its keep-alive time (4 s).
      server.closeAllConnections()
      await closed
    },
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume()
    if (req.url === '/slow') {
      receiver.slow.now++
      receiver.slow.most = Math.max(receiver.slow.most, receiver.slow.now)
      res.on('close', () => {
        receiver.slow.now--
      })
    } else if (req.url === '/fast') {
      receiver.fast.push(performance.now())
      res.writeHead(204).end()
    } else {
      receiver.flaky.push(performance.now())
      res.writeHead(receiver.flaky.length === 1 ? 500 : 204).end()
    }
    changed()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { ...receiver, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

async function call(bed: TestCanvass, key: string, method: string, path: string, body?: unknown) {
  const answer = await bed.call(method, path, { key, ...(body === undefined ? {} : { body }) })
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`)
  return answer.body.data as { id: string }
}

for (const backend of availableBackends()) {
  const test = suite(`webhook fairness on ${backend}`)
  let bed: TestCanvass | undefined
  let receiver: Receiver | undefined
  let dispatcher: WebhookDispatcher | undefined

  test.after.each(async () => {
    await dispatcher?.stop()
    await receiver?.close()
    await bed?.close()
  })

  test(`a receiver that never answers holds ${PER_WEBHOOK} slots; another tenant's event arrives at once and its retry on time`, async () => {
    const b = await createTestCanvass({ backend, webhooks: { allowPrivateAddresses: true }, widgetBundles: false, blobs: false })
    bed = b
    const storage = b.storage
    const r = await startReceiver()
    receiver = r
    // Two tenants: a project whose receiver hangs, and another project whose receivers answer.
    const tenant = async (name: string) => {
      const { environmentId, key } = await b.newProject(name)
      const survey = await call(b, key, 'POST', '/api/v1/management/surveys', {
        environmentId,
        name: 'Survey',
        status: 'inProgress',
        questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: true, inputType: 'text' }],
      })
      const respond = async () => {
        const res = await b.call('POST', `/api/v1/client/${environmentId}/responses`, {
          body: { surveyId: survey.id, finished: false, data: { q1: 'hi' } },
        })
        assert.is(res.status, 200)
      }
      return { key, respond }
    }
    const slow = await tenant('Slow receiver')
    const other = await tenant('Other tenant')
    await call(b, slow.key, 'POST', '/api/v1/webhooks', { url: `${r.url}/slow`, triggers: ['responseCreated'] })
    for (let i = 0; i < BACKLOG; i++) await slow.respond()

    dispatcher = createWebhookDispatcher({
      storage,
      transport: createFetchWebhookTransport({ allowPrivateAddresses: true }),
      concurrency: 8,
      perWebhookConcurrency: PER_WEBHOOK,
      timeoutMs: 4000,
      // Longer than any lateness the test accepts: an event or a retry that waited for the poll would fail it.
      pollIntervalMs: 5000,
      schedule: [RETRY_AFTER_MS, RETRY_AFTER_MS],
      random: () => 0.5,
      logger: { error: (message, cause) => console.error(message, cause), warn: () => {} },
    })
    dispatcher.start()
    await r.waitFor(() => r.slow.now === PER_WEBHOOK)

    // The other tenant's event, while the slow receiver holds its slots and 56 more wait for it.
    await call(b, other.key, 'POST', '/api/v1/webhooks', { url: `${r.url}/fast`, triggers: ['responseCreated'] })
    const sent = performance.now()
    await other.respond()
    await r.waitFor(() => r.fast.length === 1)
    const latency = (r.fast[0] as number) - sent
    assert.ok(latency < 1000, `the other tenant's event arrived after ${latency.toFixed(0)} ms`)

    // A retry of the other tenant, due 300 ms after its first attempt failed (jitter at 0.5: no change): sooner
    // than the poll, while the slow receiver's backlog is due already but waits for its slots (4 s, the timeout).
    // Up to a second late passes: a loaded 2-core machine delays timers by a few hundred milliseconds.
    await call(b, other.key, 'POST', '/api/v1/webhooks', { url: `${r.url}/flaky`, triggers: ['responseCreated'] })
    await other.respond()
    await r.waitFor(() => r.flaky.length === 2)
    const late = (r.flaky[1] as number) - (r.flaky[0] as number) - RETRY_AFTER_MS
    assert.ok(late < 1000, `the retry went out ${late.toFixed(0)} ms after it was due`)
    assert.is(r.slow.most, PER_WEBHOOK, 'the slow receiver never held more than its slots')
  })

  test.run()
}
