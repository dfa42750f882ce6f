import type { Logger } from '../context'
import type { BlobStore } from '../ports/blob-store'
import type { Storage } from '../ports/storage'
import type { WebhookTransport } from '../ports/webhook-transport'
import type { RetentionOptions, RetentionReport } from './retention'
import { createRetention } from './retention'
import type { BlobJanitorOptions, BlobJanitorReport } from './blob-janitor'
import { createBlobJanitor } from './blob-janitor'
import type { DispatchReport, WebhookDispatcherOptions } from '../webhooks/webhook-dispatcher'
import { createWebhookDispatcher } from '../webhooks/webhook-dispatcher'
import { createFetchWebhookTransport } from '../webhooks/fetch-transport'
import { startAuditLogPurge } from './audit-log-purge'
import { BLOB_DELETIONS_MISSING, RETENTION_MISSING } from '../domain/optional-ports/upkeep-ports'
import type { QuotaScreenerOptions, QuotaScreenerReport } from './quota-screener'
import { createQuotaScreener } from './quota-screener'
import { webhookStoresIfAny } from '../domain/optional-ports/hooks-ports'
import type { SummaryKeeperOptions, SummaryKeeperReport } from './summary-keeper'
import { createSummaryKeeper } from './summary-keeper'
import type { MailSettings } from '../mail/mail-options'
import type { MailSenderReport, MailSenderSettings } from '../mail/mail-sender'
import { createMailSender } from '../mail/mail-sender'

/**
 * What `createCanvass` runs beside the handler once started (docs/architecture.md, "Background work"): each part
 * `false` to leave it to another process, or its settings. Every part is safe on any number of instances.
 */
export interface BackgroundOptions {
  /** The webhook dispatcher's settings (`createWebhookDispatcher`), or false. */
  webhooks?: false | Omit<WebhookDispatcherOptions, 'storage' | 'transport' | 'logger' | 'now'>
  /** The retention worker's settings (`createRetention`), or false. */
  retention?: false | Omit<RetentionOptions, 'storage' | 'logger' | 'clock'>
  /** The blob janitor's settings (`createBlobJanitor`; it runs only with a `blobStore`), or false. */
  blobJanitor?: false | Omit<BlobJanitorOptions, 'storage' | 'blobs' | 'logger' | 'clock'>
  /**
   * The audit-log purge: how often it runs, or false. It deletes what `auditLog.retentionDays` no longer keeps.
   * @default { intervalMs: 3_600_000 }
   */
  auditLogPurge?: false | { intervalMs?: number }
  /**
   * The quota screening's settings (`createQuotaScreener`): it screens the responses whose write's own
   * screening against the survey's quotas never came (the database dropped in between), or false.
   */
  quotaScreening?: false | Omit<QuotaScreenerOptions, 'storage' | 'logger' | 'clock'>
  /**
   * The summary keeper's settings (`createSummaryKeeper`): it keeps the sums of every survey's closed days and
   * months that summaries read, or false. It runs only on a storage that keeps them (`reporting.summaryParts`).
   */
  summaryKeeper?: false | Omit<SummaryKeeperOptions, 'storage' | 'logger'>
  /**
   * The mail sender's settings (`createMailSender`; docs/mail.md), or false. It runs only with `mail` and a
   * storage that keeps mail (`storage.mail`).
   */
  mail?: false | MailSenderSettings
}

/** What one pass of every part did (`Canvass.runBackgroundOnce`), a part turned off leaving its entry out. */
export interface BackgroundReport {
  webhooks?: DispatchReport
  retention?: RetentionReport
  blobJanitor?: BlobJanitorReport
  /** Audit entries deleted. */
  auditLog?: number
  quotaScreening?: QuotaScreenerReport
  summaryKeeper?: SummaryKeeperReport
  mail?: MailSenderReport
}

/** A transport, or how to make one from the webhook settings (`createNodeWebhookTransport` is one). */
export type WebhookTransportSource = WebhookTransport | ((settings: { allowPrivateAddresses: boolean }) => WebhookTransport)

export interface BackgroundWorkSettings {
  storage: Storage
  blobs: BlobStore | undefined
  options: BackgroundOptions
  transport: WebhookTransportSource | undefined
  allowPrivateAddresses: boolean
  logger: Logger
  now: () => Date
  purgeAuditLog: (() => Promise<number>) | undefined
  /** How mail is sent (`CanvassOptions.mail`), when it is. */
  mail?: MailSettings | undefined
}

export interface BackgroundWork {
  /** Starts every part that is on. */
  start(): void
  /** Stops them and waits for what runs. */
  stop(): Promise<void>
  /** Wakes the blob janitor: files were just recorded for deletion. */
  wakeBlobJanitor(): void
  /** One pass of every part that is on, then resolves. */
  runOnce(): Promise<BackgroundReport>
}

/** Makes the transport the settings ask for: the given one, or core's fetch transport. */
export function webhookTransport(source: WebhookTransportSource | undefined, allowPrivateAddresses: boolean): WebhookTransport {
  if (source === undefined) return createFetchWebhookTransport({ allowPrivateAddresses })
  return typeof source === 'function' ? source({ allowPrivateAddresses }) : source
}

/**
 * The dispatcher, the retention worker, the blob janitor, the audit-log purge, the quota screening, the summary
 * keeper and the mail sender, as the settings ask.
 */
export function createBackgroundWork(settings: BackgroundWorkSettings): BackgroundWork {
  const { storage, blobs, options, logger, now } = settings
  const hooks = webhookStoresIfAny(storage)
  if (options.webhooks !== false && hooks === undefined) {
    logger.warn('Canvass: no webhook dispatcher runs: this storage keeps no webhooks (storage.webhookDeliveries)')
  }
  if (options.quotaScreening !== false && storage.quotas === undefined) {
    logger.warn('Canvass: no quota screening runs: this storage keeps no quotas (storage.quotas)')
  }
  const janitorOn = blobs !== undefined && options.blobJanitor !== false && upkeepHas(storage, 'blobDeletions', logger)
  const janitor = janitorOn ? createBlobJanitor({ ...options.blobJanitor, storage, blobs, logger, clock: now }) : undefined
  const dispatcher =
    options.webhooks === false || hooks === undefined
      ? undefined
      : createWebhookDispatcher({
          ...options.webhooks,
          storage,
          transport: webhookTransport(settings.transport, settings.allowPrivateAddresses),
          logger,
          now,
        })
  const retentionOptions = options.retention
  const retention =
    retentionOptions === false || !upkeepHas(storage, 'retention', logger)
      ? undefined
      : createRetention({
          ...retentionOptions,
          storage,
          logger,
          clock: now,
          // The files of the expired responses go at once rather than at the janitor's next interval.
          onRun: async (report) => {
            if (report.files > 0) janitor?.wake()
            await retentionOptions?.onRun?.(report)
          },
        })
  const screening =
    options.quotaScreening === false || storage.quotas === undefined
      ? undefined
      : createQuotaScreener({ ...options.quotaScreening, storage, logger, clock: now })
  // A storage that keeps no summary sums needs no keeper: its summaries read the responses, as they always may.
  const keeper =
    options.summaryKeeper === false || storage.reporting?.summaryParts === undefined
      ? undefined
      : createSummaryKeeper({ ...options.summaryKeeper, storage, logger })
  const mailer =
    options.mail === false || settings.mail === undefined || storage.mail === undefined
      ? undefined
      : createMailSender({
          ...options.mail,
          mail: storage.mail,
          transport: settings.mail.transport,
          from: settings.mail.from,
          messageIdDomain: settings.mail.messageIdDomain,
          logger,
          now,
        })
  const purge = options.auditLogPurge === false ? undefined : settings.purgeAuditLog
  const purgeIntervalMs = (options.auditLogPurge || undefined)?.intervalMs
  let purgeSchedule: { stop(): Promise<void> } | undefined

  return {
    start() {
      dispatcher?.start()
      janitor?.start()
      retention?.start()
      screening?.start()
      keeper?.start()
      mailer?.start()
      if (purge) purgeSchedule ??= startAuditLogPurge(purge, logger, purgeIntervalMs)
    },
    async stop() {
      const schedule = purgeSchedule
      purgeSchedule = undefined
      await Promise.all([
        schedule?.stop(),
        dispatcher?.stop(),
        janitor?.stop(),
        retention?.stop(),
        screening?.stop(),
        keeper?.stop(),
        mailer?.stop(),
      ])
    },
    wakeBlobJanitor() {
      janitor?.wake()
    },
    async runOnce() {
      const report: BackgroundReport = {}
      if (dispatcher) report.webhooks = await dispatcher.runOnce()
      if (retention) report.retention = await retention.runOnce()
      if (janitor) report.blobJanitor = await janitor.runOnce()
      if (purge) report.auditLog = await purge()
      if (screening) report.quotaScreening = await screening.runOnce()
      if (keeper) report.summaryKeeper = await keeper.runOnce()
      if (mailer) report.mail = await mailer.runOnce()
      return report
    },
  }
}

/**
 * Whether the storage has the upkeep group a worker needs; when it lacks it, says once (as the work is made)
 * what goes undone, and the worker is not made, rather than failing at every run.
 */
function upkeepHas(storage: Storage, group: 'retention' | 'blobDeletions', logger: Logger): boolean {
  if (storage[group] !== undefined) return true
  logger.warn(`Canvass: ${group === 'retention' ? RETENTION_MISSING : BLOB_DELETIONS_MISSING}`)
  return false
}
