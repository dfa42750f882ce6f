import type { CanvassContext } from '../../context'
import { CanvassError } from '../../errors'
import type { InvalidParam } from '../../http/problem'
import { v3Unprocessable } from '../../http/v3'
import type { NewResponse, ResponsePatch, ResponseRecord, SurveyRecord } from '../../ports/storage/index'
import type { v3ResponseCreateSchema, v3ResponsePatchSchema } from '../../schemas/v3-response'
import { MAX_V3_TTC_MS } from '../../schemas/v3-response'
import type * as v from 'valibot'
import { INVALID_SINGLE_USE_ID, createRefusal, singleUseIdOf } from './response-create'
import { newResponse } from './response-service'
import { checkPatchedSize, checkResponseSize } from './response-size'
import { displayRefusal } from './response-write-rules'
import { SYSTEM_DATA_KEYS } from './v3-response-view'
import type { WriteSurvey } from './v3-response-writes'
import { applyEmbeddedData, clampTtc, writeProblems, writeSurveyOf } from './v3-response-writes'

/**
 * The judgement of a v3 response write (docs/api.md, "Responses in v3"), one for the write and its validate so
 * that they cannot disagree: a payload validate accepts is one the write accepts, and a refusal names the same
 * fields, relative to the document sent. The storage's guarded write keeps its own last check of the scales
 * and the display (the survey or the display may change in between); a display or a single-use id another
 * response already names is the unique indexes' to refuse, at the write alone.
 */

export type V3CreateBody = v.InferOutput<typeof v3ResponseCreateSchema>
export type V3PatchBody = v.InferOutput<typeof v3ResponsePatchSchema>

/**
 * A judged write: what it stores, or why not: `problems`, the `invalid_params` its refusal lists, and `error`,
 * that refusal (a 422 listing each broken rule; a 413 for a response past the stored size).
 */
export type Judged<W> = { ok: true; write: W } | { ok: false; problems: InvalidParam[]; error: CanvassError }

/** The judgement of a create of `body` to `record` (the key's survey). */
export async function judgeV3Create(
  ctx: CanvassContext,
  environmentId: string,
  record: SurveyRecord,
  body: V3CreateBody,
): Promise<Judged<NewResponse>> {
  const survey = writeSurveyOf(record)
  const problems = writeProblems(survey, body)
  let userId: string | null = null
  if (body.contactId !== undefined) {
    const contact = await ctx.storage.contacts.get(environmentId, body.contactId)
    if (!contact)
      problems.push({
        name: 'contactId',
        reason: 'Names no contact of this workspace',
        code: 'invalid_reference',
        identifier: body.contactId,
      })
    else if (contact.userId === null)
      problems.push({
        name: 'contactId',
        reason: 'Canvass links a response to a contact by its userId; this contact has none',
        code: 'invalid_reference',
      })
    else userId = contact.userId
  }
  problems.push(...(await tagProblems(ctx, environmentId, body.tags)))
  if (body.displayId !== undefined) problems.push(...(await displayProblems(ctx, environmentId, record.id, body.displayId, userId)))
  if (body.singleUseId !== undefined && singleUseIdOf(ctx, record, body.singleUseId) === null)
    problems.push({ name: 'singleUseId', reason: INVALID_SINGLE_USE_ID })
  if (problems.length > 0) return refused(problems)
  const write = createdResponse(ctx, survey, body, userId)
  return refusalOf(() => checkResponseSize(write, ctx.maxResponseBytes)) ?? { ok: true, write }
}

/**
 * The judgement of a patch of `current` (of `record`) by `body`, as the write judges it: the answers sent and
 * the names and tags the body carries, and the size of the response the patch leaves. The write judges the size
 * again on the response as its locked update reads it.
 */
export async function judgeV3Patch(
  ctx: CanvassContext,
  environmentId: string,
  record: SurveyRecord,
  current: ResponseRecord,
  body: V3PatchBody,
): Promise<Judged<(latest: ResponseRecord) => ResponsePatch>> {
  const survey = writeSurveyOf(record)
  const problems = [...writeProblems(survey, body), ...(await tagProblems(ctx, environmentId, body.tags))]
  if (problems.length > 0) return refused(problems)
  const write = (latest: ResponseRecord) => checkPatchedSize(latest, v3Patch(survey, latest, body, ctx.now()), ctx.maxResponseBytes)
  return refusalOf(() => write(current)) ?? { ok: true, write }
}

/** The `invalid_params` of a refusal that is not a 422 of the judgement (its details by field), as its problem lists them. */
export function paramsOfRefusal(error: CanvassError): InvalidParam[] {
  const params = Object.entries(error.details)
    .filter(([name]) => name !== '_more')
    .map(([name, reason]) => ({ name, reason: String(reason) }))
  return params.length > 0 ? params : [{ name: '', reason: error.message }]
}

async function tagProblems(ctx: CanvassContext, environmentId: string, tags: readonly string[] | undefined): Promise<InvalidParam[]> {
  if (!tags || tags.length === 0) return []
  const found = new Set(await ctx.storage.tags.existing(environmentId, tags))
  return tags.flatMap((id, index) =>
    found.has(id) ? [] : [{ name: `tags.${index}`, reason: 'Names no tag of this workspace', code: 'invalid_reference', identifier: id }],
  )
}

/**
 * The display a create names: the survey's, and not made for another contact. Whether another response names
 * it already is the unique index's to refuse, at the write alone.
 */
async function displayProblems(
  ctx: CanvassContext,
  environmentId: string,
  surveyId: string,
  displayId: string,
  userId: string | null,
): Promise<InvalidParam[]> {
  const facts = await ctx.storage.responses.writeFacts({ surveyId, displayId })
  const refused = displayRefusal(facts.display ?? null, surveyId, userId, environmentId)
  if (!refused) return []
  const check = { environmentId, requireAccepting: false, checkEnvironment: false, pinProven: true }
  return paramsOfRefusal(createRefusal({ outcome: refused }, { surveyId }, check))
}

/** The response a create stores. */
function createdResponse(ctx: CanvassContext, survey: WriteSurvey, body: V3CreateBody, userId: string | null): NewResponse {
  const { data, variables } = applyEmbeddedData(survey, body.data, {}, body.embeddedData ?? {})
  const response = newResponse(
    {
      surveyId: body.surveyId,
      finished: body.finished,
      data,
      variables: variables as Record<string, string | number>,
      ...(body.meta ? { meta: body.meta } : {}),
      ...(body.ttc ? { ttc: clampTtc(body.ttc, MAX_V3_TTC_MS) } : {}),
      userId,
      displayId: body.displayId ?? null,
      singleUseId: body.singleUseId ?? null,
      endingId: body.endingId ?? null,
      language: body.language ?? null,
    },
    // The caller's user agent is an API client's, not a respondent's: not recorded.
    null,
    { id: ctx.newId(), newId: ctx.newId, now: ctx.now() },
  )
  // Without `ttc` nothing is stored; `{}` on a finished response stores its `_total`.
  if (body.ttc === undefined) response.ttc = {}
  // Linked in the create's transaction.
  if (body.tags && body.tags.length > 0) response.tagIds = body.tags
  return response
}

/** The patch a v3 update writes: `data` as sent (hidden field values and runtime keys kept), embedded data merged. */
function v3Patch(survey: WriteSurvey, current: ResponseRecord, body: V3PatchBody, now: Date): ResponsePatch {
  const finished = body.finished ?? current.finished
  const kept = Object.fromEntries(
    Object.entries(current.data).filter(
      ([key]) => survey.hiddenFieldIds.has(key) || (SYSTEM_DATA_KEYS.has(key) && !survey.elementIds.has(key)),
    ),
  )
  const base = body.data === undefined ? current.data : { ...kept, ...body.data }
  const { data, variables } = applyEmbeddedData(survey, base, current.variables, body.embeddedData ?? {})
  const patch: ResponsePatch = { updatedAt: now, finished, data, variables }
  // Finishing sets `_total` to the sum of the per-element times, as every finishing write does.
  if (finished && !current.finished) {
    const total = Object.entries(current.ttc).reduce((sum, [key, value]) => (key === '_total' ? sum : sum + value), 0)
    patch.ttc = { ...current.ttc, _total: total }
  }
  if (body.endingId !== undefined) patch.endingId = body.endingId
  if (body.language !== undefined) patch.language = body.language
  // Replaced in the update's transaction.
  if (body.tags !== undefined) patch.tagIds = body.tags
  return patch
}

const refused = (problems: InvalidParam[]): Judged<never> => ({
  ok: false,
  problems,
  error: v3Unprocessable('Response failed validation', problems),
})

/** The refusal `check` throws, if it does. */
function refusalOf(check: () => unknown): Judged<never> | undefined {
  try {
    check()
    return undefined
  } catch (error) {
    if (error instanceof CanvassError) return { ok: false, problems: paramsOfRefusal(error), error }
    throw error
  }
}
