/**
 * `pnpm start`: the example app on PORT (default 3000) with Canvass under /feedback, on embedded PGlite
 * (in memory, or in DATA_DIR when set) or on the Postgres server named by DATABASE_URL.
 */
import { readConsoleBundle } from '@canvass/console'
import { createCanvass } from '@canvass/core'
import { applyServerLimits, createNodeWebhookTransport } from '@canvass/host-node'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { createApp } from './app'
import { createExamplePeople } from './people'
import { openDatabase, ensureApiKey } from './database'

const { db } = await openDatabase(process.env)
await migrate(db)
// The console at /feedback/console, behind the app's own sign-in: `authorize` says who the request's person is.
let projectId = ''
const people = createExamplePeople(() => projectId)
const canvass = createCanvass({
  storage: createKyselyStorage({ db }),
  basePath: '/feedback',
  console: { authorize: (request) => people.authorize(request), bundle: await readConsoleBundle(), signInUrl: '/sign-in' },
})
const key = await ensureApiKey(canvass, process.env.CANVASS_API_KEY)
projectId = (await canvass.admin.listProjects())[0]?.projectId ?? ''
// Webhooks, retention and the rest run from here until `close()`; the pages come from @canvass/widget, installed.
await canvass.start({ webhookTransport: createNodeWebhookTransport })

const server = applyServerLimits(createApp(canvass, people).listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1'))
server.once('listening', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 3000
  if (key) console.log(`API key for the production environment: ${key}`)
  console.log(`listening on http://127.0.0.1:${port} (Canvass under http://127.0.0.1:${port}/feedback)`)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => void canvass.close().then(() => db.destroy().then(() => console.log(`stopped (${signal})`))))
    server.closeIdleConnections()
  })
}
