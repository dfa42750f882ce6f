import type { SummaryQuery } from './response-reports'

/**
 * The sums a storage keeps of a survey's closed days and months, per part (a base part, and one per question by
 * its id and how its answers are counted), so that a summary reads them instead of the responses
 * (docs/architecture.md, "Background work"): the primitives of core's summary keeper (`createSummaryKeeper`),
 * which decides which surveys, how much per pass and the query (`summaryQuery`, as a summary asks). Optional
 * (`ReportingStorage.summaryParts`): without it the keeper does not run, and a summary computes what it reads.
 */
export interface SummaryPartKeeping {
  /**
   * Up to `limit` surveys (any environment) with a response in a closed period (one that ended an hour or
   * more ago), in id order after `after` (from the first with null): the surveys whose parts may be due.
   */
  surveysAfter(after: string | null, limit: number): Promise<Array<{ environmentId: string; surveyId: string }>>
  /**
   * Computes and keeps the parts `query` (all of the survey's responses, no filter) would read that are missing
   * or out of date, for at most `limit` closed periods of the survey, and deletes the parts no such query reads
   * any more. Keeps a part only as a summary would (never one older than what is kept). Returns how many
   * periods it computed, and how many still lack parts.
   */
  keep(environmentId: string, surveyId: string, query: SummaryQuery, limit: number): Promise<{ kept: number; left: number }>
}
