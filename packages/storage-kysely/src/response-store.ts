import type { ResponseFilter, ResponsePatch, ResponseRecord, ResponseStore, ResponseSurveyFields, SurveyStatusFields } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely'
import { completeSurveySql, lockSurveyStatement } from './complete-survey-sql'
import type { Database, ResponsesTable } from './database'
import { createResponseImporter, createResponseInserter } from './insert-response'
import { isStorable } from './is-storable'
import { precompiled, slots } from './precompiled'
import type { ResponseBatchOptions } from './response-batch'
import { responseColumns, toResponseRecord } from './response-columns'
import type { SchemaNames } from './schema-names'
import { toJsonb } from './to-jsonb'

/**
 * `query` narrowed to the responses of `environmentId` that `filter` takes, or undefined when an id in it
 * cannot be stored (so nothing matches). The list indexes serve each sort: `(environment_id | survey_id,
 * created_at | updated_at, id)`.
 */
function filterResponses<O>(
  query: SelectQueryBuilder<Database, 'responses', O>,
  environmentId: string,
  filter: ResponseFilter,
): SelectQueryBuilder<Database, 'responses', O> | undefined {
  const ids = [environmentId, filter.surveyId, filter.contactId, filter.userId]
  if (ids.some((id) => id !== undefined && !isStorable(id))) return undefined
  const dateColumn = filter.dateField === 'updatedAt' ? 'responses.updated_at' : 'responses.created_at'
  return query
    .where('responses.environment_id', '=', environmentId)
    .$if(filter.surveyId !== undefined, (q) => q.where('responses.survey_id', '=', filter.surveyId as string))
    .$if(filter.contactId !== undefined, (q) => q.where('responses.contact_id', '=', filter.contactId as string))
    .$if(filter.userId !== undefined, (q) =>
      q.where('responses.contact_id', 'in', (contacts) =>
        contacts
          .selectFrom('contacts')
          .select('contacts.id')
          .where('contacts.environment_id', '=', environmentId)
          .where('contacts.user_id', '=', filter.userId as string),
      ),
    )
    .$if(filter.finished !== undefined, (q) => q.where('responses.finished', '=', filter.finished as boolean))
    .$if(filter.startDate !== undefined, (q) => q.where(dateColumn, '>=', filter.startDate as Date))
    .$if(filter.endDate !== undefined, (q) => q.where(dateColumn, '<=', filter.endDate as Date))
}

/** Responses, each read with its person, notes and tags in the same statement. */
export function createResponseStore(
  db: Kysely<Database>,
  names: SchemaNames,
  batch?: ResponseBatchOptions | false,
): ResponseStore {
  const columns = responseColumns(names)
  /** Run after a response became finished in the same transaction, which the count therefore sees. */
  const completeSlots = slots(['surveyId', 'now'])
  const completeSurvey = precompiled(
    completeSurveySql(names, sql`${completeSlots.surveyId}::text`, sql`${completeSlots.now}::timestamptz`, 0).compile(db),
    completeSlots,
  )
  const lockSurvey = lockSurveyStatement(db, names)
  // An update's statements, built once (see `precompiled`): the read of the response with its survey's status
  // fields and its row version, without a lock or under one, and the write of the version read.
  const readSlots = slots(['id'])
  const readForUpdate = (lock: boolean) =>
    precompiled(
      db
        .selectFrom('responses')
        .innerJoin('surveys', 'surveys.id', 'responses.survey_id')
        .select(columns)
        .select(['surveys.status', 'surveys.run_on_date', 'surveys.close_on_date', 'surveys.auto_complete'])
        .select(sql<boolean>`surveys.pin is not null`.as('pin_set'))
        .select(sql<string>`responses.xmin::text`.as('version'))
        .where('responses.id', '=', readSlots.id)
        .$if(lock, (q) => q.forUpdate('responses'))
        .compile(),
      readSlots,
    )
  const readUnlocked = readForUpdate(false)
  const readLocked = readForUpdate(true)
  const writeSlots = slots([
    'updatedAt', 'finished', 'data', 'meta', 'ttc', 'variables', 'setLanguage', 'language', 'setEndingId', 'endingId', 'id', 'version',
  ])
  const { updatedAt, finished, data, meta, ttc, variables, setLanguage, language, setEndingId, endingId, version } = writeSlots
  // Every field of a patch, each kept as it is when the patch leaves it out (NULL for the JSON and `finished`,
  // a flag for the two that may be set to null).
  const write = (finishing: boolean) => precompiled(
    db
      .updateTable('responses')
      .set({
        updated_at: sql`${updatedAt}::timestamptz`,
        finished: sql`coalesce(${finished}::boolean, finished)`,
        data: sql`coalesce(${data}::jsonb, data)`,
        meta: sql`coalesce(${meta}::jsonb, meta)`,
        ttc: sql`coalesce(${ttc}::jsonb, ttc)`,
        variables: sql`coalesce(${variables}::jsonb, variables)`,
        language: sql`case when ${setLanguage}::boolean then ${language}::text else language end`,
        ending_id: sql`case when ${setEndingId}::boolean then ${endingId}::text else ending_id end`,
      })
      .where('responses.id', '=', writeSlots.id)
      .where(sql`xmin`, '=', sql`${version}::xid`)
      // A response that becomes finished without the survey's lock: only while its survey has no `auto_complete`
      // (as this statement's snapshot sees it; otherwise the locked path counts it).
      .$if(finishing, (q) => q.where(sql<boolean>`not exists (select 1 from ${names.ref('surveys')} s where s.id = responses.survey_id and s.auto_complete is not null)`))
      .returning(columns)
      .compile(),
    writeSlots,
  )
  const writeIfUnchanged = write(false)
  const finishIfUnchanged = write(true)
  /**
   * The locked path of `update`. With `lockFirst` (the patch asks for `finished`), the survey's lock is taken
   * before the response is read, so that `change` judges the survey as the previous finisher left it: a
   * finishing update that waited for the lock sees the completion that finisher made, and `change` can refuse
   * it (the status check of client routes). Without it, a patch that turns out to finish the response starts
   * again with the lock.
   */
  async function updateLocked(
    id: string,
    surveyId: string,
    change: Parameters<ResponseStore['update']>[1],
    lockFirst: boolean,
  ): Promise<ResponseRecord | null> {
    const result = await db.transaction().execute(async (trx) => {
      // The survey before the response, as creates take it (insert-response.ts): one lock order for both.
      if (lockFirst) await trx.executeQuery(lockSurvey({ surveyId }))
      // The lock serialises concurrent updates of one response: each `change` sees the last write.
      const locked = (await trx.executeQuery(readLocked({ id }))).rows[0]
      if (!locked) return null
      // A throw here rolls the transaction back and propagates.
      const lockedPatch = change(toResponseRecord(locked), surveyFields(locked))
      const finishes = lockedPatch.finished === true && !locked.finished
      if (finishes && !lockFirst) return RETRY_WITH_SURVEY_LOCK
      // The version read under the lock is still the row's: nobody else can have written it.
      const updated = (await trx.executeQuery(writeIfUnchanged(writeValues(id, locked.version, lockedPatch)))).rows[0]
      if (!updated) throw new Error(`response ${id} changed while it was locked`)
      if (finishes) await trx.executeQuery(completeSurvey({ surveyId, now: lockedPatch.updatedAt }))
      return toResponseRecord(updated)
    })
    return result === RETRY_WITH_SURVEY_LOCK ? updateLocked(id, surveyId, change, true) : result
  }

  return {
    create: createResponseInserter(db, names, batch),
    importMany: createResponseImporter(db, names),

    async get(id) {
      if (!isStorable(id)) return null
      const row = await db
        .selectFrom('responses')
        .select(columns)
        .where('responses.id', '=', id)
        .executeTakeFirst()
      return row ? toResponseRecord(row) : null
    },

    async list(environmentId, query) {
      const filtered = filterResponses(db.selectFrom('responses').select(columns), environmentId, query)
      if (!filtered) return []
      const sortBy = query.sortBy === 'updatedAt' ? 'responses.updated_at' : 'responses.created_at'
      const direction = query.order === 'asc' ? 'asc' : 'desc'
      let paged = filtered.orderBy(sortBy, direction).orderBy('responses.id', direction).limit(query.limit + 1)
      if (query.after) {
        const position = sql`(${sql.ref(sortBy)}, responses.id)`
        const after = sql`(${query.after.createdAt}::timestamptz, ${query.after.id})`
        paged = paged.where(direction === 'asc' ? sql<boolean>`${position} > ${after}` : sql<boolean>`${position} < ${after}`)
      }
      if (query.skip) paged = paged.offset(query.skip)
      return (await paged.execute()).map(toResponseRecord)
    },

    async listForExport(environmentId, query) {
      const filtered = filterResponses(
        db.selectFrom('responses').select([
          'responses.id', 'responses.created_at', 'responses.updated_at', 'responses.finished', 'responses.data', 'responses.meta',
          'responses.ttc', 'responses.variables', 'responses.language', 'responses.single_use_id', 'responses.display_id',
          'responses.ending_id', 'responses.contact_id',
        ]),
        environmentId,
        query,
      )
      if (!filtered) return []
      const sortBy = query.sortBy === 'updatedAt' ? 'responses.updated_at' : 'responses.created_at'
      const direction = query.order === 'asc' ? 'asc' : 'desc'
      let paged = filtered.orderBy(sortBy, direction).orderBy('responses.id', direction).limit(query.limit)
      if (query.after) {
        const position = sql`(${sql.ref(sortBy)}, responses.id)`
        const after = sql`(${query.after.createdAt}::timestamptz, ${query.after.id})`
        paged = paged.where(direction === 'asc' ? sql<boolean>`${position} > ${after}` : sql<boolean>`${position} < ${after}`)
      }
      // The page first, then its contacts and tags joined by hash: a correlated subquery per row (as `list`
      // reads them) costs more than the rest of an export's database work.
      const { rows } = await sql<ExportRowSql>`
        with page as (${paged})
        select page.*, c.user_id, coalesce(tagged.names, '{}') as tag_names
        from page
        left join ${names.ref('contacts')} c on c.id = page.contact_id
        left join (
          select rt.response_id, array_agg(t.name order by t.name, t.id) as names
          from ${names.ref('response_tags')} rt join ${names.ref('tags')} t on t.id = rt.tag_id
          where rt.response_id in (select id from page)
          group by rt.response_id
        ) tagged on tagged.response_id = page.id
        order by page.${sql.raw(sortBy === 'responses.updated_at' ? 'updated_at' : 'created_at')} ${sql.raw(direction)}, page.id ${sql.raw(direction)}`.execute(db)
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        finished: row.finished,
        data: row.data,
        meta: row.meta,
        ttc: row.ttc,
        variables: row.variables,
        language: row.language,
        singleUseId: row.single_use_id,
        displayId: row.display_id,
        endingId: row.ending_id,
        contactId: row.contact_id,
        userId: row.user_id,
        tagNames: row.tag_names,
      }))
    },

    async summarize(environmentId, surveyId, query) {
      const empty = { displays: 0, started: 0, finished: 0, averageTimeToComplete: null, answered: {}, values: {}, cells: {}, lastAnswered: [] }
      if (!isStorable(environmentId) || !isStorable(surveyId)) return empty
      const responses = names.ref('responses')
      const dateColumn = sql.raw(query.dateField === 'updatedAt' ? 'r.updated_at' : 'r.created_at')
      const scope = sql`r.environment_id = ${environmentId} and r.survey_id = ${surveyId}
        ${query.startDate ? sql`and ${dateColumn} >= ${query.startDate}::timestamptz` : sql``}
        ${query.endDate ? sql`and ${dateColumn} <= ${query.endDate}::timestamptz` : sql``}`
      const ids = query.questions.map((question) => question.id)
      const ofKind = (kind: string) => query.questions.filter((question) => question.count === kind).map((question) => question.id)
      const byValue = ofKind('values')
      const byElement = ofKind('elements')
      const byCell = ofKind('cells')
      // Whether an answer says something: not missing, null, "", [] or {}. Compared as text (`->>`), which is
      // several times cheaper per row than comparing JSON; the type is looked at only for the rare text `[]`
      // or `{}`, which a string answer may be.
      const answered = (text: ReturnType<typeof sql>, json: ReturnType<typeof sql>) =>
        sql`(${text} <> '' and (${text} not in ('[]', '{}') or jsonb_typeof(${json}) = 'string'))`
      // A row's ttc._total is read as numeric, which holds any JSON number, and only one within bounds reaches
      // the float8 mean (a float8 cast of 1e400, or a sum past 1.8e308, is an error).
      // One scan for the totals, each question's answered count and each unfinished response's last answered
      // question (computed once per row); the value, element and cell counts scan only for questions that have
      // them. Each is a plain aggregate, which Postgres spreads over parallel workers.
      const flags = ids.map((id, index) => sql`${answered(sql`r.data ->> ${id}::text`, sql`r.data -> ${id}::text`)} as ${sql.ref(`a${index}`)}`)
      const lastAnswered = ids.length === 0 ? sql`null::int` : sql`case ${sql.join(ids.map((_, index) => sql`when ${sql.ref(`a${ids.length - 1 - index}`)} then ${sql.lit(ids.length - 1 - index)}`), sql` `)} end`
      type Counted = { id: string; value: string; count: string }
      const none = { rows: [] as Counted[] }
      // JIT compilation costs more than it saves on these short expressions.
      const [totals, displays, values, elements, cells] = await db.transaction().execute(async (trx) => {
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
          sql<{ count: string }>`
            select count(*)::text as count from ${names.ref('displays')} d
            where d.environment_id = ${environmentId} and d.survey_id = ${surveyId}
              ${query.startDate ? sql`and d.created_at >= ${query.startDate}::timestamptz` : sql``}
              ${query.endDate ? sql`and d.created_at <= ${query.endDate}::timestamptz` : sql``}`.execute(trx),
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
            ? { rows: [] as Array<{ id: string; row: string; column: string; count: string }> }
            : sql<{ id: string; row: string; column: string; count: string }>`
                select q.id, c.key as row, c.value as column, count(*)::text as count
                from ${responses} r cross join unnest(${byCell}::text[]) as q(id)
                cross join lateral jsonb_each_text(case jsonb_typeof(r.data -> q.id) when 'object' then r.data -> q.id else '{}'::jsonb end) as c(key, value)
                where ${scope} and c.value <> ''
                group by q.id, c.key, c.value`.execute(trx),
        ])
      })
      const total = totals.rows[0] ?? {}
      const group = <T extends { id: string }, U>(rows: T[], map: (row: T) => U) => {
        const out: Record<string, U[]> = {}
        for (const row of rows) (out[row.id] ??= []).push(map(row))
        return out
      }
      const lastAnsweredCounts = [
        { index: null, count: Number(total.dropped_none ?? 0) },
        ...ids.map((_, index) => ({ index, count: Number(total[`dropped${index}`] ?? 0) })),
      ].filter((row) => row.count > 0)
      return {
        displays: Number(displays.rows[0]?.count ?? 0),
        started: Number(total.started ?? 0),
        finished: Number(total.finished ?? 0),
        averageTimeToComplete: total.ttc == null ? null : Number(total.ttc),
        answered: Object.fromEntries(ids.map((id, index) => [id, Number(total[`answered${index}`] ?? 0)])),
        values: group([...values.rows, ...elements.rows], (row) => ({ value: row.value, count: Number(row.count) })),
        cells: group(cells.rows, (row) => ({ row: row.row, column: row.column, count: Number(row.count) })),
        lastAnswered: lastAnsweredCounts,
      }
    },

    async count(environmentId, filter) {
      const filtered = filterResponses(db.selectFrom('responses').select(sql<string>`count(*)::text`.as('count')), environmentId, filter)
      if (!filtered) return 0
      return Number((await filtered.executeTakeFirstOrThrow()).count)
    },

    async update(id, change) {
      if (!isStorable(id)) return null
      // Optimistic first: a read without a lock, then a write that applies only to the version that was read
      // (its `xmin`, which every update of the row changes), in one statement. Two round trips instead of the
      // four of a transaction; a response answered one question at a time is updated this way.
      const row = (await db.executeQuery(readUnlocked({ id }))).rows[0]
      if (!row) return null
      // A throw here writes nothing and propagates.
      const patch = change(toResponseRecord(row), surveyFields(row))
      // A response becoming finished counts towards `autoComplete` under the survey's lock: the locked path.
      // Without `autoComplete` there is nothing to count, and the survey is not locked: every finishing
      // update of one survey would otherwise wait for the one before it, on every instance, and for as long
      // as an instance that holds the lock is stalled (a paused process, a long GC).
      const finishing = patch.finished === true && !row.finished
      if (!finishing || row.auto_complete === null) {
        const statement = finishing ? finishIfUnchanged : writeIfUnchanged
        const updated = (await db.executeQuery(statement(writeValues(id, row.version, patch)))).rows[0]
        if (updated) return toResponseRecord(updated)
      }
      // Another write came between the read and the write (or the response is becoming finished): the row is
      // locked, and `change` is handed the response as it now is.
      return updateLocked(id, row.survey_id, change, patch.finished === true)
    },

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      // `returning` is evaluated before the cascades to notes and tags run, so it still sees them.
      const row = await db
        .deleteFrom('responses')
        .where('responses.id', '=', id)
        .where('responses.environment_id', '=', environmentId)
        .returning(columns)
        .executeTakeFirst()
      return row ? toResponseRecord(row) : null
    },
  }
}

/** A row of `listForExport`'s statement. */
type ExportRowSql = Omit<Selectable<ResponsesTable>, 'environment_id' | 'survey_id' | 'contact_attributes'> & {
  user_id: string | null
  tag_names: string[]
}

/** Ends a locked update that found the response finishing without the survey's lock; nothing was written. */
const RETRY_WITH_SURVEY_LOCK = Symbol('retry with the survey lock')

/** The survey's status fields of a row read with them. */
function surveyFields(row: {
  environment_id: string
  status: SurveyStatusFields['status']
  run_on_date: Date | null
  close_on_date: Date | null
  pin_set: boolean
}): ResponseSurveyFields {
  return { environmentId: row.environment_id, status: row.status, runOnDate: row.run_on_date, closeOnDate: row.close_on_date, hasPin: row.pin_set }
}

/** The values of `writeIfUnchanged`. */
function writeValues(id: string, version: string, patch: ResponsePatch) {
  const json = (value: unknown) => (value === undefined ? null : toJsonb(value))
  return {
    updatedAt: patch.updatedAt.toISOString(),
    finished: patch.finished ?? null,
    data: json(patch.data),
    meta: json(patch.meta),
    ttc: json(patch.ttc),
    variables: json(patch.variables),
    setLanguage: patch.language !== undefined,
    language: patch.language ?? null,
    setEndingId: patch.endingId !== undefined,
    endingId: patch.endingId ?? null,
    id,
    version,
  }
}
