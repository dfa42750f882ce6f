import type { SegmentFilters } from '../../ports/storage/index'
import type { AttributeFilter, DeviceFilter, FilterItem, LeafFilter, PersonFilter } from '../../schemas/segment'
import { ARITHMETIC_OPERATORS } from '../../schemas/segment'

/** The device a contact uses, as segment filters see it. */
export type DeviceType = 'phone' | 'desktop'

/** What segments are matched against: the contact as it is after the request's own writes. */
export interface SegmentContact {
  userId: string
  /** Attribute values by key (`userId` and `email` among them when set). */
  attributes: Record<string, string>
  device: DeviceType
}

/**
 * Ids of the segments `contact` is in, in the order of `segments`. `segments` are all the segments of one
 * environment (a filter naming a segment that is not there is false, `userIsIn` and `userIsNotIn` alike, as
 * in the reference). A segment
 * without filters holds everyone. Segments that reach themselves through `userIsIn`/`userIsNotIn` cannot
 * be saved, but should a cycle exist anyway, the filter that closes it is false instead of looping.
 */
export function matchSegments(segments: readonly SegmentFilters[], contact: SegmentContact): string[] {
  const matcher = createMatcher(segments, contact)
  const matching: string[] = []
  for (const segment of segments) if (matcher.isIn(segment.id)) matching.push(segment.id)
  return matching
}

/** Whether `contact` is in the segment with id `segmentId` among `segments`. */
export function isInSegment(segments: readonly SegmentFilters[], segmentId: string, contact: SegmentContact): boolean {
  return createMatcher(segments, contact).isIn(segmentId)
}

/**
 * The device of a `User-Agent`: phones and tablets (`Mobile`, `Android`, `iPhone`, `iPad`, `iPod`, `Tablet`,
 * `Windows Phone`, `Opera Mini`) are `phone`, as the reference counts every mobile device; anything else,
 * an absent header included, is `desktop`.
 */
export function deviceFromUserAgent(userAgent: string | null): DeviceType {
  if (!userAgent) return 'desktop'
  return MOBILE_USER_AGENT.test(userAgent.slice(0, 1024)) ? 'phone' : 'desktop'
}

const MOBILE_USER_AGENT = /mobile|android|iphone|ipad|ipod|tablet|windows phone|opera mini|silk\//i

/**
 * Whether the segment `start`, holding `filters` (in place of its stored ones), would reach itself through
 * `userIsIn`/`userIsNotIn` filters, directly or through other segments of `segments`.
 */
export function hasReferenceCycle(segments: readonly SegmentFilters[], start: string, filters: FilterItem[]): boolean {
  const byId = new Map(segments.map((segment) => [segment.id, segment.filters as FilterItem[]]))
  const seen = new Set<string>()
  const pending = referencedSegments(filters)
  while (pending.length > 0) {
    const id = pending.pop() as string
    if (id === start) return true
    if (seen.has(id)) continue
    seen.add(id)
    const own = byId.get(id)
    if (own) pending.push(...referencedSegments(own))
  }
  return false
}

/** The `userIsIn`/`userIsNotIn` filters of a tree with their dot paths under `prefix` (e.g. `filters.0.resource`). */
export function segmentReferences(filters: FilterItem[], prefix: string): { path: string; segmentId: string }[] {
  const found: { path: string; segmentId: string }[] = []
  const stack: [FilterItem[], string][] = [[filters, prefix]]
  while (stack.length > 0) {
    const [items, path] = stack.pop() as [FilterItem[], string]
    items.forEach((item, index) => {
      const here = `${path}.${index}.resource`
      if (Array.isArray(item.resource)) stack.push([item.resource, here])
      else if (item.resource.root.type === 'segment')
        found.push({ path: `${here}.root.segmentId`, segmentId: item.resource.root.segmentId })
    })
  }
  return found
}

/** Ids of the segments a tree names in `userIsIn`/`userIsNotIn` filters, nested groups included. */
export function referencedSegments(filters: FilterItem[]): string[] {
  const ids: string[] = []
  const stack: FilterItem[][] = [filters]
  while (stack.length > 0) {
    for (const item of stack.pop() as FilterItem[]) {
      if (Array.isArray(item.resource)) stack.push(item.resource)
      else if (item.resource.root.type === 'segment') ids.push(item.resource.root.segmentId)
    }
  }
  return ids
}

function createMatcher(segments: readonly SegmentFilters[], contact: SegmentContact) {
  const byId = new Map<string, FilterItem[]>()
  for (const segment of segments) byId.set(segment.id, segment.filters as FilterItem[])
  const results = new Map<string, boolean>()
  const evaluating = new Set<string>()
  const numbers = new Map<string, number>()

  const isIn = (id: string): boolean => {
    const known = results.get(id)
    if (known !== undefined) return known
    const filters = byId.get(id)
    if (!filters) return false
    if (evaluating.has(id)) return false
    evaluating.add(id)
    const result = matchesTree(filters)
    evaluating.delete(id)
    results.set(id, result)
    return result
  }

  /** Items combine as the reference does: `and` binds tighter than `or`; a missing connector is `and`. */
  const matchesTree = (items: FilterItem[]): boolean => {
    if (items.length === 0) return true
    let group = true
    let first = true
    for (const item of items) {
      if (!first && item.connector === 'or') {
        if (group) return true
        group = true
      }
      first = false
      // Within an `and` run that is already false, the remaining leaves cannot change it.
      if (group) group = Array.isArray(item.resource) ? matchesTree(item.resource) : matchesLeaf(item.resource)
    }
    return group
  }

  const matchesLeaf = (leaf: LeafFilter): boolean => {
    switch (leaf.root.type) {
      case 'attribute':
        return compare(attributeValue(contact.attributes, (leaf as AttributeFilter).root.contactAttributeKey), leaf as AttributeFilter)
      case 'person':
        return compare(contact.userId, leaf as PersonFilter)
      case 'segment': {
        // Unknown, or the reference that would close a cycle: false whatever the operator.
        if (!byId.has(leaf.root.segmentId) || evaluating.has(leaf.root.segmentId)) return false
        const inIt = isIn(leaf.root.segmentId)
        return leaf.qualifier.operator === 'userIsIn' ? inIt : !inIt
      }
      case 'device': {
        const device = leaf as DeviceFilter
        const wanted = device.value ?? device.root.deviceType
        return device.qualifier.operator === 'equals' ? contact.device === wanted : contact.device !== wanted
      }
      default:
        return false
    }
  }

  const asNumber = (text: string): number => {
    let parsed = numbers.get(text)
    if (parsed === undefined) {
      parsed = text.trim() === '' ? Number.NaN : Number(text)
      numbers.set(text, parsed)
    }
    return parsed
  }

  /**
   * A leaf on a text value. A missing value matches only `isNotSet` (and the empty string counts as not
   * set). A number in the filter compares numerically: a value that is not a number matches no arithmetic
   * operator, nor `equals`, and matches `notEquals`.
   */
  const compare = (actual: string | undefined, leaf: AttributeFilter | PersonFilter): boolean => {
    const { operator } = leaf.qualifier
    if (operator === 'isSet') return actual !== undefined && actual !== ''
    if (operator === 'isNotSet') return actual === undefined || actual === ''
    if (actual === undefined) return false
    const expected = leaf.value
    if (typeof expected === 'number') {
      const number = asNumber(actual)
      if (Number.isNaN(number)) return operator === 'notEquals'
      switch (operator) {
        case 'equals':
          return number === expected
        case 'notEquals':
          return number !== expected
        case 'lessThan':
          return number < expected
        case 'lessEqual':
          return number <= expected
        case 'greaterThan':
          return number > expected
        case 'greaterEqual':
          return number >= expected
        default:
          return false
      }
    }
    if (expected === undefined || (ARITHMETIC_OPERATORS as readonly string[]).includes(operator)) return false
    switch (operator) {
      case 'equals':
        return actual === expected
      case 'notEquals':
        return actual !== expected
      case 'contains':
        return actual.includes(expected)
      case 'doesNotContain':
        return !actual.includes(expected)
      case 'startsWith':
        return actual.startsWith(expected)
      case 'endsWith':
        return actual.endsWith(expected)
      default:
        return false
    }
  }

  return { isIn }
}

function attributeValue(attributes: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(attributes, key) ? attributes[key] : undefined
}
