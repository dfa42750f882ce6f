import type { IRequest } from 'itty-router'
import type { CanvassContext } from '../context'
import { CanvassError, notAuthenticated } from '../errors'
import type { Caller } from './auth'

/**
 * What an editor token may do on a route (`RouteDoc.editorToken`; docs/editor.md#editor-tokens):
 * - `workspace`: any token of the route's workspace; a token bound to one survey only where the route writes
 *   nothing (`readOnly`: validate, preview), since a list would show other surveys and a create makes one.
 * - `survey`: a route of one survey (`:surveyId`): a token bound to a survey only for that survey.
 * A route without it refuses every editor token with its own 401.
 */
export type EditorTokenScope = 'workspace' | 'survey'

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
 * The caller of a request that came with an editor token: the token's environment and the key that minted it.
 * A 401 (`not_authenticated`, as for a bad key) when the route takes no editor token, when the token came in
 * `x-api-key` rather than `Authorization: Bearer`, when it is forged, expired or signed with another secret, and
 * when the key that minted it is revoked (one read of the environment's keys). A 403 (`forbidden`, as a
 * resource outside the key's environment gets) when a token bound to one survey asks for another, or for a
 * route of the workspace that it may not use. The workspace the request names is the route's to check, as for a key.
 */
export async function editorCaller(request: IRequest, ctx: CanvassContext, token: string): Promise<Caller> {
  const route = routeGrants.get(request)
  if (!route || request.headers.has('x-api-key')) throw notAuthenticated()
  const grant = ctx.editorTokens.grantOf(token, ctx.now())
  if (!grant) throw notAuthenticated()
  let label: string | null = null
  if (grant.apiKeyId !== null) {
    const minter = (await ctx.storage.apiKeys.list(grant.environmentId)).find((key) => key.id === grant.apiKeyId)
    if (!minter || minter.revokedAt) throw notAuthenticated()
    label = minter.label
  }
  if (grant.surveyId !== null) {
    const allowed = route.scope === 'survey' ? request.params?.surveyId === grant.surveyId : route.readOnly
    if (!allowed) throw new CanvassError('forbidden', 'You are not authorized to access this resource')
  }
  return {
    environmentId: grant.environmentId,
    apiKeyId: grant.apiKeyId ?? '',
    apiKeyLabel: label === null ? 'editor token' : `editor token of ${label}`,
    editor: { surveyId: grant.surveyId },
  }
}
