/** One page of a list (docs/design.md, "Lists"), as core hands it to a storage list method. */
export interface PageQuery {
  /** Rows to return; implementations return up to `limit + 1`. */
  limit: number
  /** Rows to skip (offset pagination). */
  skip?: number
  /** Keyset position: only rows strictly after this one in the list order. */
  after?: { createdAt: Date; id: string }
}

export type JsonObject = Record<string, unknown>
