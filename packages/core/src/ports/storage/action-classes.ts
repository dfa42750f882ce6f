import type { PageQuery } from './common'

/** Action classes: what a widget reports, unique by `name` and by `key` within an environment. */
export interface ActionClassStore {
  list(environmentId: string, page: PageQuery): Promise<ActionClassRecord[]>
  /** The class of that environment, or null (also for another environment's id). */
  get(environmentId: string, id: string): Promise<ActionClassRecord | null>
  /** Inserts the class; names the taken field (nothing written) when its `name` or `key` is taken. */
  insert(record: ActionClassRecord): Promise<'created' | ActionClassConflict>
  /**
   * Locks the class of that environment, hands it to `change` and writes the record it returns (its name,
   * description, type, key, noCodeConfig and updatedAt), in one transaction, so concurrent updates never lose
   * each other's changes. `null` when the environment has no such class; a conflict (nothing written) when
   * the new `name` or `key` is taken. If `change` throws, nothing is written and the error propagates.
   * Automatic classes are never changed (`null`).
   */
  update(
    environmentId: string,
    id: string,
    change: (current: ActionClassRecord) => ActionClassRecord,
  ): Promise<ActionClassRecord | ActionClassConflict | null>
  /** Deletes the class of that environment unless it is `automatic`; returns what was deleted, or null. */
  delete(environmentId: string, id: string): Promise<ActionClassRecord | null>
}

export type ActionClassConflict = 'duplicate_name' | 'duplicate_key'

export type ActionClassType = 'code' | 'noCode' | 'automatic'

export interface ActionClassRecord {
  id: string
  environmentId: string
  name: string
  description: string | null
  type: ActionClassType
  /** Set for `code` classes, null otherwise. */
  key: string | null
  /** Set for `noCode` classes (stored as given), null otherwise. */
  noCodeConfig: unknown
  createdAt: Date
  updatedAt: Date
}
