import * as v from 'valibot'
import type { IRequest } from 'itty-router'
import type { CanvassContext, ConnectionInfo } from '../context'
import { param } from '../context'
import type { ConsoleAccountSettings } from '../domain/console/console-accounts'
import { accountStore, consoleCookies, consoleTokenHash, cookieOf, idleCutoff, isConsoleToken } from '../domain/console/console-accounts'
import {
  SESSION_LIST_LIMIT,
  appendAccountEvent,
  knownAddress,
  projectsBeyond,
  sessionOutput,
  sessionsTarget,
} from '../domain/console/console-sessions'
import { authenticate } from '../auth/authenticate'
import { recordedRoute } from '../auth/console-auth'
import { CanvassError } from '../errors'
import { requestIdOf } from '../http/problem'
import { ok } from '../http/respond'
import type { RouteTable } from '../http/route-table'
import type { ConsolePersonRecord } from '../ports/storage'

/** What the session routes need of the accounts mode's wiring: the idle timeout. */
interface ConsoleAccountsWiring {
  settings: Pick<ConsoleAccountSettings, 'idleTimeoutSeconds'>
}

const sessionAnswer = v.object({
  id: v.string(),
  createdAt: v.string(),
  lastSeenAt: v.string(),
  expiresAt: v.string(),
  userAgent: v.nullable(v.string()),
  address: v.nullable(v.string()),
  method: v.nullable(v.string()),
  current: v.boolean(),
})
const endedAnswer = v.object({ ended: v.number() })

/**
 * A person's sessions for owners (`/api/v1/console/people/:id/sessions…`) and one's own
 * (`/api/v1/console/me/sessions…`), docs/console-accounts.md "Sessions and cookies". A session is the
 * account's and opens each of its projects: an owner lists the sessions of a person of their project, and ends
 * them only when they own every project of the person.
 */
export function registerConsoleSessionRoutes(routes: RouteTable, wiring: ConsoleAccountsWiring): void {
  const base = { auth: 'apiKey', requires: 'console' } as const
  const audit = { action: 'delete', resourceType: 'consoleSession' } as const
  routes.get('/api/v1/console/people/:consolePersonId/sessions', (request, ctx) => listPersonSessions(request, ctx, wiring), {
    summary: "A person's active sessions (their account's, which open each of its projects): never a token or hash",
    ...base,
    answer: v.object({ data: v.array(sessionAnswer) }),
    errors: [403],
  })
  routes.delete(
    '/api/v1/console/people/:consolePersonId/sessions/:consoleSessionId',
    (request, ctx, info) => endPersonSessions(request, ctx, info, 'one'),
    {
      summary: "Ends one of a person's sessions (only when the caller owns every project the person belongs to)",
      ...base,
      answer: v.object({ data: endedAnswer }),
      errors: [403],
      audit: { ...audit, resourceId: { param: 'consoleSessionId' }, result: true },
    },
  )
  routes.delete('/api/v1/console/people/:consolePersonId/sessions', (request, ctx, info) => endPersonSessions(request, ctx, info, 'all'), {
    summary: "Ends all of a person's sessions (only when the caller owns every project the person belongs to)",
    ...base,
    answer: v.object({ data: endedAnswer }),
    errors: [403],
    audit: { ...audit, result: true },
  })
  routes.get('/api/v1/console/me/sessions', (request, ctx) => listOwnSessions(request, ctx, wiring), {
    summary: 'The active sessions of the signed-in person (any role); `current` is this one',
    ...base,
    answer: v.object({ data: v.array(sessionAnswer) }),
    errors: [403],
  })
  routes.delete('/api/v1/console/me/sessions/:consoleSessionId', (request, ctx, info) => endOwnSessions(request, ctx, info, 'one'), {
    summary: 'Ends one of the signed-in person’s sessions (this one too, which signs out)',
    ...base,
    answer: v.object({ data: endedAnswer }),
    errors: [403],
    audit: { ...audit, resourceId: { param: 'consoleSessionId' }, result: true },
  })
  routes.delete('/api/v1/console/me/sessions', (request, ctx, info) => endOwnSessions(request, ctx, info, 'others'), {
    summary: 'Ends every other session of the signed-in person (this one stays)',
    ...base,
    answer: v.object({ data: endedAnswer }),
    errors: [403],
    audit: { ...audit, result: true },
  })
}

const sessionNotFound = (id: string) =>
  new CanvassError('not_found', 'Session not found', { details: { resource_id: id, resource_type: 'Console Session' } })

/** The hash of the request's own session cookie, to mark it `current`; undefined without one. */
function currentHash(request: Request, ctx: CanvassContext): string | undefined {
  const token = cookieOf(request, consoleCookies(request, ctx).session)
  return token !== undefined && isConsoleToken(token) ? consoleTokenHash(token) : undefined
}

async function listPersonSessions(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  const { person } = await sessionsTarget(request, ctx)
  return ok(await sessionsOf(request, ctx, wiring, person.accountId))
}

async function sessionsOf(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring, accountId: string) {
  const now = ctx.now()
  const sessions = await accountStore(ctx.storage).listSessions(accountId, now, idleCutoff(now, wiring.settings), SESSION_LIST_LIMIT)
  const current = currentHash(request, ctx)
  return sessions.map((session) => sessionOutput(session, current))
}

async function endPersonSessions(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, which: 'one' | 'all'): Promise<Response> {
  const { person, owned } = await sessionsTarget(request, ctx)
  const memberships = await accountStore(ctx.storage).listMemberships(person.accountId)
  const beyond = projectsBeyond(memberships, owned)
  if (beyond.length > 0) {
    throw new CanvassError(
      'forbidden',
      'This person also works in projects you do not own, and a session opens all of them: an owner of every one of their projects, or the person themselves, can end it',
      { details: { projects: 'not all yours' } },
    )
  }
  return ok({ ended: await endSessions(request, ctx, info, { accountId: person.accountId, memberships, which }) })
}

async function listOwnSessions(request: IRequest, ctx: CanvassContext, wiring: ConsoleAccountsWiring): Promise<Response> {
  const me = await signedInPerson(request, ctx)
  return ok(await sessionsOf(request, ctx, wiring, me.accountId))
}

async function endOwnSessions(request: IRequest, ctx: CanvassContext, info: ConnectionInfo, which: 'one' | 'others'): Promise<Response> {
  const me = await signedInPerson(request, ctx)
  const memberships = await accountStore(ctx.storage).listMemberships(me.accountId)
  return ok({ ended: await endSessions(request, ctx, info, { accountId: me.accountId, memberships, which }) })
}

/** The person a console session signed in (a membership of the project the request works in); a key has no sessions. */
async function signedInPerson(request: IRequest, ctx: CanvassContext): Promise<ConsolePersonRecord> {
  const caller = await authenticate(request, ctx)
  const personId = caller.console?.personId
  const person = personId ? await accountStore(ctx.storage).getPerson(personId) : null
  if (!person) throw new CanvassError('forbidden', 'Only a person signed in to the console has sessions; an API key has none')
  return person
}

/**
 * Ends the sessions `which` names (one by the path's id, all, or all but the request's own) and writes the
 * ending to the log of each project of the account besides the environment the route's audit writes to.
 */
async function endSessions(
  request: IRequest,
  ctx: CanvassContext,
  info: ConnectionInfo,
  target: { accountId: string; memberships: readonly ConsolePersonRecord[]; which: 'one' | 'all' | 'others' },
): Promise<number> {
  const store = accountStore(ctx.storage)
  const caller = await authenticate(request, ctx)
  let sessionId: string | null = null
  let ended = 0
  if (target.which === 'one') {
    sessionId = param(request, 'consoleSessionId')
    if (!(await store.deleteSessionById(target.accountId, sessionId))) throw sessionNotFound(sessionId)
    ended = 1
  } else if (target.which === 'all') {
    ended = await store.deleteAccountSessions(target.accountId)
  } else {
    ended = await store.deleteAccountSessions(target.accountId, currentHash(request, ctx))
  }
  await appendAccountEvent(
    ctx,
    {
      accountId: target.accountId,
      action: 'delete',
      sessionId,
      label: caller.apiKeyLabel ?? 'console',
      address: knownAddress(ctx.clientAddress(request, info)),
      method: 'DELETE',
      route: recordedRoute(request)?.path ?? new URL(request.url).pathname,
      status: 200,
      requestId: requestIdOf(request) || null,
      except: caller.environmentId,
    },
    target.memberships,
  )
  return ended
}
