import type { ClaimQuery, ClaimedDelivery, DeliveryOutcome, WebhookEvent } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { toJsonb } from '../sql/to-jsonb'

/**
 * `WebhookDeliveryStore.claim`: one statement that locks due rows with `for update skip locked` (so concurrent
 * claimers, in any process, take disjoint rows), pushes their `next_attempt_at` forward by the lease (so the rows
 * are not due again until a dead claimer's lease ran out) and stamps its `claim_token`.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  names: SchemaNames,
  { now, limit, leaseMs, claimToken, perWebhook, limits = {}, inFlight = {} }: ClaimQuery,
): Promise<ClaimedDelivery[]> {
  const deliveries = names.ref('webhook_deliveries')
  const webhooks = names.ref('webhooks')
  const until = new Date(now.getTime() + leaseMs)
  // Without a cap: the oldest due deliveries, whoever they are for. With one: per webhook, one range of
  // the pending-by-webhook index, up to the slots it has free, so a receiver with a backlog of thousands
  // takes no more than its share and a claim costs one index probe per webhook with anything pending.
  const due =
    perWebhook === undefined
      ? sql<{ id: string }>`select d.id from ${deliveries} d
          where d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz
          order by d.next_attempt_at, d.id
          limit ${limit}
          for update skip locked`
      : sql<{ id: string }>`with recursive h(webhook_id) as (
            -- The webhooks with anything pending, one index probe each (a loose scan of the index).
            (select d.webhook_id from ${deliveries} d where d.status = 'pending' order by d.webhook_id limit 1)
            union all
            select (select d.webhook_id from ${deliveries} d
              where d.status = 'pending' and d.webhook_id > h.webhook_id order by d.webhook_id limit 1)
            from h where h.webhook_id is not null
          )
          select x.id from h
          cross join lateral (
            select d.id, d.next_attempt_at from ${deliveries} d
            where d.webhook_id = h.webhook_id and d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz
            order by d.next_attempt_at, d.id
            limit greatest(0, coalesce((${JSON.stringify(limits)}::jsonb ->> h.webhook_id)::int, ${perWebhook}::int)
              - coalesce((${JSON.stringify(inFlight)}::jsonb ->> h.webhook_id)::int, 0))
            for update of d skip locked
          ) x
          where h.webhook_id is not null
          order by x.next_attempt_at, x.id
          limit ${limit}`
  const { rows } = await sql<ClaimRow>`
    with due as (${due})
    update ${deliveries} d
    set next_attempt_at = ${until}::timestamptz, claim_token = ${claimToken}
    from due, ${webhooks} w
    where d.id = due.id and w.id = d.webhook_id
    returning d.id, d.webhook_id, d.event, d.payload::text as body, d.attempts, d.created_at,
      w.url, w.secret, w.disabled_at is not null as disabled`.execute(db)
  return rows.map(
    (row): ClaimedDelivery => ({
      id: row.id,
      webhookId: row.webhook_id,
      event: row.event as WebhookEvent,
      url: row.url,
      secret: row.secret,
      body: row.body,
      attempts: row.attempts,
      disabled: row.disabled,
      createdAt: row.created_at,
    }),
  )
}

/** `WebhookDeliveryStore.record`: the outcomes of claims that still hold, and a 410's webhook disabled. */
export async function recordOutcomes(db: Kysely<Database>, names: SchemaNames, outcomes: DeliveryOutcome[]): Promise<void> {
  const valid = outcomes.filter((outcome) => isStorable(outcome.id) && isStorable(outcome.claimToken))
  const plain = valid.filter((outcome) => outcome.next.status !== 'disable')
  if (plain.length > 0) await recordAll(db, names, plain)
  // Disabling a webhook changes more rows: one transaction per 410, which is rare.
  for (const outcome of valid.filter((o) => o.next.status === 'disable')) {
    await db.transaction().execute(async (trx) => {
      const webhookId = (await recordAll(trx, names, [outcome]))[0]
      if (webhookId === undefined) return
      const now = outcome.now
      await trx
        .updateTable('webhooks')
        .set((eb) => ({ disabled_at: eb.fn.coalesce('disabled_at', eb.val(now)), updated_at: now }))
        .where('id', '=', webhookId)
        .execute()
      // Claimed ones included: their claimers' records then find the token cleared and change nothing.
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', claim_token: null, updated_at: now })
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .execute()
    })
  }
}

/**
 * One statement for any number of outcomes: each row of the JSON list updates its delivery if the claim it
 * names still holds. Returns the webhook ids of the deliveries it changed.
 */
async function recordAll(executor: Kysely<Database>, names: SchemaNames, outcomes: DeliveryOutcome[]): Promise<string[]> {
  const deliveries = names.ref('webhook_deliveries')
  const rows = outcomes.map(({ id, claimToken, attempt, next, now }) => ({
    id,
    claim_token: claimToken,
    status: next.status === 'retry' ? 'pending' : next.status === 'delivered' ? 'delivered' : 'failed',
    attempted: attempt ? 1 : 0,
    log: attempt ? [attempt] : [],
    next_at: (next.status === 'retry' ? next.at : now).toISOString(),
    last_status: attempt?.status ?? null,
    last_error: attempt?.errorClass ?? null,
    now: now.toISOString(),
  }))
  const result = await sql<{ webhook_id: string }>`
    update ${deliveries} d
    set status = v.status, attempts = d.attempts + v.attempted, attempt_log = d.attempt_log || v.log,
      next_attempt_at = v.next_at, last_status = case when v.attempted = 1 then v.last_status else d.last_status end,
      last_error = case when v.attempted = 1 then v.last_error else d.last_error end,
      claim_token = null, updated_at = v.now
    from jsonb_to_recordset(${toJsonb(rows)}::jsonb) as v(
      id text, claim_token text, status text, attempted int, log jsonb, next_at timestamptz,
      last_status int, last_error text, now timestamptz)
    where d.id = v.id and d.claim_token = v.claim_token
    returning d.webhook_id`.execute(executor)
  return result.rows.map((row) => row.webhook_id)
}

interface ClaimRow {
  id: string
  webhook_id: string
  event: string
  body: string
  attempts: number
  created_at: Date
  url: string
  secret: string
  disabled: boolean
}
