/**
 * Hostile input, item 5, for the standalone server's own route: `/health` answers with nosniff and no-store.
 * The other findings run on the test bed in packages/core/test/hostile-input-routes.test.ts; this one needs
 * the server process, whose `main` answers `/health`.
 */
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import { suitesWithServer } from './suite-server'

const http = httpBackend().database()
const servers = suitesWithServer(() => ({ label: http.label, env: async () => ({ ...(await http.env()), CANVASS_RATE_LIMITS: 'off' }), dispose: http.dispose }))
const b = servers.server
const test = servers.suite(`${http.label}: hostile input`)

test('5: /health answers with nosniff and no-store', async () => {
  const x = await b()
  const health = await x.call('GET', '/health')
  assert.equal([health.status, health.body], [200, { status: 'ok' }])
  assert.is(health.headers.get('x-content-type-options'), 'nosniff')
  assert.is(health.headers.get('cache-control'), 'no-store')
})

test.run()
