/**
 * The standalone Canvass server on Deno (`pnpm start` here): the Node server's settings, checks, database
 * and first-start bootstrap, served by `@canvass/host-deno`. Built into one file by tsup, so that Deno runs
 * JavaScript and takes the npm packages from `node_modules`.
 */
import { createCanvass } from '@canvass/core'
import type { ConnectionInfo } from '@canvass/core'
import { serve } from '@canvass/host-deno'
import { createKyselyStorage, createReplicaReads, migrate, postgresSettingWarnings } from '@canvass/storage-kysely'
import { readApiReference, readWidgetBundles } from '@canvass/widget'
import { bootstrap, firstRequestLine } from '../../../packages/server/src/bootstrap'
import { openBlobStore } from '../../../packages/server/src/blob-store'
import { consoleCookiesLine, serverCanvassOptions } from '../../../packages/server/src/canvass-options'
import { checkConfig } from '../../../packages/server/src/check-config'
import { openDatabase, openReadReplicas } from '../../../packages/server/src/database'
import { enterLane, laneOfRequest } from '../../../packages/server/src/database-lanes'
import { liveAnswer, readyAnswer, schemaCheck } from '../../../packages/server/src/readiness'
import { loadSecret } from '../../../packages/server/src/secret'
import { SERVER_VERSION } from '../../../packages/server/src/server-version'
import { withStartupLock } from '../../../packages/server/src/startup-lock'

try {
  await main()
} catch (error) {
  // Configuration and connection problems are the operator's to fix: say what failed, without a stack trace.
  console.error(`Canvass could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

async function main(): Promise<void> {
  const config = await checkConfig()
  const secret = await loadSecret(config.secret, config.dataDir)
  const blobs = openBlobStore(process.env, config.dataDir, process.env.INIT_CWD ?? process.cwd())
  const { db, description, oneStatementAtATime, alive } = await openDatabase(config)
  await migrate(db)
  // A Postgres server of the operator's: settings Canvass relies on, said once, at the start.
  if (config.databaseUrl) for (const warning of await postgresSettingWarnings(db)) console.warn(warning)
  // Streaming replicas for the reads that tolerate a little lag (docs/replicas.md), as the Node server does.
  const replicas =
    config.readDatabaseUrls.length > 0 ? await openReadReplicas(config.readDatabaseUrls, {}, config.databasePoolSize) : undefined
  const replicaReads =
    replicas && createReplicaReads({ primary: db, databases: replicas.databases, names: replicas.names, maxLagMs: config.readMaxLagMs })
  const storage = createKyselyStorage({ db, oneStatementAtATime, ...(replicaReads ? { replicas: replicaReads } : {}) })
  const canvass = createCanvass({
    // The Node server's options from the same settings; webhooks go through fetch here (Deno's --allow-net list
    // is the address check), and the background work is started and stopped by `serve` with the server.
    ...serverCanvassOptions(config, { db, storage, secret, blobStore: blobs.blobStore }),
    widget: await readWidgetBundles(),
    apiReference: await readApiReference(),
  })
  const firstStart = () => bootstrap(canvass, config, (line) => console.log(line))
  // Instances on one Postgres server may start together; an embedded database has one process already.
  const { printedKey } = await (config.databaseUrl ? withStartupLock(db, firstStart) : firstStart())

  // From SIGTERM on, /health/ready answers 503 while the server drains, as on Node.
  let draining = false
  const readiness = { draining: () => draining, schema: await schemaCheck(db, alive) }
  const { url } = await serve({
    port: config.port,
    hostname: config.host,
    // On the embedded database, each request's statements take turns with other callers' (database-lanes.ts).
    fetch: (request, info) => enterLane(laneOfRequest(request, info?.clientAddress), () => route(request, info)),
    lifecycle: canvass,
    drainMs: config.drainSeconds * 1000,
    onDrain: () => {
      draining = true
    },
    onShutdown: async () => {
      replicaReads?.close()
      await Promise.all(replicas?.databases.map((replica) => replica.destroy()) ?? [])
      await db.destroy()
    },
  })
  console.log(`Canvass listening on ${url} (${description}; ${blobs.description})`)
  if (printedKey) console.log(firstRequestLine(config.publicUrl ?? url, printedKey))
  const cookiesLine = consoleCookiesLine(config)
  if (cookiesLine) console.log(cookiesLine)

  async function route(request: Request, info?: ConnectionInfo): Promise<Response> {
    if (request.url.includes('/health')) {
      const { pathname } = new URL(request.url)
      if (pathname === '/health') {
        const healthy = await storage.ping().catch(() => false)
        return Response.json({ status: healthy ? 'ok' : 'unavailable', version: SERVER_VERSION }, { status: healthy ? 200 : 503 })
      }
      if (pathname === '/health/ready') return readyAnswer(readiness)
      if (pathname === '/health/live') return liveAnswer()
    }
    return canvass.fetch(request, info)
  }
}
