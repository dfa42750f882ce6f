/**
 * The standalone Canvass server (`pnpm start`): embedded Postgres by default, migrations on start,
 * first-start bootstrap, `GET /health`. Settings come from environment variables; see the README.
 */
import { mkdir } from 'node:fs/promises'
import { SERVICE_UNAVAILABLE_RETRY_AFTER, createCanvass, createWebhookDispatcher } from '@canvass/core'
import { createNodeWebhookTransport, serve } from '@canvass/host-node'
import { createKyselyStorage, createPostgresRateLimiter, migrate } from '@canvass/storage-kysely'
import { readApiReference, readWidgetBundles } from '@canvass/widget'
import { bootstrap } from './bootstrap'
import { openBlobStore, uploadMaxBytes } from './blob-store'
import { checkConfig } from './check-config'
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
  // Every setting is checked before anything starts, so that a wrong one is one line naming it.
  const config = await checkConfig()
  await mkdir(config.dataDir, { recursive: true })
  // Generated now so that it stays the same across restarts once signed uploads use it.
  const secret = await loadSecret(config.secret, config.dataDir)
  const blobs = openBlobStore(process.env, config.dataDir, process.env.INIT_CWD ?? process.cwd())
  const { db, description } = await openDatabase(config)
  await migrate(db)
  const storage = createKyselyStorage({ db })
  const rateLimits = config.rateLimits && {
    ...config.rateLimits,
    ...(config.rateLimitStore === 'postgres' ? { limiter: createPostgresRateLimiter({ db }) } : {}),
    ...(config.clientAddressHeader ? { clientAddressHeader: config.clientAddressHeader } : {}),
  }
  const canvass = createCanvass({
    storage,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    blobStore: blobs.blobStore,
    secret,
    uploads: { maxBytes: uploadMaxBytes(process.env) },
    ...(rateLimits ? { rateLimits } : {}),
    webhooks: { allowPrivateAddresses: config.allowPrivateWebhookUrls },
    // The survey widget: /js/formbricks.umd.cjs for the @formbricks/js loader, and its renderer.
    widget: await readWidgetBundles(),
    apiReference: await readApiReference(),
  })
  const dispatcher = createWebhookDispatcher({
    storage,
    transport: createNodeWebhookTransport({ allowPrivateAddresses: config.allowPrivateWebhookUrls }),
    ...(config.webhookRetryScheduleMs ? { schedule: config.webhookRetryScheduleMs } : {}),
    ...(config.webhookLeaseMs ? { leaseMs: config.webhookLeaseMs, timeoutMs: Math.min(15_000, config.webhookLeaseMs / 2) } : {}),
  })
  await bootstrap(canvass, config, (line) => console.log(line))

  const { url } = await serve({
    port: config.port,
    hostname: config.host,
    // CORS preflights of client routes are answered without building a Request and a Response.
    preflight: canvass.preflight,
    async fetch(request, info) {
      // The substring test first: parsing every request's URL just to spot the health check costs throughput.
      if (request.url.includes('/health') && new URL(request.url).pathname === '/health') {
        const healthy = await storage.ping().catch(() => false)
        // The same safe headers as every API answer: never sniffed into HTML, never kept by a cache.
        const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }
        if (!healthy) headers['retry-after'] = String(SERVICE_UNAVAILABLE_RETRY_AFTER)
        return Response.json({ status: healthy ? 'ok' : 'unavailable' }, { status: healthy ? 200 : 503, headers })
      }
      return canvass.fetch(request, info)
    },
    onShutdown: async () => {
      await dispatcher.stop()
      await db.destroy()
    },
  })
  if (config.runWebhookDispatcher) dispatcher.start()
  console.log(`Canvass listening on ${url} (${description}; ${blobs.description})`)
}
