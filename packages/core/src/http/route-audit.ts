import type { IRequest } from 'itty-router'

/** Every action an audit entry may name, as docs/api.md and docs/data-rights.md list them. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'erase',
  'export',
  'anonymize',
  'share',
  'unshare',
  'sign',
  'upload',
  'redeliver',
  'test',
  'retention',
  'revoke',
  'import',
  'login',
  'signin',
  'signout',
] as const

/** What an audit entry says was done. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** How a route's requests are written to the audit log (`RouteDoc.audit`). */
export interface RouteAudit {
  /** What was done; a function when the request says it (`?erase=true` makes a delete an erasure). */
  action: AuditAction | ((request: IRequest) => AuditAction)
  /** The kind of record, e.g. `survey`. */
  resourceType: string
  /**
   * Where the record's id is: a path parameter (`{ param }`), a query parameter (`{ query }`), or the
   * answer's `data.id` (`'answer'`, for creates) or `data.<member>.id` (`{ answer: member }`). Omitted when the request names no one record.
   */
  resourceId?: { param: string } | { query: string } | 'answer' | { answer: string }
  /** Only answers of these statuses are recorded (an import's dry run answers 200 and writes nothing). */
  statuses?: readonly number[]
  /** The answer is a tally (`{data: {anonymized: 3, …}}`): its numbers go into the summary's `result`. */
  result?: true
}
