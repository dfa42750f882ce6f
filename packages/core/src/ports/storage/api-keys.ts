/** API keys, kept only as SHA-256 hashes (docs/design.md, "Authentication"). */
export interface ApiKeyStore {
  insert(key: ApiKeyRecord): Promise<void>
  /** The key with this SHA-256 hash (hex), if it exists and is not revoked. */
  findByHash(hash: string): Promise<ApiKeyRecord | null>
  /** Every key of the environment, revoked ones included, newest first. */
  list(environmentId: string): Promise<ApiKeyRecord[]>
  /** Marks the key revoked; returns false when no such live key exists. */
  revoke(id: string, revokedAt: Date): Promise<boolean>
  /**
   * Records that the key was used at `usedAt`, unless a use within the minute before is already recorded:
   * callers may call it on every request, the database is written at most once a minute per key.
   */
  markUsed(id: string, usedAt: Date): Promise<void>
}

export interface ApiKeyRecord {
  id: string
  environmentId: string
  /** SHA-256 of the plain key, lowercase hex. */
  hash: string
  label: string | null
  createdAt: Date
  revokedAt: Date | null
  /** The start of the plain key (`cvs_` and four characters), to tell keys apart in listings; null for keys stored before it was kept. */
  prefix?: string | null
  /** When the key was last used, to the minute (see `markUsed`); null when never. */
  lastUsedAt?: Date | null
}
