import * as v from 'valibot'
import { CanvassError } from '../../errors'
import { isProgrammingError } from './items'
import type { ImportResource, ResourceCounts } from './options'
import type { ImportRun } from './run'

/**
 * The run's report as it is kept: the counts of each resource, why items were refused, the fields left behind
 * and the ids that could not be kept. Every list is bounded, since a source's items can fail in endless ways.
 */

/** Most source ids listed per refusal reason (the count holds the rest). */
const LISTED_IDS = 5
/** Most refusal reasons per resource, and fields not copied, listed apart. */
const LISTED_REASONS = 100
/** Most mappings kept in the report (all are recorded in the database). */
export const LISTED_MAPPINGS = 10_000

/** The counts of a resource, listed in the report the first time it is asked for. */
export function count(run: ImportRun, resource: ImportResource): ResourceCounts {
  let counts = run.countsByResource.get(resource)
  if (!counts) {
    counts = { resource, read: 0, created: 0, already: 0, refused: 0, erased: 0, reasons: Object.create(null), unavailable: false }
    run.countsByResource.set(resource, counts)
    run.report.resources.push(counts)
  }
  return counts
}

export function refuse(run: ImportRun, resource: ImportResource, sourceId: string, reason: string): void {
  const counts = count(run, resource)
  counts.refused++
  // A source's items can fail in endless ways: past a bound, the rest share one line.
  const listed = Object.hasOwn(counts.reasons, reason) || Object.keys(counts.reasons).length < LISTED_REASONS ? reason : 'Other reasons'
  if (!Object.hasOwn(counts.reasons, listed)) counts.reasons[listed] = { count: 0, ids: [] }
  const entry = counts.reasons[listed]!
  entry.count++
  if (entry.ids.length < LISTED_IDS) entry.ids.push(sourceId)
}

/** A source field Canvass does not store, counted per resource and field. */
export function drop(run: ImportRun, resource: ImportResource, field: string, reason: string): void {
  const key = `${resource}.${field}`
  const entry = run.dropped.get(key) ?? run.dropped.get(`${resource}.…`)
  if (entry) entry.count++
  else if (run.dropped.size < LISTED_REASONS) run.dropped.set(key, { resource, field, count: 1, reason })
  else run.dropped.set(`${resource}.…`, { resource, field: '…', count: 1, reason: 'Other fields' })
}

/** A source row that matched one here by name or key: its id is not kept, so it is listed (once per run). */
export function noteMatched(run: ImportRun, resource: ImportResource, sourceId: string, targetId: string): void {
  const { mappings } = run.report
  if (targetId === sourceId || mappings.length >= LISTED_MAPPINGS) return
  if (!mappings.some((m) => m.resource === resource && m.sourceId === sourceId)) mappings.push({ resource, sourceId, targetId })
}

/** An item written alone that failed: refused with the database's word, unless it is a bug here. */
export function refuseAlone(run: ImportRun, resource: ImportResource, sourceId: string, error: unknown): void {
  if (error instanceof CanvassError || error instanceof v.ValiError) refuseError(run, resource, sourceId, error)
  else if (isProgrammingError(error)) throw error
  else {
    const message = error instanceof Error ? error.message : String(error)
    refuse(run, resource, sourceId, `Could not be written: ${message.slice(0, 200)}`)
  }
}

/** An item refused by a `CanvassError` or a `ValiError`, in the words of its first few details; anything else is thrown on. */
export function refuseError(run: ImportRun, resource: ImportResource, sourceId: string, error: unknown): void {
  if (error instanceof CanvassError) {
    const details = Object.entries(error.details ?? {})
      .slice(0, 3)
      .map(([field, message]) => `${field}: ${String(message)}`)
      .join('; ')
    refuse(run, resource, sourceId, details ? `${error.message} (${details})` : error.message)
  } else if (error instanceof v.ValiError) {
    const issues = (error.issues as v.BaseIssue<unknown>[])
      .slice(0, 3)
      .map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`)
      .join('; ')
    refuse(run, resource, sourceId, `Invalid (${issues})`)
  } else throw error
}

/** A copy of counts whose `reasons` keep no prototype (`structuredClone` would give them `Object.prototype`). */
export function cloneCounts(counts: ResourceCounts): ResourceCounts {
  const reasons: ResourceCounts['reasons'] = Object.create(null)
  for (const [reason, { count, ids }] of Object.entries(counts.reasons)) reasons[reason] = { count, ids: [...ids] }
  return { ...counts, reasons }
}
