/**
 * The standalone server as a real process, called over HTTP: its routing around Canvass's (`/health`, which
 * main.ts answers), and a clean stop on SIGTERM. The API's suites run on the test bed
 * (`packages/core/test/e2e-routes.test.ts`).
 */
import * as assert from 'uvu/assert'
import { errorOf } from './fixtures'
import { httpBackend } from './backends'
import type { E2eBackend } from './backends'
import { suitesWithServer } from './suite-server'

function defineSuites(label: string, database: () => E2eBackend) {
  const servers = suitesWithServer(database)
  const b = servers.server

  const routing = servers.suite(`${label}: routing, health and shutdown`)
  routing('unknown route 404, wrong method 405 with Allow, health 200', async () => {
    const x = await b()
    const unknown = await x.call('GET', '/api/v1/nothing-here', { key: x.keyA })
    assert.equal(errorOf(unknown), {
      status: 404,
      body: { code: 'not_found', message: 'Route not found', details: { resource_id: '/api/v1/nothing-here', resource_type: 'Route' } },
    })
    const wrong = await x.call('PATCH', '/api/v1/management/surveys', { key: x.keyA })
    assert.is(wrong.status, 405)
    assert.is(wrong.body.code, 'method_not_allowed')
    assert.is(wrong.headers.get('allow'), 'GET, HEAD, POST, OPTIONS')
    const noKey = await x.call('DELETE', '/api/v1/me')
    assert.is(noKey.status, 405, 'the route is checked before the key')
    const health = await x.call('GET', '/health')
    assert.equal({ status: health.status, body: health.body }, { status: 200, body: { status: 'ok' } })
  })

  routing('SIGTERM stops the server cleanly', async () => {
    const x = await b()
    assert.is(await x.stop(), 0)
  })

  routing.run()
}

const http = httpBackend()
defineSuites(http.label, http.database)
