import type { CanvassContext } from '../../context'
import { validationError } from '../../errors'
import type { SegmentCheck, SegmentRecord } from '../../ports/storage/index'
import type { FilterItem } from '../../schemas/segment'
import type { DeviceType } from './segments'
import { hasReferenceCycle, matchSegments, segmentReferences } from './segments'

/** The API form of a segment: the reference's segment with `environmentId`. */
export function segmentOutput(record: SegmentRecord) {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    title: record.title,
    description: record.description,
    isPrivate: record.isPrivate,
    filters: record.filters,
    environmentId: record.environmentId,
    surveys: record.surveys,
  }
}

export type SegmentOutput = ReturnType<typeof segmentOutput>

/**
 * Ids of the environment's segments that a contact is in now: `attributes` as stored after the request's
 * own writes, `device` from the request (`deviceFromUserAgent`). One read of the environment's segments.
 */
export async function segmentsOfContact(
  ctx: CanvassContext,
  environmentId: string,
  contact: { userId: string; attributes: Record<string, string> },
  device: DeviceType,
): Promise<string[]> {
  const segments = await ctx.storage.segments.listFilters(environmentId)
  if (segments.length === 0) return []
  return matchSegments(segments, { userId: contact.userId, attributes: contact.attributes, device })
}

/**
 * The check of a segment write that sets `filters` on segment `segmentId`, for the store to run against the
 * environment's segments while it holds their lock (`SegmentStore.update`/`insert`), so that two writes
 * racing never store a cycle: it refuses (400 naming the field) a tree whose `userIsIn`/`userIsNotIn`
 * filters name a segment that the environment does not hold, or that would make the segment reach itself.
 * `prefix` is the tree's path in the body (`filters`, `segment.filters`). `undefined` for a tree that names
 * no segment: nothing to check, and no lock to take.
 */
export function segmentReferenceCheck(segmentId: string, filters: FilterItem[], prefix: string): SegmentCheck | undefined {
  const references = segmentReferences(filters, prefix)
  if (references.length === 0) return undefined
  return (segments) => {
    const known = new Set(segments.map((segment) => segment.id))
    const details: Record<string, string> = {}
    for (const { path, segmentId: referenced } of references) {
      if (referenced === segmentId) details[path] = 'A segment cannot name itself'
      else if (!known.has(referenced)) details[path] = 'No segment with this id in the environment'
    }
    if (Object.keys(details).length > 0) throw validationError(details)
    if (hasReferenceCycle(segments, segmentId, filters)) {
      throw validationError({ [prefix]: 'Segments cannot reach themselves through userIsIn or userIsNotIn filters' })
    }
  }
}

/**
 * A survey's segment as the environment state shows it to widgets: the reference's shape, with the
 * targeting kept on the server (title, description and filter values are placeholders; `hasFilters` and
 * the number of filters say whether the survey is for identified users in the segment only).
 */
export function stateSegment(record: Pick<SegmentRecord, 'id' | 'isPrivate' | 'filters'>, environmentId: string) {
  const hasFilters = record.filters.length > 0
  return {
    id: record.id,
    title: '',
    description: null,
    isPrivate: record.isPrivate,
    filters: hasFilters ? [PLACEHOLDER_FILTER] : [],
    environmentId,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    surveys: [],
    hasFilters,
  }
}

const PLACEHOLDER_FILTER = {
  id: 'placeholder',
  connector: null,
  resource: { id: 'placeholder', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } },
}

/** The segments named by `segmentIds` (nulls skipped) in the environment, by id, in one read. */
export async function segmentsById(
  ctx: CanvassContext,
  environmentId: string,
  segmentIds: (string | null)[],
): Promise<Map<string, SegmentRecord>> {
  const ids = [...new Set(segmentIds.filter((id): id is string => id !== null))]
  if (ids.length === 0) return new Map()
  const records = await ctx.storage.segments.getMany(environmentId, ids)
  return new Map(records.map((record) => [record.id, record]))
}
