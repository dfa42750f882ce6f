import type { IdempotencyStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'

/** Expired records purged by each claim, at most. */
const PURGE_BATCH = 20

/** Idempotency keys in one table, per environment, scope and key; every claim is one statement. */
export function createIdempotencyStore(db: Kysely<Database>, names: SchemaNames): IdempotencyStore {
  const keys = names.ref('idempotency_keys')
  return {
    async begin(claim) {
      if (!isStorable(claim.environmentId) || !isStorable(claim.key)) return { state: 'started' }
      // A conflicting row committed after this statement's snapshot is locked by the insert but not seen by
      // the final select: such a race is rare and asks once more.
      for (let attempt = 0; attempt < 3; attempt++) {
        const { rows } = await sql<{
          taken: boolean | null
          environment_found: boolean
          fingerprint: string | null
          state: string | null
          lease_until: Date | null
          status: number | null
          body: string | null
          content_type: string | null
        }>`
          with purged as (
            delete from ${keys} where ctid = any(array(
              select ctid from ${keys} where expires_at < ${claim.now}::timestamptz limit ${sql.lit(PURGE_BATCH)} for update skip locked
            ))
          ),
          taken as (
            insert into ${keys} (environment_id, scope, key, fingerprint, state, lease_until, expires_at, created_at)
            select ${claim.environmentId}, ${claim.scope}, ${claim.key}, ${claim.fingerprint}, 'in_flight', ${claim.leaseUntil}::timestamptz,
              ${claim.expiresAt}::timestamptz, ${claim.now}::timestamptz
            where exists (select from ${names.ref('environments')} where id = ${claim.environmentId})
            on conflict (environment_id, scope, key) do update set
              fingerprint = excluded.fingerprint, state = 'in_flight', status = null, body = null, content_type = null,
              lease_until = excluded.lease_until, expires_at = excluded.expires_at, created_at = excluded.created_at
            -- An expired record is free; so is the claim of the same request whose holder went away.
            where ${keys}.expires_at < ${claim.now}::timestamptz
              or (${keys}.state = 'in_flight' and ${keys}.lease_until < ${claim.now}::timestamptz and ${keys}.fingerprint = excluded.fingerprint)
            returning true as taken
          )
          select (select taken from taken) as taken,
            exists (select from ${names.ref('environments')} where id = ${claim.environmentId}) as environment_found,
            k.fingerprint, k.state, k.lease_until, k.status, k.body, k.content_type
          from (select 1) one
          left join ${keys} k on k.environment_id = ${claim.environmentId} and k.scope = ${claim.scope} and k.key = ${claim.key}`.execute(
          db,
        )
        const row = rows[0]
        // No such environment: nothing to keep; the route answers that.
        if (!row || row.taken || !row.environment_found) return { state: 'started' }
        if (row.fingerprint === null) continue
        if (row.fingerprint !== claim.fingerprint) return { state: 'mismatch' }
        if (row.state === 'done' && row.status !== null && row.body !== null) {
          return { state: 'replay', status: row.status, body: row.body, contentType: row.content_type ?? 'application/json' }
        }
        return { state: 'in_flight' }
      }
      return { state: 'in_flight' }
    },

    async finish(claim, answer) {
      if (!isStorable(claim.environmentId) || !isStorable(claim.key)) return
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', status: answer.status, body: answer.body, content_type: answer.contentType })
        .where('environment_id', '=', claim.environmentId)
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .where('fingerprint', '=', claim.fingerprint)
        .where('state', '=', 'in_flight')
        .execute()
    },

    async release(claim) {
      if (!isStorable(claim.environmentId) || !isStorable(claim.key)) return
      await db
        .deleteFrom('idempotency_keys')
        .where('environment_id', '=', claim.environmentId)
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .where('fingerprint', '=', claim.fingerprint)
        .where('state', '=', 'in_flight')
        .execute()
    },
  }
}
