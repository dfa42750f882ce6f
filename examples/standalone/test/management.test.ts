/**
 * The standalone server that served the management routes stops cleanly. The management routes are tested on
 * the test bed (`packages/core/test/management-routes.test.ts`); this case needs the process.
 */
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import { suitesWithServer } from './suite-server'
import { startBackend } from './fixtures'

const http = httpBackend()
for (const [label, database] of [[http.label, http.database]] as const) {
  const servers = suitesWithServer(database, (env) => startBackend({ ...env, CANVASS_WEBHOOK_DISPATCHER: 'off' }))
  const b = servers.server

  const shutdown = servers.suite(`${label}: shutdown`)
  shutdown('the server stops cleanly', async () => {
    const x = await b()
    assert.is(await x.stop(), 0)
  })

  for (const s of [shutdown]) s.run()
}
