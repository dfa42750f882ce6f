/**
 * The state of a Canvass's shared summaries, kept on its context (`CanvassContext.shareSummaries`): a leaf, so
 * that the context and the shared results (`result-share.ts`) both name it without importing each other.
 */
import type { SurveySummary } from './survey-summary'

/**
 * The summary a shared link shows: the management summary without the survey's id and its quotas' ids, ids
 * that management routes take (a read-only link carries none: docs/results.md#what-it-never-shows).
 */
export type SharedSummary = Omit<SurveySummary, 'surveyId' | 'quotas'> & {
  quotas: Array<Omit<SurveySummary['quotas'][number], 'id'>>
}

export interface CachedSummary {
  until: number
  summary: Promise<SharedSummary>
}

/** One Canvass's shared summaries (`CanvassContext.shareSummaries`): each instance has its own. */
export interface ShareSummaryState {
  /** Filters' summaries in insertion order, the oldest evicted first. */
  cache: Map<string, CachedSummary>
  /** Summaries being computed. */
  running: number
  /** Requests waiting for a turn, first come first served. */
  waiting: Array<() => void>
}

export function createShareSummaryState(): ShareSummaryState {
  return { cache: new Map(), running: 0, waiting: [] }
}
