import type { CanvassContext } from '../../context'
import { CanvassError, badRequest, validationError } from '../../errors'
import { readShareFilterQuery } from '../../http/response-query'
import type { AnswerRow, ResponseCondition, ResponseRecord, SurveyRecord } from '../../ports/storage/index'
import { LIMITS } from '../../schemas/common'
import type { SharePosition } from './share-cursors'
import type { SurveySummary } from './survey-summary'
import type { ShareSummaryState, SharedSummary } from './share-summary-state'
import { readSurveySummary } from './survey-summary'
import { withAnswerForms } from './answer-filters'
import { reportingOf } from '../optional-ports/reporting'

/**
 * A survey's results shared read-only at `/share/{resultShareKey}` (the key is the capability, as the
 * reference's `resultShareKey` is): the survey found by its key on every request, so that a key turned off or
 * rotated answers 404 at once, and what its pages show, filtered as a visitor asks.
 */

/** What a visitor filters the shared results by (`readShareFilters`). */
export interface ShareFilters {
  startDate?: Date
  endDate?: Date
  finished?: boolean
  language?: string
  /** The `filter[…][…]` conditions (docs/api.md, "Filtering responses"). */
  where?: ResponseCondition[]
}

/** A new key: 192 bits of the platform CSPRNG as base64url (32 characters, which `idString` holds). */
export function newResultShareKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The survey shared under `key`, or null (none, or a key no survey may hold). */
export async function findSharedSurvey(ctx: CanvassContext, key: string): Promise<SurveyRecord | null> {
  if (key.length === 0 || key.length > LIMITS.id) return null
  return ctx.storage.surveys.getByResultShareKey(key)
}

/**
 * The filters of a shared page's query: `startDate`, `endDate` (ISO dates or date-times; an `endDate` without a
 * time takes its whole day), `finished` (`true` or `false`) and `lang` (a response language; `default` also
 * takes responses without one). Empty parameters are no filter, as a GET form sends them; anything else out of
 * shape is a 400 naming the parameter.
 */
export function readShareFilters(query: Record<string, string | string[] | undefined>): ShareFilters {
  // What the page never shows (docs/results.md, "What it never shows") it does not filter by either: a filter
  // would tell anyone holding the link a respondent's attribute, page or tag, one guess at a time.
  const refused = Object.keys(query).filter((name) => NOT_SHOWN.some((start) => name.startsWith(start)) && query[name] !== '')
  if (refused.length > 0) {
    throw validationError(Object.fromEntries(refused.map((name) => [name, 'A shared link cannot filter by what it does not show'])))
  }
  return readShareFilterQuery(query)
}

/** The filters of what a shared link never shows: a contact's attributes, a response's `meta`, its tags. */
const NOT_SHOWN = ['filter[contactAttributes.', 'filter[meta.', 'filter[tags]']

/** How long a shared summary is reused, and how many are kept per Canvass. */
const SUMMARY_TTL_MS = 10_000
const MAX_SUMMARIES = 100

/** `summary` as a shared link shows it. */
export function sharedSummaryOf(summary: SurveySummary): SharedSummary {
  const { surveyId: _surveyId, quotas, ...rest } = summary
  return { ...rest, quotas: quotas.map(({ id: _id, ...quota }) => quota) }
}

/**
 * Shared summaries computed at once per Canvass, and how many more may wait for a turn. Anyone with a link
 * asks for them, each is a scan of the survey's responses (about 1.5 s and two connections at 1,000,000), and
 * each new filter is a new one: without a bound, visitors of a large survey's page could take every connection
 * of the pool from every other route and tenant.
 */
const MAX_RUNNING_SUMMARIES = 2
const MAX_WAITING_SUMMARIES = 16
/** Seconds a visitor turned away is asked to wait (`Retry-After`). */
export const SHARE_BUSY_RETRY_AFTER = 5

/** Runs `compute` when one of the Canvass's turns is free, waiting for one; 503 when too many wait already. */
async function inTurn<T>(state: ShareSummaryState, compute: () => Promise<T>): Promise<T> {
  if (state.running >= MAX_RUNNING_SUMMARIES) {
    if (state.waiting.length >= MAX_WAITING_SUMMARIES) throw shareBusy()
    await new Promise<void>((resolve) => state.waiting.push(resolve))
  }
  state.running++
  try {
    return await compute()
  } finally {
    state.running--
    state.waiting.shift()?.()
  }
}

/** The 503 a visitor gets while the Canvass computes as many shared summaries as it takes at once. */
export function shareBusy(): CanvassError {
  return new CanvassError('service_unavailable', 'Too many shared results are being computed. Please try again shortly.', {
    headers: { 'retry-after': String(SHARE_BUSY_RETRY_AFTER) },
  })
}

/**
 * The summary of a shared survey as its page shows it (`sharedSummaryOf`). Identical requests share one computation while it
 * runs, and its result for 10 s after it is ready: a page opened by many visitors at once costs the database one summary. At
 * most two are computed at once per Canvass, 16 more wait for a turn, and any more is a 503 (`shareBusy`).
 */
export function shareSummary(ctx: CanvassContext, survey: SurveyRecord, filters: ShareFilters): Promise<SharedSummary> {
  const { cache } = ctx.shareSummaries
  const now = ctx.now().getTime()
  // A changed survey (its questions, its key) is another entry.
  const key = JSON.stringify([
    survey.id,
    survey.updatedAt.getTime(),
    survey.resultShareKey,
    filters.startDate?.getTime(),
    filters.endDate?.getTime(),
    filters.finished,
    filters.language,
    filters.where,
  ])
  const hit = cache.get(key)
  if (hit && hit.until > now) return hit.summary
  cache.delete(key)
  const summary = inTurn(ctx.shareSummaries, async () => sharedSummaryOf(await readSurveySummary(ctx, survey, filtersOf(filters))))
  // Shared while it is computed, then reused for 10 s from when it was ready: counted from the request, a
  // summary that takes longer than that would never be reused.
  const entry = { until: Number.POSITIVE_INFINITY, summary }
  summary.then(
    () => {
      entry.until = ctx.now().getTime() + SUMMARY_TTL_MS
    },
    // A failure is not kept: the next request asks again.
    () => {
      if (cache.get(key) === entry) cache.delete(key)
    },
  )
  cache.set(key, entry)
  while (cache.size > MAX_SUMMARIES) {
    const oldest = cache.keys().next()
    if (oldest.done) break
    cache.delete(oldest.value)
  }
  return summary
}

/**
 * Drops every shared summary this Canvass holds (after an erasure: a summary may count erased answers). Other
 * instances' summaries expire within `SUMMARY_TTL_MS` (10 s).
 */
export function forgetShareSummaries(ctx: CanvassContext): void {
  ctx.shareSummaries.cache.clear()
}

/** Answers per page at most. */
const MAX_PAGE = 100

/**
 * One field's answers (`data`: a question's or a hidden field's; `variables`: a variable's), newest first, a
 * page of `page.limit` (1 to 100) from after the cursor `page.after`, only those holding `page.search` when
 * given; `next` is the cursor of the page after, or null. A cursor this did not write is a 400.
 */
export async function shareAnswers(
  ctx: CanvassContext,
  survey: SurveyRecord,
  field: { source: 'data' | 'variables'; key: string },
  filters: ShareFilters,
  page: { limit: number; after?: string; search?: string },
): Promise<{ items: AnswerRow[]; next: string | null }> {
  const limit = pageLimit(page.limit)
  const rows = await reportingOf(ctx.storage).responses.listAnswers(survey.environmentId, survey.id, {
    ...filtersOf(filters, survey),
    source: field.source,
    key: field.key,
    limit,
    ...(page.search ? { search: page.search } : {}),
    ...(await afterOf(ctx, survey, page.after)),
  })
  return pageOf(ctx, survey, rows, limit, (row) => ({ createdAt: row.createdAt, id: row.responseId }))
}

/** The survey's responses, newest first, a page of `page.limit` (1 to 100) from after the cursor `page.after`. */
export async function shareResponses(
  ctx: CanvassContext,
  survey: SurveyRecord,
  filters: ShareFilters,
  page: { limit: number; after?: string },
): Promise<{ items: ResponseRecord[]; next: string | null }> {
  const limit = pageLimit(page.limit)
  const rows = await ctx.storage.responses.list(survey.environmentId, {
    ...filtersOf(filters, survey),
    surveyId: survey.id,
    sortBy: 'createdAt',
    order: 'desc',
    limit,
    ...(await afterOf(ctx, survey, page.after)),
  })
  return pageOf(ctx, survey, rows, limit, (row) => row)
}

/**
 * Filters as storage reads them: only those given (`exactOptionalPropertyTypes`-safe), a filter on a choice
 * matching the answer in every language (the summary widens its own).
 */
function filtersOf(filters: ShareFilters, survey?: SurveyRecord): ShareFilters {
  const out: ShareFilters = {}
  if (filters.startDate !== undefined) out.startDate = filters.startDate
  if (filters.endDate !== undefined) out.endDate = filters.endDate
  if (filters.finished !== undefined) out.finished = filters.finished
  if (filters.language !== undefined) out.language = filters.language
  if (filters.where !== undefined) out.where = filters.where
  return survey ? withAnswerForms(survey, out) : out
}

function pageLimit(limit: number): number {
  return Number.isInteger(limit) ? Math.min(MAX_PAGE, Math.max(1, limit)) : 20
}

/** The position a page's `after` names: a cursor `pageOf` sealed for this survey, else a 400. */
async function afterOf(ctx: CanvassContext, survey: SurveyRecord, after: string | undefined): Promise<{ after?: SharePosition }> {
  if (after === undefined || after === '') return {}
  const position = await ctx.shareCursors.open(survey.id, after)
  if (!position) throw badRequest('Fields are missing or incorrectly formatted', { after: 'Invalid cursor' })
  return { after: position }
}

/** A page of `limit` rows, and the sealed cursor of the page after it (no response id a visitor can read). */
async function pageOf<T>(
  ctx: CanvassContext,
  survey: SurveyRecord,
  rows: T[],
  limit: number,
  position: (row: T) => SharePosition,
): Promise<{ items: T[]; next: string | null }> {
  const items = rows.slice(0, limit)
  const last = items[items.length - 1]
  return { items, next: rows.length > limit && last !== undefined ? await ctx.shareCursors.seal(survey.id, position(last)) : null }
}
