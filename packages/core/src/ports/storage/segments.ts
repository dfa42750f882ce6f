import type { PageQuery } from './common'

/**
 * Segments: saved groups of contacts, described by a filter tree that core evaluates (`domain/contacts/segments.ts`).
 * A survey names at most one segment (`surveys.segmentId`); a segment's `surveys` are the surveys naming it.
 */
export interface SegmentStore {
  list(environmentId: string, page: PageQuery): Promise<SegmentRecord[]>
  /**
   * Every segment of the environment with its filters, in list order: what matching a contact and checking
   * references between segments need. Core bounds how many an environment holds.
   */
  listFilters(environmentId: string): Promise<SegmentFilters[]>
  /** The segment of that environment, or null (also for another environment's id). */
  get(environmentId: string, id: string): Promise<SegmentRecord | null>
  /** The segments of that environment among `ids`; ids of other environments or of nothing are left out. */
  getMany(environmentId: string, ids: string[]): Promise<SegmentRecord[]>
  /**
   * Inserts the segment (its `surveys` are ignored: a survey names its segment). `limit` (nothing written)
   * when the environment already holds `maxPerEnvironment` segments; this MUST hold under concurrent inserts.
   * `check`, when given, is handed the environment's segments (`listFilters`) as they are while this write
   * holds the environment's segment lock (see `update`); if it throws, nothing is written and the error propagates.
   */
  insert(record: SegmentRecord, maxPerEnvironment: number, check?: SegmentCheck): Promise<'created' | 'limit'>
  /**
   * Changes the fields given; `null` when the environment has no such segment. With `check`, the write
   * holds a lock per environment that every `insert` and every `update` with `check` takes, hands `check`
   * the environment's segments (`listFilters`) as the writes before it left them, and writes in the same
   * transaction: a check that reads other segments (no segment reaches itself) MUST hold for what is stored
   * when such writes race. If `check` throws, nothing is written and the error propagates.
   */
  update(environmentId: string, id: string, changes: SegmentChanges, check?: SegmentCheck): Promise<SegmentRecord | null>
  /**
   * Deletes the segment of that environment unless a survey names it: `in_use` then, nothing deleted (a
   * survey naming it concurrently MUST NOT be left naming a deleted segment). Returns what was deleted, or null.
   */
  delete(environmentId: string, id: string): Promise<SegmentRecord | 'in_use' | null>
}

export interface SegmentRecord {
  id: string
  environmentId: string
  title: string
  description: string | null
  /** A survey's own segment, made by its targeting editor, rather than a saved one. */
  isPrivate: boolean
  /** The filter tree, stored and returned unchanged (core validated it). */
  filters: unknown[]
  /** Ids of the surveys naming this segment, newest first. */
  surveys: string[]
  createdAt: Date
  updatedAt: Date
}

/** Judges a segment write against every segment of its environment; throws to refuse it. */
export type SegmentCheck = (segments: SegmentFilters[]) => void

export interface SegmentFilters {
  id: string
  filters: unknown[]
}

export interface SegmentChanges {
  updatedAt: Date
  title?: string
  description?: string | null
  isPrivate?: boolean
  filters?: unknown[]
}
