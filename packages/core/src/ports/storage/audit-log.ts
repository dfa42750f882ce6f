/**
 * The audit log: who changed what through the management API, when and from where, and who took personal data
 * out in bulk (exports). Core writes one entry per such request answered with 2xx; nothing in the API changes
 * or deletes an entry, and only the log's own retention (`purge`) removes old ones. Reading it is a report
 * (`ReportingStorage.auditLog`).
 *
 * Rules every implementation MUST follow:
 * - `append` stores the entry as given. The store MUST refuse, at the database where it can (a trigger, a
 *   grant), any other change to stored entries: no update, and no delete but `purge`'s.
 * - `purge` removes at most `limit` entries created before `before`, oldest first, in one transaction, and
 *   returns how many it removed; concurrent purges never fail on each other's rows.
 */
export interface AuditLogStore {
  append(entry: AuditEntry): Promise<void>
  purge(before: Date, limit: number): Promise<number>
}

/** One audit entry. Never the personal data itself: `summary` names fields and counts things. */
export interface AuditEntry {
  /** Time-ordered (a UUIDv7), so entries of the same millisecond keep their order. */
  id: string
  environmentId: string
  createdAt: Date
  /** The API key that made the request, and its label as it was then. */
  apiKeyId: string | null
  apiKeyLabel: string | null
  /** What was done: `create`, `update`, `delete`, `erase`, `export`, `anonymize`, `share`, `unshare`, … */
  action: string
  /** The request's method; null for an entry no request made (a retention run). */
  method: string | null
  /** The route as registered, e.g. `/api/v1/management/surveys/:surveyId`: never the raw path; null as `method`. */
  route: string | null
  /** What kind of record, e.g. `survey`, `response`, `contact`. */
  resourceType: string
  /** The record's id, when the request named or made one record. */
  resourceId: string | null
  /** The answer's status; null as `method`. */
  status: number | null
  /** What changed, without values: the body's field names, counts (see `AuditSummary`). */
  summary: AuditSummary
  /** The client's address as the rate limiter sees it, when known. */
  address: string | null
  /** The answer's `x-request-id`. */
  requestId: string | null
}

/** What an entry says about the change beyond its action and resource: names and numbers only. */
export interface AuditSummary {
  /** The top-level fields of the JSON body that the route's body schema knows, sorted. */
  fields?: string[]
  /** The query parameters the route knows that were given (names only), sorted. */
  query?: string[]
  /** Lengths of the body's arrays among `fields` (e.g. `{ responses: 250 }` for a bulk import). */
  counts?: Record<string, number>
  /** The answer's numbers, for routes whose answer is a tally (e.g. `{ anonymized: 12 }`). */
  result?: Record<string, number>
}

/** A page of the log, with the filters of `GET /management/audit-log`. */
export interface AuditLogQuery {
  limit: number
  /** Keyset position: only entries strictly after this one in the list order (older). */
  after?: { createdAt: Date; id: string }
  action?: string
  resourceType?: string
  resourceId?: string
  apiKeyId?: string
  /** Entries created at or after this time. */
  since?: Date
  /** Entries created at or before this time. */
  until?: Date
}
