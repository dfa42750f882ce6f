/**
 * `canvass worker` as a real process beside a real server started with CANVASS_BACKGROUND=off, on one Postgres
 * database: the server writes a webhook delivery and sends nothing; the worker sends it to a receiver on
 * loopback, which verifies its Standard Webhooks signature; SIGTERM stops the worker cleanly. Postgres only: the
 * embedded database serves one process at a time.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createVerifiedWebhook, createVerifyingReceiver, listenVerifying, skipSuiteUnless, webhookDeliveries } from '@canvass/test-bed'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { postgresBackend } from './backends'
import { client, newKey, startServer } from './server'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const question = { id: 'q1', type: 'openText', headline: { default: 'How was it?' }, required: true, inputType: 'text' }

const worker = suite('canvass worker beside servers with CANVASS_BACKGROUND=off')
skipSuiteUnless(
  worker,
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set: the server and the worker share a Postgres database',
)('the server writes the delivery, the worker sends it signed, and SIGTERM stops the worker', async () => {
  const backend = postgresBackend()!
  const env = await backend.env()
  const verifying = createVerifyingReceiver()
  const receiver = await listenVerifying(verifying)
  const key = newKey()
  const dataDir = await mkdtemp(join(tmpdir(), 'canvass-worker-'))
  const server = await startServer({
    ...env,
    CANVASS_INIT_API_KEY: key,
    CANVASS_BACKGROUND: 'off',
    CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1',
  })
  try {
    const call = client(server.url)
    const environmentId = (await call('GET', '/api/v1/me', { key })).body.id as string
    const hook = await createVerifiedWebhook(call, key, verifying, receiver.url, { triggers: ['responseCreated'] })
    const survey = await call('POST', '/api/v1/management/surveys', {
      key,
      body: { environmentId, name: 'Sent by the worker', status: 'inProgress', questions: [question] },
    })
    const response = await call('POST', `/api/v1/client/${environmentId}/responses`, {
      body: { surveyId: survey.body.data.id, finished: false, data: { q1: 'hi' } },
    })
    assert.is(response.status, 200, response.text)
    assert.equal(verifying.got, [], 'the server sends nothing')

    const child = spawn(process.execPath, [CLI, 'worker'], {
      env: { PATH: process.env.PATH ?? '', ...env, DATA_DIR: dataDir, CANVASS_ALLOW_PRIVATE_WEBHOOK_URLS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk))
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>
    try {
      const end = Date.now() + 30_000
      while (verifying.got.length === 0 && Date.now() < end && child.exitCode === null) await new Promise((r) => setTimeout(r, 50))
      assert.is(verifying.got.length, 1, `delivered by the worker: ${output}`)
      assert.equal(verifying.invalid, [])
      assert.is(verifying.got[0]?.payload.data.id, response.body.data.id)
      const deliveries = await webhookDeliveries(call, key, hook.id)
      assert.is(deliveries.length, 1)
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM')
    }
    const [code] = await exited
    assert.is(code, 0, output)
    assert.match(output, /Canvass worker stopped \(SIGTERM\)/)
  } finally {
    await server.stop()
    await receiver.close()
    await rm(dataDir, { recursive: true, force: true })
    await backend.dispose()
  }
})

worker.run()
