/** The shared HTTP suite against the standalone server on the Node host, as a real process on PGlite. */
import { testHttpApi } from '@canvass/test-utils'
import { newKey, startServer } from './server'
import type { RunningServer } from './server'

let server: RunningServer | undefined
const apiKey = newKey()

testHttpApi({
  name: 'standalone server on the Node host',
  start: async () => {
    server = await startServer({ CANVASS_INIT_API_KEY: apiKey })
    return { baseUrl: server.url, apiKey }
  },
  stop: async () => {
    await server?.stop()
  },
})
