import * as v from 'valibot'
import type { Handler } from '../../context'
import { externalUrl } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { decodeCursor, listPage, cursorPageEntries } from '../../http/pagination'
import { parseQuery } from '../../http/validate'
import { validationError } from '../../errors'
import type { AuditEntry, AuditLogQuery } from '../../ports/storage'
import type { RouteTable } from '../../http/route-table'
import { auditEntryAnswer, pageOf } from '../../schemas/answers'
import { normalizeIsoDateTime } from '../../schemas/common'
import { reportingOf } from '../../domain/optional-ports/reporting'

/** Entries per page unless `limit` says otherwise, and at most. */
export const AUDIT_LOG_PAGE_SIZE = 50
export const MAX_AUDIT_LOG_PAGE_SIZE = 250

const text = v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(255, 'Must be at most 255 characters'))
const date = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((value) => normalizeIsoDateTime(value) !== null, 'Must be an ISO 8601 date or date-time'),
)

/** The audit log's query: a page (`limit`, `cursor`) and filters, each given at most once. */
export const auditLogQuery = v.object({
  ...cursorPageEntries(MAX_AUDIT_LOG_PAGE_SIZE),
  action: v.optional(text),
  resourceType: v.optional(text),
  resourceId: v.optional(text),
  apiKeyId: v.optional(text),
  startDate: v.optional(date),
  endDate: v.optional(date),
})

/** `GET /api/v1/management/audit-log`: the key's environment's entries, newest first. Not itself recorded. */
export function registerAuditLogRoutes(routes: RouteTable): void {
  routes.get('/api/v1/management/audit-log', listAuditLog, {
    summary: "The audit log of the key's environment, newest first: who wrote what, when, from where",
    description:
      'One entry per management write answered with 2xx (and per export of personal data): the API key (id and label), the action, the route as registered, the resource type and id, the status, a summary (the body\'s field names, array lengths, query parameter names, a tally\'s numbers: never the values written), the client address and the request id. Filters: `action`, `resourceType`, `resourceId`, `apiKeyId`, `startDate`, `endDate` (inclusive). Pages of `limit` (1 to 250, default 50); a `Link` header with `rel="next"` carries the `cursor` of the next page.',
    auth: 'apiKey',
    query: auditLogQuery,
    answer: pageOf(auditEntryAnswer),
  })
}

const listAuditLog: Handler = async (request, ctx) => {
  const { environmentId } = await authenticate(request, ctx)
  const query = request.query as Record<string, string | string[] | undefined>
  const input = parseQuery(auditLogQuery, query)
  const filter: Omit<AuditLogQuery, 'limit' | 'after'> = {}
  if (input.action !== undefined) filter.action = input.action
  if (input.resourceType !== undefined) filter.resourceType = input.resourceType
  if (input.resourceId !== undefined) filter.resourceId = input.resourceId
  if (input.apiKeyId !== undefined) filter.apiKeyId = input.apiKeyId
  if (input.startDate !== undefined) filter.since = new Date(normalizeIsoDateTime(input.startDate) as string)
  if (input.endDate !== undefined) filter.until = new Date(normalizeIsoDateTime(input.endDate) as string)
  if (filter.since && filter.until && filter.until < filter.since) throw validationError({ endDate: 'Must not be before startDate' })
  const page = { limit: input.limit ?? AUDIT_LOG_PAGE_SIZE, ...(input.cursor !== undefined ? { after: decodeCursor(input.cursor) } : {}) }
  return listPage(page, {
    read: (position) =>
      reportingOf(ctx.storage).auditLog.list(environmentId, {
        ...filter,
        limit: position.limit,
        ...(position.after ? { after: position.after } : {}),
      }),
    output: auditEntryOutput,
    nextUrl: () => externalUrl(request, ctx),
  })
}

/** An entry as the API shows it. */
export function auditEntryOutput(entry: AuditEntry) {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    environmentId: entry.environmentId,
    apiKeyId: entry.apiKeyId,
    apiKeyLabel: entry.apiKeyLabel,
    action: entry.action,
    method: entry.method,
    route: entry.route,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    status: entry.status,
    summary: entry.summary,
    address: entry.address,
    requestId: entry.requestId,
  }
}
