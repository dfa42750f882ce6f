import type { DeliveryBacklog, DeliveryStanding } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import type { SchemaNames } from '../postgres/schema-names'

/** Where the counts of `standing` stop. */
const STANDING_CAP = 100_000

/** `WebhookDeliveryStore.nextDue`: the next pending delivery's time, or a recorded event's. */
export async function nextDue(db: Kysely<Database>, after?: Date): Promise<Date | null> {
  // An event's deliveries are due from the event's time: the next claim makes them.
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .fn<Date | null>('least', [
          eb
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.min('next_attempt_at').as('at'))
            .where('status', '=', 'pending')
            .$if(after !== undefined, (q) => q.where('next_attempt_at', '>', after as Date)),
          after
            ? eb
                .selectFrom('webhook_events')
                .select((eb) => eb.fn.min('created_at').as('at'))
                .where('created_at', '>', after)
            : eb.selectFrom('webhook_events').select('created_at as at').orderBy('id').limit(1),
        ])
        .as('at'),
    )
    .executeTakeFirst()
  return row?.at ?? null
}

/** `WebhookDeliveryStore.backlog`: pending and due deliveries, the events not yet made into theirs counted in. */
export async function deliveryBacklog(db: Kysely<Database>, names: SchemaNames, now: Date): Promise<DeliveryBacklog> {
  const deliveries = names.ref('webhook_deliveries')
  const events = names.ref('webhook_events')
  // An event not yet turned into its deliveries counts as one delivery per webhook its write saw (core matches
  // them at `expandEvents`; an event recorded before that held its matches, and counts those), due from its time.
  // Two counts on the index of (status, next_attempt_at), and the event queue, which a dispatcher keeps short.
  const { rows } = await sql<{ pending: number; due: number; queued: number; queued_due: number }>`
    with queued as (
      select e.created_at, case when e.hooks ? 'webhooks' then jsonb_array_length(e.hooks -> 'webhooks')
        else (select coalesce(sum(jsonb_array_length(h.ids)), 0) from jsonb_each(e.hooks) as h(event, ids)) end as n
      from ${events} e
    )
    select
      (select count(*) from ${deliveries} where status = 'pending')::int as pending,
      (select count(*) from ${deliveries} where status = 'pending' and next_attempt_at <= ${now}::timestamptz)::int as due,
      (select coalesce(sum(n), 0) from queued)::int as queued,
      (select coalesce(sum(n), 0) from queued where created_at <= ${now}::timestamptz)::int as queued_due`.execute(db)
  const row = rows[0]
  return { pending: (row?.pending ?? 0) + (row?.queued ?? 0), due: (row?.due ?? 0) + (row?.queued_due ?? 0) }
}

/** `WebhookDeliveryStore.standing`: what is being sent, and the webhooks that waited longest. */
export async function deliveryStanding(db: Kysely<Database>, names: SchemaNames, now: Date, limit: number): Promise<DeliveryStanding> {
  const deliveries = names.ref('webhook_deliveries')
  const webhooks = names.ref('webhooks')
  // The webhooks with anything pending by a loose scan of the pending-by-webhook index, as a claim finds them;
  // the counts only for the `limit` that waited longest, each stopping at `STANDING_CAP`.
  const waiting = await sql<{ webhook_id: string; environment_id: string; oldest_due: Date; due: number; pending: number }>`
    with recursive h(webhook_id) as (
      (select d.webhook_id from ${deliveries} d where d.status = 'pending' order by d.webhook_id limit 1)
      union all
      select (select d.webhook_id from ${deliveries} d
        where d.status = 'pending' and d.webhook_id > h.webhook_id order by d.webhook_id limit 1)
      from h where h.webhook_id is not null
    ),
    oldest as (
      select h.webhook_id, (select min(d.next_attempt_at) from ${deliveries} d
        where d.webhook_id = h.webhook_id and d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz) as oldest_due
      from h where h.webhook_id is not null
    ),
    longest as (
      select * from oldest where oldest_due is not null order by oldest_due, webhook_id limit ${limit}
    )
    select l.webhook_id, w.environment_id, l.oldest_due,
      (select count(*) from (select 1 from ${deliveries} d where d.webhook_id = l.webhook_id and d.status = 'pending'
        and d.next_attempt_at <= ${now}::timestamptz limit ${sql.lit(STANDING_CAP)}) x)::int as due,
      (select count(*) from (select 1 from ${deliveries} d where d.webhook_id = l.webhook_id and d.status = 'pending'
        limit ${sql.lit(STANDING_CAP)}) x)::int as pending
    from longest l join ${webhooks} w on w.id = l.webhook_id
    order by l.oldest_due, l.webhook_id`.execute(db)
  const { rows } = await sql<{ sending: number; last_delivered: Date | null }>`
    select
      (select count(*) from (select 1 from ${deliveries} where status = 'pending' and next_attempt_at > ${now}::timestamptz
        and claim_token is not null limit ${sql.lit(STANDING_CAP)}) x)::int as sending,
      (select max(next_attempt_at) from ${deliveries} where status = 'delivered') as last_delivered`.execute(db)
  return {
    sending: rows[0]?.sending ?? 0,
    lastDeliveredAt: rows[0]?.last_delivered ?? null,
    webhooks: waiting.rows.map((row) => ({
      webhookId: row.webhook_id,
      environmentId: row.environment_id,
      due: row.due,
      pending: row.pending,
      oldestDueAt: row.oldest_due,
    })),
  }
}
