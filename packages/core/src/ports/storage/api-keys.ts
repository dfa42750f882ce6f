/** API keys, kept only as SHA-256 hashes (contract §2). */
export interface ApiKeyStore {
  insert(key: ApiKeyRecord): Promise<void>
  /** The key with this SHA-256 hash (hex), if it exists and is not revoked. */
  findByHash(hash: string): Promise<ApiKeyRecord | null>
  /** Every key of the environment, revoked ones included, newest first. */
  list(environmentId: string): Promise<ApiKeyRecord[]>
  /** Marks the key revoked; returns false when no such live key exists. */
  revoke(id: string, revokedAt: Date): Promise<boolean>
}

export interface ApiKeyRecord {
  id: string
  environmentId: string
  /** SHA-256 of the plain key, lowercase hex. */
  hash: string
  label: string | null
  createdAt: Date
  revokedAt: Date | null
}
