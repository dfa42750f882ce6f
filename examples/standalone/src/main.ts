/**
 * The standalone Canvass server (`pnpm start`): embedded Postgres by default, migrations on start,
 * first-start bootstrap, `GET /health`. Settings come from environment variables; see the README.
 */
import { mkdir } from 'node:fs/promises'
import { createCanvass } from '@canvass/core'
import { serve } from '@canvass/host-node'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { bootstrap } from './bootstrap'
import { readConfig } from './config'
import { openDatabase } from './database'
import { loadSecret } from './secret'

try {
  await main()
} catch (error) {
  // Configuration and connection problems are the operator's to fix: say what failed, without a stack trace.
  console.error(`Canvass could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

async function main(): Promise<void> {
  const config = readConfig()
  await mkdir(config.dataDir, { recursive: true })
  // Generated now so that it stays the same across restarts once signed uploads use it.
  await loadSecret(config.secret, config.dataDir)
  const { db, description } = await openDatabase(config)
  await migrate(db)
  const storage = createKyselyStorage({ db })
  const canvass = createCanvass({ storage, publicUrl: config.publicUrl })
  await bootstrap(canvass, config, (line) => console.log(line))

  const { url } = await serve({
    port: config.port,
    hostname: config.host,
    async fetch(request, info) {
      // The substring test first: parsing every request's URL just to spot the health check costs throughput.
      if (request.url.includes('/health') && new URL(request.url).pathname === '/health') {
        const healthy = await storage.ping().catch(() => false)
        return Response.json({ status: healthy ? 'ok' : 'unavailable' }, { status: healthy ? 200 : 503 })
      }
      return canvass.fetch(request, info)
    },
    onShutdown: () => db.destroy(),
  })
  console.log(`Canvass listening on ${url} (${description})`)
}
