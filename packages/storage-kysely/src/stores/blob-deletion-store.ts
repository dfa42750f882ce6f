import type { BlobDeletionStore, ClaimedBlobDeletion } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'

/** The longest error text kept on a row. */
const MAX_ERROR_LENGTH = 1000

/**
 * The blob-deletion journal on Postgres. A claim is one statement that locks due rows with `for update skip
 * locked` (concurrent claimers, in any process, take disjoint rows), pushes their `next_attempt_at` forward by
 * the lease and stamps its `claim_token`, as the webhook outbox does.
 */
export function createBlobDeletionStore(db: Kysely<Database>, names: SchemaNames): BlobDeletionStore {
  const journal = names.ref('blob_deletions')
  return {
    async claim({ now, limit, leaseMs, claimToken }) {
      if (!isStorable(claimToken)) return []
      const until = new Date(now.getTime() + leaseMs)
      const { rows } = await sql<{ id: string; blob_key: string; environment_id: string; attempts: number; created_at: Date }>`
        with due as (
          select id from ${journal}
          where next_attempt_at <= ${now}::timestamptz
          order by next_attempt_at, id
          limit ${Math.max(0, Math.floor(limit))}
          for update skip locked
        )
        update ${journal} b set next_attempt_at = ${until}::timestamptz, claim_token = ${claimToken}
        from due where b.id = due.id
        returning b.id, b.blob_key, b.environment_id, b.attempts, b.created_at`.execute(db)
      return rows
        .map(
          (row): ClaimedBlobDeletion => ({
            id: row.id,
            blobKey: row.blob_key,
            environmentId: row.environment_id,
            attempts: row.attempts,
            createdAt: row.created_at,
          }),
        )
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    },

    async finish(ids, claimToken) {
      const storable = ids.filter(isStorable)
      if (storable.length === 0 || !isStorable(claimToken)) return
      await db.deleteFrom('blob_deletions').where('id', 'in', storable).where('claim_token', '=', claimToken).execute()
    },

    async retry(id, claimToken, next) {
      if (!isStorable(id) || !isStorable(claimToken)) return
      await db
        .updateTable('blob_deletions')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: next.error.replaceAll('\u0000', '').slice(0, MAX_ERROR_LENGTH),
          next_attempt_at: next.nextAttemptAt,
          claim_token: null,
        }))
        .where('id', '=', id)
        .where('claim_token', '=', claimToken)
        .execute()
    },

    async pending() {
      const row = await db
        .selectFrom('blob_deletions')
        .select((eb) => eb.cast<string>(eb.fn.countAll(), 'text').as('count'))
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
  }
}
