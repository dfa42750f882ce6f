import type { CreateResponseCheck, NewResponse } from '@canvass/core'
import { CompiledQuery } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from './database'
import { effectiveStatusSql } from './effective-status-sql'
import type { SchemaNames } from './schema-names'
import { toJsonb } from './to-jsonb'

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

/** One queued create: what it writes and how its caller is answered. */
interface Pending {
  input: NewResponse
  check: CreateResponseCheck
  queuedAt: number
  /** `true`: its row committed; `false`: the batch did not write it (the caller takes the single path). */
  resolve: (written: boolean) => void
}

/**
 * Writes concurrent response creates that the fast path can take (no `userId`, no `singleUseId`) with one
 * multi-row `insert … select … from unnest(…) join surveys` per batch: one round trip and one commit for
 * every create queued at that moment. Each caller learns only whether its own row came back from
 * `returning id`, that is, committed. A refused row (unknown survey, other environment, not accepting, a
 * display of no such survey, a finished response towards `auto_complete`) answers `false`, and so does every
 * row of a batch whose statement failed (nothing of it was written): the caller then takes the statement
 * that names its outcome, so one bad request never fails the others.
 */
export function createResponseBatcher(
  db: Kysely<Database>,
  names: SchemaNames,
  options: ResponseBatchOptions,
  /** Writes a batch of one with the single-row statement, which Postgres plans and runs faster than `unnest`. */
  writeOne: (input: NewResponse, check: CreateResponseCheck) => Promise<boolean>,
): (input: NewResponse, check: CreateResponseCheck) => Promise<boolean> {
  const maxSize = Math.max(1, options.maxSize ?? 256)
  const maxWaitMs = Math.max(0, options.maxWaitMs ?? 5)
  const maxInFlight = Math.max(1, options.maxInFlight ?? 1)
  const statement = batchInsertStatement(names)
  let queue: Pending[] = []
  let inFlight = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const write = async (batch: Pending[]): Promise<void> => {
    inFlight++
    let written: Set<string> | undefined
    try {
      if (batch.length === 1) {
        const [only] = batch
        written = (await writeOne(only!.input, only!.check)) ? new Set([only!.input.id]) : new Set()
      } else {
        const { rows } = await db.executeQuery<{ id: string }>(CompiledQuery.raw(statement, batchParameters(batch)))
        written = new Set(rows.map((row) => row.id))
      }
    } catch {
      // Nothing of the batch was written (one statement): each create is tried again on its own.
      written = undefined
    } finally {
      inFlight--
    }
    for (const pending of batch) pending.resolve(written?.has(pending.input.id) ?? false)
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
  let immediate: ReturnType<typeof setImmediate> | undefined
  const flushSoon = (): void => {
    immediate = undefined
    flush()
  }

  return (input, check) =>
    new Promise<boolean>((resolve) => {
      queue.push({ input, check, queuedAt: Date.now(), resolve })
      if (queue.length >= maxSize) flush()
      // Idle: written at the end of this turn. Busy: the batch fills until one in flight ends (or the timer).
      else if (inFlight < maxInFlight) immediate ??= setImmediate(flushSoon)
      else if (timer === undefined) flush()
    })
}

/** The column arrays of a batch, in the order of `batchInsertStatement`'s parameters. */
function batchParameters(batch: Pending[]): unknown[] {
  const n = batch.length
  const ids = new Array<string>(n)
  const createdAt = new Array<string>(n)
  const finished = new Array<boolean>(n)
  const data = new Array<string>(n)
  const meta = new Array<string>(n)
  const ttc = new Array<string>(n)
  const variables = new Array<string>(n)
  const language = new Array<string | null>(n)
  const displayId = new Array<string | null>(n)
  const endingId = new Array<string | null>(n)
  const surveyId = new Array<string>(n)
  const environmentId = new Array<string>(n)
  const accepting = new Array<boolean>(n)
  for (let i = 0; i < n; i++) {
    const { input, check } = batch[i]!
    ids[i] = input.id
    createdAt[i] = input.createdAt.toISOString()
    finished[i] = input.finished
    data[i] = toJsonb(input.data)
    meta[i] = toJsonb(input.meta)
    ttc[i] = toJsonb(input.ttc)
    variables[i] = toJsonb(input.variables)
    language[i] = input.language
    displayId[i] = input.displayId
    endingId[i] = input.endingId
    surveyId[i] = input.surveyId
    environmentId[i] = check.environmentId
    accepting[i] = check.requireAccepting
  }
  return [ids, createdAt, finished, data, meta, ttc, variables, language, displayId, endingId, surveyId, environmentId, accepting]
}

/**
 * The checks of the single fast path, per row: the survey belongs to the row's environment, accepts when the
 * row asks so (at the row's own timestamp), owns the display when one is named. A finished response of a
 * survey with `auto_complete` is left to the single path, which counts it under the survey's rule. JSON
 * arrives as text and is cast per row.
 */
function batchInsertStatement(names: SchemaNames): string {
  return `insert into ${names.table('responses')} (
    id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
    language, display_id, ending_id
  )
  select i.id, i.created_at, i.created_at, s.id, s.environment_id, i.finished,
    i.data::jsonb, i.meta::jsonb, i.ttc::jsonb, i.variables::jsonb, i.language, i.display_id, i.ending_id
  from unnest($1::text[], $2::timestamptz[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::text[],
      $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::boolean[])
    as i(id, created_at, finished, data, meta, ttc, variables, language, display_id, ending_id,
      survey_id, environment_id, accepting)
  join ${names.table('surveys')} s on s.id = i.survey_id and s.environment_id = i.environment_id
  where (not i.accepting or ${effectiveStatusSql('s', 'i.created_at')} in ('draft', 'inProgress'))
    and (not i.finished or s.auto_complete is null)
    and (i.display_id is null or exists (
      select from ${names.table('displays')} d where d.id = i.display_id and d.survey_id = s.id
    ))
  returning id`
}
