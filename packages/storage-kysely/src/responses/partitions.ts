import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import type { Database } from '../postgres/database'
import type { SchemaNames } from '../postgres/schema-names'
import { sqlState } from '../postgres/sql-state'

/**
 * The partitions of `responses` (one a month of `created_at`, UTC, plus `responses_history` for everything before
 * the first: docs/scaling.md, "Responses partitioned by month"). Canvass makes them itself: `migrate` three months
 * ahead, the background work as time goes on (`RetentionStore.prepareAhead`), and the write path for a
 * `created_at` no partition it knows of takes, so that no write is refused for a missing partition.
 */

/** A partition's range of `created_at` in epoch milliseconds, `[lower, upper)`; null is unbounded. */
export interface PartitionRange {
  name: string
  lower: number | null
  upper: number | null
}

/** How long a change of the partitions waits for a lock before it gives up (it never queues long before traffic). */
const LOCK_TIMEOUT = '5s'

/**
 * Makes a partition for every month from the month of `from` to the month of `until` (both UTC) that no
 * partition covers yet, and returns every partition as it then is. Each new month is an empty table made
 * `like` the parent and attached (`attach partition` takes only a share update exclusive lock of `responses`,
 * so reads and writes go on). Safe when several processes run it at once (under an advisory lock, and each
 * reads the partitions again under it); gives up after `LOCK_TIMEOUT` rather than queue in front of writes.
 */
export async function ensureResponsePartitions(
  db: Kysely<Database>,
  names: SchemaNames,
  { from, until }: { from: Date; until: Date },
): Promise<PartitionRange[]> {
  const first = monthStart(from.getTime())
  const last = monthStart(until.getTime())
  // Read first without a transaction: almost always every month asked for is there.
  const known = await responsePartitions(db, names)
  if (monthsMissing(known, first, last).length === 0) return known
  return db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx)
    await sql`select pg_advisory_xact_lock(hashtext(${`canvass: partitions of ${names.table('responses')}`}))`.execute(trx)
    const ranges = await responsePartitions(trx, names)
    const missing = monthsMissing(ranges, first, last)
    for (const month of missing) {
      const name = partitionName(month)
      const next = nextMonth(month)
      await sql`create table ${sql.id(names.schema, name)} (like ${names.ref('responses')} including defaults)`.execute(trx)
      await sql`alter table ${names.ref('responses')} attach partition ${sql.id(names.schema, name)}
        for values from (${sql.lit(new Date(month).toISOString())}) to (${sql.lit(new Date(next).toISOString())})`.execute(trx)
    }
    return missing.length === 0 ? ranges : responsePartitions(trx, names)
  })
}

/** The partitions of `responses`, lowest range first. */
export async function responsePartitions(db: Kysely<Database>, names: SchemaNames): Promise<PartitionRange[]> {
  const { rows } = await sql<{ name: string; lower: number | string | null; upper: number | string | null }>`
    select c.relname as name,
      case when b[1] = 'MINVALUE' then null else extract(epoch from btrim(b[1], '''')::timestamptz)::float8 * 1000 end as lower,
      case when b[2] = 'MAXVALUE' then null else extract(epoch from btrim(b[2], '''')::timestamptz)::float8 * 1000 end as upper
    from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid
    cross join lateral regexp_match(pg_catalog.pg_get_expr(c.relpartbound, c.oid), 'FROM \\((.+)\\) TO \\((.+)\\)') b
    where i.inhparent = ${names.table('responses')}::regclass`.execute(db)
  return rows
    .map((row) => ({
      name: row.name,
      lower: row.lower === null ? null : Number(row.lower),
      upper: row.upper === null ? null : Number(row.upper),
    }))
    .sort((a, b) => (a.lower ?? Number.NEGATIVE_INFINITY) - (b.lower ?? Number.NEGATIVE_INFINITY))
}

/**
 * Drops the partitions wholly before `before` that hold no row, under a lock of `responses` taken for no
 * longer than the check (so that no write lands in a partition being dropped); one that is busy is left for the
 * next time. The lowest partition stays: it takes every `created_at` before the first month. Returns the names
 * dropped.
 */
export async function dropEmptyResponsePartitions(db: Kysely<Database>, names: SchemaNames, before: Date): Promise<string[]> {
  const ranges = await responsePartitions(db, names)
  const candidates = ranges.filter((range) => range.lower !== null && range.upper !== null && range.upper <= before.getTime())
  const dropped: string[] = []
  for (const range of candidates) {
    // Cheap first look without the lock; the look that counts is under it.
    if (await hasRows(db, names, range.name)) continue
    const gone = await db
      .transaction()
      .execute(async (trx) => {
        await sql`set local lock_timeout = ${sql.lit('1s')}`.execute(trx)
        await sql`lock table ${names.ref('responses')} in access exclusive mode`.execute(trx)
        if (await hasRows(trx, names, range.name)) return false
        // Detached first: the foreign keys that name `responses` (claims, notes, tags…) have a part on each partition.
        await sql`alter table ${names.ref('responses')} detach partition ${sql.id(names.schema, range.name)}`.execute(trx)
        await sql`drop table ${sql.id(names.schema, range.name)}`.execute(trx)
        return true
      })
      .catch((error: unknown) => {
        // Busy (lock_timeout) or taken by a concurrent drop: the next time.
        if (sqlState(error) === '55P03' || sqlState(error) === '42P01') return false
        throw error
      })
    if (gone) dropped.push(range.name)
  }
  return dropped
}

async function hasRows(db: Kysely<Database>, names: SchemaNames, partition: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists (select from ${sql.id(names.schema, partition)}) as found`.execute(db)
  return rows[0]?.found === true
}

/** A write named a `created_at` no partition takes (SQLSTATE 23514 from the partition routing). */
export function isNoPartition(error: unknown): boolean {
  return sqlState(error) === '23514' && /no partition of relation/.test(String((error as { message?: unknown }).message))
}

/**
 * What one storage knows of the partitions, so that a write checks its `created_at` against them with a
 * comparison: `ensure` goes to the database only for a month not known to be covered.
 */
export interface PartitionHorizon {
  /** Makes sure each date's month has a partition (made when missing). */
  ensure(dates: readonly Date[]): Promise<void>
  /** Forgets what it knew (a partition dropped by another process); the next `ensure` reads them again. */
  forget(): void
  /** Partitions for every month from `from` to `until`; what `migrate` and the background work make ahead. */
  ahead(from: Date, until: Date): Promise<void>
}

export function partitionHorizon(db: Kysely<Database>, names: SchemaNames): PartitionHorizon {
  let known: PartitionRange[] | undefined
  // The common case: below the end of the partitions that run on without a gap from the lowest.
  let contiguousLower = Number.POSITIVE_INFINITY
  let contiguousUpper = Number.NEGATIVE_INFINITY
  const learn = (ranges: PartitionRange[]): void => {
    known = ranges
    contiguousLower = Number.POSITIVE_INFINITY
    contiguousUpper = Number.NEGATIVE_INFINITY
    const [lowest, ...rest] = ranges
    if (lowest === undefined) return
    contiguousLower = lowest.lower ?? Number.NEGATIVE_INFINITY
    contiguousUpper = lowest.upper ?? Number.POSITIVE_INFINITY
    for (const range of rest) {
      if (range.lower !== contiguousUpper) break
      contiguousUpper = range.upper ?? Number.POSITIVE_INFINITY
    }
  }
  const covered = (ms: number): boolean =>
    (ms >= contiguousLower && ms < contiguousUpper) ||
    (known?.some((range) => (range.lower ?? Number.NEGATIVE_INFINITY) <= ms && ms < (range.upper ?? Number.POSITIVE_INFINITY)) ?? false)
  return {
    async ensure(dates) {
      const missing = dates.map((date) => date.getTime()).filter((ms) => !Number.isNaN(ms) && !covered(ms))
      if (missing.length === 0) return
      // One call per month missing (those of an import may be far apart): never every month between.
      for (const month of [...new Set(missing.map(monthStart))].sort((a, b) => a - b)) {
        if (covered(month)) continue
        learn(await ensureResponsePartitions(db, names, { from: new Date(month), until: new Date(month) }))
      }
    },
    forget() {
      known = undefined
      contiguousLower = Number.POSITIVE_INFINITY
      contiguousUpper = Number.NEGATIVE_INFINITY
    },
    async ahead(from, until) {
      learn(await ensureResponsePartitions(db, names, { from, until }))
    },
  }
}

/** How far ahead of now the partitions reach: three months (`migrate` and the background work make them). */
export const MONTHS_AHEAD = 3

/** A date `MONTHS_AHEAD` months after `now`, whose month is the last made ahead. */
export function monthsAheadOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1))
}

/**
 * Runs a write of responses created at `dates` once their months have partitions. A partition another process
 * dropped meanwhile (retention drops empty past months) fails the write before anything of it is stored: the
 * partitions are read again, the missing month made, and the write runs once more.
 */
export async function inPartitions<T>(horizon: PartitionHorizon, dates: readonly Date[], write: () => Promise<T>): Promise<T> {
  await horizon.ensure(dates)
  try {
    return await write()
  } catch (error) {
    if (!isNoPartition(error)) throw error
    horizon.forget()
    await horizon.ensure(dates)
    return write()
  }
}

/** The months from `first` to `last` (month starts, epoch ms) that no range covers. */
function monthsMissing(ranges: PartitionRange[], first: number, last: number): number[] {
  const missing: number[] = []
  for (let month = first; month <= last; month = nextMonth(month)) {
    const covered = ranges.some(
      (range) => (range.lower ?? Number.NEGATIVE_INFINITY) <= month && month < (range.upper ?? Number.POSITIVE_INFINITY),
    )
    if (!covered) missing.push(month)
  }
  return missing
}

/** The start (UTC) of the month of `ms`. */
export function monthStart(ms: number): number {
  const date = new Date(ms)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
}

/** The start (UTC) of the month after the one starting at `month`. */
export function nextMonth(month: number): number {
  const date = new Date(month)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
}

/** `responses_pYYYYMM`, the month's partition. */
export function partitionName(month: number): string {
  const date = new Date(month)
  return `responses_p${String(date.getUTCFullYear()).padStart(4, '0')}${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}
