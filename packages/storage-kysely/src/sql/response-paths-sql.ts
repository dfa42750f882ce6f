import { PATH_GROUPS, PATH_VALUE_CHARS } from '@canvass/core'
import type { PathGroup, SummaryQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import { answered } from './response-conditions-sql'

/**
 * `SummaryAggregates.paths`: a summary's responses grouped for the walk of their paths (core's `walkPaths`),
 * in one statement beside the summary's counts, over the same responses. A response's group is its `finished`,
 * its marks (per question: no entry in `data` nor `ttc`, an empty one, an answer) and the values of the answers,
 * hidden fields and variables the survey's logic reads (`query.paths`), read as one JSON array. The groups are
 * as many as the distinct paths and answers the logic reads, and capped as `PathGroup` says: past `PATH_GROUPS`,
 * the least frequent are merged into groups by marks only, and past as many of those, by `finished` alone.
 */

export type PathRow = { count: string; finished: boolean; marks: string | null; vals: unknown }

/**
 * The statement of the groups of the responses `from` (the summary's rows, `data` their answers) that `where`
 * takes, or null when the query asks no paths.
 */
export function pathsStatement(
  query: SummaryQuery,
  from: RawBuilder<unknown>,
  data: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  /** The cap of each kind of group (`PATH_GROUPS`; smaller in tests). */
  groups = PATH_GROUPS,
): RawBuilder<PathRow> | null {
  const paths = query.paths
  if (paths === undefined) return null
  const marks =
    query.questions.length === 0
      ? sql`''`
      : sql.join(
          query.questions.map(
            ({ id }) => sql`(case when ${answered(sql`${data} ->> ${id}::text`, sql`${data} -> ${id}::text`)} then '2'
              when ${data} -> ${id}::text is not null or r.ttc -> ${id}::text is not null then '1' else '0' end)`,
          ),
          sql` || `,
        )
  const read = [
    ...paths.data.map((id) => sql`jsonb_build_array(${data} -> ${id}::text)`),
    ...paths.variables.map((id) => sql`jsonb_build_array(r.variables -> ${id}::text)`),
  ]
  const values = read.length === 0 ? sql`'[]'::jsonb` : sql.join(read, sql` || `)
  const cap = sql.lit(groups)
  return sql<PathRow>`
    with s0 as (select r.finished as f, ${marks} as m, ${values} as v from ${from} where ${where}),
    s as (select f, m, case when length(v::text) <= ${sql.lit(PATH_VALUE_CHARS)} then v end as v from s0),
    g as (select count(*) as n, f, m, v from s group by f, m, v),
    k as (select n, f, m, v, row_number() over (order by n desc, f, m, v) as at from g),
    h as (select sum(n) as n, f, m from k where at > ${cap} group by f, m),
    hk as (select n, f, m, row_number() over (order by n desc, f, m) as at from h)
    select n::text as count, f as finished, m as marks, v as vals from k where at <= ${cap}
    union all select n::text, f, m, null from hk where at <= ${cap}
    union all select sum(n)::text, f, null, null from hk where at > ${cap} group by f`
}

/** The statement's rows as groups, each value under its key (a key the response lacks left out). */
export function pathGroupsOf(query: SummaryQuery, rows: readonly PathRow[]): PathGroup[] {
  const keys = query.paths ?? { data: [], variables: [] }
  return rows.map((row) => {
    const vals = typeof row.vals === 'string' ? (JSON.parse(row.vals) as unknown) : row.vals
    const list = Array.isArray(vals) ? vals : null
    const pick = (ids: string[], offset: number) => {
      const out: Record<string, unknown> = {}
      ids.forEach((id, index) => {
        const value = list?.[offset + index]
        if (value !== null && value !== undefined)
          Object.defineProperty(out, id, { value, enumerable: true, writable: true, configurable: true })
      })
      return out
    }
    return {
      count: Number(row.count),
      finished: row.finished,
      marks: row.marks,
      values: list === null ? null : { data: pick(keys.data, 0), variables: pick(keys.variables, keys.data.length) },
    }
  })
}

const keyOf = (group: PathGroup) => JSON.stringify([group.finished, group.marks, group.values])

/** Adds `groups` into `into` (by group). */
export function addPaths(into: Map<string, PathGroup>, groups: Iterable<PathGroup>): void {
  for (const group of groups) {
    const key = keyOf(group)
    const at = into.get(key)
    if (at) at.count += group.count
    else into.set(key, { ...group })
  }
}

/** Groups added up from several statements, capped again as one statement caps them (see `PathGroup`). */
export function capPaths(groups: Iterable<PathGroup>, cap = PATH_GROUPS): PathGroup[] {
  const byCount = (list: PathGroup[]) => list.sort((a, b) => b.count - a.count || (keyOf(a) < keyOf(b) ? -1 : 1))
  const all = [...groups]
  const full = byCount(all.filter((group) => group.values !== null))
  const rest = new Map<string, PathGroup>()
  addPaths(
    rest,
    all.filter((group) => group.values === null && group.marks !== null),
  )
  addPaths(
    rest,
    full.slice(cap).map((group) => ({ ...group, values: null })),
  )
  const marked = byCount([...rest.values()])
  const unmarked = new Map<string, PathGroup>()
  addPaths(
    unmarked,
    all.filter((group) => group.marks === null),
  )
  addPaths(
    unmarked,
    marked.slice(cap).map((group) => ({ ...group, marks: null })),
  )
  return [...full.slice(0, cap), ...marked.slice(0, cap), ...unmarked.values()]
}
