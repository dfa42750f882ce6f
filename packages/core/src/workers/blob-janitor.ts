import type { Logger } from '../context'
import { notify } from '../observer'
import type { BlobStore } from '../ports/blob-store'
import type { ClaimedBlobDeletion, Storage } from '../ports/storage'
import { createId } from '../domain/ids'
import { BLOB_DELETIONS_MISSING } from '../domain/optional-ports/upkeep-ports'
import { createPassLoop } from './pass-loop'
import { jobSpan, setWhenRecording } from '../tracing/tracer'

export interface BlobJanitorOptions {
  /** The storage whose blob-deletion journal is worked off (the one `createCanvass` was given); it needs `blobDeletions`. */
  storage: Storage
  /** The blob store the files live in (`CanvassOptions.blobStore`). */
  blobs: BlobStore
  /**
   * Hooks that see every run that did something, to feed an app's metrics. A hook that throws is ignored.
   * @default undefined
   */
  observe?: BlobJanitorObserver
  /**
   * The clock: claims, leases and retry times read it.
   * @default () => new Date()
   */
  clock?: () => Date
  /**
   * How often the loop looks for due rows when nothing woke it: rows written by other instances, and retries.
   * Rows written through this process's Canvass wake it at once (`wake`, `CanvassOptions.onBlobDeletions`).
   * @default 60_000
   */
  intervalMs?: number
  /**
   * Rows one claim takes.
   * @default 100
   */
  batch?: number
  /**
   * Milliseconds a claim holds its rows: after that another instance may claim them again (a janitor that
   * died, or a blob store that hangs). A delete is idempotent, so a second one does no harm.
   * @default 60_000
   */
  leaseMs?: number
  /**
   * Longest wait before a failed delete is tried again: waits double from 10 s up to this.
   * @default 3_600_000
   */
  maxBackoffMs?: number
  /** @default console */
  logger?: Logger
}

/** What a run did: blobs deleted (rows finished) and deletes that failed (rows to try again later). */
export interface BlobJanitorReport {
  deleted: number
  failed: number
}

export interface BlobJanitorObserver {
  /** Each run that claimed anything, with its duration. */
  run?(event: BlobJanitorReport & { durationMs: number }): void
}

export interface BlobJanitor {
  /**
   * Deletes every blob whose row is due now, batch after batch, then resolves: for cron jobs and tests. Safe in
   * several processes at once (claims never overlap). A failed delete is scheduled again with a backoff.
   */
  runOnce(): Promise<BlobJanitorReport>
  /** Starts the loop: one run at once (what a crash left is finished on restart), then every `intervalMs`. */
  start(): void
  /** Runs again as soon as the current run ends (rows were just written); nothing when not started. */
  wake(): void
  /** Stops the loop and waits for the run in progress. */
  stop(): Promise<void>
}

/** The first wait after a failed delete; each further failure doubles it, up to `maxBackoffMs`. */
const FIRST_BACKOFF_MS = 10_000
/** Deletes in flight at once within a batch. */
const CONCURRENCY = 8

/**
 * The blob janitor: works off the journal of blob deletions (`storage.blobDeletions`) that erasures and
 * response and survey deletes write in their transactions. It claims due rows, deletes each blob (deletes are
 * idempotent, so a row claimed twice after a crash does no harm), finishes the rows whose blob is gone and
 * schedules the others again with a capped backoff, for ever: a file that belongs to erased data is never given
 * up on. Start one per instance, next to the webhook dispatcher.
 */
export function createBlobJanitor(options: BlobJanitorOptions): BlobJanitor {
  const { storage, blobs } = options
  if (storage.blobDeletions === undefined) throw new TypeError(BLOB_DELETIONS_MISSING)
  const journal = storage.blobDeletions
  const clock = options.clock ?? (() => new Date())
  const intervalMs = options.intervalMs ?? 60_000
  const batch = options.batch ?? 100
  const leaseMs = options.leaseMs ?? 60_000
  const maxBackoffMs = options.maxBackoffMs ?? 3_600_000
  const logger = options.logger ?? console
  for (const [name, value] of [
    ['intervalMs', intervalMs],
    ['batch', batch],
    ['leaseMs', leaseMs],
    ['maxBackoffMs', maxBackoffMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`)
  }

  function runOnce(): Promise<BlobJanitorReport> {
    return jobSpan('blob-janitor', async (span) => {
      const report = await deleteDue()
      setWhenRecording(span, () => ({ 'canvass.job.done': report.deleted, 'canvass.job.failed': report.failed }))
      return report
    })
  }

  /** Works off every due row, batch after batch. */
  async function deleteDue(): Promise<BlobJanitorReport> {
    const report: BlobJanitorReport = { deleted: 0, failed: 0 }
    const started = performance.now()
    let claimedAny = false
    for (;;) {
      const claimToken = createId()
      const claimed = await journal.claim({ now: clock(), limit: batch, leaseMs, claimToken })
      if (claimed.length === 0) break
      claimedAny = true
      const done: string[] = []
      for (let start = 0; start < claimed.length; start += CONCURRENCY) {
        await Promise.all(
          claimed.slice(start, start + CONCURRENCY).map(async (row) => {
            if (await deleteBlob(row, claimToken)) done.push(row.id)
            else report.failed++
          }),
        )
      }
      if (done.length > 0) await journal.finish(done, claimToken)
      report.deleted += done.length
      if (claimed.length < batch) break
    }
    if (claimedAny) notify(options.observe?.run, { ...report, durationMs: performance.now() - started })
    return report
  }

  /** Deletes one row's blob; on failure records the attempt and when to try again. */
  async function deleteBlob(row: ClaimedBlobDeletion, claimToken: string): Promise<boolean> {
    try {
      await blobs.delete(row.blobKey)
      return true
    } catch (error) {
      const wait = Math.min(maxBackoffMs, FIRST_BACKOFF_MS * 2 ** Math.min(row.attempts, 30))
      const message = error instanceof Error ? error.message : String(error)
      logger.warn(
        `Blob janitor: deleting ${row.blobKey} failed (attempt ${row.attempts + 1}); trying again in ${Math.round(wait / 1000)} s: ${message}`,
      )
      await journal.retry(row.id, claimToken, { nextAttemptAt: new Date(clock().getTime() + wait), error: message })
      return false
    }
  }

  // A run works off every due row, batch after batch: the next run waits for the interval or a wake.
  const loop = createPassLoop({
    pass: async () => {
      await runOnce()
      return false
    },
    intervalMs,
    logger,
    messages: {
      away: 'Blob janitor: the database is unreachable; blob deletions resume when it is back',
      back: 'Blob janitor: the database is back; blob deletions resume',
      failed: 'Blob janitor: a run failed; trying again on the next interval',
    },
  })

  return { runOnce, start: loop.start, wake: loop.wake, stop: loop.stop }
}
