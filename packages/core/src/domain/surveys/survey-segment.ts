import * as v from 'valibot'
import type { CanvassContext } from '../../context'
import { badRequest, validationError } from '../../errors'
import { parseInput } from '../../http/validate'
import type { SegmentRecord } from '../../ports/storage/index'
import { MAX_SEGMENTS_PER_ENVIRONMENT, surveySegmentSchema } from '../../schemas/segment'
import { segmentReferenceCheck } from '../contacts/segment-service'

export type SurveySegmentInput = v.InferOutput<typeof surveySegmentSchema>

const surveySegmentBody = v.object({ segment: surveySegmentSchema })

/**
 * The `segment` of a survey body when it carries `filters` (what the reference's targeting editor sends),
 * validated; `undefined` for anything else, which the survey routes ignore (docs/design.md, "Surveys").
 */
export function readSurveySegment(body: Record<string, unknown>): SurveySegmentInput | undefined {
  const segment = body.segment
  if (typeof segment !== 'object' || segment === null || Array.isArray(segment) || !('filters' in segment)) return undefined
  return parseInput(surveySegmentBody, { segment }).segment
}

/**
 * The segment survey `surveyId` is to name, or null for none:
 * - a `segment` with filters that names a saved segment (`isPrivate: false` and its `id`) is that segment;
 * - any other `segment` with filters is the survey's own (private) segment: the one it already has, its
 *   filters replaced, or a new one titled with the survey's id;
 * - otherwise `segmentId`, which must be a segment of the environment.
 * Every answer other than a segment of the environment is a 400.
 */
export async function surveySegmentId(
  ctx: CanvassContext,
  environmentId: string,
  surveyId: string,
  currentSegmentId: string | null,
  segmentId: string | null,
  segmentInput: SurveySegmentInput | undefined,
): Promise<SegmentRecord | null> {
  if (segmentInput?.isPrivate === false && typeof segmentInput.id === 'string') {
    return savedSegment(ctx, environmentId, segmentInput.id, 'segment.id')
  }
  if (segmentInput) {
    const current = currentSegmentId === null ? null : await ctx.storage.segments.get(environmentId, currentSegmentId)
    const own = current?.isPrivate && current.surveys.every((id) => id === surveyId) ? current : null
    const selfId = own?.id ?? ctx.newId()
    const check = segmentReferenceCheck(selfId, segmentInput.filters, 'segment.filters')
    const now = ctx.now()
    if (own) {
      const updated = await ctx.storage.segments.update(environmentId, own.id, { filters: segmentInput.filters, updatedAt: now }, check)
      if (updated) return updated
    }
    const record: SegmentRecord = {
      id: selfId,
      environmentId,
      title: surveyId,
      description: null,
      isPrivate: true,
      filters: segmentInput.filters,
      surveys: [],
      createdAt: now,
      updatedAt: now,
    }
    if ((await ctx.storage.segments.insert(record, MAX_SEGMENTS_PER_ENVIRONMENT, check)) === 'limit') {
      throw badRequest(`An environment holds at most ${MAX_SEGMENTS_PER_ENVIRONMENT} segments`)
    }
    return record
  }
  if (segmentId === null) return null
  return savedSegment(ctx, environmentId, segmentId, 'segmentId')
}

/**
 * What `surveySegmentId` would refuse for a new survey (no segment yet), without writing: a saved segment that
 * is not the environment's, filters naming segments it does not hold, or a new private segment past the
 * environment's limit. The same 400s.
 */
export async function checkSurveySegment(
  ctx: CanvassContext,
  environmentId: string,
  segmentId: string | null,
  segmentInput: SurveySegmentInput | undefined,
): Promise<void> {
  if (segmentInput?.isPrivate === false && typeof segmentInput.id === 'string') {
    await savedSegment(ctx, environmentId, segmentInput.id, 'segment.id')
    return
  }
  if (segmentInput) {
    const segments = await ctx.storage.segments.listFilters(environmentId)
    segmentReferenceCheck(ctx.newId(), segmentInput.filters, 'segment.filters')?.(segments)
    if (segments.length >= MAX_SEGMENTS_PER_ENVIRONMENT) {
      throw badRequest(`An environment holds at most ${MAX_SEGMENTS_PER_ENVIRONMENT} segments`)
    }
    return
  }
  if (segmentId !== null) await savedSegment(ctx, environmentId, segmentId, 'segmentId')
}

/** Deletes a survey's former private segment once no survey names it; a saved segment stays. */
export async function dropReplacedPrivateSegment(ctx: CanvassContext, environmentId: string, segmentId: string): Promise<void> {
  const segment = await ctx.storage.segments.get(environmentId, segmentId)
  if (segment?.isPrivate && segment.surveys.length === 0) await ctx.storage.segments.delete(environmentId, segmentId)
}

async function savedSegment(ctx: CanvassContext, environmentId: string, id: string, field: string): Promise<SegmentRecord> {
  const segment = await ctx.storage.segments.get(environmentId, id)
  if (!segment) throw validationError({ [field]: 'No segment with this id in the environment' })
  return segment
}
