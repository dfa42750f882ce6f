import type * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { CanvassError } from '../../errors'
import type { Caller } from '../../auth/authenticate'
import type { InvalidParam } from '../../http/problem'
import { checkWorkspace, v3BadRequest, v3Unprocessable, workspaceOf } from '../../http/v3'
import type { StoredCustomCss, SurveyRecord } from '../../ports/storage/index'
import type { v3SurveyCreateSchema, v3SurveyPatchSchema } from '../../schemas/v3'
import { type CustomCssSource, type CustomCssWarning, normalizeCustomCss } from '../css/custom-css'
import { resolveSurveyTriggers } from './survey-triggers'
import { customCssForSave } from '../css/workspace-custom-css'
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
  /** The survey's own custom CSS as it is to be stored; `undefined` when the write leaves it as it is. */
  customCss: StoredCustomCss | null | undefined
  /** What the processor removed from the document's CSS; `undefined` when the write processed none. */
  warnings: CustomCssWarning[] | undefined
}

/** Who writes: the environment, and the key (or console person) whose custom CSS budget a write spends. */
export type V3SurveyWriter = Pick<Caller, 'environmentId' | 'apiKeyId' | 'console'>

/** A v3 create document of the key's environment as the v1 body it writes. */
export async function v3SurveyCreateWrite(
  ctx: CanvassContext,
  caller: V3SurveyWriter,
  document: v.InferOutput<typeof v3SurveyCreateSchema>,
): Promise<V3SurveyWrite> {
  const { environmentId } = caller
  await checkWorkspace(ctx, environmentId, document.workspaceId)
  const type = document.type ?? 'link'
  appOnly(type, document)
  const defaultLanguage = document.defaultLanguage ?? V3_DEFAULT_LANGUAGE
  const { body, problems } = v1BodyOf(document, defaultLanguage, ctx.newId)
  if (problems.length > 0) throw v3Unprocessable('Survey document failed validation', problems)
  body.type = type
  body.hiddenFields ??= { enabled: false, fieldIds: [] }
  await checkTriggers(ctx, environmentId, body)
  const css = await surveyCss(ctx, caller, document.customCss, null)
  return { ...apart(body), customCss: css.customCss ?? null, warnings: css.warnings }
}

/** A v3 patch of `stored` (a survey of the key's environment) as the v1 body it writes. */
export async function v3SurveyPatchWrite(
  ctx: CanvassContext,
  caller: V3SurveyWriter,
  stored: SurveyRecord,
  patch: v.InferOutput<typeof v3SurveyPatchSchema>,
): Promise<V3SurveyWrite> {
  const { environmentId } = caller
  appOnly(patch.type ?? stored.type, patch)
  visibilityEchoed(patch)
  const { defaultLanguage, languages } = v3Languages(stored.languages)
  // The workspace is read only when the patch echoes it.
  const workspaceId = patch.workspaceId === undefined ? undefined : await workspaceOf(ctx, environmentId)
  serverOwnedEchoed(patch, stored, workspaceId, defaultLanguage, languages)
  // What remains of the echoes once they are verified is nothing to write; `updatedAt` is the route's precondition.
  const {
    id: _id,
    workspaceId: _workspace,
    defaultLanguage: _default,
    createdAt: _created,
    updatedAt: _updated,
    archivedAt: _archived,
    customCss: sentCss,
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
  return { ...apart(body), ...(await surveyCss(ctx, caller, sentCss, stored.customCss ?? null)) }
}

/**
 * The survey's own custom CSS a write stores (docs/api.md, "Survey custom CSS in v3"): left as it is when the
 * document has no `customCss` or sends the stored source again (nothing processed, nothing charged); cleared by
 * `null` or blank fields; else processed for the survey scope (20,000 bytes) and charged to the caller's
 * budget. CSS the processor refuses is a 422 naming `customCss.light` or `customCss.dark`, with the located
 * errors in `details.errors`.
 */
async function surveyCss(
  ctx: CanvassContext,
  caller: V3SurveyWriter,
  sent: CustomCssSource | null | undefined,
  stored: StoredCustomCss | null,
): Promise<Pick<V3SurveyWrite, 'customCss' | 'warnings'>> {
  if (sent === undefined) return { customCss: undefined, warnings: undefined }
  const source = normalizeCustomCss(sent)
  if (canonical(source) === canonical(stored?.source ?? null)) return { customCss: undefined, warnings: undefined }
  if (source === null) return { customCss: null, warnings: undefined }
  const { stored: customCss, warnings } = await customCssForSave(ctx, caller, source, 'survey')
  return { customCss, warnings }
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
 * The server-owned fields a GET answers (`id`, `workspaceId`, `createdAt`, `archivedAt`,
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

function apart(body: Record<string, unknown>): Pick<V3SurveyWrite, 'body' | 'metadata'> {
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
