import { ANONYMIZED_META_KEYS, ERASED_REPLAY } from '@canvass/core'
import type { AnonymizeOptions, AnonymizeResult, AnonymizeSelection } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { filterResponses, pageResponses } from './filter-responses'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { responseChangesSql } from './summary-parts'

/** Responses per statement unless told: a statement of this many rows commits in well under a second. */
const DEFAULT_BATCH_SIZE = 5000

/**
 * `ResponseStore.anonymize`: one statement per keyset batch (by `created_at`, then id, as the list indexes of a
 * survey or an environment run), each atomic on its own. A statement selects
 * the batch's ids, detaches the displays made for a contact from them and rewrites the rows that still hold
 * something to drop; the `SET` expressions read the row as it is when written, so a concurrent update is kept
 * (Postgres re-reads a row another transaction changed meanwhile before writing it). `updated_at` is left as
 * it is, so the outbox's update trigger records no event. In the same transaction, the stored idempotent
 * answers that name a response of the batch become the tombstone erasure leaves (see docs/data-rights.md,
 * "Anonymizing responses"): they held the response as it was, contact and URL included.
 */
export async function anonymizeResponses(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  selection: AnonymizeSelection,
  options: AnonymizeOptions = {},
): Promise<AnonymizeResult> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE))
  if ('ids' in selection) {
    const unique = [...new Set(selection.ids)]
    const storable = unique.filter(isStorable)
    const found = new Set<string>()
    for (let start = 0; start < storable.length && isStorable(environmentId); start += batchSize) {
      const ids = storable.slice(start, start + batchSize)
      const rows = await runBatch(
        db,
        names,
        environmentId,
        (q) => q.where('responses.environment_id', '=', environmentId).where('responses.id', 'in', ids),
        batchSize,
        undefined,
      )
      for (const row of rows) found.add(row.id)
    }
    return { anonymized: found.size, missing: unique.filter((id) => !found.has(id)) }
  }
  let anonymized = 0
  let after: { createdAt: Date; id: string } | undefined
  for (;;) {
    const rows = await runBatch(
      db,
      names,
      environmentId,
      (q) => filterResponses(q, names, environmentId, selection.filter),
      batchSize,
      after,
    )
    anonymized += rows.length
    if (rows.length < batchSize) return { anonymized, missing: [] }
    // The last in the database's order (its collation of ids), which the next batch's keyset uses too.
    const last = rows[rows.length - 1]!
    after = { createdAt: last.created_at, id: last.id }
  }
}

type BatchQuery = ReturnType<typeof batchBase>
const batchBase = (db: Kysely<Database>) => db.selectFrom('responses').select(['responses.id', 'responses.created_at'])

/**
 * One batch, one transaction: the responses `narrow` selects after the keyset position `after` (up to `limit`,
 * by `created_at` then id), anonymized in one statement, and their replays tombstoned; returns them in order.
 */
async function runBatch(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  narrow: (query: BatchQuery) => BatchQuery | undefined,
  limit: number,
  after: { createdAt: Date; id: string } | undefined,
): Promise<Array<{ id: string; created_at: Date }>> {
  return db.transaction().execute(async (trx) => {
    const rows = await anonymizeBatch(trx, names, narrow, limit, after)
    await tombstoneReplays(
      trx,
      names,
      environmentId,
      rows.map((row) => row.id),
    )
    return rows
  })
}

/**
 * The stored answers of `Idempotency-Key` requests of the environment that carry one of `ids` as a JSON string
 * become `ERASED_REPLAY`. A body is split at its quotes, so an id is found as a whole string, by a hash lookup:
 * the cost grows with the bytes of the environment's replays (a day's worth), not with their number times
 * the batch's.
 */
async function tombstoneReplays(trx: Kysely<Database>, names: SchemaNames, environmentId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await sql`
    update ${names.ref('idempotency_keys')} k
    set status = ${ERASED_REPLAY.status}, body = ${ERASED_REPLAY.body}, content_type = ${ERASED_REPLAY.contentType}
    where k.environment_id = ${environmentId} and k.body is not null and k.body <> ${ERASED_REPLAY.body}
      and exists (
        select from string_to_table(k.body, '"') t(token)
        where t.token in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      )`.execute(trx)
}

/** The batch's statement (see `runBatch`). */
async function anonymizeBatch(
  db: Kysely<Database>,
  names: SchemaNames,
  narrow: (query: BatchQuery) => BatchQuery | undefined,
  limit: number,
  after: { createdAt: Date; id: string } | undefined,
): Promise<Array<{ id: string; created_at: Date }>> {
  const selected = narrow(batchBase(db))
  if (!selected) return []
  const dropped = sql`array[${sql.join(ANONYMIZED_META_KEYS.map((key) => sql.lit(key)))}]::text[]`
  const contactDisplay = sql<boolean>`exists (select 1 from ${names.ref('displays')} d where d.id = responses.display_id and d.contact_id is not null)`
  const claimedContactDisplay = sql<boolean>`exists (
    select 1 from ${names.ref('displays')} d where d.id = response_claims.display_id and d.contact_id is not null)`
  return (
    db
      .with('batch', () => pageResponses(selected, { column: 'created_at', direction: 'asc' }, after).limit(limit))
      .with('detached_displays', (qc) =>
        qc
          .updateTable('displays')
          .set({ response_id: null })
          .where('displays.response_id', 'in', qc.selectFrom('batch').select('batch.id'))
          .where('displays.contact_id', 'is not', null)
          .returning('displays.id'),
      )
      // A response's claim of a display it lets go of goes too (the claim of a single-use id stays).
      .with('unclaimed', (qc) =>
        qc
          .deleteFrom('response_claims')
          .where('response_claims.response_id', 'in', qc.selectFrom('batch').select('batch.id'))
          .where('response_claims.single_use_id', 'is', null)
          .where(claimedContactDisplay)
          .returning('response_claims.response_id'),
      )
      .with('released', (qc) =>
        qc
          .updateTable('response_claims')
          .set({ display_id: null })
          .where('response_claims.response_id', 'in', qc.selectFrom('batch').select('batch.id'))
          .where('response_claims.single_use_id', 'is not', null)
          .where(claimedContactDisplay)
          .returning('response_claims.response_id'),
      )
      .with('changed', (qc) =>
        qc
          .updateTable('responses')
          .set({
            contact_id: null,
            contact_attributes: null,
            // The JSON columns take JSON text on update (`Jsonb`), hence `sql<string>`.
            meta: sql<string>`responses.meta - ${dropped}`,
            display_id: sql<string | null>`case when ${contactDisplay} then null else responses.display_id end`,
          })
          .where('responses.id', 'in', qc.selectFrom('batch').select('batch.id'))
          .where((eb) =>
            eb.or([
              eb('responses.contact_id', 'is not', null),
              eb('responses.contact_attributes', 'is not', null),
              eb(sql`responses.meta`, '?|', dropped),
              eb.and([eb('responses.display_id', 'is not', null), contactDisplay]),
            ]),
          )
          .returning(['responses.id', 'responses.survey_id', 'responses.created_at']),
      )
      .with('changes', () => sql`(${responseChangesSql(names, 'changed')})`)
      // Postgres runs a data-modifying CTE whether or not the statement reads it.
      .selectFrom('batch')
      .select(['batch.id', 'batch.created_at'])
      .orderBy('batch.created_at')
      .orderBy('batch.id')
      .execute()
  )
}
