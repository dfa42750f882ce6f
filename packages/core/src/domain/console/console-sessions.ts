/**
 * What owners and people see and end of the accounts mode's sessions (docs/console-accounts.md, "Sessions and
 * cookies"), and the audit entries of an account's sign-ins, sign-outs and ended sessions. A session is an
 * account's and opens every project of the account, so its events go to the log of each of those projects.
 */
import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../../context'
import { param } from '../../context'
import { authenticate } from '../../auth/authenticate'
import { CanvassError, notAuthenticated } from '../../errors'
import type { ConsolePersonRecord, ConsoleSessionRecord, Storage } from '../../ports/storage/index'
import { auditEntryId } from './audit-log'
import { accountStore } from './console-accounts'

/** The most sessions a list shows: the most recently used. */
export const SESSION_LIST_LIMIT = 100

/** What lists show of a session: never its hash or token. `current` is the session of the request itself. */
export function sessionOutput(session: ConsoleSessionRecord, currentHash: string | undefined) {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    userAgent: session.userAgent,
    address: session.address,
    method: session.method,
    current: currentHash !== undefined && session.hash === currentHash,
  }
}

/**
 * The projects of `memberships` that `owned` does not hold: an owner may end a person's sessions only when
 * this is empty, as a session opens every project of the account.
 */
export function projectsBeyond(memberships: readonly ConsolePersonRecord[], owned: ReadonlySet<string>): string[] {
  return memberships.filter((membership) => !owned.has(membership.projectId)).map((membership) => membership.projectId)
}

/** An account-level event of the audit log: a sign-in, a sign-out, a session ended. */
export interface AccountEvent {
  accountId: string
  action: 'signin' | 'signout' | 'delete'
  /** The session's public id (never its token or hash), or null for all of an account's sessions. */
  sessionId: string | null
  /** Who did it, as the log's `apiKeyLabel` says: `console: <email>`, or a key's label. */
  label: string
  /** The client address (as the rate limits read it), or null when unknown. */
  address: string | null
  method: string
  route: string
  status: number
  requestId: string | null
  /** An environment that has the entry already (the route's own audit wrote it there). */
  except?: string
}

/**
 * Appends `event` to the audit log of the production environment of each project the account belongs to (the
 * log is per environment; a session is the account's). A failed append is reported as route audits are, and
 * fails nothing. `resourceType` is `consoleSession`.
 */
export async function appendAccountEvent(
  ctx: Pick<CanvassContext, 'storage' | 'now' | 'auditFailed'>,
  event: AccountEvent,
  memberships?: readonly ConsolePersonRecord[],
): Promise<void> {
  try {
    const ofAccount = memberships ?? (await accountStore(ctx.storage).listMemberships(event.accountId))
    const environments = await productionEnvironments(ctx.storage, ofAccount)
    const createdAt = ctx.now()
    for (const environmentId of environments) {
      if (environmentId === event.except) continue
      await ctx.storage.auditLog.append({
        id: auditEntryId(createdAt),
        environmentId,
        createdAt,
        apiKeyId: null,
        apiKeyLabel: event.label,
        action: event.action,
        method: event.method,
        route: event.route,
        resourceType: 'consoleSession',
        resourceId: event.sessionId,
        status: event.status,
        summary: {},
        address: event.address,
        requestId: event.requestId,
      })
    }
  } catch (error) {
    ctx.auditFailed({ route: event.route, method: event.method, requestId: event.requestId, error })
  }
}

async function productionEnvironments(storage: Pick<Storage, 'projects'>, memberships: readonly ConsolePersonRecord[]): Promise<string[]> {
  const projects = new Set(memberships.map((membership) => membership.projectId))
  if (projects.size === 0) return []
  return (await storage.projects.list())
    .filter((project) => projects.has(project.projectId))
    .map((project) => project.environments.production)
}

/** The address for a session or an entry: null for the `unknown` a request without one gets. */
export const knownAddress = (address: string): string | null => (address === 'unknown' || address === '' ? null : address.slice(0, 100))

/**
 * The person of the path (`:consolePersonId`, a membership of the caller's project) for an owner's session
 * routes, and the projects the caller owns: an owner in the console, the projects of their account where they
 * are an owner; a production key, its own project. A development key is refused as on every people route
 * (docs/console-accounts.md, "Managing people"); a person of another project is not found.
 */
export async function sessionsTarget(request: IRequest, ctx: CanvassContext): Promise<{ person: ConsolePersonRecord; owned: Set<string> }> {
  const caller = await authenticate(request, ctx)
  const store = accountStore(ctx.storage)
  let projectId: string
  let owned: Set<string>
  if (caller.console) {
    projectId = caller.console.projectId
    const me = caller.console.personId ? await store.getPerson(caller.console.personId) : null
    const mine = me ? await store.listMemberships(me.accountId) : []
    owned = new Set(mine.filter((membership) => membership.role === 'owner').map((membership) => membership.projectId))
    owned.add(projectId)
  } else {
    const environment = await ctx.storage.environments.get(caller.environmentId)
    if (!environment) throw notAuthenticated()
    if (environment.type !== 'production') {
      throw new CanvassError(
        'forbidden',
        "The console's people are managed with a production API key or an owner's console session, not a development key",
        { details: { environment: environment.type } },
      )
    }
    projectId = environment.projectId
    owned = new Set([projectId])
  }
  const personId = param(request, 'consolePersonId')
  const person = await store.getPerson(personId)
  if (!person || person.projectId !== projectId) {
    throw new CanvassError('not_found', 'Person not found', { details: { resource_id: personId, resource_type: 'Console Person' } })
  }
  return { person, owned }
}
