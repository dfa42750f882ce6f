import type { SummaryQuery } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Database } from '../postgres/database'
import type { PathGroup, PathQuery } from '@canvass/core'
import type { Sums } from '../sql/summary-sums'
import { addPaths, capPaths } from '../sql/response-paths-sql'
import { EXACT_TIMES, MAX_KEYS, bucketedTimes, emptySums } from '../sql/summary-sums'
import type { SchemaNames } from '../postgres/schema-names'
import { isForeignKeyViolation } from '../postgres/sql-state'
import { monthStart, nextMonth as nextMonthStart } from './partitions'

/**
 * A survey's summary from sums kept by day and by month. Once a day of a survey's responses (by `created_at`, days
 * of UTC) is over, its sums change only when a write touches one of its responses. So:
 *
 * - `response_changes` counts, per survey and day before the current one, the responses written into it: every
 *   statement that inserts, updates or deletes `responses` rows bumps it for the rows it wrote, in the same
 *   statement (`responseChangesSql`), so that a row and its count are committed together. A write of the
 *   current day (the hot path: a new response, a client's update of it) writes nothing there, and a create
 *   of the current day is written by a statement without that part (`ofCurrentDaySql`). No statement
 *   moves a response's `created_at`; one that did would bump the day it left as well.
 * - `summary_parts` keeps a closed period's sums (`Sums`, as JSON) with the count they were computed at, for a
 *   plan: what the sums depend on (parts: the base, each question's, the path groups'; see `plansOf`). A period
 *   is a month once the whole month is closed (its count: the sum of its days'), else a day: a survey read
 *   over years reads a row a month, and the current month's closed days come from their own rows. A part is
 *   used only while its count is the period's count; another plan's parts are never read.
 * - A period is closed once it ended more than `MARGIN` ago by the database's clock, so that a write in flight
 *   at its end (its transaction's `now()` still in it) has committed before its sums are kept.
 * - A part is computed by reading the period's count (C1), the period's sums, then the count again (C2), and
 *   kept only when C1 = C2: the counts only grow, and a write commits its rows and its count together, so no
 *   write committed in between, and the sums are the period's at count C1.
 *
 * Only a summary of every response of a date range by `created_at` uses parts (no condition on answers, no
 * language, no `finished`): the closed periods inside the range come from parts, computed and kept when missing
 * or out of date; the rest (the range's start inside a day, the current day and the hour before it) is read
 * as ever. The summary reads no `contact_id`, which a contact's deletion sets to null without a statement of
 * this package.
 */

/** The version of the kept sums' format and meaning: a change of either makes every kept part another plan's. */
const FORMAT = 3
/** How long after its end a period is closed (see above). */
const MARGIN_MS = 60 * 60 * 1000
const DAY_MS = 86_400_000

/**
 * The part of a statement that counts the responses it wrote (`rows`: a CTE of them, with `survey_id` and
 * `created_at`) into `response_changes`, as a data-modifying CTE of the same statement. The days in order, so
 * that two statements bumping the same days lock their rows in the same order.
 */
export function responseChangesSql(names: SchemaNames, rows: string): RawBuilder<unknown> {
  return sql`insert into ${names.ref('response_changes')} as c (survey_id, day, changes)
    select w.survey_id, date_trunc('day', w.created_at, 'UTC'), count(*)
    from ${sql.table(rows)} w
    where not ${ofCurrentDaySql(sql.ref('w.created_at'))}
    group by 1, 2 order by 1, 2
    on conflict (survey_id, day) do update set changes = c.changes + excluded.changes`
}

/**
 * Whether `createdAt` falls in the current day by the database's clock, which `response_changes` does not count
 * (`responseChangesSql` counts the rows outside it). Also the guard of a create's statement that leaves
 * `responseChangesSql` out (a lean statement, as most creates take): a row it refuses is written by the full
 * statement, which counts it.
 */
export const ofCurrentDaySql = (createdAt: RawBuilder<unknown>): RawBuilder<unknown> => sql`${createdAt} >= date_trunc('day', now(), 'UTC')`

/**
 * Whether a create stamped `createdAt` (ISO text, as `toISOString` writes it) falls in the current day by this
 * process's clock: its statement may then be the lean one, whose guard (`ofCurrentDaySql`) asks the database's
 * clock. A process whose clock runs behind the database's around midnight loses that guard, and the create is
 * written by the full statement after all.
 */
export function ofCurrentDay(createdAt: string, now = Date.now()): boolean {
  return createdAt >= new Date(dayOf(now)).toISOString()
}

/** Whether `query` is a summary of every response of its date range by `created_at` (see above). */
export function takesParts(query: SummaryQuery): boolean {
  return (
    (query.where === undefined || query.where.length === 0) &&
    query.language === undefined &&
    query.finished === undefined &&
    (query.dateField === undefined || query.dateField === 'createdAt')
  )
}

/** A range of `created_at`, `from` included, `to` excluded; null: unbounded. */
export interface CreatedRange {
  from: Date | null
  to: Date | null
}

/** A closed month or day whose sums may be kept. */
interface Period {
  period: 'day' | 'month'
  starts: Date
  ends: Date
}

const dayOf = (at: number) => at - (((at % DAY_MS) + DAY_MS) % DAY_MS)
/** The first day that starts at or after `at`. */
const dayFrom = (at: number) => {
  const day = dayOf(at)
  return day === at ? day : day + DAY_MS
}

/**
 * The closed periods from the day `from` on: a whole month when it starts on one and all of it is closed and
 * inside the range, else a day, while the period ends by `until` (and `endDate`: it includes its instant, so a
 * period ending on it leaves that instant to the rest).
 */
export function closedPeriods(from: number, until: number, endDate: number | null): Period[] {
  const periods: Period[] = []
  const fits = (end: number) => end <= until && (endDate === null || end <= endDate)
  let cursor = from
  for (;;) {
    if (monthStart(cursor) === cursor) {
      const end = nextMonthStart(cursor)
      if (fits(end)) {
        periods.push({ period: 'month', starts: new Date(cursor), ends: new Date(end) })
        cursor = end
        continue
      }
    }
    const end = cursor + DAY_MS
    if (!fits(end)) return periods
    periods.push({ period: 'day', starts: new Date(cursor), ends: new Date(end) })
    cursor = end
  }
}

/**
 * Reads a range's sums: with `part`, a kept part's computation (only those questions' sums, and the base sums
 * with the answered keys' sets when `part.base`), else the sums the query asks for.
 */
export type PeriodCompute = (
  range: CreatedRange,
  part?: { questions: SummaryQuery['questions']; base: boolean; paths: boolean },
) => Promise<Sums>

/**
 * A closed period as kept now: its count, and the parts kept at that count, by plan (0: the base part, 1 + i:
 * question i's, 1 + the questions' count: the path groups', `pathsAt`).
 */
interface PeriodState extends Period {
  /** Whether the period holds no response (nothing to compute, nothing kept). */
  empty: boolean
  current: string
  parts: Map<number, unknown>
}

/** Where a survey's parts are read and kept. */
interface PartsScope {
  db: Kysely<Database>
  keepOn: Kysely<Database>
  names: SchemaNames
  environmentId: string
  surveyId: string
}

/**
 * The sums of the survey's responses in the query's date range: the closed periods inside it from their parts
 * (each missing or out-of-date part computed by `compute` and kept), the rest by `compute` over its ranges.
 * `compute` reads the responses the query takes, restricted to a range of `created_at`. Everything is read on
 * `db` (a replica, maybe: the counts and the sums then come from one database), and a part is written on
 * `keepOn` (the primary); a part kept at a count the primary has passed is computed again when next asked.
 */
export async function sumsByPeriod(
  db: Kysely<Database>,
  keepOn: Kysely<Database>,
  names: SchemaNames,
  environmentId: string,
  surveyId: string,
  query: SummaryQuery,
  compute: PeriodCompute,
  add: (into: Sums, from: Sums) => void,
  /** The counts of the kept questions' answers, each counted as its question is now (`groupCounts`). */
  resolve: (groups: PartGroup[]) => Promise<Sums>,
): Promise<Sums> {
  const scope = { db, keepOn, names, environmentId, surveyId }
  const states = await periodStates(scope, query)
  // Most periods without a base part (nothing kept yet: a new survey read at last, an upgrade, an import): one read
  // of the whole range costs about half of reading it period by period, so the summary reads it once and leaves the
  // keeping to the summary keeper (docs/scaling.md).
  const unkept = states.filter((state) => !state.empty && !state.parts.has(0)).length
  if (states.length === 0 || (unkept > 2 && unkept * 2 > states.length)) return compute({ from: null, to: null })
  // The ranges outside the kept periods first: a part is computed after them, as close to its C2 as can be.
  // Without a start date the first period starts on the day of the first response: nothing comes before it.
  const total = query.startDate === undefined ? emptySums() : await compute({ from: null, to: (states[0] as Period).starts })
  add(total, await compute({ from: (states[states.length - 1] as Period).ends, to: null }))
  const groups = new Map<string, PartGroup>()
  for (const state of states) if (!state.empty) add(total, (await periodSums(scope, state, query, compute, groups)).sums)
  add(total, await resolve([...groups.values()]))
  return total
}

/**
 * The keeper's step (`SummaryPartKeeping.keep`): the parts `query` reads that are missing or out of date, of at
 * most `limit` closed periods of the survey (oldest first), computed and kept; the parts of plans `query` no
 * longer reads are deleted. Returns how many periods it kept and how many still lack parts.
 */
export async function keepParts(
  scope: PartsScope,
  query: SummaryQuery,
  compute: PeriodCompute,
  limit: number,
): Promise<{ kept: number; left: number }> {
  const plans = plansOf(scope.environmentId, query)
  await sql`delete from ${scope.names.ref('summary_parts')} where survey_id = ${scope.surveyId}
    and plan not in (select md5(x) from jsonb_array_elements_text(${JSON.stringify(plans)}::jsonb) as x)`.execute(scope.keepOn)
  const due = (await periodStates(scope, { ...query, startDate: undefined, endDate: undefined })).filter(
    (state) => missingOf(state, query) !== null,
  )
  let kept = 0
  for (const state of due.slice(0, limit)) if ((await periodSums(scope, state, query, compute, new Map())).kept) kept++
  return { kept, left: due.length - kept }
}

/** The closed periods of the query's range, each with its count and the parts kept at it. */
async function periodStates(scope: PartsScope, query: SummaryQuery): Promise<PeriodState[]> {
  const { db, names, environmentId, surveyId } = scope
  const responses = names.ref('responses')
  const { rows: edges } = await sql<{ now: Date; first_at: Date | null }>`
    select now() as now,
      (select min(r.created_at) from ${responses} r where r.survey_id = ${surveyId} and r.environment_id = ${environmentId}) as first_at`.execute(
    db,
  )
  const edge = edges[0]
  if (!edge?.first_at) return []
  const firstDay = dayOf(new Date(edge.first_at).getTime())
  const start = Math.max(query.startDate ? dayFrom(new Date(query.startDate).getTime()) : firstDay, firstDay)
  const periods = closedPeriods(start, new Date(edge.now).getTime() - MARGIN_MS, query.endDate ? new Date(query.endDate).getTime() : null)
  if (periods.length === 0) return []
  const { rows } = await sql<{ n: string; current: string; empty: boolean; plan: string | null; sums: unknown }>`
    select p.n::text as n, c.current::text as current, e.empty, k.plan::text as plan, k.sums
    from jsonb_to_recordset(${JSON.stringify(periods.map((period, n) => ({ ...period, n })))}::jsonb)
      as p(period text, starts timestamptz, ends timestamptz, n int)
    cross join lateral (select coalesce(sum(c.changes), 0) as current from ${names.ref('response_changes')} c
      where c.survey_id = ${surveyId} and c.day >= p.starts and c.day < p.ends) c
    cross join lateral (select not exists (select from ${responses} r where r.survey_id = ${surveyId}
      and r.environment_id = ${environmentId} and r.created_at >= p.starts and r.created_at < p.ends) as empty) e
    left join lateral (
      select x.n - 1 as plan, k.sums
      from jsonb_array_elements_text(${JSON.stringify(plansOf(environmentId, query))}::jsonb) with ordinality as x(plan, n)
      join ${names.ref('summary_parts')} k on k.survey_id = ${surveyId} and k.period = p.period and k.starts = p.starts
        and k.plan = md5(x.plan) and k.changes = c.current
    ) k on true`.execute(db)
  const states: PeriodState[] = periods.map((period) => ({ ...period, empty: false, current: '0', parts: new Map() }))
  for (const row of rows) {
    const state = states[Number(row.n)] as PeriodState
    state.current = row.current
    state.empty = row.empty
    if (row.plan !== null) state.parts.set(Number(row.plan), typeof row.sums === 'string' ? JSON.parse(row.sums) : row.sums)
  }
  return states
}

/**
 * What a period lacks for `query`: whether its base part, which questions' parts (by index, one per plan) and
 * its path groups' part, or null when nothing. A question whose id no answer of the period has needs no part:
 * its base part lists the keys of the period's answers.
 */
function missingOf(state: PeriodState, query: SummaryQuery): { base: boolean; questions: number[]; paths: boolean } | null {
  if (state.empty) return null
  const base = state.parts.get(0) as BaseJson | undefined
  const keys = base ? new Set(base.keys) : undefined
  const seen = new Set<string>()
  const questions = query.questions.flatMap((question, index) => {
    const plan = JSON.stringify([question.id, keptAs(question)])
    if (state.parts.has(index + 1) || (keys && !keys.has(question.id)) || seen.has(plan)) return []
    seen.add(plan)
    return [index]
  })
  const paths = query.paths !== undefined && !pathsReadable(state.parts.get(pathsAt(query)) as PathsJson | undefined, query, keys)
  return base === undefined || questions.length > 0 || paths ? { base: base === undefined, questions, paths } : null
}

/** A period's sums for `query`, from its parts, computing (and keeping) those it lacks in one read of the period. */
async function periodSums(
  scope: PartsScope,
  state: PeriodState,
  query: SummaryQuery,
  compute: PeriodCompute,
  groups: Map<string, PartGroup>,
): Promise<{ sums: Sums; kept: boolean }> {
  const missing = missingOf(state, query)
  const parts = new Map(state.parts)
  let kept = false
  if (missing !== null) {
    const sums = await compute(
      { from: state.starts, to: state.ends },
      {
        questions: missing.questions.map((index) => {
          const question = query.questions[index] as SummaryQuery['questions'][number]
          // Counted answers are kept as their JSON, whatever way they are counted (see `plansOf`).
          return { id: question.id, count: keptAs(question) as SummaryQuery['questions'][number]['count'] }
        }),
        base: missing.base,
        paths: missing.paths,
      },
    )
    const made: Array<{ plan: string; sums: unknown }> = []
    const plans = plansOf(scope.environmentId, query)
    if (missing.base) {
      const base = baseToJson(sums)
      parts.set(0, base)
      if (base.keys.length <= MAX_KEYS && base.sets.length <= MAX_SETS) made.push({ plan: plans[0] as string, sums: base })
    }
    for (const index of missing.questions) {
      const part = questionToJson(sums, query.questions[index] as SummaryQuery['questions'][number])
      made.push({ plan: plans[index + 1] as string, sums: part })
      // Every question of the same plan reads this part.
      plans.forEach((plan, other) => {
        if (plan === plans[index + 1]) parts.set(other, part)
      })
    }
    if (missing.paths) {
      const part: PathsJson = { ids: query.questions.map((question) => question.id), paths: capPaths(sums.paths.values()) }
      parts.set(pathsAt(query), part)
      made.push({ plan: plans[pathsAt(query)] as string, sums: part })
    }
    kept = missing.base === made.some((part) => part.plan === plans[0]) && (await keep(scope, state, made))
  }
  return { sums: fromParts(parts, query, groups), kept }
}

/** Keeps a period's parts computed at its count C1, when its count is still C1 (C2): see above. */
async function keep(scope: PartsScope, state: PeriodState, made: Array<{ plan: string; sums: unknown }>): Promise<boolean> {
  const { db, keepOn, names, surveyId } = scope
  if (made.length === 0) return false
  const { rows: after } = await sql<{ changes: string }>`
    select coalesce(sum(changes), 0)::text as changes from ${names.ref('response_changes')}
    where survey_id = ${surveyId} and day >= ${state.starts}::timestamptz and day < ${state.ends}::timestamptz`.execute(db)
  if (after[0]?.changes !== state.current) return false
  // A part computed at a lower count never replaces one computed at a higher. The survey deleted meanwhile:
  // nothing to keep (its parts went with it).
  return sql`insert into ${names.ref('summary_parts')} as p (survey_id, period, starts, plan, changes, sums, computed_at)
    select ${surveyId}, ${state.period}, ${state.starts}::timestamptz, md5(x.plan), ${state.current}::bigint, x.sums, now()
    from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as x(plan text, sums jsonb)
    where exists (select from ${names.ref('surveys')} s where s.id = ${surveyId})
    on conflict (survey_id, period, starts, plan) do update set changes = excluded.changes, sums = excluded.sums, computed_at = excluded.computed_at
    where p.changes <= excluded.changes`
    .execute(keepOn)
    .then(() => true)
    .catch((error: unknown) => {
      if (!isForeignKeyViolation(error)) throw error
      return false
    })
}

/**
 * What each part's sums depend on, as text (stored as its MD5): the base part's (index 0) on the bounds of the
 * times, each question's (index 1 + i) on its id and how its answers are counted, the path groups' (`pathsAt`,
 * when the query asks them) on the keys the logic reads (`PathQuery`; it keeps the questions' ids its marks
 * follow, and is read in the order of the day, `pathsReadable`). A question's label or choices change none of
 * them: its part is read as kept, and the drop-off is read from the base part's sets in the questions' order of
 * the day. A question removed, moved, or added that no answer holds reads the kept parts; a logic edit that reads
 * other keys makes only the path groups computed again.
 */
function plansOf(environmentId: string, query: SummaryQuery): string[] {
  return [
    JSON.stringify([FORMAT, environmentId, 'base', query.maxTimeToComplete]),
    ...query.questions.map((question) => JSON.stringify([FORMAT, environmentId, 'question', question.id, keptAs(question)])),
    ...(query.paths === undefined ? [] : [JSON.stringify([FORMAT, environmentId, 'paths', query.paths.data, query.paths.variables])]),
  ]
}

/** The plan index of the path groups' part (after the base part and the questions'). */
const pathsAt = (query: SummaryQuery) => query.questions.length + 1

/** How a question's part keeps its answers: counted ones as their JSON (by distinct answer), the others as answered or not. */
const keptAs = (question: SummaryQuery['questions'][number]): 'json' | 'none' => (question.count === 'none' ? 'none' : 'json')

/** Kept answers of a question (`t`: the answer as JSON text) given by `n` responses, counted as `kind`. */
export interface PartGroup {
  id: string
  kind: string
  t: string
  n: number
}

/** A base part with more than `MAX_KEYS` keys of answers, or more sets of keys answered by unfinished responses, is not kept (read every time). */
const MAX_SETS = 5000

/**
 * A base part as JSON: the responses started and finished, the unfinished ones by the keys they answered
 * (`sets`, each a JSON list of keys), every key of the period's answers (`keys`, answered or not), and the times as `Sums` keeps
 * them. A period of more than `EXACT_TIMES` distinct times keeps them in `buckets`, with their exact sum
 * (`bucketedSum`), not in `times`.
 */
interface BaseJson {
  started: number
  finished: number
  sets: Array<[string, number]>
  keys: string[]
  times: Array<[number, number]>
  buckets?: Array<[number, number]>
  bucketedSum?: number
}

/**
 * A question's part as JSON: for a question whose answers are counted, its answers by distinct JSON (`groups`:
 * the JSON text, the responses that gave it; answered ones only), from which every way of counting them is read
 * (`groupCounts`), so that a question counted another way (a type change) reads the same part; for the others,
 * its answered count.
 */
interface QuestionJson {
  answered?: number
  groups?: Array<[string, number]>
}

function baseToJson(sums: Sums): BaseJson {
  const bucketing = sums.times.size + sums.buckets.size > EXACT_TIMES
  const { buckets, bucketedSum } = bucketing ? bucketedTimes(sums) : sums
  const keys: string[] = []
  const sets: Array<[string, number]> = []
  for (const [set, count] of sums.sets) {
    if (set.startsWith('k')) keys.push(set.slice(1))
    else if (set.startsWith('u')) sets.push([set.slice(1), count])
  }
  return {
    started: sums.started,
    finished: sums.finished,
    sets,
    keys: keys.sort(),
    times: bucketing ? [] : [...sums.times],
    ...(buckets.size > 0 ? { buckets: [...buckets], bucketedSum } : {}),
  }
}

/** A path groups' part as JSON: the period's groups for the walk of paths, capped as a summary caps them (`capPaths`). */
interface PathsJson {
  /** The questions' ids in the order of the groups' marks when the part was computed. */
  ids: string[]
  paths: PathGroup[]
}

function questionToJson(sums: Sums, question: SummaryQuery['questions'][number]): QuestionJson {
  if (keptAs(question) === 'none') return { answered: sums.answered.get(question.id) ?? 0 }
  const groups: Array<[string, number]> = []
  for (const [key, count] of sums.sets) {
    if (!key.startsWith('g')) continue
    const [id, t] = JSON.parse(key.slice(1)) as [string, string]
    if (id === question.id) groups.push([t, count])
  }
  return { groups }
}

/**
 * A period's sums for `query` from its base part and its questions' (a question without one: nobody answered
 * it); the answers of counted questions are added to `groups`, to be counted once for every period.
 */
function fromParts(parts: Map<number, unknown>, query: SummaryQuery, groups: Map<string, PartGroup>): Sums {
  const base = parts.get(0) as BaseJson
  // The drop-off in this order of the questions: an unfinished response stopped at the last one it answered.
  const indexOf = new Map(query.questions.map((question, index) => [question.id, index]))
  const dropped: number[] = []
  let droppedNone = 0
  for (const [set, count] of base.sets) {
    let last = -1
    for (const key of JSON.parse(set) as string[]) last = Math.max(last, indexOf.get(key) ?? -1)
    if (last === -1) droppedNone += count
    else dropped[last] = (dropped[last] ?? 0) + count
  }
  const sums: Sums = {
    ...emptySums(),
    started: base.started,
    finished: base.finished,
    droppedNone,
    dropped,
    times: new Map(base.times),
    buckets: new Map(base.buckets ?? []),
    bucketedSum: base.bucketedSum ?? 0,
  }
  const paths = parts.get(pathsAt(query)) as PathsJson | undefined
  if (paths !== undefined && query.paths !== undefined) {
    const keys = query.paths
    const marks = marksFor(paths.ids, query)
    addPaths(
      sums.paths,
      paths.paths.map((group) => keptGroup({ ...group, marks: group.marks === null ? null : marks(group.marks) }, keys)),
    )
  }
  query.questions.forEach((question, index) => {
    const part = parts.get(index + 1) as QuestionJson | undefined
    if (part === undefined) return
    if (part.answered !== undefined) sums.answered.set(question.id, (sums.answered.get(question.id) ?? 0) + part.answered)
    for (const [t, n] of part.groups ?? []) {
      const key = JSON.stringify([question.id, question.count, t])
      const at = groups.get(key)
      if (at) at.n += n
      else groups.set(key, { id: question.id, kind: question.count, t, n })
    }
  })
  return sums
}

/**
 * A kept group as the summary's statement gives it (`pathGroupsOf`): jsonb keeps an object's keys in an order of
 * its own, and groups are added up and compared by their JSON.
 */
function keptGroup(group: PathGroup, keys: PathQuery): PathGroup {
  const pick = (ids: string[], from: Record<string, unknown>) => {
    const out: Record<string, unknown> = {}
    for (const id of ids)
      if (Object.hasOwn(from, id)) Object.defineProperty(out, id, { value: from[id], enumerable: true, writable: true, configurable: true })
    return out
  }
  const values = group.values
  return {
    count: group.count,
    finished: group.finished,
    marks: group.marks,
    values: values === null ? null : { data: pick(keys.data, values.data), variables: pick(keys.variables, values.variables) },
  }
}

/**
 * Whether a kept path groups' part serves `query`: its marks can be read in the questions' order of the day when
 * every question it lacks is one no answer of the period holds (`keys`, the base part's: such a question's mark is
 * `0`, no entry). A question added, removed or moved then reads the kept groups; a question it lacks that answers
 * hold needs them computed again.
 */
function pathsReadable(part: PathsJson | undefined, query: SummaryQuery, keys: Set<string> | undefined): boolean {
  if (part === undefined || !Array.isArray(part.ids)) return false
  const kept = new Set(part.ids)
  return query.questions.every((question) => kept.has(question.id) || (keys !== undefined && !keys.has(question.id)))
}

/** Marks kept in the order `ids`, read in the order of `query`'s questions (`0` for a question the part lacks). */
function marksFor(ids: string[], query: SummaryQuery): (marks: string) => string {
  const at = new Map(ids.map((id, index) => [id, index]))
  const order = query.questions.map((question) => at.get(question.id) ?? -1)
  return (marks) => order.map((index) => (index === -1 ? '0' : (marks[index] ?? '0'))).join('')
}
