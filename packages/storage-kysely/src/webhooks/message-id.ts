import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'

/**
 * The start of every message id made at the time `timestamp` (SQL): `msg_` and the time in milliseconds as 12
 * hex digits, so that ids sort by creation and a range of them is a range of time. The outbox's event ids
 * (made by the trigger functions of the migrations) start the same way.
 */
export const messageIdPrefix = (timestamp: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`'msg_' || lpad(to_hex((extract(epoch from ${timestamp}) * 1000)::bigint), 12, '0')`

/**
 * A Standard Webhooks message id made in SQL: its time prefix (a primary key of such ids grows at its end)
 * and 20 random hex digits.
 */
export const MESSAGE_ID: RawBuilder<string> = sql<string>`${messageIdPrefix(sql<Date>`clock_timestamp()`)}
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`
