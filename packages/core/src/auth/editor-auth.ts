import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import { CanvassError, notAuthenticated } from '../errors'
import type { Caller, EditorTokenScope } from './caller'
import { roleAtLeast } from '../domain/console-accounts'
import type { EditorTokenPerson } from '../domain/editor-tokens'
import { recordedRoute } from './console-auth'
import { consoleRoleNeeded, roleRefusal } from './console-roles'

interface RouteGrant {
  scope: EditorTokenScope
  readOnly: boolean
}

const routeGrants = new WeakMap<Request, RouteGrant>()

/** Marks `request` as one of a route that takes editor tokens (the route table calls it before the handler). */
export function allowEditorTokens(request: Request, scope: EditorTokenScope, readOnly: boolean): void {
  routeGrants.set(request, { scope, readOnly })
}

/**
 * The caller of a request that came with an editor token: the token's environment and the key or console person
 * that minted it. A 401 (`not_authenticated`, as for a bad key) when the route takes no editor token, when the
 * token came in `x-api-key` rather than `Authorization: Bearer`, when it is forged, expired or signed with another
 * secret, when the key that minted it is revoked (one read of the environment's keys), and when the console's
 * person who minted it is no longer one of the project's people. A 403 (`forbidden`, as a resource outside the
 * key's environment gets) when that person's role now does not allow the route (`consoleRoleNeeded`, as for their
 * session), when a token bound to one survey asks for another, or for a route of the workspace that it may not
 * use. The workspace the request names is the route's to check, as for a key.
 */
export async function editorCaller(request: IRequest, ctx: CanvassContext, token: string): Promise<Caller> {
  const route = routeGrants.get(request)
  if (!route || request.headers.has('x-api-key')) throw notAuthenticated()
  const grant = ctx.editorTokens.grantOf(token, ctx.now())
  if (!grant) throw notAuthenticated()
  let label = 'editor token'
  if (grant.apiKeyId !== null) {
    const minter = (await ctx.storage.apiKeys.list(grant.environmentId)).find((key) => key.id === grant.apiKeyId)
    if (!minter || minter.revokedAt) throw notAuthenticated()
    label = `editor token of ${minter.label}`
  }
  if (grant.person) label = `editor token of console: ${await personNow(request, ctx, grant.person)}`
  if (grant.surveyId !== null) {
    const allowed = route.scope === 'survey' ? request.params?.surveyId === grant.surveyId : route.readOnly
    if (!allowed) throw new CanvassError('forbidden', 'You are not authorized to access this resource')
  }
  return {
    environmentId: grant.environmentId,
    apiKeyId: grant.apiKeyId ?? '',
    apiKeyLabel: label,
    editor: { surveyId: grant.surveyId },
  }
}

/**
 * The name of the console's person who minted a token, once their role now is found to allow the request's route:
 * 401 when they are no person of the project any more (or the console can no longer say), 403 for a role below
 * the route's.
 */
async function personNow(request: IRequest, ctx: CanvassContext, person: EditorTokenPerson): Promise<string> {
  const found = ctx.consolePerson ? await ctx.consolePerson(person) : null
  const route = recordedRoute(request)
  if (!found || !route) throw notAuthenticated()
  const needed = consoleRoleNeeded(route.method, route.path)
  if (!roleAtLeast(found.role, needed)) throw roleRefusal(found.role, needed)
  return found.name
}
