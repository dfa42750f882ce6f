import type { Logger } from '../context'
import { CanvassError } from '../errors'
import { describeCause } from '../http/boundary'
import { createPassLoop } from './pass-loop'
import type { Storage, SummaryPartKeeping } from '../ports/storage'
import { summaryQuery } from '../domain/results/survey-summary'
import { jobSpan, setWhenRecording } from '../tracing/tracer'

export interface SummaryKeeperOptions {
  /** The storage whose kept summary sums are kept up to date: one with `reporting.summaryParts`. */
  storage: Storage
  /**
   * Milliseconds between passes of a started loop once every survey is up to date (the first runs at `start()`);
   * a pass that left work behind is followed by the next one at once.
   * @default 300_000
   */
  intervalMs?: number
  /**
   * Surveys one pass looks at, in turn (after the last one the pass before looked at, round the list).
   * @default 20
   */
  surveys?: number
  /**
   * Closed days or months one pass computes per survey at most: a survey of years of responses is kept over
   * several passes, taking turns with every other survey.
   * @default 2
   */
  periods?: number
  /** Where failures go. @default console */
  logger?: Logger
}

/** What one pass did. */
export interface SummaryKeeperReport {
  /** Surveys looked at. */
  surveys: number
  /** Closed days or months whose parts were computed and kept. */
  periods: number
  /** Closed days or months of those surveys that still lack parts (the next passes compute them). */
  left: number
}

export interface SummaryKeeper {
  /** One pass over the next surveys in turn, then resolves; for cron jobs and tests. */
  runOnce(): Promise<SummaryKeeperReport>
  /** Runs a pass at once, then again at once while work is left, else every `intervalMs`, until `stop()`. */
  start(): void
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>
}

/**
 * The summary keeper of the background work (docs/architecture.md, "Background work"): keeps the sums of every
 * survey's closed days and months, as a summary of all its responses reads them, so that the first summary of a
 * survey, and the first after its questions change, reads kept sums and the open day rather than every response.
 * A day is kept once it closes, and a period again after a write into it, an import or a question edit (a
 * question's part is computed for a new id or a new way of counting it, nothing for a label). The surveys take
 * turns: a pass looks at `surveys` of them after the last one the pass before looked at, and computes at most
 * `periods` periods of each, so that no survey holds the work up. A part is kept only as a summary keeps it
 * (its count read before and after), so keepers on several instances, or a summary meanwhile, only repeat work.
 */
export function createSummaryKeeper(options: SummaryKeeperOptions): SummaryKeeper {
  const keeping = options.storage.reporting?.summaryParts
  if (keeping === undefined)
    throw new TypeError('createSummaryKeeper needs storage.reporting.summaryParts: this storage keeps no summary sums')
  const intervalMs = options.intervalMs ?? 300_000
  const surveys = options.surveys ?? 20
  const periods = options.periods ?? 2
  const logger = options.logger ?? console
  for (const [name, value] of [
    ['intervalMs', intervalMs],
    ['surveys', surveys],
    ['periods', periods],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`)
  }
  const store: SummaryPartKeeping = keeping
  let after: string | null = null

  function runOnce(): Promise<SummaryKeeperReport> {
    return jobSpan('summary-keeper', async (span) => {
      const report = await keepPage()
      setWhenRecording(span, () => ({ 'canvass.job.surveys': report.surveys, 'canvass.job.done': report.periods }))
      return report
    })
  }

  /** Keeps the sums of the next page of surveys. */
  async function keepPage(): Promise<SummaryKeeperReport> {
    const page = await store.surveysAfter(after, surveys)
    // A short page ends the round: the next pass starts again from the first survey.
    after = page.length < surveys ? null : (page[page.length - 1]?.surveyId ?? null)
    const report: SummaryKeeperReport = { surveys: page.length, periods: 0, left: 0 }
    for (const { environmentId, surveyId } of page) {
      try {
        const survey = await options.storage.surveys.get(surveyId)
        if (survey === null || survey.environmentId !== environmentId) continue
        const done = await store.keep(environmentId, surveyId, summaryQuery(survey, {}), periods)
        report.periods += done.kept
        report.left += done.left
      } catch (error) {
        // The database away is said once by the loop; anything else is this survey's, and the others go on.
        if (error instanceof CanvassError && error.code === 'service_unavailable') throw error
        logger.error(`Summary keeper: keeping the sums of survey ${surveyId} failed; trying again on a later pass`, describeCause(error))
      }
    }
    return report
  }

  const loop = createPassLoop({
    // More surveys in this round, or periods left: the next pass follows at once.
    // A pass that kept nothing (every period left is being written, or cannot be kept) waits for the interval.
    pass: async () => {
      const report = await runOnce()
      return after !== null || (report.left > 0 && report.periods > 0)
    },
    intervalMs,
    logger,
    messages: {
      away: 'Summary keeper: the database is unreachable; summaries compute what they read until it is back',
      back: 'Summary keeper: the database is back',
      failed: 'Summary keeper: a pass failed; trying again on the next interval',
    },
  })

  return { runOnce, start: loop.start, stop: loop.stop }
}
