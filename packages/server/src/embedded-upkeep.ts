import { sql } from 'kysely'
import type { Kysely } from 'kysely'

export interface EmbeddedUpkeepOptions {
  /** The Postgres schema of Canvass's tables. @default 'canvass' */
  schema?: string
  /**
   * How often the tables are looked at, in ms.
   * @default 15000
   */
  intervalMs?: number
  /** Where a failed pass is reported (the next pass tries again). */
  onError: (error: unknown) => void
}

export interface EmbeddedUpkeep {
  /** One pass now: the tables it analysed and vacuumed. */
  runOnce(): Promise<{ analyzed: string[]; vacuumed: string[] }>
  /** Stops the passes; resolves once a pass under way has ended. */
  stop(): Promise<void>
}

/**
 * What Postgres's autovacuum does on a server, for the embedded database, which has none (PGlite runs Postgres as
 * one process, without its background workers): every `intervalMs`, a table with many rows written since it was
 * last analysed is analysed again, and one with many dead rows is vacuumed, by autovacuum's default thresholds.
 * Without it the planner never learns a table's size and reads a whole survey to find one page of it, and updated
 * tables only ever grow (docs/deploying.md, "The embedded database").
 *
 * Each table is one statement, run in the database's turn like any other, and its cost is bounded: the analysis
 * reads a sample of 3,000 rows (statistics target 10) of the columns the planner uses (not the JSON ones, whose
 * statistics it cannot use and which cost most to read).
 */
export function startEmbeddedUpkeep(db: Kysely<unknown>, options: EmbeddedUpkeepOptions): EmbeddedUpkeep {
  const schema = options.schema ?? 'canvass'
  const columns = new Map<string, string[]>()
  let pass: Promise<unknown> = Promise.resolve()
  let stopped = false

  const runOnce = async () => {
    const analyzed: string[] = []
    const vacuumed: string[] = []
    // Statistics are counted by the backend and published now and then: published now, so that they are current.
    await sql`select pg_stat_force_next_flush()`.execute(db)
    const { rows } = await sql<{ name: string; tuples: number; modified: number; dead: number }>`
      select c.relname as name, c.reltuples::float8 as tuples, s.n_mod_since_analyze::float8 as modified,
        s.n_dead_tup::float8 as dead
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = ${schema}
      order by c.relname`.execute(db)
    for (const table of rows) {
      if (stopped) break
      const size = Math.max(0, table.tuples)
      if (table.dead > DEAD_THRESHOLD + DEAD_SCALE * size) {
        await sql`vacuum ${sql.table(`${schema}.${table.name}`)}`.execute(db)
        vacuumed.push(table.name)
      }
      // A table never analysed has -1 tuples.
      if (table.tuples < 0 || table.modified > ANALYZE_THRESHOLD + ANALYZE_SCALE * size) {
        await analyze(table.name)
        analyzed.push(table.name)
      }
    }
    return { analyzed, vacuumed }
  }

  const analyze = async (table: string) => {
    let planned = columns.get(table)
    if (planned === undefined) {
      const { rows } = await sql<{ name: string }>`
        select column_name as name from information_schema.columns
        where table_schema = ${schema} and table_name = ${table} and data_type not in ('jsonb', 'json')
        order by ordinal_position`.execute(db)
      planned = rows.map((row) => row.name)
      columns.set(table, planned)
    }
    const list = sql.join(planned.map((name) => sql.ref(name)))
    await db.transaction().execute(async (trx) => {
      await sql`set local default_statistics_target = 10`.execute(trx)
      await sql`analyze ${sql.table(`${schema}.${table}`)} (${list})`.execute(trx)
    })
  }

  const timer = setInterval(() => {
    pass = pass.then(runOnce).catch(options.onError)
  }, options.intervalMs ?? 15_000)
  timer.unref()
  return {
    runOnce: () => {
      const run = pass.then(runOnce)
      pass = run.catch(() => {})
      return run
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await pass
    },
  }
}

/** Autovacuum's defaults: analyse past 50 rows and a tenth of the table written, vacuum past 50 and a fifth dead. */
const ANALYZE_THRESHOLD = 50
const ANALYZE_SCALE = 0.1
const DEAD_THRESHOLD = 50
const DEAD_SCALE = 0.2
