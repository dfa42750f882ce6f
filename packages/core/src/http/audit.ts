import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import type { RouteMiddleware } from '../pipeline/route-call'
import { param } from '../context'
import type { AuditEntry, AuditSummary } from '../ports/storage'
import { auditEntryId } from '../domain/console/audit-log'
import { authenticate } from '../auth/authenticate'
import { keepBody, keptBody } from './body'
import type { HttpMethod, RouteDoc } from './route-doc'
import type { AuditAction, RouteAudit } from './route-audit'

/**
 * Whether a route's requests are written to the audit log: every management write (POST, PUT or DELETE with
 * an API key, but a `readOnly` one such as a validation) and every route that says how (`audit`), such as the
 * exports of personal data.
 */
export function isAudited(method: HttpMethod, doc: RouteDoc): boolean {
  return doc.audit !== undefined || (method !== 'GET' && doc.auth === 'apiKey' && doc.readOnly !== true)
}

/**
 * `handler`, whose 2xx answers are followed by one audit entry (`AuditEntry`), appended before the answer is
 * returned but after the handler's own writes committed, and never in their transaction: a store's write is
 * one statement or transaction of the adapter that the route cannot extend, and an audit failure must not
 * undo or fail a write that happened. A failed append is logged and reported to `observe.auditFailed`. A HEAD
 * hands out nothing and is not recorded; an idempotent replay is not either (the handler does not run).
 */
export function audited(method: HttpMethod, path: string, doc: RouteDoc): RouteMiddleware {
  const audit = doc.audit ?? derivedAudit(method, path)
  const fields = new Set(doc.body && doc.body !== 'upload' ? schemaFields(doc.body) : [])
  const queryNames = new Set(doc.query ? Object.keys(doc.query.entries) : [])
  const readsAnswer =
    audit.resourceId === 'answer' || (typeof audit.resourceId === 'object' && 'answer' in audit.resourceId) || audit.result === true
  return async ({ request, ctx, info }, next) => {
    if (request.method === 'HEAD') return next()
    if (fields.size > 0) keepBody(request)
    const response = await next()
    if (response.status < 200 || response.status > 299) return response
    if (audit.statuses && !audit.statuses.includes(response.status)) return response
    try {
      const answer = readsAnswer ? await answerData(response) : undefined
      const entry = await entryOf(request, ctx, info, { method, path, audit, fields, queryNames, status: response.status, answer })
      await ctx.storage.auditLog.append(entry)
    } catch (error) {
      ctx.auditFailed({ route: path, method, requestId: requestIdOf(request), error })
    }
    return response
  }
}

interface Recorded {
  method: HttpMethod
  path: string
  audit: RouteAudit
  fields: ReadonlySet<string>
  queryNames: ReadonlySet<string>
  status: number
  answer: Record<string, unknown> | undefined
}

async function entryOf(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, recorded: Recorded): Promise<AuditEntry> {
  const { audit } = recorded
  const caller = await authenticate(request, ctx)
  const createdAt = ctx.now()
  const address = ctx.clientAddress(request, info)
  return {
    id: auditEntryId(createdAt),
    environmentId: caller.environmentId,
    createdAt,
    // Empty for an editor token the library minted: no key did it.
    apiKeyId: caller.apiKeyId || null,
    apiKeyLabel: caller.apiKeyLabel,
    action: typeof audit.action === 'function' ? audit.action(request) : audit.action,
    method: recorded.method,
    route: recorded.path,
    resourceType: audit.resourceType,
    resourceId: resourceIdOf(request, audit, recorded.answer),
    status: recorded.status,
    summary: await summaryOf(request, recorded),
    address: address === 'unknown' ? null : address,
    requestId: requestIdOf(request),
  }
}

function resourceIdOf(request: IRequest, audit: RouteAudit, answer: Record<string, unknown> | undefined): string | null {
  const where = audit.resourceId
  if (where === undefined) return null
  if (where === 'answer') return typeof answer?.id === 'string' ? answer.id : null
  if ('answer' in where) {
    const member = answer?.[where.answer] as { id?: unknown } | undefined
    return typeof member?.id === 'string' ? member.id : null
  }
  if ('param' in where) return param(request, where.param)
  const value = request.query[where.query]
  return typeof value === 'string' ? value : null
}

/**
 * Names and numbers only: the body's top-level fields that the route's schema knows (a field a client made up
 * could itself be personal data), the lengths of its arrays, the known query parameters given, and for a tally
 * the answer's numbers. Never a value of the body.
 */
async function summaryOf(request: IRequest, recorded: Recorded): Promise<AuditSummary> {
  const summary: AuditSummary = {}
  const body = recorded.fields.size > 0 ? await keptBody(request)?.catch(() => undefined) : undefined
  if (body) {
    const given = Object.keys(body)
      .filter((name) => recorded.fields.has(name))
      .sort()
    if (given.length > 0) summary.fields = given
    const counts = Object.fromEntries(
      given.filter((name) => Array.isArray(body[name])).map((name) => [name, (body[name] as unknown[]).length]),
    )
    if (Object.keys(counts).length > 0) summary.counts = counts
  }
  const query = Object.keys(request.query ?? {})
    .filter((name) => recorded.queryNames.has(name))
    .sort()
  if (query.length > 0) summary.query = query
  if (recorded.audit.result && recorded.answer) {
    const numbers = Object.entries(recorded.answer).filter(([, value]) => typeof value === 'number' && Number.isFinite(value))
    if (numbers.length > 0) summary.result = Object.fromEntries(numbers) as Record<string, number>
  }
  return summary
}

/** The answer's `data` object, read from a copy (the client gets the answer untouched). */
async function answerData(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!response.headers.get('content-type')?.startsWith('application/json')) return undefined
  const body = (await response.clone().json()) as { data?: unknown }
  const data = body?.data
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined
}

/** The request id `fetch` gave the request (`x-request-id`). */
function requestIdOf(request: IRequest): string | null {
  return typeof request.requestId === 'string' ? request.requestId : null
}

/**
 * For a write route without `audit`: the action from the method, the record from the path's last literal
 * segment and last parameter. The route-table test requires an explicit `audit` on every write route; this
 * only keeps a route added without one from going unrecorded.
 */
function derivedAudit(method: HttpMethod, path: string): RouteAudit {
  const segments = path.split('/').filter(Boolean)
  const literal = [...segments].reverse().find((segment) => !segment.startsWith(':')) ?? 'unknown'
  const last = segments[segments.length - 1] ?? ''
  const action: AuditAction = method === 'POST' ? 'create' : method === 'PUT' || method === 'PATCH' ? 'update' : 'delete'
  return {
    action,
    resourceType: literal,
    ...(last.startsWith(':') ? { resourceId: { param: last.slice(1) } } : method === 'POST' ? { resourceId: 'answer' as const } : {}),
  }
}

/** The top-level field names an object schema knows, through unions, pipes and wrappers. */
export function schemaFields(schema: unknown, depth = 0): string[] {
  if (schema === null || typeof schema !== 'object' || depth > 5) return []
  const s = schema as { entries?: object; options?: unknown; wrapped?: unknown; pipe?: unknown }
  if (s.entries !== undefined) return Object.keys(s.entries)
  if (Array.isArray(s.options)) return [...new Set(s.options.flatMap((option) => schemaFields(option, depth + 1)))]
  if (s.wrapped !== undefined) return schemaFields(s.wrapped, depth + 1)
  if (Array.isArray(s.pipe) && s.pipe[0] !== schema) return schemaFields(s.pipe[0], depth + 1)
  return []
}
