import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from './database'
import { anyAnswerOffScaleSql } from './answer-scales-sql'
import { effectiveStatusSql } from './effective-status-sql'
import { hasQuotasSql } from './has-quotas-sql'
import { precompiled, slots } from './precompiled'
import type { Precompiled } from './precompiled'
import { WRITTEN_COLUMNS, responseEventsSql } from './response-events-sql'
import { batchRowJson } from './response-values'
import type { ResponseValues } from './response-values'
import { isRowError } from './sql-state'
import type { SchemaNames } from './schema-names'

/** How concurrent fast-path response creates are written together (`createKyselyStorage`'s `responseBatch`). */
export interface ResponseBatchOptions {
  /**
   * The most responses one statement writes.
   * @default 256
   */
  maxSize?: number
  /**
   * The longest a create waits in the queue (milliseconds) while earlier batches are in flight; once it has
   * waited that long, its batch is written even if `maxInFlight` batches are still running. A create that
   * arrives while no batch is in flight is written at once.
   * @default 5
   */
  maxWaitMs?: number
  /**
   * How many batch statements may run at the same time (each holds one connection of the pool). With one,
   * the next batch fills while the current one runs, which makes the largest batches.
   * @default 1
   */
  maxInFlight?: number
}

/**
 * A create's row committed, and whether its survey has quotas (read by the statement that wrote it); `false`:
 * not written (the caller takes the statement that names its outcome).
 */
export type Written = { hasQuotas: boolean } | false

/** One queued create: what it writes and how its caller is answered. */
interface Pending {
  values: ResponseValues
  queuedAt: number
  resolve: (written: Written) => void
  /** The batch's statement failed for a reason that trying each row again would not cure. */
  reject: (error: unknown) => void
}

/**
 * Writes concurrent response creates that the fast path can take (no `userId`, no `singleUseId`) with one
 * multi-row `insert … select … from unnest(…) join surveys` per batch: one round trip and one commit for
 * every create queued at that moment. Each caller learns only whether its own row came back from
 * `returning id`, that is, committed. A refused row (unknown survey, other environment, not accepting, a
 * display of no such survey, of a contact or one that has its response, an answer off its question's scale,
 * a finished response towards `auto_complete`, any
 * response to a survey with a PIN, whose proof the single path checks) answers `false`, and so does every row
 * of a batch whose statement failed with an error a row can cause (a value the database refuses, a row deleted
 * while it ran; nothing of it was written): the caller then takes the statement that names its outcome, so one
 * bad request never fails the others. Any other failure of the statement (the database is
 * unreachable, say) rejects every create of the batch with that error.
 */
export function createResponseBatcher(
  db: Kysely<Database>,
  names: SchemaNames,
  options: ResponseBatchOptions,
  /** Writes a batch of one with the single-row statement, which Postgres plans and runs faster than `unnest`. */
  writeOne: (values: ResponseValues) => Promise<Written>,
): (values: ResponseValues) => Promise<Written> {
  const maxSize = Math.max(1, options.maxSize ?? 256)
  const maxWaitMs = Math.max(0, options.maxWaitMs ?? 5)
  const maxInFlight = Math.max(1, options.maxInFlight ?? 1)
  const statement = batchInsertStatement(db, names)
  let queue: Pending[] = []
  let inFlight = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const write = async (batch: Pending[]): Promise<void> => {
    inFlight++
    let written: Map<string, Written> | undefined
    let failure: { error: unknown } | undefined
    try {
      if (batch.length === 1) {
        const { values } = batch[0]!
        written = new Map([[values.id, await writeOne(values)]])
      } else {
        const { rows } = await db.executeQuery(statement(batchValues(batch)))
        written = new Map(rows.map((row) => [row.id, { hasQuotas: row.has_quotas }]))
      }
    } catch (error) {
      // Nothing of the batch was written (one statement). An error one row may have caused: each create is
      // tried again on its own, so only that row's caller meets it. Anything else is every caller's.
      if (!isRowError(error)) failure = { error }
    } finally {
      inFlight--
    }
    for (const pending of batch) {
      if (failure) pending.reject(failure.error)
      else pending.resolve(written?.get(pending.values.id) ?? false)
    }
    flush()
  }

  const flush = (): void => {
    while (queue.length > 0) {
      const overdue = Date.now() - queue[0]!.queuedAt >= maxWaitMs
      if (inFlight >= maxInFlight && !overdue) break
      const batch = queue.length <= maxSize ? queue : queue.slice(0, maxSize)
      queue = queue.length <= maxSize ? [] : queue.slice(maxSize)
      void write(batch)
    }
    if (queue.length > 0 && timer === undefined) {
      const wait = Math.max(0, maxWaitMs - (Date.now() - queue[0]!.queuedAt))
      timer = setTimeout(() => {
        timer = undefined
        flush()
      }, wait)
      timer.unref?.()
    }
  }

  // Requests that arrive in the same turn of the event loop (e.g. read from sockets in one poll) share a batch:
  // an idle storage writes them at the end of that turn, after no timer. Not at once: PGlite runs a statement to
  // its end within the microtasks that follow each socket's callback, so a create written at once would be done
  // before the next socket is read, and every create of a busy turn would go alone.
  // biome-ignore lint/correctness/noUnusedVariables: read by `immediate ??=` below, which schedules one flush a turn
  let immediate: ReturnType<typeof setImmediate> | undefined
  const flushSoon = (): void => {
    immediate = undefined
    flush()
  }

  return (values) =>
    new Promise<Written>((resolve, reject) => {
      queue.push({ values, queuedAt: Date.now(), resolve, reject })
      if (queue.length >= maxSize) flush()
      // Idle: written at the end of this turn. Busy: the batch fills until one in flight ends (or the timer).
      else if (inFlight < maxInFlight) immediate ??= setImmediate(flushSoon)
      else if (timer === undefined) flush()
    })
}

/** The one value of the batch statement: its rows, as JSON text. */
const BATCH_SLOTS = slots(['rows'])

/**
 * The batch's rows as one JSON array of objects, one per queued create (`batchRowJson`). One text that Postgres
 * parses once (`jsonb_to_recordset`), where column arrays would each be written by `pg` as a Postgres array
 * literal, escaping every element in JavaScript (a few KB of garbage per create), and the JSON columns parsed
 * twice by Postgres (array, then jsonb).
 */
function batchValues(batch: Pending[]): Record<keyof typeof BATCH_SLOTS, string> {
  return { rows: `[${batch.map((pending) => batchRowJson(pending.values)).join(',')}]` }
}

/**
 * The checks of the single fast path, per row: the survey belongs to the row's environment, accepts when the
 * row asks so (at the row's own timestamp), owns the display when one is named (a display made for a contact
 * is not a row's: batch rows have no `userId`), and the row's numbers are on their questions' scales (judged
 * only for a row whose `data` holds a number). A finished response of a survey with `auto_complete` is left
 * to the single path, which counts it under the survey's rule, and so is
 * a display's second response (stored, or earlier in the batch: `on conflict … do nothing` rather than a
 * failed batch), which the single path refuses by name. The rows arrive as one JSON text (`batchValues`); a
 * jsonb column read from it as SQL NULL is stored as JSON `null`, as `toJsonb` writes it on the single path.
 * Each written row comes back with whether its survey has quotas. Compiled once per storage.
 */
function batchInsertStatement(db: Kysely<Database>, names: SchemaNames): Precompiled<BatchRow, keyof typeof BATCH_SLOTS> {
  const slot = BATCH_SLOTS
  return precompiled(
    sql<BatchRow>`with written as (insert into ${names.ref('responses')} (
      id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
      language, display_id, ending_id
    )
    select i.id, i.created_at, i.created_at, s.id, s.environment_id, i.finished,
      coalesce(i.data, 'null'), coalesce(i.meta, 'null'), coalesce(i.ttc, 'null'), coalesce(i.variables, 'null'),
      i.language, i.display_id, i.ending_id
    from jsonb_to_recordset(${slot.rows}::jsonb) as i(id text, created_at timestamptz, finished boolean, data jsonb,
        numbers boolean, meta jsonb, ttc jsonb, variables jsonb, language text, display_id text, ending_id text, survey_id text,
        environment_id text, accepting boolean)
    join ${names.ref('surveys')} s on s.id = i.survey_id and s.environment_id = i.environment_id
    where (not i.accepting or ${effectiveStatusSql('s', sql.ref('i.created_at'))} in ('draft', 'inProgress'))
      and (not i.finished or s.auto_complete is null)
      and s.pin is null
      and (i.display_id is null or exists (
        select from ${names.ref('displays')} d where d.id = i.display_id and d.survey_id = s.id and d.contact_id is null
      ))
      and (not i.numbers or not ${anyAnswerOffScaleSql(sql.ref('s.questions'), sql.ref('i.data'))})
    on conflict (display_id) where display_id is not null do nothing
    returning ${WRITTEN_COLUMNS}),
    events as (${responseEventsSql(names, { rows: 'written', kind: 'create', contacts: 'none' })})
    select id, ${hasQuotasSql(names, sql.ref('written.survey_id'))} as has_quotas from written`.compile(db),
    slot,
  )
}

/** What the batch statement returns of each row it wrote. */
interface BatchRow {
  id: string
  has_quotas: boolean
}
