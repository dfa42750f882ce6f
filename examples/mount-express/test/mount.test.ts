import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { startProcess, testHttpApi } from '@canvass/test-utils'
import type { RunningProcess } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url))
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const apiKey = `cvs_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`

/** The example as its README starts it (`pnpm start` runs `tsx src/main.ts`), on a free port. */
let running: Promise<RunningProcess> | undefined
const app = () =>
  (running ??= startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: EXAMPLE,
    env: { PATH: process.env.PATH ?? '', PORT: '0', CANVASS_API_KEY: apiKey },
  }))

testHttpApi({
  name: 'express example: Canvass under /feedback',
  start: async () => ({ baseUrl: `${(await app()).url}/feedback`, apiKey }),
})

const own = suite('express example: the app around Canvass')

own('the app\'s own routes and body parser work next to Canvass, and its middleware runs for both', async () => {
  const { url } = await app()
  const home = await fetch(`${url}/`)
  assert.is(home.status, 200)
  assert.match(await home.text(), /The app itself/)
  const posted = await fetch(`${url}/api/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"note":"hi"}' })
  assert.is(posted.status, 201)
  assert.equal(await posted.json(), { notes: ['hi'] })
  const canvass = await fetch(`${url}/feedback/api/v1/me`, { headers: { 'x-api-key': apiKey } })
  assert.is(canvass.status, 200)
  assert.is(canvass.headers.get('x-served-by'), 'example-app')
})

own('the widget the @formbricks/js loader loads is served under /feedback', async () => {
  const { url } = await app()
  const bundle = await fetch(`${url}/feedback/js/formbricks.umd.cjs`)
  assert.is(bundle.status, 200)
  assert.is(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8')
  assert.match(await bundle.text(), /formbricks/)
})

own('outside /feedback the app answers; inside, Canvass answers with its own 404', async () => {
  const { url } = await app()
  const appMiss = await fetch(`${url}/api/v1/me`, { headers: { 'x-api-key': apiKey } })
  assert.is(appMiss.status, 404)
  assert.not.match(appMiss.headers.get('content-type') ?? '', /json/, 'Express\'s own 404 page, not Canvass')
  const canvassMiss = await fetch(`${url}/feedback/nothing`)
  assert.is(canvassMiss.status, 404)
  assert.equal((await canvassMiss.json()).details, { resource_id: '/feedback/nothing', resource_type: 'Route' })
})

own('SIGTERM stops the example with exit code 0', async () => {
  const server = await startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: EXAMPLE,
    env: { PATH: process.env.PATH ?? '', PORT: '0' },
  })
  assert.match(server.output(), /API key for the production environment: cvs_\w{43}/, 'a new key is printed once')
  assert.is(await server.stop(), 0, server.output())
  assert.match(server.output(), /stopped \(SIGTERM\)/)
})

own.after(async () => {
  await (await running)?.stop()
})

own.run()
