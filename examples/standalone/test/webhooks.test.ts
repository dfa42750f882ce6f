/**
 * Webhooks end to end against the built standalone server (real processes, loopback only): a delivery is
 * durable across SIGKILL, sent after the restart by the server's own dispatcher loop and Node transport to a
 * real receiver that verifies it with `standardwebhooks`. On the HTTP suites' database. The webhook routes,
 * signing, redelivery and retries are tested on the test bed, in packages/core/test/webhooks.test.ts.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { client, newKey, startServer } from './server'
import type { RunningServer } from './server'
import { httpBackend } from './backends'

type Mode = 'ok' | 'refuse' | 'fail'

/** A webhook receiver on loopback that verifies every request with `standardwebhooks`. */
async function startReceiver() {
  const got: { id: string; payload: any; timestamp: number }[] = []
  const invalid: string[] = []
  /** Requests answered 503 in `fail` mode. */
  let failed = 0
  let secret = ''
  let mode: Mode = 'ok'
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        void text(req).then((body) => {
          if (mode === 'fail') {
            failed++
            res.writeHead(503).end()
            return
          }
          try {
            const payload = new Webhook(secret).verify(body, req.headers as Record<string, string>)
            got.push({ id: String(req.headers['webhook-id']), payload, timestamp: Number(req.headers['webhook-timestamp']) })
            res.writeHead(204).end()
          } catch (error) {
            invalid.push(String(error))
            res.writeHead(400).end()
          }
        }, () => {})
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port
        resolve()
      })
    })
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await listen()
  return {
    got,
    invalid,
    url: () => `http://127.0.0.1:${port}/hook`,
    failed: () => failed,
    setSecret: (value: string) => (secret = value),
    async setMode(next: Mode) {
      if (next === 'refuse' && mode !== 'refuse') {
        server?.closeAllConnections()
        await close()
      }
      if (next !== 'refuse' && mode === 'refuse') await listen()
      mode = next
    },
    async close() {
      server?.closeAllConnections()
      await close()
    },
  }
}

/** Checks `check` every 25 ms until it holds: the receiver and the deliveries API emit no event of their own. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const question = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }

function defineSuites(name: string, database: () => Promise<Record<string, string>>, dispose: () => Promise<void> = async () => {}) {
  const test = suite(`webhooks e2e (${name})`)
  let dataDir = ''
  let server: RunningServer
  let call: ReturnType<typeof client>
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let env: Record<string, string>
  const key = newKey()
  const devKey = newKey()
  let environmentId = ''
  let surveyId = ''

  const start = async () => {
    server = await startServer(env)
    call = client(server.url)
  }

  test.before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'canvass-webhooks-'))
    env = {
      ...(await database()),
      DATA_DIR: dataDir,
      CANVASS_INIT_API_KEY: key,
      CANVASS_INIT_DEV_API_KEY: devKey,
      CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
      CANVASS_RATE_LIMITS: 'off',
      CANVASS_WEBHOOK_RETRY_SCHEDULE_MS: '300,300,500,500,1000,1000,1000,1000,1000',
      // A delivery claimed when the server was killed is sent again after this lease.
      CANVASS_WEBHOOK_LEASE_MS: '3000',
    }
    await start()
    receiver = await startReceiver()
    environmentId = (await call('GET', '/api/v1/me', { key })).body.id
    const survey = await call('POST', '/api/v1/management/surveys', {
      key,
      body: { environmentId, name: 'Webhook survey', status: 'inProgress', questions: [question] },
    })
    surveyId = survey.body.data.id
  })
  test.after(async () => {
    await server?.stop()
    await receiver?.close()
    await rm(dataDir, { recursive: true, force: true })
    await dispose()
  })

  const createHook = async (body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/v1/webhooks', { key, body: { url: receiver.url(), triggers: ['responseCreated', 'responseUpdated', 'responseFinished'], ...body } })
    assert.is(res.status, 200, res.text)
    receiver.setSecret(res.body.data.secret)
    return res.body.data
  }
  const deliveriesOf = async (hookId: string): Promise<any[]> => {
    const res = await call('GET', `/api/v1/webhooks/${hookId}/deliveries?limit=100`, { key })
    assert.is(res.status, 200, res.text)
    return res.body.data
  }
  const respond = async (finished = false) => {
    const res = await call('POST', `/api/v1/client/${environmentId}/responses`, { body: { surveyId, finished, data: { q1: 'hi' } } })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  test('SIGKILL after the acknowledgement: the event arrives after the restart, with the same webhook-id', async () => {
    receiver.got.length = 0
    const hook = await createHook({ triggers: ['responseCreated'] })
    await receiver.setMode('refuse')
    const responseId = await respond()
    await server.kill()
    await receiver.setMode('ok')
    await start()
    await until('the event after the restart', () => receiver.got.length >= 1)
    const deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })
    assert.is(deliveries.body.data.length, 1)
    assert.is(receiver.got[0]?.id, deliveries.body.data[0].id, 'the webhook-id is the delivery’s, stable across restarts')
    assert.is(receiver.got[0]?.payload.data.id, responseId)
    await until('the delivery recorded', async () => (await deliveriesOf(hook.id))[0]?.status === 'delivered')
    assert.is(receiver.got.length, 1)
    await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
  })

  test.run()
}

const http = httpBackend().database()
defineSuites(http.label, http.env, http.dispose)
