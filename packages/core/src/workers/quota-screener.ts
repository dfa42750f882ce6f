import type { Logger } from '../context'
import { CanvassError } from '../errors'
import { describeCause } from '../http/boundary'
import { createPassLoop } from './pass-loop'
import type { QuotaRecord, Storage, SurveyRecord, UnscreenedResponse } from '../ports/storage'
import { screenAgainst } from '../domain/quotas/quota-service'
import { jobSpan, setWhenRecording } from '../tracing/tracer'

export interface QuotaScreenerOptions {
  /** The storage whose unscreened responses are screened (the one `createCanvass` was given): one that keeps quotas. */
  storage: Storage
  /**
   * The clock: a response is due once its mark is `graceMs` old by it, and a claim's lease starts at it.
   * @default () => new Date()
   */
  clock?: () => Date
  /**
   * Milliseconds between passes of a started loop (the first runs at `start()`); a pass that claimed a whole
   * `batch` is followed by the next one at once.
   * @default 60_000
   */
  intervalMs?: number
  /**
   * Most responses one pass claims and screens.
   * @default 100
   */
  batch?: number
  /**
   * How long a write's own screening has before a pass screens its response instead (milliseconds), and how
   * long a claim holds a response (a pass that died leaves it to a pass this much later). A screening done
   * twice counts nothing twice, so this only saves work.
   * @default 60_000
   */
  graceMs?: number
  /** Where failures go. @default console */
  logger?: Logger
}

/** What one pass did. */
export interface QuotaScreenerReport {
  /** Responses claimed: their write's screening had not counted them within `graceMs`. */
  claimed: number
  /** Of them, those screened now (counted, screened out, or found in no quota). */
  screened: number
  /** Of them, those whose screening failed: each is claimed again by a pass after `graceMs`. */
  failed: number
}

export interface QuotaScreener {
  /** One pass: claims up to `batch` due responses and screens them, then resolves; for cron jobs and tests. */
  runOnce(): Promise<QuotaScreenerReport>
  /** Runs a pass at once, then every `intervalMs` (at once again after a full batch), until `stop()`. */
  start(): void
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>
}

/**
 * The quota screening of the background work (docs/architecture.md, "A response write"): a client's write to a
 * response of a survey with quotas marks it unscreened in the statement that writes it, and the screening that
 * follows the write removes the mark as it counts. A response whose screening never came (the database dropped
 * between the two, the process died) keeps its mark; this pass claims such responses once their mark is
 * `graceMs` old and screens them as their write would have, so that a quota's count stays exact through
 * outages. Claims never overlap (`QuotaStore.claimUnscreened`), and a screening counts a response at most once,
 * so any number of instances may run it.
 */
export function createQuotaScreener(options: QuotaScreenerOptions): QuotaScreener {
  const { storage } = options
  if (storage.quotas === undefined) throw new TypeError('createQuotaScreener needs storage.quotas: this storage keeps no quotas')
  const store = storage.quotas
  const clock = options.clock ?? (() => new Date())
  const intervalMs = options.intervalMs ?? 60_000
  const batch = options.batch ?? 100
  const graceMs = options.graceMs ?? 60_000
  const logger = options.logger ?? console
  for (const [name, value] of [
    ['intervalMs', intervalMs],
    ['batch', batch],
    ['graceMs', graceMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`)
  }
  const ctx = { storage, logger, now: clock }

  function runOnce(): Promise<QuotaScreenerReport> {
    return jobSpan('quota-screening', async (span) => {
      const report = await screenClaimed()
      setWhenRecording(span, () => ({ 'canvass.job.claimed': report.claimed, 'canvass.job.failed': report.failed }))
      return report
    })
  }

  /** Claims the unscreened responses past their grace and screens each. */
  async function screenClaimed(): Promise<QuotaScreenerReport> {
    const now = clock()
    const claimed = await store.claimUnscreened({ before: new Date(now.getTime() - graceMs), now, limit: batch })
    const report: QuotaScreenerReport = { claimed: claimed.length, screened: 0, failed: 0 }
    // Each survey's quotas and questions are read once a pass, however many of its responses it screens.
    const surveys = new Map<string, Promise<[QuotaRecord[], SurveyRecord | null]>>()
    for (const response of claimed) {
      try {
        const key = `${response.environmentId}/${response.surveyId}`
        let parts = surveys.get(key)
        if (!parts) {
          parts = Promise.all([store.listAll(response.environmentId, response.surveyId), storage.surveys.get(response.surveyId)])
          surveys.set(key, parts)
        }
        const [quotas, survey] = await parts
        await screenAgainst(ctx, response, quotas, survey)
        report.screened++
      } catch (error) {
        report.failed++
        failed(response, error)
      }
    }
    return report
  }

  function failed(response: UnscreenedResponse, error: unknown): void {
    // The database away is said once by the loop; anything else is this response's.
    if (error instanceof CanvassError && error.code === 'service_unavailable') throw error
    logger.error(
      `Quota screening: screening response ${response.responseId} against the quotas of survey ${response.surveyId} failed; trying again in ${Math.round(graceMs / 1000)} s`,
      describeCause(error),
    )
  }

  // A pass that claimed a whole batch left more behind: the next follows at once.
  const loop = createPassLoop({
    pass: async () => (await runOnce()).claimed === batch,
    intervalMs,
    logger,
    messages: {
      away: 'Quota screening: the database is unreachable; unscreened responses are screened when it is back',
      back: 'Quota screening: the database is back; unscreened responses are screened again',
      failed: 'Quota screening: a pass failed; trying again on the next interval',
    },
  })

  return { runOnce, start: loop.start, stop: loop.stop }
}
