import type { SummaryAggregates, SummaryQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from './database'
import { isStorable } from './is-storable'
import type { SchemaNames } from './schema-names'

/**
 * `ResponseStore.summarize`: the aggregates of a survey's summary, computed by the database. One scan for the
 * totals, each question's answered count and each unfinished response's last answered question (computed
 * once per row); the value, element, cell and position counts scan only for questions that have them. Each is
 * a plain aggregate, which Postgres spreads over parallel workers. The median time to complete is a statement
 * of its own, in a transaction of its own (another connection of a pool, so it runs beside the rest): an
 * ordered-set aggregate runs in one process and sorts, so in the totals' statement it would keep that scan from
 * going parallel, and after it would add its time (about 0.5 s at 1,000,000 responses) to the summary's.
 */
export async function summarizeResponses(
  db: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: SummaryQuery,
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
  }
  if (!isStorable(environmentId) || !isStorable(surveyId) || (query.language !== undefined && !isStorable(query.language))) return empty
  const responses = names.ref('responses')
  const dateColumn = sql.ref(query.dateField === 'updatedAt' ? 'r.updated_at' : 'r.created_at')
  const scope = sql`r.environment_id = ${environmentId} and r.survey_id = ${surveyId}
    ${query.startDate ? sql`and ${dateColumn} >= ${query.startDate}::timestamptz` : sql``}
    ${query.endDate ? sql`and ${dateColumn} <= ${query.endDate}::timestamptz` : sql``}
    ${query.finished === undefined ? sql`` : sql`and r.finished = ${query.finished}`}
    ${languageScope(query.language)}`
  const ids = query.questions.map((question) => question.id)
  const ofKind = (kind: SummaryQuery['questions'][number]['count']) =>
    query.questions.filter((question) => question.count === kind).map((question) => question.id)
  const byValue = ofKind('values')
  const byElement = ofKind('elements')
  const byCell = ofKind('cells')
  const byPosition = ofKind('positions')
  // The bounds of the mean (see `maxTimeToComplete`), as a float8 or null.
  // CASE, not AND: only a JSON number may reach the cast, and AND does not say which side runs first.
  const boundedTtc = sql`case when jsonb_typeof(r.ttc -> '_total') = 'number' then
    case when (r.ttc -> '_total')::numeric between 0 and ${query.maxTimeToComplete}::numeric then (r.ttc -> '_total')::numeric::float8 end end`
  // A row's ttc._total is read as numeric, which holds any JSON number, and only one within bounds reaches
  // the float8 mean (a float8 cast of 1e400, or a sum past 1.8e308, is an error).
  const flags = ids.map((id, index) => sql`${answered(sql`r.data ->> ${id}::text`, sql`r.data -> ${id}::text`)} as ${sql.ref(`a${index}`)}`)
  const lastAnswered =
    ids.length === 0
      ? sql`null::int`
      : sql`case ${sql.join(
          ids.map((_, index) => sql`when ${sql.ref(`a${ids.length - 1 - index}`)} then ${sql.lit(ids.length - 1 - index)}`),
          sql` `,
        )} end`
  type Counted = { id: string; value: string; count: string }
  type CellCounted = { id: string; row: string; column: string; count: string }
  type PositionCounted = { id: string; value: string; count: string; position_sum: string }
  const none = { rows: [] as Counted[] }
  // JIT compilation costs more than it saves on these short expressions.
  const summarized = db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx)
    return Promise.all([
      sql<Record<string, string | null>>`
        with per_response as (
          select r.finished, case when jsonb_typeof(r.ttc -> '_total') = 'number' then (r.ttc -> '_total')::numeric end as ttc
            ${ids.length === 0 ? sql`` : sql`, ${sql.join(flags)}`}
          from ${responses} r where ${scope}
        ),
        marked as (select *, ${lastAnswered} as last from per_response)
        select count(*)::text as started, count(*) filter (where finished)::text as finished,
          avg(case when ttc between 0 and ${query.maxTimeToComplete}::numeric then ttc::float8 end) filter (where finished)::text as ttc,
          count(*) filter (where not finished and last is null)::text as dropped_none
          ${ids.length === 0 ? sql`` : sql`, ${sql.join(ids.map((_, index) => sql`count(*) filter (where ${sql.ref(`a${index}`)})::text as ${sql.ref(`answered${index}`)}, count(*) filter (where not finished and last = ${sql.lit(index)})::text as ${sql.ref(`dropped${index}`)}`))}`}
        from marked`.execute(trx),
      trx
        .selectFrom('displays as d')
        .select(sql<string>`count(*)::text`.as('count'))
        .where('d.environment_id', '=', environmentId)
        .where('d.survey_id', '=', surveyId)
        .$if(query.startDate !== undefined, (q) => q.where('d.created_at', '>=', query.startDate as Date))
        .$if(query.endDate !== undefined, (q) => q.where('d.created_at', '<=', query.endDate as Date))
        .execute()
        .then((rows) => ({ rows })),
      byValue.length === 0
        ? none
        : sql<Counted>`
            select q.id, q.value, count(*)::text as count
            from ${responses} r
            cross join lateral (values ${sql.join(byValue.map((id) => sql`(${id}::text, r.data ->> ${id}::text, r.data -> ${id}::text)`))}) as q(id, value, json)
            where ${scope} and ${answered(sql`q.value`, sql`q.json`)}
            group by q.id, q.value`.execute(trx),
      byElement.length === 0
        ? none
        : sql<Counted>`
            select q.id, e.value, count(*)::text as count
            from ${responses} r cross join unnest(${byElement}::text[]) as q(id)
            cross join lateral jsonb_array_elements_text(
              case jsonb_typeof(r.data -> q.id) when 'array' then r.data -> q.id else jsonb_build_array(r.data -> q.id) end
            ) as e(value)
            where ${scope} and e.value <> ''
            group by q.id, e.value`.execute(trx),
      byCell.length === 0
        ? { rows: [] as CellCounted[] }
        : sql<CellCounted>`
            select q.id, c.key as row, c.value as column, count(*)::text as count
            from ${responses} r cross join unnest(${byCell}::text[]) as q(id)
            cross join lateral jsonb_each_text(case jsonb_typeof(r.data -> q.id) when 'object' then r.data -> q.id else '{}'::jsonb end) as c(key, value)
            where ${scope} and c.value <> ''
            group by q.id, c.key, c.value`.execute(trx),
      byPosition.length === 0
        ? { rows: [] as PositionCounted[] }
        : sql<PositionCounted>`
            select q.id, e.value, count(*)::text as count, sum(e.position)::text as position_sum
            from ${responses} r cross join unnest(${byPosition}::text[]) as q(id)
            cross join lateral jsonb_array_elements_text(
              case jsonb_typeof(r.data -> q.id) when 'array' then r.data -> q.id else '[]'::jsonb end
            ) with ordinality as e(value, position)
            where ${scope} and e.value <> ''
            group by q.id, e.value`.execute(trx),
    ])
  })
  const [[totals, displays, values, elements, cells, positions], median] = await Promise.all([
    summarized,
    query.finished === false
      ? { rows: [] as Array<{ median: string | null }> }
      : db.transaction().execute(async (trx) => {
          await sql`set local jit = off`.execute(trx)
          return sql<{ median: string | null }>`
            select (percentile_cont(0.5) within group (order by ${boundedTtc}))::text as median
            from ${responses} r where ${scope} and r.finished`.execute(trx)
        }),
  ])
  const total = totals.rows[0] ?? {}
  const lastAnsweredCounts = [
    { index: null, count: Number(total.dropped_none ?? 0) },
    ...ids.map((_, index) => ({ index, count: Number(total[`dropped${index}`] ?? 0) })),
  ].filter((row) => row.count > 0)
  return {
    displays: Number(displays.rows[0]?.count ?? 0),
    started: Number(total.started ?? 0),
    finished: Number(total.finished ?? 0),
    averageTimeToComplete: total.ttc == null ? null : Number(total.ttc),
    medianTimeToComplete: median.rows[0]?.median == null ? null : Number(median.rows[0].median),
    answered: Object.fromEntries(ids.map((id, index) => [id, Number(total[`answered${index}`] ?? 0)])),
    values: groupById([...values.rows, ...elements.rows], (row) => ({ value: row.value, count: Number(row.count) })),
    cells: groupById(cells.rows, (row) => ({ row: row.row, column: row.column, count: Number(row.count) })),
    positions: groupById(positions.rows, (row) => ({ value: row.value, count: Number(row.count), positionSum: Number(row.position_sum) })),
    lastAnswered: lastAnsweredCounts,
  }
}

/** Only responses in `language`; `default` also takes those that store none (see `ResponseFilter.language`). */
function languageScope(language: string | undefined): RawBuilder<unknown> {
  if (language === undefined) return sql``
  if (language === 'default') return sql`and (r.language = 'default' or r.language is null)`
  return sql`and r.language = ${language}`
}

/**
 * Whether an answer says something: not missing, null, "", [] or {}. Compared as text (`->>`), which is
 * several times cheaper per row than comparing JSON; the type is looked at only for the rare text `[]` or
 * `{}`, which a string answer may be.
 */
export function answered(text: RawBuilder<unknown>, json: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${text} <> '' and (${text} not in ('[]', '{}') or jsonb_typeof(${json}) = 'string'))`
}

/** Rows by question id, grouped in a Map: an id may be `toString`, which a plain object already answers. */
function groupById<T extends { id: string }, U>(rows: T[], map: (row: T) => U): Record<string, U[]> {
  const out = new Map<string, U[]>()
  for (const row of rows) out.get(row.id)?.push(map(row)) ?? out.set(row.id, [map(row)])
  return Object.fromEntries(out)
}
