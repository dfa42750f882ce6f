import type { PageQuery } from './common'

/**
 * Quotas: how many responses of a survey that meet some conditions are taken, and what happens to the rest
 * (the reference's `SurveyQuota` and `ResponseQuotaLink`). Core validates a quota and decides which quotas a
 * response meets; the store keeps the quotas and counts responses in them exactly (`screen`).
 */
export interface QuotaStore {
  /** A page of the survey's quotas (of that environment), in list order. */
  list(environmentId: string, surveyId: string, page: PageQuery): Promise<QuotaRecord[]>
  /**
   * Every quota of the survey, oldest first (the order in which a response is screened). Core bounds how many
   * a survey holds. An empty list for a survey of another environment or of nothing.
   */
  listAll(environmentId: string, surveyId: string): Promise<QuotaRecord[]>
  /** The quota of that survey and environment, or null. */
  get(environmentId: string, surveyId: string, id: string): Promise<QuotaRecord | null>
  /**
   * Inserts the quota. `limit` (nothing written) when the survey already holds `maxPerSurvey` quotas, which
   * MUST hold under concurrent inserts; `name_taken` when another quota of the survey has its name;
   * `survey_not_found` when the environment has no such survey (any more).
   */
  insert(record: QuotaRecord, maxPerSurvey: number): Promise<'created' | 'limit' | 'name_taken' | 'survey_not_found'>
  /**
   * Read-modify-write of one quota: hands the stored quota to `change` and writes the quota it returns, both
   * under a lock of the quota's row, so that concurrent updates each see the one before (none is lost).
   * `change` must be free of side effects; if it throws, nothing is written and the error propagates.
   * `null` (without calling `change`) when the survey has no such quota; `name_taken` as in `insert`.
   */
  update(
    environmentId: string,
    surveyId: string,
    id: string,
    change: (current: QuotaRecord) => QuotaRecord,
  ): Promise<QuotaRecord | 'name_taken' | null>
  /** Deletes the quota (and what it counted); returns it as it was, or null. */
  delete(environmentId: string, surveyId: string, id: string): Promise<QuotaRecord | null>
  /**
   * Screens a response of the survey after a write to it, as the reference does, in one transaction:
   * - of the quotas in `met` (ids, in screening order; others of the survey are ignored), each is full when the
   *   responses counted in it, this one left out, reach its `limit`; a response counts while its link to the
   *   quota is `screenedIn` and it is finished or the quota counts partial submissions. Counting MUST be exact
   *   under concurrent screenings (e.g. the quota rows locked `for update`): N concurrent finished responses
   *   meeting a quota of limit k < N leave exactly k `screenedIn`.
   * - unless `finished` or the first full quota ends the survey, only quotas counting partial submissions are
   *   written; each written quota links the response `screenedOut` when full, else `screenedIn` (a link that
   *   is there stays `screenedIn`: a response counted once is never counted twice);
   * - links to the quotas in `unmet` are removed;
   * - when the first full quota's action is `endSurvey`, the response is finished with its `endingCardId` as
   *   `endingId` (and `updatedAt`).
   * - when `mark` is given and the response's unscreened mark is still that one, the mark is removed in the
   *   same transaction (a later write's mark stays, for that write's screening). Removing it MUST come after
   *   every other write of the screening, the response's own included, so that it takes its lock last.
   * Returns the first full quota, or null. A response of another environment, or none, changes nothing (null).
   * Screening a response again counts nothing twice (the rules above), so concurrent screenings of one response
   * (a write's and a claim's) leave what one of them would.
   */
  screen(input: QuotaScreening): Promise<QuotaRecord | null>
  /**
   * Claims up to `limit` responses marked unscreened (`CreateResponseCheck.screenQuotas`) whose mark is older
   * than `before`, oldest mark first, of any environment, for the background work to screen: each claimed
   * response's mark is set to `now` in the same statement, so that no claim takes it again until `before`
   * passes `now` (a lease: what a claimer that died held is claimed again then). Concurrent claims, of any
   * process, MUST NOT return the same response (e.g. the marks locked `for update skip locked`). Each comes with
   * what screening needs, as the response is stored now, and its new `mark`.
   */
  claimUnscreened(input: { before: Date; now: Date; limit: number }): Promise<UnscreenedResponse[]>
}

export interface QuotaRecord {
  id: string
  environmentId: string
  surveyId: string
  name: string
  limit: number
  /** `{connector, conditions}`, as core validated it. */
  logic: { connector: 'and' | 'or'; conditions: unknown[] }
  action: 'endSurvey' | 'continueSurvey'
  endingCardId: string | null
  countPartialSubmissions: boolean
  createdAt: Date
  updatedAt: Date
}

export interface QuotaScreening {
  environmentId: string
  surveyId: string
  responseId: string
  /** Whether the response is finished after the write. */
  finished: boolean
  /** Quotas whose conditions the response meets, in screening order. */
  met: string[]
  /** The survey's other quotas. */
  unmet: string[]
  /** The `updatedAt` of the response when a full quota finishes it. */
  now: Date
  /**
   * The unscreened mark this screening answers for: the `updatedAt` of the client write it screens, or the
   * `mark` of a claimed response (`claimUnscreened`). Omitted: no mark is touched.
   */
  mark?: Date
}

/** A response whose quota screening is due, as `QuotaStore.claimUnscreened` hands it out. */
export interface UnscreenedResponse {
  environmentId: string
  surveyId: string
  responseId: string
  finished: boolean
  data: Record<string, unknown>
  variables: Record<string, unknown>
  /** Its mark as the claim set it: what the screening passes as `QuotaScreening.mark`. */
  mark: Date
}
