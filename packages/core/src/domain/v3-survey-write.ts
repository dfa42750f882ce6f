import type * as v from 'valibot'
import type { CanvassContext } from '../context'
import { CanvassError } from '../errors'
import type { InvalidParam } from '../http/problem'
import { checkWorkspace, v3BadRequest, v3Unprocessable, workspaceOf } from '../http/v3'
import type { SurveyRecord } from '../ports/storage'
import type { v3SurveyCreateSchema, v3SurveyPatchSchema } from '../schemas/v3'
import { resolveSurveyTriggers } from './survey-triggers'
import { V3_DEFAULT_LANGUAGE, V3_KEY_VISIBILITY, v1BodyOf, v3Languages } from './v3-survey'

/**
 * The rules a v3 survey create or patch meets before it is written, owned here so that the routes that write
 * (`POST /api/v3/surveys`, `PATCH /api/v3/surveys/{id}`) and `POST /api/v3/surveys/validate` apply the same
 * ones (docs/api.md, "Validating a v3 survey"). Each takes the document as `parseV3Body` parsed it and
 * answers the body of the v1 survey write it becomes, or throws the v3 problem the write answers
 * (400 `unsupported_field`, 403, 422).
 */
export interface V3SurveyWrite {
  /** A body of the v1 survey routes (`surveyCreateSchema`), triggers resolved. */
  body: Record<string, unknown>
  /** The document's `metadata`, which the v1 body does not carry. */
  metadata: Record<string, unknown> | undefined
}

/** A v3 create document of the key's environment as the v1 body it writes. */
export async function v3SurveyCreateWrite(
  ctx: CanvassContext,
  environmentId: string,
  document: v.InferOutput<typeof v3SurveyCreateSchema>,
): Promise<V3SurveyWrite> {
  await checkWorkspace(ctx, environmentId, document.workspaceId)
  const type = document.type ?? 'link'
  appOnly(type, document)
  noSurveyCss(document)
  const defaultLanguage = document.defaultLanguage ?? V3_DEFAULT_LANGUAGE
  const { body, problems } = v1BodyOf(document, defaultLanguage, ctx.newId)
  if (problems.length > 0) throw v3Unprocessable('Survey document failed validation', problems)
  body.type = type
  body.hiddenFields ??= { enabled: false, fieldIds: [] }
  await checkTriggers(ctx, environmentId, body)
  return apart(body)
}

/** A v3 patch of `stored` (a survey of the key's environment) as the v1 body it writes. */
export async function v3SurveyPatchWrite(
  ctx: CanvassContext,
  environmentId: string,
  stored: SurveyRecord,
  patch: v.InferOutput<typeof v3SurveyPatchSchema>,
): Promise<V3SurveyWrite> {
  appOnly(stored.type, patch)
  noSurveyCss(patch)
  visibilityEchoed(patch)
  const { defaultLanguage, languages } = v3Languages(stored.languages)
  // The workspace is read only when the patch echoes it.
  const workspaceId = patch.workspaceId === undefined ? undefined : await workspaceOf(ctx, environmentId)
  serverOwnedEchoed(patch, stored, workspaceId, defaultLanguage, languages)
  // What remains of the echoes once they are verified is nothing to write; `updatedAt` is the route's precondition.
  const {
    id: _id,
    workspaceId: _workspace,
    type: _type,
    defaultLanguage: _default,
    createdAt: _created,
    updatedAt: _updated,
    archivedAt: _archived,
    ...document
  } = patch
  const { body, problems } = v1BodyOf(
    document,
    defaultLanguage,
    ctx.newId,
    languages.map((language) => language.code),
  )
  if (problems.length > 0) throw v3Unprocessable('Survey document failed validation', problems)
  await checkTriggers(ctx, environmentId, body)
  return apart(body)
}

/**
 * `visibility`, `owner` and `access` are taken only as GET answers them (docs/api.md, "Survey visibility in v3");
 * any other value is a 422 `unsupported_field`: visibility is changed by its own route.
 */
function visibilityEchoed(patch: { visibility?: unknown; owner?: unknown; access?: unknown }): void {
  const changed = (['visibility', 'owner', 'access'] as const).filter(
    (field) => patch[field] !== undefined && canonical(patch[field]) !== canonical(V3_KEY_VISIBILITY[field]),
  )
  if (changed.length > 0) {
    throw v3Unprocessable(
      'Survey document failed validation',
      changed.map((name) => ({
        name,
        reason: 'Read-only: send the value GET answered; change visibility with POST /api/v3/surveys/{surveyId}/visibility',
        code: 'unsupported_field',
      })),
    )
  }
}

/**
 * The server-owned fields a GET answers (`id`, `workspaceId`, `type`, `createdAt`, `archivedAt`,
 * `defaultLanguage`, `languages[].alias`) are taken back as GET answered them, so that a fetched survey can be
 * sent straight back (docs/api.md, "Surveys in v3"); a changed one is a 422 `read_only_field` with the value
 * sent as its `identifier`. Times compare as instants.
 */
function serverOwnedEchoed(
  patch: v.InferOutput<typeof v3SurveyPatchSchema>,
  stored: SurveyRecord,
  workspaceId: string | undefined,
  defaultLanguage: string,
  languages: ReadonlyArray<{ code: string; alias: string | null }>,
): void {
  const problems: InvalidParam[] = []
  const readOnly = (name: string, sent: unknown, same: boolean) => {
    if (sent !== undefined && !same)
      problems.push({
        name,
        reason: 'Read-only: send the value GET answered, or leave it out',
        code: 'read_only_field',
        identifier: String(sent),
      })
  }
  const sameInstant = (sent: string | null | undefined, current: Date | null) =>
    sent === null || sent === undefined ? current === null : current !== null && new Date(sent).getTime() === current.getTime()
  readOnly('id', patch.id, patch.id === stored.id)
  readOnly('workspaceId', patch.workspaceId, patch.workspaceId === workspaceId)
  readOnly('type', patch.type, patch.type === stored.type)
  readOnly('defaultLanguage', patch.defaultLanguage, patch.defaultLanguage === defaultLanguage)
  readOnly('createdAt', patch.createdAt, sameInstant(patch.createdAt, stored.createdAt))
  if (patch.archivedAt !== undefined)
    readOnly('archivedAt', String(patch.archivedAt), sameInstant(patch.archivedAt, stored.archivedAt ?? null))
  const aliases = new Map(languages.map((language) => [language.code, language.alias]))
  patch.languages?.forEach((language, index) => {
    if (language.alias === undefined) return
    readOnly(`languages.${index}.alias`, String(language.alias), language.alias === (aliases.get(language.code) ?? null))
  })
  if (problems.length > 0) throw v3Unprocessable('Survey document failed validation', problems)
}

/** JSON with object keys sorted, to compare two values whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  )
}

/** An archived survey is read-only: a patch of it is a 422 until it is restored. */
export function checkV3SurveyEditable(stored: Pick<SurveyRecord, 'archivedAt'>): void {
  if (stored.archivedAt) {
    throw v3Unprocessable('Survey is archived', [{ name: 'archivedAt', reason: 'This survey is archived. Restore it before editing.' }])
  }
}

function apart(body: Record<string, unknown>): V3SurveyWrite {
  const metadata = body.metadata as Record<string, unknown> | undefined
  delete body.metadata
  return { body, metadata }
}

/** `distribution` and `targeting` are an app survey's; on a link survey they are a 400. */
function appOnly(type: string, document: { distribution?: unknown; targeting?: unknown }): void {
  if (type !== 'link') return
  const sent = (['distribution', 'targeting'] as const).filter((field) => document[field] !== undefined)
  if (sent.length > 0) {
    throw v3BadRequest(
      'Invalid request body',
      sent.map((name) => ({ name, reason: 'Only app surveys take this field', code: 'unsupported_field' })),
    )
  }
}

/**
 * A survey's own `customCss`: Canvass keeps none, so `null` (no CSS) is taken and changes nothing, and CSS is a
 * 400 `unsupported_field` (docs/api.md, "Surveys in v3"); the workspace's CSS applies to every survey.
 */
function noSurveyCss(document: { customCss?: unknown }): void {
  if (document.customCss === undefined || document.customCss === null) return
  throw v3BadRequest('Invalid request body', [
    {
      name: 'customCss',
      reason:
        "Canvass keeps no survey custom CSS: send null, or set the workspace's with PATCH /api/v3/workspaces/{workspaceId}/custom-css",
      code: 'unsupported_field',
    },
  ])
}

/** Trigger ids naming no action class of the environment are a 422 (`invalid_reference`), as the reference answers. */
async function checkTriggers(ctx: CanvassContext, environmentId: string, body: Record<string, unknown>): Promise<void> {
  if (!Array.isArray(body.triggers)) return
  try {
    body.triggers = await resolveSurveyTriggers(ctx, environmentId, body.triggers)
  } catch (error) {
    if (!(error instanceof CanvassError) || error.status !== 400) throw error
    const params = Object.entries(error.details)
      .filter(([name]) => name !== '_more')
      .map(([name, reason]) => ({ name: `distribution.${name}`, reason: String(reason), code: 'invalid_reference' }))
    throw v3Unprocessable('Survey document failed validation', params)
  }
}
