import type { PageQuery } from './common'
import type { StoredStatusCase, SurveyRecord } from './survey-records'

/** Surveys. */
export interface SurveyStore {
  list(environmentId: string, page: PageQuery): Promise<SurveyRecord[]>
  /** A survey by id in any environment: core compares `environmentId` to tell 401 from 404. */
  get(id: string): Promise<SurveyRecord | null>
  insert(survey: SurveyRecord): Promise<void>
  /**
   * Read-modify-write of one survey: locks the survey (in any environment), hands it as stored to `change`,
   * and writes the survey `change` returns, in one transaction, so concurrent updates (and the completion
   * by `autoComplete`, which takes the same lock) each see the last write. `id`, `environmentId` and
   * `createdAt` of the stored survey are kept whatever `change` returns. If `change` throws, nothing is
   * written and the error propagates. Returns the survey as stored after the write (the fields `change` left
   * out, and so kept, included), or `null` when no survey has that id.
   */
  update(id: string, change: (current: SurveyRecord) => SurveyRecord): Promise<SurveyRecord | null>
  /**
   * Sets (or, with `null`, clears) the survey's `resultShareKey` in one statement, only when the survey is in
   * `environmentId`; `updatedAt` is left as it is. Returns the survey as written, or `null` when `environmentId`
   * has no survey with that id. Concurrent calls each write whole: the last one's key is the survey's.
   */
  setResultShareKey(environmentId: string, surveyId: string, key: string | null): Promise<SurveyRecord | null>
  /**
   * The survey whose `resultShareKey` is `key`, in any environment, by an index (never a scan). When more than
   * one survey holds the key (a key written by a survey create, update or import, which nothing keeps unique),
   * MUST answer `null`, so that neither is published by mistake.
   */
  getByResultShareKey(key: string): Promise<SurveyRecord | null>
  /** Deletes the survey with its responses, displays and files; returns the deleted survey. */
  delete(environmentId: string, id: string): Promise<SurveyRecord | null>
  /**
   * A page of the v3 list (docs/api.md, "The reference's v3"): the environment's surveys that match
   * `query.filter`, in `query.sortBy`'s order (`createdAt` and `updatedAt` newest first, `name` A to Z; ties by
   * id in the same direction), strictly after `query.after`, `limit + 1` at most, each with its response
   * counts. Statuses are compared as `effectiveSurveyStatus` sees them at `query.now`.
   */
  find(environmentId: string, query: SurveyFindQuery): Promise<SurveyListEntry[]>
  /** Whether the environment has an archived survey. */
  hasArchived(environmentId: string): Promise<boolean>
}

/**
 * The v3 list's filter. A survey matches when its name contains `nameContains` (case-insensitive, taken
 * literally), its type is one of `types`, and: it is not archived and its stored state matches one of
 * `statusCases` (core's `storedStatusCases`: a stored status and where its dates stand against the query's `now`),
 * or `archived` is set and it is archived (then `statusCases` does not narrow it). Empty or absent lists do not
 * narrow; `archived` alone (with no `statusCases`) lists archived surveys only.
 */
export interface SurveyFilter {
  nameContains?: string
  statusCases?: StoredStatusCase[]
  types?: string[]
  archived?: boolean
}

export type SurveySortBy = 'createdAt' | 'updatedAt' | 'name'

export interface SurveyFindQuery {
  filter: SurveyFilter
  sortBy: SurveySortBy
  limit: number
  /** The last survey of the page before: its sort value (an ISO time or a name) and id. */
  after?: { value: string; id: string }
  now: Date
}

export interface SurveyListEntry {
  survey: SurveyRecord
  /** Its responses, finished or not. */
  responseCount: number
  /** Its finished responses. */
  completedResponseCount: number
}
