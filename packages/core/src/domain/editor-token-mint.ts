import type { CanvassContext } from '../context'
import { CanvassError, notFound, unauthorized, validationError } from '../errors'
import type { Caller } from '../auth/authenticate'
import { appendAuditEntry } from './audit-log'
import type { EditorGrant, EditorTokenPerson } from './editor-tokens'
import { DEFAULT_EDITOR_TOKEN_SECONDS, MAX_EDITOR_GRANT_ID_LENGTH, MAX_EDITOR_TOKEN_SECONDS } from './editor-tokens'

/** What `canvass.editorToken` takes, as the body of `POST /api/v1/management/editor-tokens`. */
export interface EditorTokenOptions {
  /** The project (the reference's workspace) or environment the token opens. */
  workspaceId: string
  /** The one survey of it the token opens; every survey of the workspace when omitted. */
  surveyId?: string
  /**
   * Seconds the token lives, a whole number from 1 to 43200 (12 hours).
   * @default 3600
   */
  expiresIn?: number
}

/** Who mints a token: a key (its id), a console session's person, or the library (neither). */
export type EditorTokenMinter = { apiKeyId: string } | { person: EditorTokenPerson } | 'library'

/**
 * A token for `environmentId` (already the caller's), after checking the survey is one of it (404 when there is
 * no such survey, 401 `unauthorized` when it is another environment's, as `ownedSurvey` answers) and the
 * lifetime; bound to the key or console person that mints it.
 */
export async function mintEditorToken(
  ctx: CanvassContext,
  environmentId: string,
  minter: EditorTokenMinter,
  surveyId: string | undefined,
  expiresIn: number | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const seconds = expiresIn ?? DEFAULT_EDITOR_TOKEN_SECONDS
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EDITOR_TOKEN_SECONDS) {
    throw validationError({ expiresIn: `Must be a whole number of seconds from 1 to ${MAX_EDITOR_TOKEN_SECONDS}` })
  }
  if (surveyId !== undefined) {
    const survey = surveyId.length <= MAX_EDITOR_GRANT_ID_LENGTH ? await ctx.storage.surveys.get(surveyId) : null
    if (!survey) throw notFound('Survey', surveyId.slice(0, MAX_EDITOR_GRANT_ID_LENGTH))
    if (survey.environmentId !== environmentId) throw unauthorized()
  }
  const grant: EditorGrant = {
    environmentId,
    surveyId: surveyId ?? null,
    apiKeyId: minter !== 'library' && 'apiKeyId' in minter ? minter.apiKeyId : null,
    ...(minter !== 'library' && 'person' in minter ? { person: minter.person } : {}),
  }
  // Only a host's person can be too long to carry (ids and a name of any length); a key's grant always fits.
  if (!ctx.editorTokens.fits(grant)) {
    throw new CanvassError('forbidden', 'Your id and name in the console are too long to carry in an editor token')
  }
  return ctx.editorTokens.issue(grant, ctx.now(), seconds)
}

/**
 * The person a console caller mints a token for, after checking that the console can follow them: a 403 for a
 * session without a person (nobody to follow) and for a library host without `console.roleOf` (Canvass cannot
 * ask the host for their role later), which mints tokens itself with `canvass.editorToken`.
 */
export function consoleMinter(ctx: CanvassContext, caller: NonNullable<Caller['console']>): EditorTokenMinter {
  if (caller.personId === null || caller.personName === null) {
    throw new CanvassError(
      'forbidden',
      'A console session without a person cannot mint editor tokens: the host mints them with canvass.editorToken',
    )
  }
  if (!ctx.consolePerson) {
    throw new CanvassError(
      'forbidden',
      "This console cannot follow a person's role once a token is minted, so its sessions mint no editor tokens: the host mints them with canvass.editorToken, or gives console.roleOf",
    )
  }
  return { person: { projectId: caller.projectId, id: caller.personId, name: caller.personName } }
}

/**
 * `canvass.editorToken`: the host is trusted, so no key; the workspace is a project (its production
 * environment) or an environment. Written to the audit log as an admin action is, without a key.
 */
export async function mintEditorTokenForLibrary(
  ctx: CanvassContext,
  options: EditorTokenOptions,
): Promise<{ token: string; expiresAt: Date }> {
  const { workspaceId, surveyId, expiresIn } = options
  const environmentId = workspaceId.length <= MAX_EDITOR_GRANT_ID_LENGTH ? await ctx.storage.environments.resolve(workspaceId) : null
  if (environmentId === null) throw notFound('Environment', workspaceId.slice(0, MAX_EDITOR_GRANT_ID_LENGTH))
  const minted = await mintEditorToken(ctx, environmentId, 'library', surveyId, expiresIn)
  const fields = Object.keys(options)
    .filter((name) => ['workspaceId', 'surveyId', 'expiresIn'].includes(name))
    .sort()
  await appendAuditEntry(ctx.storage, { environmentId, action: 'sign', resourceType: 'editorToken', summary: { fields } }, ctx.now()).catch(
    (error: unknown) => ctx.auditFailed({ route: 'library: sign editorToken', method: 'LIBRARY', requestId: null, error }),
  )
  return minted
}
