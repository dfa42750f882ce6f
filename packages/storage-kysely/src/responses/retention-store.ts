import type { RetentionBatch, RetentionCount, RetentionStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { deleteWebhookCopies } from './erase-contact'
import { recordResponseFileDeletions } from './response-files'
import { dropEmptyResponsePartitions, ensureResponsePartitions, monthStart, monthsAheadOf } from './partitions'
import type { SchemaNames } from '../postgres/schema-names'
import { responseChangesSql } from './summary-parts'

/**
 * The retention worker's part of the storage: a lease row per job (`maintenance_leases`) and batches of
 * expired responses deleted with their displays. A batch finds its rows through the surveys that have a limit
 * (their own, else their environment's) and, per survey, the index on `responses (survey_id, created_at, id)`:
 * oldest first, never a scan of every response.
 */
export function createRetentionStore(db: Kysely<Database>, names: SchemaNames): RetentionStore {
  return {
    deleteExpired: (batch) => deleteExpiredResponses(db, names, batch),
    async keepPartitions(now) {
      // Whole partitions go only once empty: a response's deletion has side effects (its files, its displays, the
      // copies in webhook deliveries) that dropping its month would skip, so rows go through `deleteExpired`.
      await ensureResponsePartitions(db, names, { from: now, until: monthsAheadOf(now) })
      await dropEmptyResponsePartitions(db, names, new Date(monthStart(now.getTime())))
    },

    async acquireLease(name, holder, until, now) {
      if (!isStorable(name) || !isStorable(holder)) return false
      // One statement: the insert of a free name, or the update of a lease that ended (or is the holder's own),
      // decided under the row's lock; a concurrent claimer of the same name waits for it and then sees its result.
      const row = await db
        .insertInto('maintenance_leases')
        .values({ name, holder, lease_until: until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, lease_until: until })
            .where((eb) => eb.or([eb('maintenance_leases.lease_until', '<=', now), eb('maintenance_leases.holder', '=', holder)])),
        )
        .returning('holder')
        .executeTakeFirst()
      return row?.holder === holder
    },

    async releaseLease(name, holder) {
      if (!isStorable(name) || !isStorable(holder)) return
      await db.deleteFrom('maintenance_leases').where('name', '=', name).where('holder', '=', holder).execute()
    },
  }
}

/** One batch of expired responses deleted with their displays, oldest first per survey (`RetentionStore.deleteExpired`). */
export async function deleteExpiredResponses(
  db: Kysely<Database>,
  names: SchemaNames,
  { now, limit }: Parameters<RetentionStore['deleteExpired']>[0],
): ReturnType<RetentionStore['deleteExpired']> {
  const size = Math.max(1, Math.floor(limit))
  return db.transaction().execute(async (trx) => {
    // Locked, and rows another deleter holds skipped: two batches that overlap (a lease that ran out under a
    // stalled instance) never both record a response's files.
    const expired = await sql<{ id: string; environment_id: string; display_id: string | null }>`
      with ${limits(names, now)}
      select r.id, r.environment_id, r.display_id from limits l
      cross join lateral (
        select r.id, r.environment_id, r.display_id from ${names.ref('responses')} r
        where r.survey_id = l.survey_id and r.created_at < l.before
        order by r.created_at, r.id
        limit ${size}
        for update skip locked
      ) r
      limit ${size}`.execute(trx)
    const responses = expired.rows
    const counts = new Map<string, RetentionCount>()
    const count = (environmentId: string) => {
      let entry = counts.get(environmentId)
      if (!entry) counts.set(environmentId, (entry = { environmentId, responses: 0, displays: 0, files: 0 }))
      return entry
    }
    const byEnvironment = new Map<string, string[]>()
    for (const row of responses) byEnvironment.set(row.environment_id, [...(byEnvironment.get(row.environment_id) ?? []), row.id])
    // The files go in the same transaction as their responses (the one place retention records them).
    for (const [environmentId, responseIds] of byEnvironment) {
      count(environmentId).files += await recordResponseFileDeletions(trx, names, { environmentId, responseIds })
    }
    const ids = responses.map((row) => row.id)
    // Copies of their answers in webhook events and deliveries (payloads, attempt logs) go with them.
    await deleteWebhookCopies(trx, names, ids)
    const displayIds = responses.flatMap((row) => (row.display_id === null ? [] : [row.display_id]))
    const deletedDisplays =
      ids.length === 0
        ? []
        : await trx
            .deleteFrom('displays')
            .where((eb) =>
              eb.or([eb('displays.response_id', 'in', ids), ...(displayIds.length > 0 ? [eb('displays.id', 'in', displayIds)] : [])]),
            )
            .returning(['displays.environment_id'])
            .execute()
    const deletedResponses =
      ids.length === 0
        ? []
        : await trx
            .with('written', (qc) =>
              qc
                .deleteFrom('responses')
                .where('responses.id', 'in', ids)
                .returning(['responses.environment_id', 'responses.survey_id', 'responses.created_at']),
            )
            .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
            .selectFrom('written')
            .select('written.environment_id')
            .execute()
    // Displays no response names, older than their survey's limit: only once the expired responses are gone
    // (a short batch took every one left), so that this walk does not pass over the displays of responses
    // still waiting for their batch, batch after batch.
    const unanswered =
      responses.length < size
        ? (
            await sql<{ environment_id: string }>`
              with ${limits(names, now)},
              batch as (
                select d.id from limits l
                cross join lateral (
                  select d.id from ${names.ref('displays')} d
                  where d.survey_id = l.survey_id and d.created_at < l.before
                    and not exists (select from ${names.ref('responses')} r where r.display_id = d.id)
                    and (d.response_id is null or not exists (select from ${names.ref('responses')} r where r.id = d.response_id))
                  order by d.created_at, d.id
                  limit ${size - responses.length}
                  for update skip locked
                ) d
                limit ${size - responses.length}
              )
              delete from ${names.ref('displays')} d using batch where d.id = batch.id
              returning d.environment_id`.execute(trx)
          ).rows
        : []
    for (const row of deletedResponses) count(row.environment_id).responses++
    for (const row of [...deletedDisplays, ...unanswered]) count(row.environment_id).displays++
    const environments = [...counts.values()]
    const batch: RetentionBatch = {
      responses: deletedResponses.length,
      displays: deletedDisplays.length + unanswered.length,
      files: environments.reduce((sum, entry) => sum + entry.files, 0),
      environments,
    }
    return batch
  })
}

/** Per survey with a limit: the time before which its responses have expired. */
function limits(names: SchemaNames, now: Date) {
  return sql`limits as (
    select s.id as survey_id,
      ${now}::timestamptz - make_interval(days => coalesce(s.response_retention_days, e.response_retention_days)) as before
    from ${names.ref('surveys')} s
    join ${names.ref('environments')} e on e.id = s.environment_id
    where coalesce(s.response_retention_days, e.response_retention_days) is not null
  )`
}
