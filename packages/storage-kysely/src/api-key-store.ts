import type { ApiKeyRecord, ApiKeyStore } from '@canvass/core'
import type { Kysely, Selectable } from 'kysely'
import type { ApiKeysTable, Database } from './database'
import { isStorable } from './is-storable'

/** API keys, stored as SHA-256 hashes and found through the unique index on `hash`. */
export function createApiKeyStore(db: Kysely<Database>): ApiKeyStore {
  return {
    async insert(key) {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          environment_id: key.environmentId,
          hash: key.hash,
          label: key.label,
          created_at: key.createdAt,
          revoked_at: key.revokedAt,
        })
        .execute()
    },

    async findByHash(hash) {
      if (!isStorable(hash)) return null
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('hash', '=', hash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return row ? toApiKeyRecord(row) : null
    },

    async list(environmentId) {
      if (!isStorable(environmentId)) return []
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('environment_id', '=', environmentId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
      return rows.map(toApiKeyRecord)
    },

    async revoke(id, revokedAt) {
      if (!isStorable(id)) return false
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: revokedAt })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
  }
}

function toApiKeyRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    environmentId: row.environment_id,
    hash: row.hash,
    label: row.label,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }
}
