import type * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { badRequest, unauthorized, validationError } from '../../errors'
import type { CanvassError } from '../../errors'
import { parseInput } from '../../http/validate'
import type { SegmentRecord, SurveyRecord } from '../../ports/storage/index'
import { surveyCreateSchema, surveyUpdateSchema } from '../../schemas/survey'
import { checkNamedEnvironment } from '../environments/named-environment'
import { checkSurveyKeepsQuotaParts } from '../quotas/quota-service'
import { oneOverwritesName } from './survey-overwrites'
import { checkSurveySegment, dropReplacedPrivateSegment, readSurveySegment, surveySegmentId } from './survey-segment'
import { IMMUTABLE_SURVEY_FIELDS, SURVEY_DATE_NAMES, oneDateName, surveyFieldsFromInput, surveyOutput } from './survey-service'
import { resolveSurveyTriggers } from './survey-triggers'

/**
 * A survey's writes as the v1 management routes make them, which the v3 routes write through too: a create from
 * a v1 body, an update merged into the stored survey under its lock, and the segment a survey's output names.
 */

/**
 * The survey a v1 create `body` makes, written (the v3 create writes through it too): `refuse` answers an
 * `environmentId` or `workspaceId` that is not the key's; `extra` adds fields the v1 body does not carry.
 */
export async function createSurveyFromBody(
  ctx: CanvassContext,
  environmentId: string,
  body: Record<string, unknown>,
  refuse: () => CanvassError,
  extra: Partial<SurveyRecord> = {},
): Promise<{ survey: SurveyRecord; segment: SegmentRecord | null }> {
  const { input, segmentInput } = await checkedSurveyCreate(ctx, environmentId, body, refuse)
  const id = ctx.newId()
  const segment = await surveySegmentId(ctx, environmentId, id, null, input.segmentId, segmentInput)
  const now = ctx.now()
  const survey: SurveyRecord = {
    id,
    environmentId,
    createdAt: now,
    updatedAt: now,
    ...surveyFieldsFromInput(input),
    segmentId: segment?.id ?? null,
    ...extra,
  }
  await withoutOrphan(ctx, environmentId, segment, null, () => ctx.storage.surveys.insert(survey))
  return { survey, segment: segment && { ...segment, surveys: [id, ...segment.surveys] } }
}

/**
 * The survey a v1 create `body` would make, checked as `createSurveyFromBody` checks it (its segment too) but
 * written nowhere, with `id`: what `POST /api/v3/surveys/preview` shows. It names no segment, since a preview
 * makes none.
 */
export async function surveyPreviewFromBody(
  ctx: CanvassContext,
  environmentId: string,
  id: string,
  body: Record<string, unknown>,
  refuse: () => CanvassError,
  extra: Partial<SurveyRecord> = {},
): Promise<SurveyRecord> {
  const { input, segmentInput } = await checkedSurveyCreate(ctx, environmentId, body, refuse)
  await checkSurveySegment(ctx, environmentId, input.segmentId, segmentInput)
  const now = ctx.now()
  return { id, environmentId, createdAt: now, updatedAt: now, ...surveyFieldsFromInput(input), segmentId: null, ...extra }
}

/** A v1 create `body` parsed and checked by every rule a create applies before it writes (the segment aside). */
async function checkedSurveyCreate(ctx: CanvassContext, environmentId: string, body: Record<string, unknown>, refuse: () => CanvassError) {
  const segmentInput = readSurveySegment(body)
  const input = parseInput(surveyCreateSchema, body)
  oneOverwritesName(input, body)
  oneDateName(input, body)
  // A new survey has no key: only the share route mints one (see docs/results.md).
  if (input.resultShareKey !== null) throw resultShareKeyChanged()
  // Taken from the key when absent (as on every management create); when sent, it must be the key's.
  await checkNamedEnvironment(ctx, environmentId, input, refuse)
  input.triggers = await resolveSurveyTriggers(ctx, environmentId, input.triggers)
  return { input, segmentInput }
}

/** What a survey update may add to the PUT's merge: a check of the stored survey and fields beyond the v1 body. */
export interface SurveyUpdateOptions {
  /** Runs on the survey as stored, under its lock; a throw refuses the write. */
  check?: (stored: SurveyRecord) => void
  extra?: Partial<SurveyRecord>
}

/**
 * Merges a v1 PUT `body` over survey `id` of `environmentId` and writes it (the v3 PATCH writes through it
 * too); `null` when there is no such survey.
 */
export async function updateSurveyFromBody(
  ctx: CanvassContext,
  environmentId: string,
  id: string,
  body: Record<string, unknown>,
  options: SurveyUpdateOptions = {},
): Promise<SurveyRecord | null> {
  const segmentInput = readSurveySegment(body)
  // Fields a PUT ignores (docs/design.md, "Surveys") are dropped before validation: `"environmentId": null` is not a 400.
  for (const field of IMMUTABLE_SURVEY_FIELDS) delete body[field]
  const changes = parseInput(surveyUpdateSchema, body)
  oneOverwritesName(changes, body)
  oneDateName(changes, body)
  // Only triggers sent are resolved: a class deleted since the last write does not refuse a PUT of another field.
  if (changes.triggers !== undefined) changes.triggers = await resolveSurveyTriggers(ctx, environmentId, changes.triggers)
  // The segment is decided before the survey's lock is taken: a survey's own segment is changed in place.
  let segment: SegmentRecord | null | undefined
  let before: string | null = null
  if (segmentInput !== undefined || (changes.segmentId !== undefined && changes.segmentId !== null)) {
    const current = await ctx.storage.surveys.get(id)
    if (!current) throw badRequest(`Survey with ID ${id} not found`)
    if (current.environmentId !== environmentId) throw unauthorized()
    before = current.segmentId
    segment = await surveySegmentId(ctx, environmentId, id, current.segmentId, changes.segmentId ?? null, segmentInput)
  }
  // A change of the parts quotas name is checked against the survey's quotas (read first: the check is pure).
  const touchesQuotaParts = ['questions', 'endings', 'hiddenFields', 'variables'].some((field) => field in changes)
  const quotas = touchesQuotaParts ? ((await ctx.storage.quotas?.listAll(environmentId, id)) ?? []) : []
  let replaced: string | null = null
  const now = ctx.now()
  // The merge runs on the survey as it is under the storage's lock: a concurrent PUT of another field, or a
  // completion by `autoComplete`, is kept unless this body sets that field itself.
  const updated = await withoutOrphan(ctx, environmentId, segment ?? null, before, () =>
    ctx.storage.surveys.update(id, (stored) => {
      if (stored.environmentId !== environmentId) throw unauthorized()
      options.check?.(stored)
      // The key a GET answered may come back unchanged; any other is the share route's to set.
      if (changes.resultShareKey !== undefined && changes.resultShareKey !== stored.resultShareKey) throw resultShareKeyChanged()
      const merged = mergedSurveyUpdate(stored, changes, environmentId, now)
      if (segment !== undefined) merged.segmentId = segment?.id ?? null
      const input = parseInput(surveyCreateSchema, merged)
      replaced = stored.segmentId !== input.segmentId ? stored.segmentId : null
      const fields = surveyFieldsFromInput(input)
      if (quotas.length > 0) checkSurveyKeepsQuotaParts(quotas, fields)
      return { id: stored.id, environmentId, createdAt: stored.createdAt, updatedAt: now, ...fields, ...options.extra }
    }),
  )
  if (!updated) return null
  if (replaced !== null) await dropReplacedPrivateSegment(ctx, environmentId, replaced)
  return updated
}

/** A v1 update's changes, as `surveyUpdateSchema` parses them. */
export type SurveyChanges = v.InferOutput<typeof surveyUpdateSchema>

/**
 * The whole survey that `changes` leave of `stored` in `environmentId`, as `surveyCreateSchema` takes it: the
 * merge a v1 update writes (`updateSurveyFromBody`) and the v3 survey validation checks without writing. Fields
 * a write never changes are dropped, as are the output's other names of stored fields.
 */
export function mergedSurveyUpdate(
  stored: SurveyRecord,
  changes: SurveyChanges,
  environmentId: string,
  now: Date,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...surveyOutput(stored, now), ...changes }
  for (const field of IMMUTABLE_SURVEY_FIELDS) delete merged[field]
  // The output's other names for the stored overrides; `changes` has them as `productOverwrites`.
  delete merged.workspaceOverwrites
  delete merged.projectOverwrites
  for (const [current] of SURVEY_DATE_NAMES) delete merged[current]
  // The stored blocks are the survey's structure, its questions are derived from them: one structure sent
  // replaces both, both sent must agree (domain/survey-structure), neither keeps the blocks.
  if (changes.questions === undefined) delete merged.questions
  else if (changes.blocks === undefined) delete merged.blocks
  merged.environmentId = environmentId
  return merged
}

/**
 * The answer to a create or PUT whose `resultShareKey` is not the survey's own: a key is a capability only
 * the share route mints (`POST …/surveys/{id}/share`), so that a caller cannot choose a guessable key or
 * take another survey's. See docs/results.md#sharing-a-surveys-results.
 */
export const resultShareKeyChanged = () =>
  validationError({
    resultShareKey:
      "Can only be the survey's current key (or null when it has none): POST /api/v1/management/surveys/{surveyId}/share makes one",
  })

/**
 * Runs the survey write that is to name `segment`. When `segment` is a private segment made for this write
 * (not the one the survey had, `before`) and the write fails or finds no survey, the segment is deleted
 * again, so that a refused write leaves no segment that nothing names.
 */
async function withoutOrphan<T>(
  ctx: CanvassContext,
  environmentId: string,
  segment: SegmentRecord | null,
  before: string | null,
  write: () => Promise<T>,
): Promise<T> {
  const made = segment?.isPrivate && segment.id !== before ? segment.id : null
  let result: T
  try {
    result = await write()
  } catch (error) {
    if (made !== null) await dropReplacedPrivateSegment(ctx, environmentId, made).catch(() => {})
    throw error
  }
  if (result == null && made !== null) await dropReplacedPrivateSegment(ctx, environmentId, made)
  return result
}

export async function segmentOfSurvey(ctx: CanvassContext, survey: SurveyRecord): Promise<SegmentRecord | null> {
  if (survey.segmentId === null) return null
  return ctx.storage.segments.get(survey.environmentId, survey.segmentId)
}

export function segmentOf(segments: Map<string, SegmentRecord>, survey: SurveyRecord): SegmentRecord | null {
  return survey.segmentId === null ? null : (segments.get(survey.segmentId) ?? null)
}
