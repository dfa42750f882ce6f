import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { startMountExample } from '@canvass/test-bed'
import { testMountedCanvass } from '@canvass/test-utils'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const EXAMPLE = fileURLToPath(new URL('..', import.meta.url))
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const apiKey = `cvs_${Array.from(randomBytes(43), (b) => BASE62[b % 62]).join('')}`

/** The example as its README starts it; with a key, on a Postgres database of its own when there is a server. */
const start = (key?: string) => startMountExample(EXAMPLE, key)

testMountedCanvass({
  name: 'hono example',
  basePath: '/feedback',
  apiKey,
  start,
  console: { signInPath: '/sign-in', field: 'person', owner: 'ada', viewer: 'vera' },
  additionalTests: {
    "the app's own routes and body parser work next to Canvass, and its middleware runs for both": async ({ url }) => {
      const home = await fetch(`${url}/`)
      assert.is(home.status, 200)
      assert.match(await home.text(), /The app itself/)
      const posted = await fetch(`${url}/api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"note":"hi"}',
      })
      assert.is(posted.status, 201)
      assert.equal(await posted.json(), { notes: ['hi'] })
      const canvass = await fetch(`${url}/feedback/api/v1/me`, { headers: { 'x-api-key': apiKey } })
      assert.is(canvass.status, 200)
      assert.is(canvass.headers.get('x-served-by'), 'example-app')
    },
  },
})

const pitfall = suite('hono example: why the mount needs replaceRequest: false')

pitfall('a plain app.mount strips /feedback, so a Canvass with that basePath finds no route', async () => {
  const { createCanvass } = await import('@canvass/core')
  const { Hono } = await import('hono')
  // Any group answers null to anything; `laggingReads`, the port's one optional member that is no group, is absent.
  const storage = new Proxy(
    {},
    { get: (_, group) => (group === 'laggingReads' ? undefined : new Proxy({}, { get: () => async () => null })) },
  ) as never
  const app = new Hono()
  app.mount('/feedback', createCanvass({ storage, basePath: '/feedback' }).fetch)
  const stripped = await app.request('/feedback/api/v1/client/env1/responses', { method: 'OPTIONS' })
  assert.is(stripped.status, 404)
  assert.equal((await stripped.json()).details, { resource_id: '/api/v1/client/env1/responses', resource_type: 'Route' })

  const right = new Hono()
  right.mount('/feedback', createCanvass({ storage, basePath: '/feedback' }).fetch, { replaceRequest: false })
  const kept = await right.request('/feedback/api/v1/client/env1/responses', { method: 'OPTIONS' })
  assert.is(kept.status, 204)
})

pitfall.run()
