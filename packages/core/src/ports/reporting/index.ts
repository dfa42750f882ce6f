import type { AuditEntry, AuditLogQuery } from '../storage/audit-log'
import type { PageQuery } from '../storage/common'
import type { ContactAttributeRecord, ContactFilter } from '../storage/contacts'
import type { SurveyFilter } from '../storage/surveys'
import type { ResponseReports } from './response-reports'
import type { SummaryPartKeeping } from './summary-keeping'
import type { TimeSeriesReports } from './time-series'

/**
 * The reporting port: what Canvass reads to report on what it keeps (counts, summaries, exports, answer lists,
 * the audit log), apart from the storage's main port so that a second adapter can start without it. It is
 * optional (`Storage.reporting`): without it Canvass serves every write and every read of one resource, and the
 * routes that report answer 501 `not_implemented` naming `storage.reporting`. `createKyselyStorage` provides it.
 * Its kit is `testReportingStorage` of `@canvass/test-utils`.
 *
 * The storage port's rules hold here too (environment scoping, ids that cannot exist, list order). Every read of
 * this port tolerates lag: a storage MAY answer it from copies that lag behind the writes, and then says so in
 * `Storage.laggingReads`, whose `primary` carries a reporting port that reads the primary.
 */
export interface ReportingStorage {
  responses: ResponseReports
  contacts: ContactReports
  quotas: QuotaReports
  surveys: SurveyReports
  auditLog: AuditLogReports
  /** Responses over time by day, week or month; optional (`ports/reporting/time-series.ts`). */
  timeSeries?: TimeSeriesReports
  /** The kept sums of closed periods (`SummaryPartKeeping`), for the summary keeper; optional. */
  summaryParts?: SummaryPartKeeping
}

/** Counts and exports of contacts (`ReportingStorage.contacts`). */
export interface ContactReports {
  /** How many contacts of the environment `filter` takes, exactly. */
  count(environmentId: string, filter: ContactFilter): Promise<number>
  /** The attribute values of the environment's contacts, each with its key. */
  listAttributes(environmentId: string, page: PageQuery): Promise<ContactAttributeRecord[]>
}

/** What quotas have counted (`ReportingStorage.quotas`), as `QuotaStore.screen` counts. */
export interface QuotaReports {
  /** How many responses each quota of the survey counts now (as `screen` counts), by quota id. */
  counts(environmentId: string, surveyId: string): Promise<Record<string, number>>
  /**
   * The quotas each of `responseIds` (responses of that environment) is counted in (`screenedIn`), by
   * response id: their names, in screening order. Responses in none are left out.
   */
  namesByResponse(environmentId: string, responseIds: string[]): Promise<Record<string, string[]>>
}

/** The totals of the v3 survey list (`ReportingStorage.surveys`). */
export interface SurveyReports {
  /** How many of the environment's surveys match `filter` (at `now`, as `SurveyStore.find`). */
  count(environmentId: string, filter: SurveyFilter, now: Date): Promise<number>
}

/** The audit log as the management API reads it (`ReportingStorage.auditLog`). */
export interface AuditLogReports {
  /**
   * Entries of that `environmentId` only, newest first (`createdAt` descending, then `id` descending), at most
   * `limit + 1` of them, each filter narrowing the list (all given filters together).
   */
  list(environmentId: string, query: AuditLogQuery): Promise<AuditEntry[]>
}

export type * from './response-reports'
export type * from './response-paths'
export type * from './summary-keeping'
export type * from './time-series'
