import type { WebhookDeliveryStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { outboxEvent } from './event-data'
import type { EventRow } from './event-data'
import { MESSAGE_ID, messageIdPrefix } from './message-id'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * One transaction per batch (four round trips: begin, the delete, the insert, commit): it deletes a batch of
 * events (skipping those another expander holds), hands them to core's `build`, and inserts the deliveries it
 * returns whose webhook still exists and is not disabled, each with its id (the `webhook-id` of every
 * attempt), so an event becomes its deliveries exactly once, whatever runs at the same time. `build` is a
 * callback rather than a take and an insert of two port calls, because only one transaction can hold the
 * taken events: two calls would keep a connection's transaction open between them, for as long as the caller
 * took, and leave it open if the caller never came back; `build` is pure (core's `outboxDeliveries`), so the
 * transaction holds nothing but its two statements.
 *
 * Event ids begin with the database's clock, so the queue is read from the head of its primary key, where
 * the rows already expanded lie until vacuum removes them: after a burst, a scan from the very head walks
 * tens of thousands of them. `recent` therefore starts at ids of the last ten seconds; `head` at the start.
 */
export function createEventExpander(db: Kysely<Database>, names: SchemaNames): WebhookDeliveryStore['expandEvents'] {
  const deliveries = names.ref('webhook_deliveries')
  const webhooks = names.ref('webhooks')
  const events = names.ref('webhook_events')
  return ({ limit, from }, build) => {
    // `now()`, not `clock_timestamp()`: only a value fixed for the statement can bound an index scan.
    const after = from === 'head' ? sql<string>`''` : messageIdPrefix(sql<Date>`now() - interval '10 seconds'`)
    return db.transaction().execute(async (trx) => {
      const { rows } = await sql<EventRow>`
      -- By row address: a plan that prepared statements cannot turn into a scan of the whole queue.
      delete from ${events} e
      where e.ctid = any(array(
        select ctid from ${events} where id > ${after} order by id limit ${sql.lit(limit)} for update skip locked
      ))
      returning e.*`.execute(trx)
      if (rows.length === 0) return 0
      const made = build(rows.map(outboxEvent)).map((delivery) => ({
        response_id: delivery.responseId,
        webhook_id: delivery.webhookId,
        event: delivery.event,
        payload: delivery.payload,
        created_at: delivery.createdAt,
      }))
      // Written only for webhooks that still exist and are not disabled (a guard, not a choice).
      if (made.length > 0) {
        await sql`
        insert into ${deliveries} (id, webhook_id, event, payload, response_id, created_at, updated_at, next_attempt_at)
        select ${MESSAGE_ID}, w.id, t.event, t.payload, t.response_id, t.created_at, t.created_at, t.created_at
        from jsonb_to_recordset(${JSON.stringify(made)}::jsonb)
          as t(response_id text, webhook_id text, event text, payload jsonb, created_at timestamptz)
        join ${webhooks} w on w.id = t.webhook_id and w.disabled_at is null`.execute(trx)
      }
      return rows.length
    })
  }
}
