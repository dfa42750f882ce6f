import type { Span } from '@opentelemetry/api'
import type { Logger } from '../context'
import { CanvassError } from '../errors'
import type { RetentionObserver } from '../observer'
import { notify } from '../observer'
import type { RetentionCount, RetentionStore, Storage } from '../ports/storage'
import { RETENTION_MISSING } from '../domain/optional-ports/upkeep-ports'
import { appendAuditEntry } from '../domain/console/audit-log'
import { createId } from '../domain/ids'
import { jobSpan, setWhenRecording } from '../tracing/tracer'

/** The lease the retention workers of every instance on one database share: one of them runs at a time. */
export const RETENTION_LEASE = 'retention'

export interface RetentionOptions {
  /** The storage whose expired responses are deleted (the one `createCanvass` was given); it needs `retention`. */
  storage: Storage
  /**
   * The clock: a run deletes what has expired as of its start, and the lease is timed by it.
   * @default () => new Date()
   */
  clock?: () => Date
  /**
   * Milliseconds between runs of a started worker (the first runs at `start()`).
   * @default 3_600_000 (an hour)
   */
  intervalMs?: number
  /**
   * Most responses one batch deletes, each batch a transaction of its own (with their displays, and as many
   * displays that no response names).
   * @default 1000
   */
  batch?: number
  /**
   * Milliseconds the lease is taken for, renewed before every batch: an instance that dies during a run holds
   * the others off for at most this long. Must be longer than a batch takes.
   * @default 120_000
   */
  leaseMs?: number
  /**
   * Days a webhook delivery is kept once it ended (delivered, or failed for good), payload and attempts
   * included: each run deletes the older ones (docs/webhooks-and-uploads.md, "How long deliveries are kept").
   * @default 7
   */
  webhookDeliveryRetentionDays?: number
  /**
   * Hooks that see each run, to feed an app's own metrics (`canvass_retention_deleted_total` of the
   * standalone server).
   * @default undefined
   */
  observe?: RetentionObserver
  /**
   * Called after each run this instance made (it held the lease), with what the run deleted per environment:
   * the place to record an audit entry. A hook that throws or rejects is logged, and changes nothing.
   * @default undefined
   */
  onRun?: (report: RetentionReport) => void | Promise<void>
  /** Where failures go, and one line (`info`) per run that deleted something. @default console */
  logger?: Logger
}

/** What one run did. */
export interface RetentionReport {
  /** False when another instance held the lease: this one deleted nothing. */
  ran: boolean
  /** The run's `now`: responses created before it minus their limit were expired. */
  now: Date
  responses: number
  displays: number
  /** Files of the deleted responses recorded for deletion from the blob store. */
  files: number
  /** Webhook deliveries deleted because they ended more than `webhookDeliveryRetentionDays` ago. */
  webhookDeliveries: number
  batches: number
  durationMs: number
  /** Per environment that lost a row in this run, its counts. */
  environments: RetentionCount[]
}

export interface Retention {
  /**
   * Deletes everything that has expired as of `now` (default: the clock), batch after batch, then resolves;
   * for cron jobs and serverless hosts. When another instance holds the lease, resolves at once with
   * `ran: false`. Rejects when the storage fails (what was deleted before stays deleted).
   */
  runOnce(now?: Date): Promise<RetentionReport>
  /** Runs at once, then every `intervalMs`, until `stop()`; failures are logged and retried at the next run. */
  start(): void
  /** Stops the loop: a run in progress ends after its current batch and hands back the lease. */
  stop(): Promise<void>
}

/**
 * The retention worker (docs/data-rights.md, "Retention"): deletes responses older than their survey's
 * `responseRetentionDays` (else their environment's; `null` keeps them), with their displays and, through the
 * blob-deletion journal, their files, in bounded batches. Any number of instances may run it on one database:
 * a lease lets one at a time work, and the others find it taken and wait for their next run.
 */
export function createRetention(options: RetentionOptions): Retention {
  const { storage } = options
  if (storage.retention === undefined) throw new TypeError(RETENTION_MISSING)
  const store = storage.retention
  const clock = options.clock ?? (() => new Date())
  const intervalMs = options.intervalMs ?? 3_600_000
  const batch = options.batch ?? 1000
  const leaseMs = options.leaseMs ?? 120_000
  const deliveryDays = options.webhookDeliveryRetentionDays ?? 7
  for (const [name, value] of [
    ['intervalMs', intervalMs],
    ['batch', batch],
    ['leaseMs', leaseMs],
    ['webhookDeliveryRetentionDays', deliveryDays],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`)
  }
  const logger = options.logger ?? console
  // One holder per worker: its renewals are its own, and another worker of the same process is another holder.
  const holder = `retention-${createId()}`
  let stopping = false

  /** Takes or renews the lease until `leaseMs` from now. */
  const lease = () => {
    const at = clock()
    return store.acquireLease(RETENTION_LEASE, holder, new Date(at.getTime() + leaseMs), at)
  }

  const runOnce = (now: Date = clock()) => jobSpan('retention', (span) => run(now, span))

  /** One run, in its job's span: under the lease, the batches, their audit entries, the log line and the hooks. */
  async function run(now: Date, span: Span): Promise<RetentionReport> {
    const started = performance.now()
    const report: RetentionReport = {
      ran: false,
      now,
      responses: 0,
      displays: 0,
      files: 0,
      webhookDeliveries: 0,
      batches: 0,
      durationMs: 0,
      environments: [],
    }
    if (!(await lease())) return report
    report.ran = true
    try {
      report.environments = await deleteInBatches(
        { storage, store, batch, deliveryDays, logger, lease, stopping: () => stopping },
        now,
        report,
      )
    } finally {
      await store.releaseLease(RETENTION_LEASE, holder).catch(() => {})
    }
    await auditRun(storage, report.environments, clock, logger)
    report.durationMs = performance.now() - started
    setWhenRecording(span, () => ({ 'canvass.job.done': report.responses + report.displays + report.webhookDeliveries }))
    if (report.responses + report.displays + report.webhookDeliveries > 0) logger.info?.(describeRun(report, deliveryDays))
    notify(options.observe?.retention, {
      responses: report.responses,
      displays: report.displays,
      files: report.files,
      durationMs: report.durationMs,
    })
    if (options.onRun) {
      try {
        await options.onRun(report)
      } catch (error) {
        logger.error('Retention: the onRun hook failed', error)
      }
    }
    return report
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let away = false

  /** One run of the loop: failures are said (the database being away once, not once per run). */
  async function tick(): Promise<void> {
    try {
      await runOnce()
      if (away) logger.warn('Retention: the database is back; expired responses are deleted again')
      away = false
    } catch (error) {
      if (error instanceof CanvassError && error.code === 'service_unavailable') {
        if (!away) logger.warn('Retention: the database is unreachable; the next run tries again')
        away = true
      } else {
        logger.error('Retention: a run failed; the next run tries again', error)
      }
    }
  }

  function schedule(): void {
    if (stopping) return
    timer = setTimeout(() => {
      running = tick().finally(schedule)
    }, intervalMs)
    // A waiting worker never keeps a process alive on its own (Node's timers; other hosts have no such thing).
    ;(timer as { unref?: () => void }).unref?.()
  }

  return {
    runOnce,
    start() {
      if (running !== undefined || timer !== undefined) return
      stopping = false
      running = tick().finally(schedule)
    },
    async stop() {
      stopping = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      await running
      running = undefined
    },
  }
}

/** What one run's batches need: the storage, the sizes, and the lease, renewed before each batch. */
interface RunParts {
  storage: Storage
  /** The storage's retention group. */
  store: RetentionStore
  batch: number
  deliveryDays: number
  logger: Logger
  lease: () => Promise<boolean>
  stopping: () => boolean
}

/**
 * The batches of one run, each after the lease is renewed (an instance that lost it, stalled past its end,
 * stops): expired responses and displays, then ended webhook deliveries, then the storage's partitions. Adds
 * to `report`'s counts and answers the counts per environment.
 */
async function deleteInBatches(parts: RunParts, now: Date, report: RetentionReport): Promise<RetentionCount[]> {
  const { storage, store, batch, deliveryDays, logger, lease, stopping } = parts
  const counts = new Map<string, RetentionCount>()
  for (let first = true; !stopping() && (first || (await lease())); first = false) {
    const done = await store.deleteExpired({ now, limit: batch })
    report.batches++
    report.responses += done.responses
    report.displays += done.displays
    report.files += done.files
    for (const entry of done.environments) {
      const total = counts.get(entry.environmentId) ?? { environmentId: entry.environmentId, responses: 0, displays: 0, files: 0 }
      total.responses += entry.responses
      total.displays += entry.displays
      total.files += entry.files
      counts.set(entry.environmentId, total)
    }
    if (done.responses < batch && done.displays < batch) break
  }
  // Ended deliveries hold a copy of a response each (up to the stored-response bound): they go after a
  // while, so that the outbox does not grow without end. A storage without webhooks has none.
  const before = new Date(now.getTime() - deliveryDays * 86_400_000)
  const deliveries = storage.webhookDeliveries
  while (deliveries && !stopping() && (await lease())) {
    const purged = await deliveries.purgeEnded({ before, limit: batch })
    report.batches++
    report.webhookDeliveries += purged
    if (purged < batch) break
  }
  // The storage's partitions by time (when it keeps any): months ahead made, empty past ones dropped. Its
  // failure (a lock not granted at once, say) is said and left for the next run.
  if (store.keepPartitions && !stopping() && (await lease())) {
    await store.keepPartitions(now).catch((error: unknown) => logger.error('Retention: partitions not kept up', error))
  }
  return [...counts.values()]
}

/**
 * One audit entry per environment that lost rows: the counts, never what the rows held. A failed append is
 * said and does not undo the run (what was deleted stays deleted).
 */
async function auditRun(storage: Storage, environments: readonly RetentionCount[], clock: () => Date, logger: Logger): Promise<void> {
  for (const entry of environments) {
    await appendAuditEntry(
      storage,
      {
        environmentId: entry.environmentId,
        action: 'retention',
        resourceType: 'response',
        summary: { result: { responses: entry.responses, displays: entry.displays, files: entry.files } },
      },
      clock(),
    ).catch((error: unknown) => logger.error(`Retention: no audit entry for environment ${entry.environmentId}`, error))
  }
}

/** Environments a run's log line names, at most; the rest are counted. */
const LOGGED_ENVIRONMENTS = 20

/**
 * A run's line in the server log: what went, in all and per environment (ids and counts, nothing the rows
 * held), e.g. `Retention: deleted 3 responses, 3 displays, 1 file and 2 ended webhook deliveries (older than
 * 7 days) in 2 batches, 41 ms; environments: e1 2 responses, e2 1 response`.
 */
function describeRun(report: RetentionReport, deliveryDays: number): string {
  const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
  const rows = [counted(report.responses, 'response'), counted(report.displays, 'display'), counted(report.files, 'file')].join(', ')
  const deliveries = `${counted(report.webhookDeliveries, 'ended webhook delivery', 'ended webhook deliveries')} (older than ${counted(deliveryDays, 'day')})`
  let line = `Retention: deleted ${rows} and ${deliveries} in ${counted(report.batches, 'batch', 'batches')}, ${Math.round(report.durationMs)} ms`
  if (report.environments.length > 0) {
    const named = report.environments
      .slice(0, LOGGED_ENVIRONMENTS)
      .map((entry) => `${entry.environmentId} ${counted(entry.responses, 'response')}`)
    const more = report.environments.length - named.length
    line += `; environments: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`
  }
  return line
}
