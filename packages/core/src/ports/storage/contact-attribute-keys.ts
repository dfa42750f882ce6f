import type { PageQuery } from './common'

/** Contact attribute keys: the names of contact attributes, unique by `key` within an environment. */
export interface ContactAttributeKeyStore {
  list(environmentId: string, page: PageQuery): Promise<ContactAttributeKeyRecord[]>
  /** The key of that environment, or null (also for another environment's id). */
  get(environmentId: string, id: string): Promise<ContactAttributeKeyRecord | null>
  /** Inserts the key; `duplicate` (nothing written) when its `key` is taken in the environment. */
  insert(record: ContactAttributeKeyRecord): Promise<'created' | 'duplicate'>
  /** Changes `name` and `description` as given; null when the environment has no such key. */
  update(environmentId: string, id: string, changes: ContactAttributeKeyChanges): Promise<ContactAttributeKeyRecord | null>
  /**
   * Deletes the key of that environment, with every contact's value of it, unless it is of type `default`;
   * returns what was deleted, or null.
   */
  delete(environmentId: string, id: string): Promise<ContactAttributeKeyRecord | null>
}

export type ContactAttributeKeyType = 'default' | 'custom'

export interface ContactAttributeKeyRecord {
  id: string
  environmentId: string
  key: string
  name: string | null
  description: string | null
  type: ContactAttributeKeyType
  isUnique: boolean
  createdAt: Date
  updatedAt: Date
}

export interface ContactAttributeKeyChanges {
  updatedAt: Date
  name?: string | null
  description?: string | null
}
