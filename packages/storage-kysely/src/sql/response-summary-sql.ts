import { PATH_GROUPS } from '@canvass/core'
import type { SummaryAggregates, SummaryQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { answered, responseConditionsSql } from './response-conditions-sql'
import type { SchemaNames } from '../postgres/schema-names'
import { sumsByPeriod, takesParts } from '../responses/summary-parts'
import type { CreatedRange, PartGroup, PeriodCompute } from '../responses/summary-parts'
import { MAX_KEYS, bucketTime, bucketedTimes, emptySums } from './summary-sums'
import { addPaths, capPaths, pathGroupsOf, pathsStatement } from './response-paths-sql'
import type { Sums } from './summary-sums'

/**
 * `ResponseStore.summarize`: the aggregates of a survey's summary, computed by the database. Its cost is one
 * pass over the responses, each row's answers read once per question:
 *
 * - one statement groups the responses at once by several keys (`grouping sets`): by finished and last
 *   question answered (computed once per row), and by each question's whole answer (or, for a question whose
 *   answers are not counted, by whether it was answered). The groups are few (a question's distinct answers),
 *   and only they are taken apart afterwards: a choice per element, a matrix per cell, a ranking per
 *   position. Answers equal as JSON (`7` and `7.0`) are one group.
 * - the mean and median time to complete read the finished responses' `ttc._total`.
 *
 * A survey of many questions stores large rows, which Postgres keeps compressed: reading `r.data -> id` in n
 * expressions would decompress it n times, a cost that grows with the square of the question count. Past
 * `WIDE_SURVEY` questions, the statement reads one copy of the row's answers, taken once per row
 * (`jsonb_concat(r.data, '{}')`, a function in FROM); below it, that copy costs more than it saves.
 *
 * Grouping sets run in one process, so on Postgres the responses are split in `LANES` by a hash of their id,
 * each lane a statement on a connection of its own with the times' statement beside them, and the lanes'
 * groups added up here. On a database that runs one statement at a time for every tenant (PGlite:
 * `oneStatementAtATime`), the responses are read in slices of about `SLICE_ANSWERS` answers instead, one
 * statement after the other, so another request waits at most a slice; each response is counted once, as its
 * slice read it, and the median comes from the slices' counts of each time.
 *
 * A summary of every response of a date range by `created_at` adds up the sums kept for the closed months and
 * days inside the range and reads only the rest (`summary-parts.ts`); `partsDb: false` reads every response.
 */
export async function summarizeResponses(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: SummaryQuery,
  oneStatementAtATime: boolean,
  /** Where the sums of closed periods are kept (the primary, when `db` is a replica), or false to read every response. */
  partsDb: Kysely<Database> | false = db,
): Promise<SummaryAggregates> {
  const empty = {
    displays: 0,
    started: 0,
    finished: 0,
    averageTimeToComplete: null,
    medianTimeToComplete: null,
    answered: {},
    values: {},
    cells: {},
    positions: {},
    lastAnswered: [],
    paths: [],
  }
  if (!isStorable(environmentId) || !isStorable(surveyId) || (query.language !== undefined && !isStorable(query.language))) return empty
  const plan = summaryStatements(names, environmentId, surveyId, query, { from: null, to: null })
  const displays = db
    .selectFrom('displays as d')
    .select(sql<string>`count(*)::text`.as('count'))
    .where('d.environment_id', '=', environmentId)
    .where('d.survey_id', '=', surveyId)
    .$if(query.startDate !== undefined, (q) => q.where('d.created_at', '>=', query.startDate as Date))
    .$if(query.endDate !== undefined, (q) => q.where('d.created_at', '<=', query.endDate as Date))
  // A range's sums, its times counted by value (the mean and the median are taken once every range is in).
  const rangeSums = rangeCompute(db, names, environmentId, surveyId, query, oneStatementAtATime)
  const [sums, displayRows] = await Promise.all([
    partsDb !== false && takesParts(query)
      ? sumsByPeriod(db, partsDb, names, environmentId, surveyId, query, rangeSums, addSums, (groups) => groupCounts(db, groups)).then(
          withTimes,
        )
      : oneStatementAtATime
        ? summarizeInSlices(db, plan).then(withTimes)
        : summarizeInLanes(db, plan, query.finished !== false, false),
    displays.execute(),
  ])
  return {
    displays: Number(displayRows[0]?.count ?? 0),
    started: sums.started,
    finished: sums.finished,
    averageTimeToComplete: sums.ttcCount === 0 ? null : sums.ttcSum / sums.ttcCount,
    medianTimeToComplete: sums.median,
    answered: Object.fromEntries(plan.ids.map((id) => [id, sums.answered.get(id) ?? 0])),
    values: groupById([...sums.values.values()], (row) => ({ value: row.value, count: row.count })),
    cells: groupById([...sums.cells.values()], (row) => ({ row: row.row, column: row.column, count: row.count })),
    positions: groupById([...sums.positions.values()], (row) => ({ value: row.value, count: row.count, positionSum: row.positionSum })),
    lastAnswered: [
      { index: null, count: sums.droppedNone },
      ...plan.ids.map((_, index) => ({ index, count: sums.dropped[index] ?? 0 })),
    ].filter((row) => row.count > 0),
    paths: capPaths(sums.paths.values()),
  }
}

/**
 * The sums of the responses of a range of `created_at` (the query's other conditions too), their times counted by
 * value. With `part` (a kept part's computation, `summary-parts.ts`): only `part.questions`' sums, and with
 * `part.base` the base sums, the drop-off as the answered keys' sets (`sets`), else none of them; with `part.paths`
 * the path groups of the whole query (every question's mark), else none.
 */
export function rangeCompute(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: SummaryQuery,
  oneStatementAtATime: boolean,
): PeriodCompute {
  return (range, part) => {
    const asked = part ? { ...query, questions: part.questions } : query
    // A part's path groups are the whole survey's (a group's marks run over every question), or none.
    const pathsQuery = part && !part.paths ? { ...query, paths: undefined } : query
    const { paths } = summaryStatements(names, environmentId, surveyId, pathsQuery, range)
    const statements = {
      ...summaryStatements(names, environmentId, surveyId, asked, range, part ? (part.base ? 'sets' : 'none') : 'index'),
      query: pathsQuery,
      paths,
    }
    const timed = part === undefined || part.base
    return oneStatementAtATime ? summarizeInSlices(db, statements, timed) : summarizeInLanes(db, statements, timed, true)
  }
}

/** Past this many questions, a row's answers are read from one copy of them (see `summarizeResponses`). */
const WIDE_SURVEY = 20
/** Statements a summary on Postgres splits its responses into (see `summarizeResponses`). */
const LANES = 2

/**
 * A row of the counts' statement: `t` a group of responses by `finished` (`value`) and last question answered
 * (`col`); `a` a question's answered count; `v` a value's (or an element's) count; `c` a matrix cell's (`value`
 * the row, `col` the column); `p` a ranked value's count and the sum of its positions.
 */
type CountRow = {
  kind: 't' | 'a' | 'v' | 'c' | 'p' | 'g'
  id: string | null
  value: string | null
  col: string | null
  count: string
  position_sum: string | null
}
type DropCount = 'index' | 'sets' | 'none'

/**
 * The counts by element, by matrix cell and by ranked element of the groups `u` (`n` responses whose answer
 * to question `id`, counted as `kind`, is the JSON `v`): the statement's, and those of a kept part's groups.
 */
const takenApart = sql`select 'v', u.id, e.value, null, sum(u.n)::text, null
      from u cross join lateral jsonb_array_elements_text(case jsonb_typeof(u.v) when 'array' then u.v else jsonb_build_array(u.v) end) as e(value)
      where u.kind = 'elements' and e.value <> '' group by u.id, e.value
    union all
    select 'c', u.id, c.key, c.value, sum(u.n)::text, null
      from u cross join lateral jsonb_each_text(case jsonb_typeof(u.v) when 'object' then u.v else '{}'::jsonb end) as c(key, value)
      where u.kind = 'cells' and c.value <> '' group by u.id, c.key, c.value
    union all
    select 'p', u.id, e.value, null, sum(u.n)::text, sum(u.n * e.position)::text
      from u cross join lateral jsonb_array_elements_text(case jsonb_typeof(u.v) when 'array' then u.v else '[]'::jsonb end) with ordinality as e(value, position)
      where u.kind = 'positions' and e.value <> '' group by u.id, e.value`

/**
 * The counts of answers kept as their JSON (a kept question part's groups, `summary-parts.ts`), each counted as
 * `kind` says, exactly as the summary's statement counts them: its answered count, and by value, element, cell
 * or ranked element.
 */
export async function groupCounts(db: Kysely<Database>, groups: PartGroup[]): Promise<Sums> {
  const sums = emptySums()
  if (groups.length === 0) return sums
  const { rows } = await sql<CountRow>`
    with u as (
      select x.n, x.id, x.kind, x.t::jsonb as v, ${answered(sql`x.t::jsonb #>> '{}'`, sql`x.t::jsonb`)} as answered
      from jsonb_to_recordset(${JSON.stringify(groups)}::jsonb) as x(id text, kind text, t text, n bigint)
    )
    select 'a' as kind, id, null as value, null as col, sum(n)::text as count, null as position_sum from u where answered group by id
    union all
    select 'v', id, v #>> '{}', null, sum(n)::text, null from u where kind = 'values' and answered group by id, v #>> '{}'
    union all
    ${takenApart}`.execute(db)
  addCounts(sums, rows, 'index')
  return sums
}

/**
 * The keys of an object's answered values, as `answered` says (a string not empty, a number, a boolean, an array
 * or an object not empty), in a JSON path: a function of the row, without a subquery per row.
 */
const ANSWERED_KEYS =
  '$.keyvalue() ? (@.value.type() == "string" && @.value != "" || @.value.type() == "number" || @.value.type() == "boolean" || ' +
  '@.value.type() == "array" && @.value.size() > 0 || @.value.type() == "object" && exists(@.value.keyvalue())).key'
type TimeStats = { ttc_sum: string | null; ttc_count: string; median: string | null }
type TimeCounted = { ttc: number; count: string }
type Position = { created_at: Date; id: string }

/** The statements of a summary, over the responses `slice` (a condition on `r`) takes among those in scope. */
interface SummaryStatements {
  ids: string[]
  /** The query whose path groups `paths` reads (the whole survey's questions, even for a part of some of them). */
  query: SummaryQuery
  /** How the drop-off is counted: by the last question answered, by the set of keys answered, or not at all. */
  drop: DropCount
  /** Whether the statements read a range of `created_at` (see `withoutJit`). */
  ranged: boolean
  counts(slice: RawBuilder<unknown>): RawBuilder<CountRow>
  /** The mean's sum and count and the exact median of the bounded times, over every response in scope. */
  times(): RawBuilder<TimeStats>
  /** The bounded times of the finished responses `slice` takes, each with its count. */
  timeCounts(slice: RawBuilder<unknown>): RawBuilder<TimeCounted>
  /** The keys of the answers `slice` takes (up to one past `MAX_KEYS`): a kept part's (`drop: 'sets'`). */
  keys(slice: RawBuilder<unknown>): RawBuilder<{ key: string }>
  /** Where the slice after the position `after` (exclusive) ends: the position `size` rows on, or none. */
  sliceEnd(after: Position | null, size: number): RawBuilder<Position>
  /** The groups of the responses `slice` takes for the walk of their paths (`response-paths-sql.ts`), or null. */
  paths(slice: RawBuilder<unknown>): RawBuilder<Parameters<typeof pathGroupsOf>[1][number]> | null
}

function summaryStatements(
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: SummaryQuery,
  range: CreatedRange,
  drop: DropCount = 'index',
): SummaryStatements {
  const responses = names.ref('responses')
  const dateColumn = sql.ref(query.dateField === 'updatedAt' ? 'r.updated_at' : 'r.created_at')
  const scope = sql`r.environment_id = ${environmentId} and r.survey_id = ${surveyId}
    ${range.from ? sql`and r.created_at >= ${range.from}::timestamptz` : sql``}
    ${range.to ? sql`and r.created_at < ${range.to}::timestamptz` : sql``}
    ${query.startDate ? sql`and ${dateColumn} >= ${query.startDate}::timestamptz` : sql``}
    ${query.endDate ? sql`and ${dateColumn} <= ${query.endDate}::timestamptz` : sql``}
    ${query.finished === undefined ? sql`` : sql`and r.finished = ${query.finished}`}
    ${languageScope(query.language)}
    and ${responseConditionsSql(names, 'r', query.where)}`
  const ids = query.questions.map((question) => question.id)
  const wide = ids.length > WIDE_SURVEY
  const rows = wide ? sql`${responses} r cross join lateral jsonb_concat(r.data, '{}'::jsonb) as x(d)` : sql`${responses} r`
  const data = wide ? sql`x.d` : sql`r.data`
  const answer = (id: string) => sql`${data} -> ${id}::text`
  const flags = ids.map((id) => answered(sql`${data} ->> ${id}::text`, answer(id)))
  // The last question an unfinished response answered (only they drop off): read from the last question back.
  // Or (`sets`) the keys an unfinished response answered, as JSON text (in the order its answers are stored,
  // one order for one set of keys): its drop-off in any order of the questions.
  const object = sql`case jsonb_typeof(${data}) when 'object' then ${data} else '{}'::jsonb end`
  const lastAnswered =
    drop === 'sets'
      ? sql`case when not r.finished then jsonb_path_query_array(${object}, ${ANSWERED_KEYS}::jsonpath, '{}'::jsonb, true)::text end`
      : drop === 'none' || ids.length === 0
        ? sql`null::int`
        : sql`case when not r.finished then case ${sql.join(
            ids.map((_, index) => sql`when ${flags[ids.length - 1 - index]} then ${sql.lit(ids.length - 1 - index)}`),
            sql` `,
          )} end end`
  // The bounds of the mean (see `maxTimeToComplete`), as a float8 or null, computed once per row (`offset 0`
  // keeps its subquery whole: merged into the outer one, each aggregate would compute it again).
  // CASE, not AND: only a JSON number may reach the cast, and AND does not say which side runs first.
  const boundedTtc = sql`case when jsonb_typeof(r.ttc -> '_total') = 'number' then
    case when (r.ttc -> '_total')::numeric between 0 and ${query.maxTimeToComplete}::numeric then (r.ttc -> '_total')::numeric::float8 end end`
  const key = (index: number) => sql.ref(`k${index}`)
  const typed = (index: number) => sql.ref(`y${index}`)
  const grouped = (index: number) => sql.ref(`g${index}`)
  // What each question is grouped by, as text (cheaper to hash than JSON): a counted value as `->>` reads it,
  // with whether it is a string where the text alone does not say (`[]`, `{}`); an array or object answer as
  // its JSON text, read back as JSON per group; whether it was answered when its answers are not counted.
  const keys = query.questions.map((question, index) => {
    const text = sql`${data} ->> ${question.id}::text`
    if (question.count === 'none') return sql`(${flags[index]})::text as ${key(index)}, null::boolean as ${typed(index)}`
    if (question.count === 'values')
      return sql`${text} as ${key(index)}, case when ${text} in ('[]', '{}') then jsonb_typeof(${answer(question.id)}) = 'string' end as ${typed(index)}`
    return sql`(${answer(question.id)})::text as ${key(index)}, null::boolean as ${typed(index)}`
  })
  const counts = (slice: RawBuilder<unknown>) => sql<CountRow>`
    with g as (
      select count(*) as n, s.finished, s.last, grouping(s.finished) as gt
        ${ids.length === 0 ? sql`` : sql`, ${sql.join(ids.map((_, index) => sql`s.${key(index)}, s.${typed(index)}, grouping(s.${key(index)}) as ${grouped(index)}`))}`}
      from (
        select r.finished, ${lastAnswered} as last ${ids.length === 0 ? sql`` : sql`, ${sql.join(keys)}`}
        from ${rows} where ${scope} and ${slice}
      ) s
      group by grouping sets ((s.finished, s.last)${ids.length === 0 ? sql`` : sql`, ${sql.join(ids.map((_, index) => sql`(s.${key(index)}, s.${typed(index)})`))}`})
    ),
    t as (
      select g.n, q.id, q.kind, q.t, q.y from g
      cross join lateral (values ${
        ids.length === 0
          ? sql`(null::text, null::text, 1, null::text, null::boolean)`
          : sql.join(
              query.questions.map(
                (question, index) =>
                  sql`(${question.id}::text, ${question.count}::text, g.${grouped(index)}, g.${key(index)}, g.${typed(index)})`,
              ),
            )
      }) as q(id, kind, grouped, t, y)
      where q.grouped = 0
    ),
    u as (
      select n, id, kind, t, case when kind in ('values', 'none') then null else t::jsonb end as v,
        case when kind = 'none' then t = 'true' when kind = 'values' then t <> '' and (t not in ('[]', '{}') or y)
          else ${answered(sql`t::jsonb #>> '{}'`, sql`t::jsonb`)} end as answered
      from t
    )
    select 't' as kind, null as id, finished::text as value, last::text as col, sum(n)::text as count, null as position_sum
      from g where gt = 0 group by finished, last
    union all
    select 'a', id, null, null, sum(n)::text, null from u where answered and kind <> 'json' group by id
    union all
    select 'v', id, t, null, sum(n)::text, null from u where kind = 'values' and answered group by id, t
    union all
    select 'g', id, t, null, sum(n)::text, null from u where kind = 'json' and answered group by id, t
    union all
    ${takenApart}`
  return {
    ids,
    query,
    drop,
    ranged: range.from !== null || range.to !== null,
    counts,
    paths: (slice) => pathsStatement(query, rows, data, sql`${scope} and ${slice}`),
    times: () => sql<TimeStats>`
      select sum(t.ttc)::text as ttc_sum, count(t.ttc)::text as ttc_count,
        (percentile_cont(0.5) within group (order by t.ttc))::text as median
      from (select ${boundedTtc} as ttc from ${responses} r where ${scope} and r.finished offset 0) t`,
    timeCounts: (slice) => sql<TimeCounted>`
      select t.ttc, count(*)::text as count
      from (select ${boundedTtc} as ttc from ${responses} r where ${scope} and ${slice} and r.finished offset 0) t
      where t.ttc is not null group by t.ttc`,
    keys: (slice) => sql<{ key: string }>`
      select distinct k.key from ${responses} r
      cross join lateral jsonb_object_keys(case jsonb_typeof(r.data) when 'object' then r.data else '{}'::jsonb end) as k(key)
      where ${scope} and ${slice} limit ${MAX_KEYS + 1}`,
    sliceEnd: (after, size) => sql<Position>`
      select r.created_at, r.id from ${responses} r
      where ${scope} and ${between(after, null)}
      order by r.created_at desc, r.id desc offset ${size - 1} limit 1`,
  }
}

/** Responses after `after` up to `until`, newest first as the survey's `(survey_id, created_at, id)` index. */
function between(after: Position | null, until: Position | null): RawBuilder<unknown> {
  return sql`true
    ${after ? sql`and (r.created_at, r.id) < (${after.created_at}::timestamptz, ${after.id})` : sql``}
    ${until ? sql`and (r.created_at, r.id) >= (${until.created_at}::timestamptz, ${until.id})` : sql``}`
}

/** Adds the sums of other responses (not their mean's sum and count, nor the median: see `withTimes`). */
function addSums(into: Sums, from: Sums): void {
  into.started += from.started
  into.finished += from.finished
  for (const [set, count] of from.sets) into.sets.set(set, (into.sets.get(set) ?? 0) + count)
  into.droppedNone += from.droppedNone
  from.dropped.forEach((count, index) => {
    into.dropped[index] = (into.dropped[index] ?? 0) + count
  })
  for (const [id, count] of from.answered) into.answered.set(id, (into.answered.get(id) ?? 0) + count)
  for (const [key, row] of from.values) {
    const at = into.values.get(key)
    if (at) at.count += row.count
    else into.values.set(key, { ...row })
  }
  for (const [key, row] of from.cells) {
    const at = into.cells.get(key)
    if (at) at.count += row.count
    else into.cells.set(key, { ...row })
  }
  for (const [key, row] of from.positions) {
    const at = into.positions.get(key)
    if (at) {
      at.count += row.count
      at.positionSum += row.positionSum
    } else into.positions.set(key, { ...row })
  }
  for (const [ttc, count] of from.times) into.times.set(ttc, (into.times.get(ttc) ?? 0) + count)
  for (const [bucket, count] of from.buckets) into.buckets.set(bucket, (into.buckets.get(bucket) ?? 0) + count)
  into.bucketedSum += from.bucketedSum
  addPaths(into.paths, from.paths.values())
}

/**
 * The mean's sum and count and the median, from the times counted by value: the mean always exact, the median
 * exact unless some times are in buckets, then within 0.05 % (every time taken as its bucket's).
 */
function withTimes(sums: Sums): Sums {
  sums.ttcSum = sums.bucketedSum
  sums.ttcCount = 0
  for (const [ttc, count] of sums.times) {
    sums.ttcSum += ttc * count
    sums.ttcCount += count
  }
  for (const count of sums.buckets.values()) sums.ttcCount += count
  if (sums.buckets.size === 0) sums.median = medianOf(sums.times)
  else {
    const byTime = new Map<number, number>()
    for (const [bucket, count] of bucketedTimes(sums).buckets) byTime.set(bucketTime(bucket), count)
    sums.median = medianOf(byTime)
  }
  return sums
}

function addCounts(sums: Sums, rows: CountRow[], drop: DropCount): void {
  for (const row of rows) {
    const count = Number(row.count)
    const id = row.id as string
    if (row.kind === 't') {
      sums.started += count
      if (drop === 'sets' && row.value !== 'true') sums.sets.set(`u${row.col ?? '[]'}`, (sums.sets.get(`u${row.col ?? '[]'}`) ?? 0) + count)
      if (row.value === 'true') sums.finished += count
      else if (drop !== 'index') continue
      else if (row.col === null) sums.droppedNone += count
      else sums.dropped[Number(row.col)] = (sums.dropped[Number(row.col)] ?? 0) + count
    } else if (row.kind === 'g') {
      const group = `g${JSON.stringify([id, row.value])}`
      sums.sets.set(group, (sums.sets.get(group) ?? 0) + count)
    } else if (row.kind === 'a') sums.answered.set(id, (sums.answered.get(id) ?? 0) + count)
    else if (row.kind === 'v') {
      const value = row.value as string
      const into = sums.values.get(JSON.stringify([id, value]))
      if (into) into.count += count
      else sums.values.set(JSON.stringify([id, value]), { id, value, count })
    } else if (row.kind === 'c') {
      const [cellRow, column] = [row.value as string, row.col as string]
      const into = sums.cells.get(JSON.stringify([id, cellRow, column]))
      if (into) into.count += count
      else sums.cells.set(JSON.stringify([id, cellRow, column]), { id, row: cellRow, column, count })
    } else {
      const value = row.value as string
      const positionSum = Number(row.position_sum)
      const into = sums.positions.get(JSON.stringify([id, value]))
      if (into) {
        into.count += count
        into.positionSum += positionSum
      } else sums.positions.set(JSON.stringify([id, value]), { id, value, count, positionSum })
    }
  }
}

/**
 * `statement` in a transaction of its own, JIT off: compiling these short expressions costs more than it saves.
 * `ranged`: the statement reads a range of `created_at` (a month, the current one), found by the survey's
 * `(survey_id, created_at, id)` index; without a sequential scan allowed, the planner takes that index even
 * where it misjudges how many rows the range holds (it otherwise reads the whole table for a month).
 */
function withoutJit<T>(db: Kysely<Database>, statement: RawBuilder<T>, ranged = false): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx)
    if (ranged) await sql`set local enable_seqscan = off`.execute(trx)
    return (await statement.execute(trx)).rows
  })
}

/**
 * Postgres: the lanes' counts and the times, each a statement on a connection of its own (see
 * `summarizeResponses`); with `counted`, the times counted by value rather than their mean and median.
 */
async function summarizeInLanes(db: Kysely<Database>, plan: SummaryStatements, timed: boolean, counted: boolean): Promise<Sums> {
  const sums = emptySums()
  const paths = plan.paths(sql`true`)
  const [pathRows, times, ...lanes] = await Promise.all([
    paths === null ? [] : withoutJit(db, paths, plan.ranged),
    timed && !counted ? withoutJit(db, plan.times(), plan.ranged) : ([] as TimeStats[]),
    ...Array.from({ length: LANES }, (_, lane) =>
      withoutJit(db, plan.counts(sql`(hashtext(r.id) & ${sql.lit(LANES - 1)}) = ${sql.lit(lane)}`), plan.ranged),
    ),
    ...(timed && counted ? [withoutJit(db, plan.timeCounts(sql`true`), plan.ranged)] : []),
    ...(plan.drop === 'sets' ? [withoutJit(db, plan.keys(sql`true`), plan.ranged)] : []),
  ])
  if (plan.drop === 'sets') for (const row of lanes.pop() as Array<{ key: string }>) sums.sets.set(`k${row.key}`, 0)
  if (timed && counted) {
    const timeCounts = lanes.pop() as TimeCounted[] | undefined
    for (const row of timeCounts ?? []) sums.times.set(Number(row.ttc), (sums.times.get(Number(row.ttc)) ?? 0) + Number(row.count))
  }
  for (const rows of lanes as CountRow[][]) addCounts(sums, rows, plan.drop)
  addPaths(sums.paths, pathGroupsOf(plan.query, pathRows))
  const time = times[0]
  sums.ttcSum = Number(time?.ttc_sum ?? 0)
  sums.ttcCount = Number(time?.ttc_count ?? 0)
  sums.median = time?.median == null ? null : Number(time.median)
  return sums
}

/**
 * Answers a slice reads at most: a slice of a survey of n questions is `SLICE_ANSWERS / n` responses (at least
 * `MIN_SLICE`), a few tens of milliseconds of PGlite.
 */
const SLICE_ANSWERS = 20_000
const MIN_SLICE = 50

/** PGlite: slice by slice (see `summarizeResponses`); the mean and the median from the slices' counts of each time. */
async function summarizeInSlices(db: Kysely<Database>, plan: SummaryStatements, timed = true): Promise<Sums> {
  const sums = emptySums()
  const size = Math.max(MIN_SLICE, Math.floor(SLICE_ANSWERS / Math.max(1, plan.ids.length)))
  const times = sums.times
  let after: Position | null = null
  for (;;) {
    // PGlite in this thread runs a statement and answers it without a turn of the event loop: without a turn
    // between slices, requests that arrived meanwhile would not even be read until the whole summary is done.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const end: Position | null = (await plan.sliceEnd(after, size).execute(db)).rows[0] ?? null
    const slice = between(after, end)
    addCounts(sums, (await plan.counts(slice).execute(db)).rows, plan.drop)
    if (plan.drop === 'sets') for (const row of (await plan.keys(slice).execute(db)).rows) sums.sets.set(`k${row.key}`, 0)
    if (timed)
      for (const row of (await plan.timeCounts(slice).execute(db)).rows) times.set(row.ttc, (times.get(row.ttc) ?? 0) + Number(row.count))
    const paths = plan.paths(slice)
    if (paths) addPaths(sums.paths, pathGroupsOf(plan.query, (await paths.execute(db)).rows))
    // Slices' groups stay bounded: capped again once they pass the caps' room.
    if (sums.paths.size > 3 * PATH_GROUPS) {
      const capped = capPaths(sums.paths.values())
      sums.paths = new Map()
      addPaths(sums.paths, capped)
    }
    if (!end) break
    after = end
  }
  return sums
}

/** `percentile_cont(0.5)` of values given with their counts: the middle one, or the mean of the middle two. */
function medianOf(counts: Map<number, number>): number | null {
  const sorted = [...counts].sort((a, b) => a[0] - b[0])
  const total = sorted.reduce((sum, [, count]) => sum + count, 0)
  if (total === 0) return null
  const at = (rank: number) => {
    let seen = 0
    for (const [value, count] of sorted) {
      seen += count
      if (rank < seen) return value
    }
    return sorted[sorted.length - 1]?.[0] as number
  }
  const middle = (total - 1) / 2
  const lower = at(Math.floor(middle))
  return lower + (at(Math.ceil(middle)) - lower) * (middle - Math.floor(middle))
}

/** Only responses in `language`; `default` also takes those that store none (see `ResponseFilter.language`). */
function languageScope(language: string | undefined): RawBuilder<unknown> {
  if (language === undefined) return sql``
  if (language === 'default') return sql`and (r.language = 'default' or r.language is null)`
  return sql`and r.language = ${language}`
}

/** Rows by question id, grouped in a Map: an id may be `toString`, which a plain object already answers. */
function groupById<T extends { id: string }, U>(rows: T[], map: (row: T) => U): Record<string, U[]> {
  const out = new Map<string, U[]>()
  for (const row of rows) out.get(row.id)?.push(map(row)) ?? out.set(row.id, [map(row)])
  return Object.fromEntries(out)
}
