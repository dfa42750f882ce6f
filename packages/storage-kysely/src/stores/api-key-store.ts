import type { ApiKeyRecord, ApiKeyStore } from '@canvass/core'
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { ApiKeysTable, Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { precompiled, slots } from '../postgres/precompiled'

/** How precisely `markUsed` keeps a key's last use. */
const LAST_USED_RESOLUTION_MS = 60_000

/** The `api_keys` row of a key: the one mapping every store that writes keys uses. */
export function apiKeyRow(key: ApiKeyRecord): Insertable<ApiKeysTable> {
  return {
    id: key.id,
    environment_id: key.environmentId,
    hash: key.hash,
    label: key.label,
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
    prefix: key.prefix ?? null,
    last_used_at: key.lastUsedAt ?? null,
  }
}

/** API keys, stored as SHA-256 hashes and found through the unique index on `hash`. */
export function createApiKeyStore(db: Kysely<Database>): ApiKeyStore {
  // Every authenticated request looks its key up: build and compile that statement once, not per request.
  const findSlots = slots(['hash'])
  const findByHash = precompiled(
    db.selectFrom('api_keys').selectAll().where('hash', '=', findSlots.hash).where('revoked_at', 'is', null).compile(),
    findSlots,
  )
  return {
    async insert(key) {
      await db.insertInto('api_keys').values(apiKeyRow(key)).execute()
    },

    async findByHash(hash) {
      if (!isStorable(hash)) return null
      const { rows } = await db.executeQuery(findByHash({ hash }))
      const row = rows[0]
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

    async markUsed(id, usedAt) {
      if (!isStorable(id)) return
      // The condition keeps concurrent requests of one key from writing the row more than once a minute.
      await db
        .updateTable('api_keys')
        .set({ last_used_at: usedAt })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', new Date(usedAt.getTime() - LAST_USED_RESOLUTION_MS))]),
        )
        .execute()
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
    prefix: row.prefix,
    lastUsedAt: row.last_used_at,
  }
}
