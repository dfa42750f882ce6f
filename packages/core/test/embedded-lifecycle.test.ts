/**
 * An embedded Canvass with default options does the whole service (docs/embedding.md, "Background work",
 * "Pages"): served by the Node host, it delivers webhooks itself, signed as Standard Webhooks say, to a receiver
 * on loopback; with its background work off, a waiting delivery shows in `health()` and the log says so once;
 * the link page and the widget bundles answer without being passed; `close()` leaves no timer behind.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createCanvass } from '@canvass/core'
import type { Logger } from '@canvass/core'
import { serve } from '@canvass/host-node'
import {
  createSurvey,
  createTestClock,
  createVerifiedWebhook,
  createVerifyingReceiver,
  listenVerifying,
  TEST_NODE_FLAGS,
  suiteWithBed,
} from '@canvass/test-bed'
import * as assert from 'uvu/assert'

const question = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }

const { test, bed } = suiteWithBed('an embedded instance with default options', { widgetBundles: false })

/** Waits for `condition`, checking every 20 ms, for at most `ms`: the background work runs in real time. */
async function until(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return condition()
}

/** A logger that keeps what it is told. */
function keptLog(): Logger & { warnings: string[]; errors: string[] } {
  const warnings: string[] = []
  const errors: string[] = []
  return { warnings, errors, warn: (message) => warnings.push(message), error: (message) => errors.push(message), info: () => {} }
}

test('served by the Node host, it delivers a webhook to a loopback receiver with a valid Standard Webhooks signature', async () => {
  const verifying = createVerifyingReceiver()
  const receiver = await listenVerifying(verifying)
  const log = keptLog()
  // Nothing but what an app must say: its storage, and that this receiver on loopback may be called.
  const canvass = createCanvass({ storage: bed().storage, webhooks: { allowPrivateAddresses: true }, logger: log })
  const server = await serve({ fetch: canvass.fetch, port: 0, hostname: '127.0.0.1', handleSignals: false })
  try {
    const call = async (method: string, path: string, options: { key?: string; body?: unknown } = {}) => {
      const res = await fetch(server.url + path, {
        method,
        headers: { 'content-type': 'application/json', ...(options.key ? { 'x-api-key': options.key } : {}) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      })
      const text = await res.text()
      return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined }
    }
    const { keyA: key, envA: environmentId } = bed()
    const hook = await createVerifiedWebhook(call, key, verifying, receiver.url, { triggers: ['responseCreated'] })
    const survey = await call('POST', '/api/v1/management/surveys', {
      key,
      body: { environmentId, name: 'Embedded', status: 'inProgress', questions: [question] },
    })
    assert.is(survey.status, 200, survey.text)
    const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
      body: { surveyId: survey.body.data.id, finished: false, data: { q1: 'hi' } },
    })
    assert.is(response.status, 200, response.text)
    assert.ok(await until(() => verifying.got.length === 1), `delivered (invalid: ${verifying.invalid.join('; ')})`)
    assert.equal(verifying.invalid, [])
    assert.is(verifying.got[0]?.payload.event, 'responseCreated')
    assert.is(verifying.got[0]?.payload.data.id, response.body.data.id)
    const deliveries = await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })
    assert.ok(
      await until(async () => (await call('GET', `/api/v1/webhooks/${hook.id}/deliveries`, { key })).body.data[0]?.status === 'delivered'),
    )
    assert.is(deliveries.status, 200)
    // Node's serve offered its transport, which checks addresses itself: no warning about fetch.
    assert.equal(log.warnings, [])
    assert.is((await canvass.health()).background, 'running')
  } finally {
    await server.close()
    await receiver.close()
  }
  assert.is((await canvass.health()).background, 'stopped', 'the server stopped the instance')
})

test('with background work off, a waiting delivery shows in health() and is logged once', async () => {
  const clock = createTestClock()
  const log = keptLog()
  const canvass = createCanvass({
    storage: bed().storage,
    now: clock.now,
    background: false,
    widget: false,
    webhooks: { allowPrivateAddresses: true, stalledAfterMs: 60_000 },
    logger: log,
  })
  await canvass.start()
  const { keyA: key, envA: environmentId } = bed()
  const call = async (method: string, path: string, options: { key?: string; body?: unknown } = {}) => {
    const res = await canvass.fetch(
      new Request(`http://canvass.test${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(options.key ? { 'x-api-key': options.key } : {}) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
      { clientAddress: '127.0.0.1' },
    )
    const text = await res.text()
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined }
  }
  await createVerifiedWebhook(call, key, createVerifyingReceiver(), 'http://127.0.0.1:9/hook', { triggers: ['responseCreated'] })
  const survey = await call('POST', '/api/v1/management/surveys', {
    key,
    body: { environmentId, name: 'Nobody sends', status: 'inProgress', questions: [question] },
  })
  const written = clock.now()
  const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
    body: { surveyId: survey.body.data.id, finished: false, data: { q1: 'hi' } },
  })
  assert.is(response.status, 200, response.text)

  const fresh = await canvass.health()
  assert.is(fresh.background, 'off')
  assert.is(fresh.webhooks.stalled, false, 'just written: not late yet')
  assert.ok(fresh.webhooks.oldestDueAt !== null && Date.parse(fresh.webhooks.oldestDueAt) <= written.getTime() + 1000)
  assert.equal(log.warnings, [])

  clock.advance(61_000)
  const late = await canvass.health()
  const { waiting, ...rest } = late.webhooks
  assert.equal(
    { ...late, webhooks: rest },
    {
      database: 'ok',
      background: 'off',
      webhooks: { oldestDueAt: fresh.webhooks.oldestDueAt, status: 'stalled', stalled: true, sending: 0 },
    },
  )
  assert.ok(
    waiting?.some(
      (webhook) => webhook.environmentId === environmentId && webhook.due === 1 && webhook.oldestDueAt === fresh.webhooks.oldestDueAt,
    ),
    `the webhook waiting: ${JSON.stringify(waiting)}`,
  )
  await canvass.health()
  assert.is(log.warnings.length, 1, log.warnings.join('\n'))
  assert.match(log.warnings[0] ?? '', /no webhook dispatcher runs/)
  await canvass.close()
})

test('the link page and the widget bundles answer 200 without being passed', async () => {
  const log = keptLog()
  const canvass = createCanvass({ storage: bed().storage, background: false, logger: log })
  const survey = await createSurvey(bed(), { name: 'A link survey', type: 'link', status: 'inProgress', questions: [question] })
  for (const path of ['/js/formbricks.umd.cjs', '/js/surveys.umd.cjs', `/s/${survey.id}`, '/api/v1/docs/reference.js']) {
    const res = await canvass.fetch(new Request(`http://canvass.test${path}`))
    assert.is(res.status, 200, `${path}: ${res.status}`)
    await res.arrayBuffer()
  }
  assert.equal(log.warnings, [])
})

test('widget: false turns the pages off (404 as an unknown route), and says nothing', async () => {
  const log = keptLog()
  const canvass = createCanvass({ storage: bed().storage, background: false, widget: false, logger: log })
  await canvass.start()
  for (const path of ['/js/formbricks.umd.cjs', '/s/anything']) {
    const res = await canvass.fetch(new Request(`http://canvass.test${path}`))
    assert.is(res.status, 404, path)
    assert.is((await res.json()).message, 'Route not found')
  }
  assert.equal(log.warnings, [])
})

test('close() stops what start() began: a process that embeds Canvass exits by itself', async () => {
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, '--import', 'tsx', fileURLToPath(new URL('./fixtures/start-and-close.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk))
  // A timer or socket left behind keeps the process alive: it is then ended, and the test fails.
  const limit = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
  clearTimeout(limit)
  assert.equal({ code, signal, output: output.trim() }, { code: 0, signal: null, output: 'stopped' })
})

test.run()
