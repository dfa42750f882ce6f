import { getEventListeners } from 'node:events'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestCanvass } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createFetchWebhookTransport, createWebhookDispatcher } from '../src'
import type { WebhookTransport } from '../src'

/**
 * The abort signals the webhook dispatcher hands its transport: each attempt gets one of its own, so that no
 * signal gathers a listener per attempt in flight (Node warned `MaxListenersExceededWarning: 11 abort
 * listeners added to [AbortSignal]` once more than ten were in flight), and `stop()` still aborts every
 * attempt in flight. Over a real receiver on loopback and the portable fetch transport, on the test bed (the
 * storage plays no part).
 */
interface World {
  bed: TestCanvass
  storage: TestCanvass['storage']
  key: string
  environmentId: string
  surveyId: string
}

async function world(): Promise<World> {
  const bed = await createTestCanvass({ webhooks: { allowPrivateAddresses: true }, widgetBundles: false, blobs: false })
  const survey = await api(bed, bed.keyA, 'POST', '/api/v1/management/surveys', {
    environmentId: bed.envA,
    name: 'Signals',
    status: 'inProgress',
    questions: [{ id: 'q1', type: 'openText', headline: { default: 'Q' }, required: false, inputType: 'text' }],
  })
  return { bed, storage: bed.storage, key: bed.keyA, environmentId: bed.envA, surveyId: survey.data.id }
}

async function api(bed: TestCanvass, key: string | undefined, method: string, path: string, body: unknown) {
  const answer = await bed.call(method, path, { ...(key ? { key } : {}), body })
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`)
  return answer.body
}

/** A receiver on loopback whose answers the test decides: `hold` keeps requests waiting until released. */
async function receiver() {
  const waiting: Array<{ req: IncomingMessage; res: ServerResponse }> = []
  const arrived: Array<(count: number) => void> = []
  let count = 0
  let hold = (_held: number) => false
  const server: Server = createServer((req, res) => {
    req.resume()
    count++
    for (const notify of arrived.splice(0)) notify(count)
    if (hold(waiting.length + 1)) waiting.push({ req, res })
    else res.writeHead(204).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    waiting,
    count: () => count,
    setHold(rule: (held: number) => boolean) {
      hold = rule
    },
    /** Resolves when the next request arrives. */
    next: () => new Promise<number>((resolve) => arrived.push(resolve)),
    release() {
      for (const { res } of waiting.splice(0)) res.writeHead(204).end()
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The fetch transport, noting each signal it is handed and how many abort listeners it carries once the attempt started. */
function watchedTransport() {
  const real = createFetchWebhookTransport({ allowPrivateAddresses: true })
  const seen: Array<{ signal: AbortSignal; listeners: number }> = []
  const transport: WebhookTransport = {
    send(request) {
      const attempt = real.send(request)
      if (request.signal) seen.push({ signal: request.signal, listeners: getEventListeners(request.signal, 'abort').length })
      return attempt
    },
  }
  return { transport, seen }
}

const test = suite('webhook dispatcher: abort signals of attempts')
let w: World
let r: Awaited<ReturnType<typeof receiver>>
test.before.each(async () => {
  w = await world()
  r = await receiver()
})
test.after.each(async () => {
  await r.close()
  await w.bed.close()
})

test("each attempt has a signal of its own, with only its transport's listener, also while several are in flight", async () => {
  // Three endpoints, so that attempts overlap however the dispatcher spreads its work between endpoints.
  for (const path of ['/a', '/b', '/c'])
    await api(w.bed, w.key, 'POST', '/api/v1/webhooks', { url: r.url + path, triggers: ['responseCreated'] })
  for (let i = 0; i < 5; i++)
    await api(w.bed, undefined, 'POST', `/api/v1/client/${w.environmentId}/responses`, { surveyId: w.surveyId, finished: false, data: {} })
  // The first three requests wait for each other: three attempts are in flight at once.
  r.setHold((held) => held < 3)
  void (async () => {
    while ((await r.next()) < 3) {}
    r.setHold(() => false)
    r.release()
  })()
  const { transport, seen } = watchedTransport()
  const report = await createWebhookDispatcher({
    storage: w.storage,
    transport,
    logger: { error: console.error, warn: () => {} },
  }).runOnce()
  assert.is(report.delivered, 15)
  assert.is(seen.length, 15)
  assert.equal(Math.max(...seen.map((s) => s.listeners)), 1, 'no signal gathers the listeners of other attempts')
  assert.is(new Set(seen.map((s) => s.signal)).size, 15, 'one signal per attempt')
  assert.equal(seen.filter((s) => getEventListeners(s.signal, 'abort').length > 0).length, 0, 'every listener is gone after its attempt')
})

test('stop() aborts an attempt in flight and hands its delivery back, due at once', async () => {
  await api(w.bed, w.key, 'POST', '/api/v1/webhooks', { url: `${r.url}/slow`, triggers: ['responseCreated'] })
  r.setHold(() => true)
  const first = r.next()
  const { transport } = watchedTransport()
  const dispatcher = createWebhookDispatcher({
    storage: w.storage,
    transport,
    pollIntervalMs: 3_600_000,
    logger: { error: console.error, warn: () => {} },
  })
  dispatcher.start()
  await api(w.bed, undefined, 'POST', `/api/v1/client/${w.environmentId}/responses`, { surveyId: w.surveyId, finished: false, data: {} })
  await first
  const cut = new Promise<void>((resolve) => r.waiting[0]!.res.once('close', () => resolve()))
  await dispatcher.stop()
  await cut
  r.setHold(() => false)
  const again = await createWebhookDispatcher({ storage: w.storage, transport, logger: { error: console.error, warn: () => {} } }).runOnce()
  assert.equal([again.claimed, again.delivered], [1, 1], 'handed back unsent, so claimed again at once')
  assert.is(r.count(), 2)
})

test.run()
