import type { CanvassContext } from '../context'
import { notFound, unauthorized, validationError } from '../errors'
import { appendAuditEntry } from './audit-log'
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

/**
 * A token for `environmentId` (already the caller's), after checking the survey is one of it (404 when there is
 * no such survey, 401 `unauthorized` when it is another environment's, as `ownedSurvey` answers) and the
 * lifetime; `apiKeyId` is the minting key, null for the library.
 */
export async function mintEditorToken(
  ctx: CanvassContext,
  environmentId: string,
  apiKeyId: string | null,
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
  return ctx.editorTokens.issue({ environmentId, surveyId: surveyId ?? null, apiKeyId }, ctx.now(), seconds)
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
  const minted = await mintEditorToken(ctx, environmentId, null, surveyId, expiresIn)
  const fields = Object.keys(options)
    .filter((name) => ['workspaceId', 'surveyId', 'expiresIn'].includes(name))
    .sort()
  await appendAuditEntry(ctx.storage, { environmentId, action: 'sign', resourceType: 'editorToken', summary: { fields } }, ctx.now()).catch(
    (error: unknown) => ctx.auditFailed({ route: 'library: sign editorToken', method: 'LIBRARY', requestId: null, error }),
  )
  return minted
}
