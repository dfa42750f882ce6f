import * as v from 'valibot'
import type { BodyHandler, RouteTable } from '../../http/route-table'
import { authenticate } from '../../auth/authenticate'
import { checkNamedEnvironment } from '../../domain/named-environment'
import { consoleMinter, mintEditorToken } from '../../domain/editor-token-mint'
import { MAX_EDITOR_GRANT_ID_LENGTH, MAX_EDITOR_TOKEN_SECONDS } from '../../domain/editor-tokens'
import { unauthorized } from '../../errors'
import { ok } from '../../http/respond'
import { dataOf } from '../../schemas/answers'
import { strictObject } from '../../schemas/strict-object'

/**
 * `POST /api/v1/management/editor-tokens` (docs/editor.md#editor-tokens): the app's server trades its key for
 * a short-lived token the survey editor sends as `Authorization: Bearer` to the v3 survey routes of the key's
 * workspace, so that the browser never holds the key.
 */
export function registerEditorTokenRoutes(routes: RouteTable): void {
  routes.post('/api/v1/management/editor-tokens', mint, {
    audit: { action: 'sign', resourceType: 'editorToken' },
    summary: "A token for the survey editor: the v3 survey routes of the key's workspace (or one survey), for at most 12 hours",
    description:
      "`workspaceId` is the key's project or environment (another is a 401 `unauthorized`); `surveyId` binds the token to " +
      "that survey of it (404 when there is none, 401 when it is another environment's); `expiresIn` is in seconds, 1 to " +
      `${MAX_EDITOR_TOKEN_SECONDS} (default 3600). The token works until \`expiresAt\`, until the key is revoked or until the ` +
      "server secret changes. Minted in a console session (an owner's), it is that person's: it works only while their role " +
      'allows each route it is used on, and stops when they are removed. See docs/editor.md, "Editor tokens".',
    auth: 'apiKey',
    body: mintBody,
    answer: dataOf(mintAnswer),
  })
}

const id = (name: string) =>
  v.pipe(v.string(`${name} must be a string`), v.minLength(1, `${name} must not be empty`), v.maxLength(MAX_EDITOR_GRANT_ID_LENGTH))

const mintBody = strictObject({
  workspaceId: id('workspaceId'),
  surveyId: v.optional(id('surveyId')),
  expiresIn: v.optional(
    v.pipe(
      v.number('Must be a number of seconds'),
      v.integer('Must be a whole number of seconds'),
      v.minValue(1, 'Must be at least 1'),
      v.maxValue(MAX_EDITOR_TOKEN_SECONDS, `Must be at most ${MAX_EDITOR_TOKEN_SECONDS} (12 hours)`),
    ),
  ),
})

const mintAnswer = v.object({ token: v.string(), expiresAt: v.string() })

const mint: BodyHandler<typeof mintBody> = async (request, ctx, _info, body) => {
  const caller = await authenticate(request, ctx)
  // A console caller has no key: its token is bound to its person instead, whose role it follows.
  const minter = caller.console ? consoleMinter(ctx, caller.console) : { apiKeyId: caller.apiKeyId }
  const { workspaceId, surveyId, expiresIn } = await body()
  await checkNamedEnvironment(ctx, caller.environmentId, { workspaceId }, unauthorized)
  const { token, expiresAt } = await mintEditorToken(ctx, caller.environmentId, minter, surveyId, expiresIn)
  return ok({ token, expiresAt: expiresAt.toISOString() })
}
