/**
 * The standalone server that served the client API stops cleanly on SIGTERM. The client API's routes are
 * tested on the test bed (`packages/core/test/client-api-routes.test.ts`); this case needs the process.
 */
import * as assert from 'uvu/assert'
import { httpBackend } from './backends'
import type { E2eBackend } from './backends'
import { suitesWithServer } from './suite-server'

function defineSuites(label: string, database: () => E2eBackend) {
  const servers = suitesWithServer(database)
  const b = servers.server

  const shutdown = servers.suite(`${label}: shutdown`)
  shutdown('SIGTERM stops the server cleanly', async () => {
    const x = await b()
    assert.is(await x.stop(), 0)
  })

  for (const s of [shutdown]) s.run()
}

const http = httpBackend()
defineSuites(http.label, http.database)
