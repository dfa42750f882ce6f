import type { ClaimedDelivery, DeliveryAttempt, DeliveryOutcome, DeliveryRecord, WebhookDeliveryStore, WebhookEvent } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { applyPage } from '../responses/apply-page'
import { createEventExpander } from './expand-events'
import type { Database } from '../postgres/database'
import type { DeliveryNotifier } from './delivery-notifier'
import { isStorable } from '../postgres/is-storable'
import type { SchemaNames } from '../postgres/schema-names'
import { toJsonb } from '../sql/to-jsonb'

const DELIVERY_COLUMNS = [
  'webhook_deliveries.id',
  'webhook_deliveries.webhook_id',
  'webhook_deliveries.response_id',
  'webhook_deliveries.event',
  'webhook_deliveries.status',
  'webhook_deliveries.attempt_log',
  'webhook_deliveries.next_attempt_at',
  'webhook_deliveries.created_at',
  'webhook_deliveries.updated_at',
] as const

interface DeliveryRow {
  id: string
  webhook_id: string
  response_id: string | null
  event: string
  status: string
  attempt_log: unknown
  next_attempt_at: Date
  created_at: Date
  updated_at: Date
}

function toDeliveryRecord(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    responseId: row.response_id,
    event: row.event as WebhookEvent,
    status: row.status as DeliveryRecord['status'],
    attempts: row.attempt_log as DeliveryAttempt[],
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Where the counts of `standing` stop. */
const STANDING_CAP = 100_000

/**
 * The webhook outbox on Postgres. Response writes record events (`webhook_events`) in the statement that writes
 * the response (`response-events-sql.ts`); `expandEvents` turns them into the deliveries core makes of them, and
 * core runs it before anything reads deliveries (`withOutboxExpansion`), so the port sees every delivery as soon
 * as the response write committed. A claim is one statement: it locks due rows with `for update skip locked`
 * (so concurrent claimers, in any process, take disjoint rows), pushes their `next_attempt_at` forward by the
 * lease (so the rows are not due again until a dead claimer's lease ran out) and stamps its `claim_token`.
 */
export function createWebhookDeliveryStore(db: Kysely<Database>, names: SchemaNames, notifier: DeliveryNotifier): WebhookDeliveryStore {
  const deliveries = names.ref('webhook_deliveries')
  const webhooks = names.ref('webhooks')
  const events = names.ref('webhook_events')

  return {
    expandEvents: createEventExpander(db, names),

    async claim({ now, limit, leaseMs, claimToken, perWebhook, limits = {}, inFlight = {} }) {
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
    },

    async record(outcomes) {
      const valid = outcomes.filter((outcome) => isStorable(outcome.id) && isStorable(outcome.claimToken))
      const plain = valid.filter((outcome) => outcome.next.status !== 'disable')
      if (plain.length > 0) await recordAll(db, plain)
      // Disabling a webhook changes more rows: one transaction per 410, which is rare.
      for (const outcome of valid.filter((o) => o.next.status === 'disable')) {
        await db.transaction().execute(async (trx) => {
          const webhookId = (await recordAll(trx, [outcome]))[0]
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
    },

    async list(environmentId, webhookId, page) {
      if (!isStorable(environmentId) || !isStorable(webhookId)) return []
      const rows = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select(DELIVERY_COLUMNS)
        .where('webhook_deliveries.webhook_id', '=', webhookId)
        .where('webhooks.environment_id', '=', environmentId)
        .$if(page.status !== undefined, (q) => q.where('webhook_deliveries.status', '=', page.status as string))
        .$if(page.event !== undefined, (q) => q.where('webhook_deliveries.event', '=', page.event as string))
        .$call((query) => applyPage(query, 'webhook_deliveries', page))
        .execute()
      return rows.map(toDeliveryRecord)
    },

    async redeliver(environmentId, webhookId, deliveryId, now) {
      if (!isStorable(environmentId) || !isStorable(webhookId) || !isStorable(deliveryId)) return null
      const owned = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select(['webhooks.disabled_at'])
        .where('webhook_deliveries.id', '=', deliveryId)
        .where('webhook_deliveries.webhook_id', '=', webhookId)
        .where('webhooks.environment_id', '=', environmentId)
        .executeTakeFirst()
      if (!owned) return null
      if (owned.disabled_at !== null) return 'disabled'
      // One statement: a delivery being sent (pending, claimed, its lease ahead) keeps its attempt; any other
      // becomes pending and due now. The webhook's state is checked again in the same statement.
      const row = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, claim_token: null, updated_at: now })
        .where('webhook_deliveries.id', '=', deliveryId)
        .where('webhook_deliveries.webhook_id', 'in', (q) =>
          q
            .selectFrom('webhooks')
            .select('webhooks.id')
            .where('webhooks.id', '=', webhookId)
            .where('webhooks.environment_id', '=', environmentId)
            .where('webhooks.disabled_at', 'is', null),
        )
        .where((eb) =>
          eb.or([
            eb('webhook_deliveries.status', '!=', 'pending'),
            eb('webhook_deliveries.claim_token', 'is', null),
            eb('webhook_deliveries.next_attempt_at', '<=', now),
          ]),
        )
        .returning(DELIVERY_COLUMNS.map((column) => column.replace('webhook_deliveries.', '')) as never)
        .executeTakeFirst()
      notifier.notify()
      if (row) return toDeliveryRecord(row as never)
      // Being sent right now, or disabled since the check: as it is.
      const current = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select([...DELIVERY_COLUMNS, 'webhooks.disabled_at'])
        .where('webhook_deliveries.id', '=', deliveryId)
        .where('webhooks.environment_id', '=', environmentId)
        .executeTakeFirst()
      if (!current) return null
      return current.disabled_at !== null ? 'disabled' : toDeliveryRecord(current)
    },

    async nextDue(after) {
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
    },

    async backlog(now) {
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
    },

    async standing(now, limit) {
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
    },

    async purgeEnded({ before, limit }) {
      // On the index of (status, next_attempt_at): an ended delivery's `next_attempt_at` is when it ended, or
      // (failed when its webhook was disabled) the retry it no longer waits for; `updated_at` is when it ended.
      const { rows } = await sql<{ n: number }>`
        with gone as (
          delete from ${deliveries} where ctid = any(array(
            select ctid from ${deliveries}
            where status in ('delivered', 'failed') and next_attempt_at < ${before}::timestamptz and updated_at < ${before}::timestamptz
            limit ${limit} for update skip locked
          ))
          returning 1
        )
        select count(*)::int as n from gone`.execute(db)
      return rows[0]?.n ?? 0
    },

    onWritten: (listener) => notifier.subscribe(listener),
  }

  /**
   * One statement for any number of outcomes: each row of the JSON list updates its delivery if the claim it
   * names still holds. Returns the webhook ids of the deliveries it changed.
   */
  async function recordAll(executor: Kysely<Database>, outcomes: DeliveryOutcome[]): Promise<string[]> {
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
