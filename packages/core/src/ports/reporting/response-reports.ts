import type { PageQuery } from '../storage/common'
import type { ResponseRecord } from '../storage/response-records'
import type { ResponseFilter, ResponseListQuery } from '../storage/response-filters'
import type { PathGroup, PathQuery } from './response-paths'

/** Which answers `ResponseReports.listAnswers` reads: one field of a survey's responses, a page of them. */
export interface AnswerListQuery
  extends PageQuery,
    Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'> {
  /** `data` holds answers and hidden fields, `variables` the survey's variables. */
  source: 'data' | 'variables'
  key: string
  /**
   * Only answers holding this text, in any case: a text (or a number's, a boolean's) containing it, or a list
   * answer (contact info, address, files) with a value containing it; an object answer never matches. `%`, `_`
   * and `\\` are themselves, never patterns. Routes take at most 200 characters.
   */
  search?: string
}

/** One answer as `ResponseReports.listAnswers` reads it. */
export interface AnswerRow {
  responseId: string
  createdAt: Date
  value: unknown
}

/** A response as an export reads it (`ResponseReports.listForExport`). */
export interface ResponseExportRow
  extends Pick<
    ResponseRecord,
    | 'id'
    | 'createdAt'
    | 'updatedAt'
    | 'finished'
    | 'data'
    | 'meta'
    | 'ttc'
    | 'variables'
    | 'language'
    | 'singleUseId'
    | 'displayId'
    | 'endingId'
  > {
  /** The linked contact's id and `userId`, or null. */
  contactId: string | null
  userId: string | null
  /** The names of the response's tags, by name. */
  tagNames: string[]
  /** The names of the quotas the response is counted in, when the export asked (`QuotaReports.namesByResponse`). */
  quotas?: string[]
}

/** What a summary aggregates: the survey's questions in order, each with how its answers are counted. */
export interface SummaryQuery extends Pick<ResponseFilter, 'dateField' | 'startDate' | 'endDate' | 'finished' | 'language' | 'where'> {
  questions: Array<{
    id: string
    /**
     * `values`: a count per answer value; `elements`: per element of an array answer (multiple choice);
     * `cells`: per matrix row and column; `positions`: per element of an array answer in rank order, with the
     * sum of its 1-based positions (ranking).
     */
    count: 'values' | 'elements' | 'cells' | 'positions' | 'none'
  }>
  /**
   * The largest `ttc._total` the mean takes, in ms. A `_total` that is not a number from 0 to it (a row stored
   * before the bounds, or edited by hand) is left out; whatever a row holds, the mean MUST NOT fail.
   */
  maxTimeToComplete: number
  /** What to group the responses by to walk their paths (`SummaryAggregates.paths`); none: no paths. */
  paths?: PathQuery
}

export interface SummaryAggregates {
  /** Displays of the survey in the date range (by their `createdAt`). */
  displays: number
  started: number
  finished: number
  /** Mean `ttc._total` of the finished responses (see `maxTimeToComplete`), in ms, or null without one. */
  averageTimeToComplete: number | null
  /** Median `ttc._total` of the same responses as the mean, in ms, or null without one. */
  medianTimeToComplete: number | null
  /** Responses that answered each question (a non-empty value), by question id. */
  answered: Record<string, number>
  /**
   * Per question counted by `values` or `elements`: each answered value with its count. A value is the text of
   * the JSON answer (a string's own text, a number's or a boolean's JSON text: `7`, `true`), so that the
   * database groups texts rather than JSON.
   */
  values: Record<string, Array<{ value: string; count: number }>>
  /** Per question counted by `cells`: each row and column with its count. */
  cells: Record<string, Array<{ row: string; column: string; count: number }>>
  /**
   * Per question counted by `positions`: each element ranked with how many responses ranked it and the sum of
   * its 1-based positions.
   */
  positions: Record<string, Array<{ value: string; count: number; positionSum: number }>>
  /**
   * Unfinished responses by the last question they answered, as its index in `questions` (null: none).
   */
  lastAnswered: Array<{ index: number | null; count: number }>
  /** The responses grouped for the walk of their paths, capped (see `PathGroup`); empty without `query.paths`. */
  paths: PathGroup[]
}

/** The reports of responses: exports, counts, summaries and answer lists (`ReportingStorage.responses`). */
export interface ResponseReports {
  /**
   * Up to `limit` responses of the environment in list order, with only what a CSV export shows: no notes, no
   * contact attributes. Read without the per-row work of `list`, for exports of millions of rows.
   */
  listForExport(environmentId: string, query: ResponseListQuery): Promise<ResponseExportRow[]>
  /**
   * How many responses of the environment match `filter`, exactly. With `upTo`, counting MUST stop once more
   * than `upTo` match (it reads at most `upTo + 1` rows): a result above `upTo` means "more than `upTo`".
   */
  count(environmentId: string, filter: ResponseFilter, options?: { upTo?: number }): Promise<number>
  /**
   * The aggregates of a survey's summary, computed by the database over the responses (and displays) of the
   * survey in `environmentId` that `filter`'s dates take; never the responses themselves.
   */
  summarize(environmentId: string, surveyId: string, query: SummaryQuery): Promise<SummaryAggregates>
  /**
   * The non-empty values of one field (`data` or `variables`, by key) of a survey's responses in
   * `environmentId`: newest first (`createdAt` desc, then `id` desc), from after the keyset position
   * `query.after`, up to `limit + 1`. Empty means missing, null, "", [] or {}, as in `summarize`'s answered count.
   */
  listAnswers(environmentId: string, surveyId: string, query: AnswerListQuery): Promise<AnswerRow[]>
}
