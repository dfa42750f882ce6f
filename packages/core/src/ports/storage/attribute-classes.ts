import type { PageQuery } from './common'

/** Attribute classes: the attributes people may carry, unique by `name` within an environment. */
export interface AttributeClassStore {
  list(environmentId: string, page: PageQuery): Promise<AttributeClassRecord[]>
  /** The class of that environment, or null (also for another environment's id). */
  get(environmentId: string, id: string): Promise<AttributeClassRecord | null>
  /** Inserts the class; `duplicate` (nothing written) when its name is taken in the environment. */
  insert(record: AttributeClassRecord): Promise<'created' | 'duplicate'>
  /**
   * Changes the fields given in one statement; `null` when the environment has no such class, `duplicate`
   * (nothing written) when the new name is taken.
   */
  update(environmentId: string, id: string, changes: AttributeClassChanges): Promise<AttributeClassRecord | 'duplicate' | null>
  /** Deletes the class of that environment unless it is `automatic`; returns what was deleted, or null. */
  delete(environmentId: string, id: string): Promise<AttributeClassRecord | null>
}

export type AttributeClassType = 'code' | 'automatic'

export interface AttributeClassRecord {
  id: string
  environmentId: string
  name: string
  type: AttributeClassType
  description: string | null
  archived: boolean
  createdAt: Date
  updatedAt: Date
}

export interface AttributeClassChanges {
  updatedAt: Date
  name?: string
  description?: string | null
  archived?: boolean
}
