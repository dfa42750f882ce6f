/**
 * Response tags of an environment (docs/api.md, "Tags"). A tag is a name unique in its environment; responses
 * carry tags through links, which go with the response or the tag.
 */
export interface TagStore {
  /**
   * The environment's tags by name (A to Z; ties by id), strictly after `after`, `limit + 1` at most, each
   * with the number of responses that carry it.
   */
  list(environmentId: string, page: { limit: number; after?: { name: string; id: string } }): Promise<TagRecord[]>
  /** A tag of the environment, with its count, or `null`. */
  get(environmentId: string, id: string): Promise<TagRecord | null>
  /**
   * Those of `ids` that are tags of the environment, in one read that counts nothing (a write checks the tags it
   * names with it). Callers bound `ids` (at most a hundred).
   */
  existing(environmentId: string, ids: readonly string[]): Promise<string[]>
  /** Renames the tag; `duplicate` when another tag of the environment has the name, `null` when there is no such tag. */
  rename(environmentId: string, id: string, name: string, now: Date): Promise<TagRecord | 'duplicate' | null>
  /** Deletes the tag and its links to responses; whether there was one. */
  delete(environmentId: string, id: string): Promise<boolean>
  /**
   * Moves every response carrying `fromId` onto `toId` (a response that has both keeps one link) and deletes
   * `fromId`, in one transaction, both tags of `environmentId`. `missing` when either tag is not there (nothing
   * changed).
   */
  merge(environmentId: string, fromId: string, toId: string, now: Date): Promise<'merged' | 'missing'>
}

export interface TagRecord {
  id: string
  environmentId: string
  name: string
  createdAt: Date
  updatedAt: Date
  /** Responses carrying the tag. */
  count: number
}
