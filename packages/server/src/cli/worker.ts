import { startCanvassWorker } from '@canvass/core'
import { createNodeWebhookTransport, createSmtpMailTransport } from '@canvass/host-node'
import { createKyselyStorage, migrate } from '@canvass/storage-kysely'
import { backgroundOptions } from '../background'
import { openBlobStore } from '../blob-store'
import { readConfig } from '../config'
import { openDatabase } from '../database'
import { loadSecret } from '../secret'
import { SERVER_VERSION } from '../server-version'
import { startTelemetry } from '../telemetry'
import type { Cli } from './cli-context'
import { print } from './output'

/** `canvass worker`: the server's background work without its HTTP server. */
export function addWorkerCommand(cli: Cli): void {
  cli.program
    .command('worker')
    .description(
      "Run only Canvass's background work (webhook delivery, retention, the blob janitor, the audit-log purge) until\n" +
        'SIGTERM or SIGINT, beside servers started with CANVASS_BACKGROUND=off on the same database (DATABASE_URL)',
    )
    .action(() => runWorker(cli))
}

/**
 * `canvass worker`: the server's background work without its HTTP server, with the server's settings (blob
 * store, secret, audit-log retention, the CANVASS_WEBHOOK_* and retention ones), until a signal stops it.
 */
async function runWorker(cli: Cli): Promise<void> {
  const env = cli.settings()
  const config = readConfig(env)
  if (!config.databaseUrl) {
    process.stderr.write(`Using the embedded database in ${config.dataDir}: no server can use it meanwhile; a worker is for DATABASE_URL\n`)
  }
  // The worker's jobs and deliveries are traced as the server's are, when OTEL_* variables ask for it.
  const telemetry = await startTelemetry(config.telemetry, SERVER_VERSION)
  const { db } = await openDatabase(config)
  try {
    await migrate(db, { sessionLocks: !config.databasePgbouncer })
    const blobs = openBlobStore(env, config.dataDir, env.INIT_CWD ?? process.cwd())
    const worker = await startCanvassWorker(
      {
        storage: createKyselyStorage({ db, sessionLocks: !config.databasePgbouncer }),
        blobStore: blobs.blobStore,
        secret: await loadSecret(config.secret, config.dataDir),
        webhooks: { allowPrivateAddresses: config.allowPrivateWebhookUrls },
        auditLog: { retentionDays: config.auditLogRetentionDays },
        background: backgroundOptions(config, undefined, true),
        // Mails queued by web instances (docs/mail.md) are sent by the worker too, when SMTP_URL is set.
        ...(config.smtpUrl && config.mailFrom
          ? { mail: { transport: createSmtpMailTransport({ url: config.smtpUrl }), from: config.mailFrom } }
          : {}),
      },
      { webhookTransport: createNodeWebhookTransport },
    )
    print(`Canvass worker running (${blobs.description}); SIGTERM or SIGINT stops it`)
    const signal = await new Promise<string>((resolve) => {
      for (const name of ['SIGTERM', 'SIGINT'] as const) process.once(name, () => resolve(name))
    })
    await worker.close()
    print(`Canvass worker stopped (${signal})`)
  } finally {
    await db.destroy()
    await telemetry?.shutdown()
  }
}
