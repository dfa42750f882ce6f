import { utf8Length } from '@canvass/core'
import type { ClientContactState, ClientContactStore, ContactAttributeLimits, ContactIdentity } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Transaction } from 'kysely'
import { contactAttributesJson } from '../sql/contact-attributes-json'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'

/** A widget state lists at most this many of a contact's latest displays. */
const MAX_DISPLAYS = 1000

/** Contacts by `userId`, as the client SDKs use them. */
export function createClientContactStore(db: Kysely<Database>, names: SchemaNames): ClientContactStore {
  return {
    async identify(who) {
      if (!isStorable(who.environmentId) || !isStorable(who.userId)) return null
      const existing = await readState(db, names, who.environmentId, who.userId)
      if (existing) return existing
      if ((await upsertContact(db, who)) === null) return null
      return readState(db, names, who.environmentId, who.userId)
    },

    async setAttributes(who, attributes, limits) {
      if (!isStorable(who.environmentId) || !isStorable(who.userId)) return null
      const entries = Object.entries(attributes).filter(([key, value]) => isStorable(key) && isStorable(value))
      try {
        return await db.transaction().execute(async (trx) => {
          // Locks the contact until commit: concurrent writes of one contact's attributes run one after
          // another, so each checks the per-contact bounds against the last one's result.
          const contactId = await upsertContact(trx, who)
          if (contactId === null) return null
          let changed = false
          const skipped: string[] = []
          if (entries.length > 0) {
            // Sorted, so that concurrent creators of the same keys insert them in one order and never deadlock.
            const keys = entries.map(([key]) => key).sort()
            let rows = await readKeys(trx, who.environmentId, keys)
            if (rows.length < keys.length) rows = await createKeys(trx, who, keys, limits.maxClientAttributeKeys)
            const byKey = new Map(rows.map((row) => [row.key, row]))
            // A unique key's row is locked while its values are checked and written, so that two contacts
            // setting the same value at once cannot both get it. In id order, so lockers never deadlock.
            const uniqueIds = rows
              .filter((row) => row.is_unique)
              .map((row) => row.id)
              .sort()
            if (uniqueIds.length > 0) {
              await trx.selectFrom('contact_attribute_keys').select('id').where('id', 'in', uniqueIds).orderBy('id').forUpdate().execute()
            }
            const values: {
              id: string
              contact_id: string
              attribute_key_id: string
              value: string
              created_at: Date
              updated_at: Date
            }[] = []
            for (const [key, value] of entries) {
              const attributeKey = byKey.get(key)
              if (!attributeKey) continue
              if (attributeKey.is_unique) {
                // The digest finds the rows through its index (migration attribute-value-hash); the value keeps only equal ones.
                const taken = await trx
                  .selectFrom('contact_attributes')
                  .select('id')
                  .where('attribute_key_id', '=', attributeKey.id)
                  .where((eb) => eb(eb.cast(eb.fn('md5', ['value']), 'uuid'), '=', eb.cast(eb.fn('md5', [eb.val(value)]), 'uuid')))
                  .where('value', '=', value)
                  .where('contact_id', '<>', contactId)
                  .executeTakeFirst()
                if (taken) {
                  skipped.push(key)
                  continue
                }
              }
              values.push({
                id: who.newId(),
                contact_id: contactId,
                attribute_key_id: attributeKey.id,
                value,
                created_at: who.now,
                updated_at: who.now,
              })
            }
            if (values.length > 0) {
              await checkContactBounds(trx, contactId, values, limits)
              const written = await trx
                .insertInto('contact_attributes')
                .values(values)
                .onConflict((oc) =>
                  oc
                    .columns(['contact_id', 'attribute_key_id'])
                    .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') }))
                    .where('contact_attributes.value', 'is distinct from', (eb) => eb.ref('excluded.value')),
                )
                .returning('id')
                .execute()
              changed = written.length > 0
            }
            if (changed) await trx.updateTable('contacts').set({ updated_at: who.now }).where('id', '=', contactId).execute()
          }
          const state = await readState(trx, names, who.environmentId, who.userId)
          return state && { state, changed, skipped }
        })
      } catch (error) {
        // Thrown inside the transaction, so that it rolled back: nothing was written, the contact included.
        if (error instanceof LimitExceeded) return { exceeded: error.bound }
        throw error
      }
    },
  }
}

/** The contact's state in one statement, or null when it does not exist. */
async function readState(q: Executor, names: SchemaNames, environmentId: string, userId: string) {
  const row = await q
    .selectFrom('contacts as c')
    .select((eb) => [
      'c.id',
      contactAttributesJson(names, sql.ref('c.id')).as('attributes'),
      eb.fn
        .coalesce(
          eb
            .selectFrom(
              eb
                .selectFrom('displays')
                .select(['survey_id', 'created_at', 'id'])
                .whereRef('contact_id', '=', 'c.id')
                .orderBy('created_at', 'desc')
                .orderBy('id', 'desc')
                .limit(MAX_DISPLAYS)
                .as('d'),
            )
            .select((eb) =>
              eb.fn
                .agg<{ surveyId: string; createdAt: string }[]>('jsonb_agg', [
                  eb.fn('jsonb_build_object', [sql.lit('surveyId'), 'd.survey_id', sql.lit('createdAt'), 'd.created_at']),
                ])
                .orderBy('d.created_at', 'desc')
                .orderBy('d.id', 'desc')
                .as('displays'),
            ),
          sql<{ surveyId: string; createdAt: string }[]>`'[]'::jsonb`,
        )
        .as('displays'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('responses as r')
            .select((eb) => eb.fn.agg<string[]>('jsonb_agg', ['r.survey_id']).distinct().as('responses'))
            .whereRef('r.contact_id', '=', 'c.id'),
          sql<string[]>`'[]'::jsonb`,
        )
        .as('responses'),
    ])
    .where('c.environment_id', '=', environmentId)
    .where('c.user_id', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  return {
    contactId: row.id,
    userId,
    attributes: row.attributes,
    displays: row.displays.map((d) => ({ surveyId: d.surveyId, createdAt: new Date(d.createdAt) })),
    responseSurveyIds: row.responses,
  } satisfies ClientContactState
}

/**
 * Creates the contact if absent and returns its id, or null when the environment does not exist.
 * `do update` (not `do nothing`) so that the id of a contact a concurrent request just created comes back
 * too; inside a transaction it also locks the contact until commit.
 */
async function upsertContact(q: Executor, who: ContactIdentity) {
  const row = await q
    .insertInto('contacts')
    .columns(['id', 'environment_id', 'user_id', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('environments as e')
        .select([
          eb.cast<string>(eb.val(who.newId()), 'text').as('id'),
          'e.id as environment_id',
          eb.cast<string>(eb.val(who.userId), 'text').as('user_id'),
          eb.cast<Date>(eb.val(who.now), 'timestamptz').as('created_at'),
          eb.cast<Date>(eb.val(who.now), 'timestamptz').as('updated_at'),
        ])
        .where('e.id', '=', who.environmentId),
    )
    .onConflict((oc) => oc.columns(['environment_id', 'user_id']).doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id') })))
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

type Executor = Kysely<Database> | Transaction<Database>

/** A bound of `ContactAttributeLimits` that a write would cross; thrown to roll the transaction back. */
class LimitExceeded extends Error {
  constructor(readonly bound: keyof ContactAttributeLimits) {
    super(`contact limit ${bound} exceeded`)
  }
}

/** The environment's attribute keys among `keys`. */
function readKeys(q: Executor, environmentId: string, keys: string[]) {
  return q
    .selectFrom('contact_attribute_keys')
    .select(['id', 'key', 'is_unique'])
    .where('environment_id', '=', environmentId)
    .where('key', 'in', keys)
    .execute()
}

/**
 * Creates the keys among `keys` that the environment lacks, as `custom` keys made by a client, unless clients
 * would then have made more than `max` keys there; returns every key of `keys`. The environment's row is
 * locked first, so that requests creating keys in one environment count one after another: each sees the
 * keys the previous one made, and together they cannot pass `max`.
 */
async function createKeys(trx: Transaction<Database>, who: ContactIdentity, keys: string[], max: number) {
  await trx.selectFrom('environments').select('id').where('id', '=', who.environmentId).forNoKeyUpdate().execute()
  // Read again under the lock: a request that held it may have created some of them.
  const existing = new Set((await readKeys(trx, who.environmentId, keys)).map((row) => row.key))
  const missing = keys.filter((key) => !existing.has(key))
  if (missing.length > 0) {
    const { created } = await trx
      .selectFrom('contact_attribute_keys')
      .select((eb) => eb.fn.countAll<string>().as('created'))
      .where('environment_id', '=', who.environmentId)
      .where('created_by_client', '=', true)
      .executeTakeFirstOrThrow()
    if (Number(created) + missing.length > max) throw new LimitExceeded('maxClientAttributeKeys')
    await trx
      .insertInto('contact_attribute_keys')
      .values(
        missing.map((key) => ({
          id: who.newId(),
          environment_id: who.environmentId,
          key,
          name: key,
          description: null,
          type: 'custom' as const,
          is_unique: false,
          created_by_client: true,
          created_at: who.now,
          updated_at: who.now,
        })),
      )
      // A key the management API creates meanwhile (it takes no lock) is simply used.
      .onConflict((oc) => oc.columns(['environment_id', 'key']).doNothing())
      .execute()
  }
  return readKeys(trx, who.environmentId, keys)
}

/**
 * Refuses `values` when writing them would leave the contact with more attributes, or more bytes of values,
 * than `limits` allow, and more than it has now (a contact already past a bound may still change what it
 * holds). The caller holds the contact's lock, so what is read here stays true until commit.
 */
async function checkContactBounds(
  trx: Transaction<Database>,
  contactId: string,
  values: { attribute_key_id: string; value: string }[],
  limits: ContactAttributeLimits,
): Promise<void> {
  const stored = await trx
    .selectFrom('contact_attributes')
    .select(['attribute_key_id', (eb) => eb.fn<number>('octet_length', ['value']).as('bytes')])
    .where('contact_id', '=', contactId)
    .execute()
  const sizes = new Map(stored.map((row) => [row.attribute_key_id, Number(row.bytes)]))
  const before = { count: sizes.size, bytes: sum(sizes.values()) }
  for (const { attribute_key_id, value } of values) sizes.set(attribute_key_id, utf8Length(value))
  const after = { count: sizes.size, bytes: sum(sizes.values()) }
  if (after.count > limits.maxAttributesPerContact && after.count > before.count) throw new LimitExceeded('maxAttributesPerContact')
  if (after.bytes > limits.maxAttributeBytesPerContact && after.bytes > before.bytes) {
    throw new LimitExceeded('maxAttributeBytesPerContact')
  }
}

function sum(numbers: Iterable<number>): number {
  let total = 0
  for (const n of numbers) total += n
  return total
}
