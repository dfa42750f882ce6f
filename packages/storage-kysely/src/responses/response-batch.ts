import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import { hasQuotasSql } from '../sql/has-quotas-sql'
import { unscreenedSql } from '../sql/unscreened-sql'
import { precompiled, slots } from '../postgres/precompiled'
import type { Precompiled } from '../postgres/precompiled'
import { WRITTEN_COLUMNS, responseEventsSql } from '../sql/response-events-sql'
import { batchRowJson, isLean } from './response-values'
import type { ResponseValues } from './response-values'
import { isRowError } from '../postgres/sql-state'
import type { SchemaNames } from '../postgres/schema-names'
import { ofCurrentDaySql, responseChangesSql } from './summary-parts'

/** How concurrent response creates are written together (`createKyselyStorage`'s `responseBatch`). */
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

/** A create core allowed, and the version of its survey that the decision read (the write's guard). */
export interface GuardedCreate {
  values: ResponseValues
  version: string
}

/** One queued create: what it writes and how its caller is answered. */
interface Pending extends GuardedCreate {
  queuedAt: number
  resolve: (written: Written) => void
  /** The batch's statement failed for a reason that trying each row again would not cure. */
  reject: (error: unknown) => void
}

/**
 * Part of the one write path (`insert-response.ts`): creates that arrive together are written by one
 * statement, because one round trip and one commit per create is what limits ingest (`bench:ingest`: about 2 ×
 * the single-row insert's rate at 32 connections). It takes the creates core allowed that need nothing of the
 * single-row statement (no `userId`, single-use id or `updatedAt` of their own); each row is guarded like the
 * single-row write (its survey still at the version decided on, its display this survey's and of no contact),
 * and a display's second response is left out (its claim is, `on conflict … do nothing`, and the row with it). Each caller learns only whether
 * its own row came back, that is, committed; `false` sends it back to the single-row write, which names what
 * happened. So does every row of a batch whose statement failed with an error a row can cause (nothing of it
 * was written), so one bad request never fails the others. Any other failure (the database is unreachable,
 * say) rejects every create of the batch with that error.
 */
export function createResponseBatcher(
  db: Kysely<Database>,
  names: SchemaNames,
  options: ResponseBatchOptions,
  /** Writes a batch of one with the single-row statement, which Postgres plans and runs faster than a recordset. */
  writeOne: (create: GuardedCreate) => Promise<Written>,
  /** Every create it takes is marked for quota screening (`CreateResponseCheck.screenQuotas`). */
  screen = false,
): (create: GuardedCreate) => Promise<Written> {
  const maxSize = Math.max(1, options.maxSize ?? 256)
  const maxWaitMs = Math.max(0, options.maxWaitMs ?? 5)
  const maxInFlight = Math.max(1, options.maxInFlight ?? 1)
  const statements = { full: batchInsertStatement(db, names, screen, false), lean: batchInsertStatement(db, names, screen, true) }
  let queue: Pending[] = []
  let inFlight = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const write = async (batch: Pending[]): Promise<void> => {
    inFlight++
    let written: Map<string, Written> | undefined
    let failure: { error: unknown } | undefined
    try {
      if (batch.length === 1) {
        const only = batch[0]!
        written = new Map([[only.values.id, await writeOne(only)]])
      } else {
        const statement = statements[batch.every((pending) => isLean(pending.values)) ? 'lean' : 'full']
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

  return ({ values, version }) =>
    new Promise<Written>((resolve, reject) => {
      queue.push({ values, version, queuedAt: Date.now(), resolve, reject })
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
  return { rows: `[${batch.map((pending) => batchRowJson(pending.values, pending.version)).join(',')}]` }
}

/**
 * The batch statement: the rows arrive as one JSON text (`batchValues`); a jsonb column read from it as SQL
 * NULL is stored as JSON `null`, as `toJsonb` writes it on the single-row path. Each written row comes back
 * with whether its survey has quotas; with `screen`, the rows of surveys with quotas are marked unscreened by
 * the same statement (`unscreenedSql`), and that probe answers it. A row with a display claims it
 * (`response_claims`), and a row of a past day is counted in `response_changes`. With `lean` (`isLean`), only
 * rows with no display and of the current day by the database's clock are written, with neither part.
 * Compiled once per storage and kind.
 */
function batchInsertStatement(
  db: Kysely<Database>,
  names: SchemaNames,
  screen: boolean,
  lean: boolean,
): Precompiled<BatchRow, keyof typeof BATCH_SLOTS> {
  const slot = BATCH_SLOTS
  return precompiled(
    sql<BatchRow>`with allowed as (
      select i.id, i.created_at, s.id as survey_id, s.environment_id, i.finished, i.data, i.meta, i.ttc, i.variables,
        i.language, i.display_id, i.ending_id
      from jsonb_to_recordset(${slot.rows}::jsonb) as i(id text, created_at timestamptz, finished boolean, data jsonb,
          version text, meta jsonb, ttc jsonb, variables jsonb, language text, display_id text, ending_id text, survey_id text)
      join ${names.ref('surveys')} s on s.id = i.survey_id and s.xmin = i.version::xid
      where ${
        lean
          ? sql`i.display_id is null and ${ofCurrentDaySql(sql.ref('i.created_at'))}`
          : sql`i.display_id is null or exists (
        select from ${names.ref('displays')} d where d.id = i.display_id and d.survey_id = s.id and d.contact_id is null
      )`
      }
    ),
    ${
      lean
        ? sql``
        : sql`claimed as (
      insert into ${names.ref('response_claims')} (response_id, response_created_at, survey_id, display_id)
      select a.id, a.created_at, a.survey_id, a.display_id from allowed a where a.display_id is not null
      on conflict (display_id) where display_id is not null do nothing
      returning response_id
    ),`
    }
    written as (insert into ${names.ref('responses')} (
      id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
      language, display_id, ending_id
    )
    select a.id, a.created_at, a.created_at, a.survey_id, a.environment_id, a.finished,
      coalesce(a.data, 'null'), coalesce(a.meta, 'null'), coalesce(a.ttc, 'null'), coalesce(a.variables, 'null'),
      a.language, a.display_id, a.ending_id
    from allowed a
    ${lean ? sql`` : sql`where a.display_id is null or a.id in (select response_id from claimed)`}
    returning ${WRITTEN_COLUMNS}),
    events as (${responseEventsSql(names, { rows: 'written', kind: 'create', contacts: 'none' })})
    ${lean ? sql`` : sql`, changed as (${responseChangesSql(names, 'written')})`}
    ${
      screen
        ? sql`, marked as (${unscreenedSql(names, 'written')})
          select written.id, marked.response_id is not null as has_quotas
          from written left join marked on marked.response_id = written.id`
        : sql`select id, ${hasQuotasSql(names, sql.ref('written.survey_id'))} as has_quotas from written`
    }`.compile(db),
    slot,
  )
}

/** What the batch statement returns of each row it wrote. */
interface BatchRow {
  id: string
  has_quotas: boolean
}
