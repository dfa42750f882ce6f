/**
 * Webhooks end to end against the built standalone server (real processes, loopback only): CRUD, signed
 * delivery verified with `standardwebhooks` at a real receiver, durability across SIGKILL, and a receiver
 * that refuses, then fails, then recovers. On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
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
import { assertSuccessOrContractError } from '@canvass/test-bed'
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
  /** Whether the server has recorded `count` deliveries of the hook, each with its outcome. */
  const recorded = (hookId: string, count: number, attempted = 1) => async () => {
    const deliveries = await deliveriesOf(hookId)
    return deliveries.length === count && deliveries.every((d) => d.attemptCount >= attempted)
  }
  const respond = async (finished = false) => {
    const res = await call('POST', `/api/v1/client/${environmentId}/responses`, { body: { surveyId, finished, data: { q1: 'hi' } } })
    assert.is(res.status, 200, res.text)
    return res.body.data.id as string
  }

  test('CRUD: secret once, validation, survey ownership, 404 after delete', async () => {
    const created = await createHook({ name: 'Mine', surveyIds: [surveyId] })
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
    assert.equal(created.surveyIds, [surveyId])
    assert.is(created.source, 'user')
    const { secret, ...shown } = created
    const got = await call('GET', `/api/v1/webhooks/${created.id}`, { key })
    assert.is(got.status, 200)
    assert.equal(got.body.data, shown, 'GET shows the created webhook without its secret')
    assert.not.ok(got.text.includes(secret))
    const listed = await call('GET', '/api/v1/webhooks?limit=1000', { key })
    assert.equal(listed.body.data.find((w: { id: string }) => w.id === created.id), shown)
    assert.not.ok(listed.text.includes(secret))
    const alias = await call('POST', '/api/v1/webhooks', { key, body: { url: receiver.url(), trigger: ['responseFinished'] } })
    assert.equal(alias.body.data.triggers, ['responseFinished'])
    const invalid = (details: Record<string, string>) => ({ status: 400, body: { code: 'bad_request', message: 'Fields are missing or incorrectly formatted', details } })
    const notHttp = { url: 'Must be an absolute http or https URL without credentials' }
    for (const [body, details] of [
      [{ url: 'ftp://example.com/x', triggers: ['responseCreated'] }, notHttp],
      [{ url: 'example.com/x', triggers: ['responseCreated'] }, notHttp],
      [{ url: 'http://user:pw@127.0.0.1/x', triggers: ['responseCreated'] }, notHttp],
      [{ url: '', triggers: ['responseCreated'] }, { url: 'Must not be empty' }],
      [{ url: receiver.url(), triggers: [] }, { triggers: 'Must list at least one trigger' }],
      [{ url: receiver.url() }, { triggers: 'Required: a non-empty list of triggers' }],
      [{ url: receiver.url(), triggers: ['responseDeleted'] }, { 'triggers.0': 'Must be one of responseCreated, responseUpdated, responseFinished' }],
      [{ url: receiver.url(), triggers: ['responseCreated'], surveyIds: ['nope'] }, { 'surveyIds.0': 'Not a survey of this environment' }],
    ] as const) {
      const res = await call('POST', '/api/v1/webhooks', { key, body })
      assert.equal({ status: res.status, body: res.body }, invalid(details), JSON.stringify(body))
    }
    assert.equal((await call('DELETE', `/api/v1/webhooks/${created.id}`, { key })).body.data, shown, 'DELETE returns the deleted webhook')
    assert.is((await call('DELETE', `/api/v1/webhooks/${alias.body.data.id}`, { key })).status, 200)
    const gone = await call('GET', `/api/v1/webhooks/${created.id}`, { key })
    assert.equal({ status: gone.status, body: gone.body }, {
      status: 404,
      body: { code: 'not_found', message: 'Webhook not found', details: { resource_id: created.id, resource_type: 'Webhook' } },
    })
  })

  test('hostile input on the webhook routes never gives a 5xx; another environment gets 401', async () => {
    const mine = await createHook({ surveyIds: [surveyId] })
    for (const [method, path] of [['GET', `/api/v1/webhooks/${mine.id}`], ['DELETE', `/api/v1/webhooks/${mine.id}`], ['GET', `/api/v1/webhooks/${mine.id}/deliveries`]] as const) {
      const res = await call(method, path, { key: devKey })
      assert.is(res.status, 401, `${method} ${path} with the other environment's key`)
      assert.is(res.body.code, 'unauthorized')
    }
    assert.not.ok((await call('GET', '/api/v1/webhooks', { key: devKey })).body.data.some((w: any) => w.id === mine.id))
    const foreignSurvey = await call('POST', '/api/v1/webhooks', { key: devKey, body: { url: receiver.url(), triggers: ['responseCreated'], surveyIds: [surveyId] } })
    assert.is(foreignSurvey.status, 400, 'a survey of another environment')
    assert.is((await call('GET', `/api/v1/webhooks/${mine.id}`, { key })).status, 200, 'still there')
    await call('DELETE', `/api/v1/webhooks/${mine.id}`, { key })
    const ids = ['', '%00', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(5000), "1' or '1'='1", '%F0%9F%98%80']
    const bodies: unknown[] = [
      null, 0, 'text', [], {}, { url: null }, { url: 'x'.repeat(5000), triggers: ['responseCreated'] },
      { url: 'http://[::1', triggers: ['responseCreated'] }, { url: 'javascript:alert(1)', triggers: ['responseCreated'] },
      { url: 'http://user:pw@example.com/', triggers: ['responseCreated'] }, { url: 'https://example.com/', triggers: 'responseCreated' },
      { url: 'https://example.com/', triggers: ['responseCreated'], surveyIds: ['\u0000', 'x'.repeat(300)] },
      { url: 'https://example.com/', triggers: ['responseCreated'], surveyIds: Array.from({ length: 500 }, (_, i) => `s${i}`) },
      { url: 'https://example.com/\u0000', triggers: ['responseCreated'], name: '\u0000' }, { __proto__: { admin: true }, url: 'https://example.com/' },
    ]
    for (const body of bodies) {
      const res = await call('POST', '/api/v1/webhooks', { key, body })
      assertSuccessOrContractError(res, JSON.stringify(body).slice(0, 200))
      if (res.status === 200) {
        assert.type(res.body.data.id, 'string')
        assert.is((await call('DELETE', `/api/v1/webhooks/${res.body.data.id}`, { key })).status, 200)
      }
    }
    for (const id of ids) {
      for (const [method, path] of [['GET', `/api/v1/webhooks/${id}`], ['DELETE', `/api/v1/webhooks/${id}`], ['GET', `/api/v1/webhooks/${id}/deliveries?limit=${id}&cursor=${id}`]]) {
        const res = await call(method as string, path as string, { key })
        assertSuccessOrContractError(res, `${method} ${path}`)
      }
    }
  })

  test('every event reaches the receiver once, verified with standardwebhooks', async () => {
    receiver.got.length = 0
    const hook = await createHook()
    const first = await respond(true)
    const second = await respond(false)
    const put = await call('PUT', `/api/v1/client/${environmentId}/responses/${second}`, { body: { data: { q1: 'more' }, finished: true } })
    assert.is(put.status, 200)
    const expected = [`${first}:responseCreated`, `${first}:responseFinished`, `${second}:responseCreated`, `${second}:responseUpdated`, `${second}:responseFinished`].sort()
    const seen = () => receiver.got.map((g) => `${g.payload.data.id}:${g.payload.event}`).sort()
    await until('five events', () => receiver.got.length >= 5)
    // Once every delivery is recorded as delivered, nothing is sent again: what arrived is all that will.
    await until('five deliveries recorded', async () => (await deliveriesOf(hook.id)).filter((d) => d.status === 'delivered').length === 5)
    assert.equal(seen(), expected, 'each event once, nothing twice')
    assert.is(new Set(receiver.got.map((g) => g.id)).size, 5)
    assert.equal(receiver.invalid, [])
    assert.ok(receiver.got.every((g) => g.payload.webhookId === hook.id && g.payload.data.survey.id === surveyId))
    const deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries?limit=2`, { key })
    assert.is(deliveries.body.data.length, 2)
    assert.ok(deliveries.headers.get('link')?.includes('rel="next"'), 'paginated')
    assert.ok(deliveries.body.data.every((d: any) => d.status === 'delivered' && d.attemptCount === 1))
    await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
  })

  test('redelivery sends a delivery again with its webhook-id as a new attempt; deliveries filter by status and event', async () => {
    receiver.got.length = 0
    const hook = await createHook({ triggers: ['responseCreated', 'responseFinished'] })
    const responseId = await respond(true)
    await until('two deliveries recorded', async () => (await deliveriesOf(hook.id)).filter((d) => d.status === 'delivered').length === 2)
    const created = (await deliveriesOf(hook.id)).find((d) => d.event === 'responseCreated')
    const list = async (query: string) => call('GET', `/api/v1/webhooks/${hook.id}/deliveries?${query}`, { key })
    assert.equal((await list('event=responseFinished')).body.data.map((d: any) => d.event), ['responseFinished'])
    assert.is((await list('status=delivered')).body.data.length, 2)
    assert.equal((await list('status=pending')).body.data, [])
    assert.equal((await list('status=failed&event=responseCreated')).body.data, [])
    for (const [query, field] of [['status=sent', 'status'], ['event=responseDeleted', 'event'], ['status=failed&status=pending', 'status']]) {
      const res = await list(query!)
      assert.is(res.status, 400, `${query}: ${res.text}`)
      assert.ok(field! in res.body.details, `${query} names ${field}`)
    }

    const first = receiver.got.find((g) => g.id === created.id)
    assert.ok(first, 'the first attempt arrived')
    // webhook-timestamp counts seconds: the second attempt must come in a later one.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const again = await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${created.id}/redeliver`, { key })
    assert.is(again.status, 200, again.text)
    assert.is(again.body.data.id, created.id)
    await until('sent again', () => receiver.got.filter((g) => g.id === created.id).length === 2)
    const second = receiver.got.filter((g) => g.id === created.id)[1]!
    assert.is(second.payload.data.id, responseId)
    assert.is(second.payload.event, 'responseCreated')
    assert.ok(second.timestamp > first!.timestamp, 'a new timestamp (and so a new signature, which verified)')
    assert.equal(receiver.invalid, [])
    await until('the second attempt recorded', async () => (await deliveriesOf(hook.id)).find((d) => d.id === created.id)?.attemptCount === 2)
    const recordedAgain = (await deliveriesOf(hook.id)).find((d) => d.id === created.id)
    assert.is(recordedAgain.status, 'delivered')
    assert.is(receiver.got.filter((g) => g.payload.event === 'responseFinished').length, 1, 'only that delivery was sent again')

    const unknown = await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/msg_nope/redeliver`, { key })
    assert.is(unknown.status, 404, unknown.text)
    const otherKey = await call('POST', `/api/v1/webhooks/${hook.id}/deliveries/${created.id}/redeliver`, { key: devKey })
    assert.is(otherKey.status, 401, 'another environment\'s key')
    const other = await createHook({ triggers: ['responseCreated'] })
    const crossed = await call('POST', `/api/v1/webhooks/${other.id}/deliveries/${created.id}/redeliver`, { key })
    assert.is(crossed.status, 404, 'a delivery of another webhook is not under this one')
    await call('DELETE', `/api/v1/webhooks/${other.id}`, { key })
    await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
  })

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

  test('a receiver that refuses, then answers 503, gets every event once it recovers', async () => {
    receiver.got.length = 0
    const hook = await createHook({ triggers: ['responseCreated'] })
    await receiver.setMode('refuse')
    const ids = [await respond(), await respond(), await respond()]
    await until('an attempt at each delivery against the refusing receiver', recorded(hook.id, 3))
    await receiver.setMode('fail')
    await until('a 503 from the failing receiver', () => receiver.failed() > 0)
    await receiver.setMode('ok')
    await until('three events after recovery', () => receiver.got.length >= 3)
    assert.equal(receiver.got.map((g) => g.payload.data.id).sort(), [...ids].sort())
    // The receiver counts a request before its answer reaches the dispatcher, which records it just after.
    let deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })
    for (let i = 0; i < 100 && !deliveries.body.data.every((d: any) => d.status === 'delivered'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })
    }
    assert.ok(deliveries.body.data.every((d: any) => d.status === 'delivered' && d.attemptCount > 1), `retried: ${JSON.stringify(deliveries.body.data)}`)
    assert.is(receiver.got.length, 3, 'each once')
    await call('DELETE', `/api/v1/webhooks/${hook.id}`, { key })
  })

  test.run()
}

const http = httpBackend().database()
defineSuites(http.label, http.env, http.dispose)
