import { answerScalesOf } from '@canvass/core'
import type {
  ResponsePatch,
  ResponseRecord,
  ResponseReports,
  ResponseStore,
  ResponseSurveyFields,
  ResponseUpdateOptions,
  SurveyStatusFields,
} from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { anonymizeResponses } from './anonymize-responses'
import { completeIfFilled, lockSurveyStatement } from './complete-survey'
import type { Database } from '../postgres/database'
import { hasQuotasSql } from '../sql/has-quotas-sql'
import { countInSlices } from './count-in-slices'
import { filterResponses, listOrder, pageResponses } from './filter-responses'
import { createResponseWriter } from './insert-response'
import { createResponseImporter } from './response-importer'
import { isStorable } from '../postgres/is-storable'
import { inPartitions, partitionHorizon } from './partitions'
import { precompiled, slots } from '../postgres/precompiled'
import type { ResponseBatchOptions } from './response-batch'
import { responseColumns, toResponseRecord } from './response-columns'
import { responseEventsSql } from '../sql/response-events-sql'
import { recordResponseFileDeletions } from './response-files'
import { replaceResponseTags } from './response-tags'
import { listResponsesForExport } from '../sql/response-export-sql'
import { summarizeResponses } from '../sql/response-summary-sql'
import { listAnswers } from '../sql/response-answers-sql'
import type { SchemaNames } from '../postgres/schema-names'
import type { SurveyWriteFactsReader } from './survey-write-facts'
import { toJsonb } from '../sql/to-jsonb'
import { unscreenedSql } from '../sql/unscreened-sql'
import { responseChangesSql } from './summary-parts'

/** Responses, each read with its person, notes and tags in the same statement. */
export function createResponseStore(
  db: Kysely<Database>,
  names: SchemaNames,
  facts: SurveyWriteFactsReader,
  options: {
    batch?: ResponseBatchOptions | false
    oneStatementAtATime?: boolean
    /** Where a summary keeps the sums of closed periods: `db` by default, the primary for a replica's store, or none. */
    summaryParts?: Kysely<Database> | false
  } = {},
): ResponseStore & ResponseReports {
  const { batch, oneStatementAtATime = false, summaryParts = db } = options
  const columns = responseColumns(names)
  // Every write of a response first makes sure its month has a partition (`partitions.ts`).
  const horizon = partitionHorizon(db, names)
  const writer = createResponseWriter(db, names, facts, batch)
  const importer = createResponseImporter(db, names, writer)
  const lockSurvey = lockSurveyStatement(db, names)
  // An update's statements, built once (see `precompiled`): the read of the response with its survey's status
  // fields, whether the survey has quotas (core screens the write only then), its scales when asked, and its
  // row version, without a lock or under one; and the write of the version read.
  const readSlots = slots(['id'])
  const readForUpdate = (lock: boolean, scales: boolean) =>
    precompiled(
      db
        .selectFrom('responses')
        .innerJoin('surveys', 'surveys.id', 'responses.survey_id')
        .select(columns)
        .select(['surveys.status', 'surveys.run_on_date', 'surveys.close_on_date', 'surveys.auto_complete'])
        .select((eb) => eb('surveys.pin', 'is not', null).$castTo<boolean>().as('pin_set'))
        .select(hasQuotasSql(names, sql.ref('surveys.id')).as('has_quotas'))
        .select((scales ? sql.ref('surveys.questions') : sql`null`).$castTo<unknown>().as('questions'))
        .select(sql<string>`responses.xmin::text`.as('version'))
        .where('responses.id', '=', readSlots.id)
        .$if(lock, (q) => q.forUpdate('responses'))
        .compile(),
      readSlots,
    )
  const reads = {
    unlocked: readForUpdate(false, false),
    locked: readForUpdate(true, false),
    unlockedWithScales: readForUpdate(false, true),
    lockedWithScales: readForUpdate(true, true),
  }
  const readUnlocked = (scales: boolean) => (scales ? reads.unlockedWithScales : reads.unlocked)
  const readLocked = (scales: boolean) => (scales ? reads.lockedWithScales : reads.locked)
  const writeSlots = slots([
    'updatedAt',
    'finished',
    'data',
    'meta',
    'ttc',
    'variables',
    'setLanguage',
    'language',
    'setEndingId',
    'endingId',
    'id',
    'version',
    'wasFinished',
  ])
  const { updatedAt, finished, data, meta, ttc, variables, setLanguage, language, setEndingId, endingId, version, wasFinished } = writeSlots
  // Every field of a patch, each kept as it is when the patch leaves it out (NULL for the JSON and `finished`,
  // a flag for the two that may be set to null).
  // The write and, in the same statement, its webhook events (`responseEventsSql`): the row as read was
  // finished or not (`wasFinished`), and the version guard makes sure it is still that row. With `mark`, the
  // same statement marks the response unscreened (`ResponseUpdateOptions.screenQuotas`, `unscreenedSql`).
  const write = (finishing: boolean, mark: boolean) => {
    const written = db
      .with('written', (qc) =>
        qc
          .updateTable('responses')
          .set({
            updated_at: sql<Date>`${updatedAt}::timestamptz`,
            finished: sql<boolean>`coalesce(${finished}::boolean, finished)`,
            // The JSON columns take JSON text on update (`Jsonb`), hence `sql<string>`.
            data: sql<string>`coalesce(${data}::jsonb, data)`,
            meta: sql<string>`coalesce(${meta}::jsonb, meta)`,
            ttc: sql<string>`coalesce(${ttc}::jsonb, ttc)`,
            variables: sql<string>`coalesce(${variables}::jsonb, variables)`,
            language: sql<string | null>`case when ${setLanguage}::boolean then ${language}::text else language end`,
            ending_id: sql<string | null>`case when ${setEndingId}::boolean then ${endingId}::text else ending_id end`,
          })
          .where('responses.id', '=', writeSlots.id)
          .where(sql<string>`xmin`, '=', sql<string>`${version}::xid`)
          // A response that becomes finished without the survey's lock: only while its survey has no
          // `auto_complete` (as this statement's snapshot sees it; otherwise the locked path counts it).
          .$if(finishing, (q) =>
            q.where(
              sql<boolean>`not exists (select 1 from ${names.ref('surveys')} s where s.id = responses.survey_id and s.auto_complete is not null)`,
            ),
          )
          .returningAll()
          .returning(sql<boolean>`${wasFinished}::boolean`.as('was_finished')),
      )
      .with('events', () => sql`(${responseEventsSql(names, { rows: 'written', kind: 'update' })})`)
      .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
    // Nothing reads `marked`: a data-modifying CTE runs whether or not the statement reads it.
    const statement = mark
      ? (written.with('marked', () => sql`(${unscreenedSql(names, 'written')})`) as unknown as typeof written)
      : written
    return precompiled(statement.selectFrom('written as responses').select(columns).compile(), writeSlots)
  }
  const writes = {
    plain: { unchanged: write(false, false), finishing: write(true, false) },
    marked: { unchanged: write(false, true), finishing: write(true, true) },
  }
  /** The write statements of an update: marking the response unscreened when the caller screens it and its survey has quotas. */
  const writesFor = (options: ResponseUpdateOptions | undefined, read: { has_quotas: boolean }) =>
    options?.screenQuotas === true && read.has_quotas ? writes.marked : writes.plain
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
    options: ResponseUpdateOptions | undefined,
  ): Promise<ResponseRecord | null> {
    const scales = options?.answerScales === true
    const result = await db.transaction().execute(async (trx) => {
      // The survey before the response, as creates take it (insert-response.ts): one lock order for both.
      if (lockFirst) await trx.executeQuery(lockSurvey({ surveyId }))
      // The lock serialises concurrent updates of one response: each `change` sees the last write.
      const locked = (await trx.executeQuery(readLocked(scales)({ id }))).rows[0]
      if (!locked) return null
      // A throw here rolls the transaction back and propagates.
      const lockedCurrent = toResponseRecord(locked)
      const lockedPatch = change(lockedCurrent, surveyFields(locked))
      if (lockedPatch === null) return lockedCurrent
      const finishes = lockedPatch.finished === true && !locked.finished
      if (finishes && !lockFirst) return RETRY_WITH_SURVEY_LOCK
      if (lockedPatch.tagIds !== undefined) await replaceResponseTags(trx, locked.environment_id, id, lockedPatch.tagIds)
      // The version read under the lock is still the row's: nobody else can have written it.
      const updated = (await trx.executeQuery(writesFor(options, locked).unchanged(writeValues(id, locked, lockedPatch)))).rows[0]
      if (!updated) throw new Error(`response ${id} changed while it was locked`)
      if (finishes) await completeIfFilled(trx, surveyId, lockedPatch.updatedAt)
      return toResponseRecord(updated)
    })
    return result === RETRY_WITH_SURVEY_LOCK ? updateLocked(id, surveyId, change, true, options) : result
  }

  return {
    keptFacts: writer.keptFacts,
    writeFacts: writer.writeFacts,
    // A write whose month has no partition yet makes it first (`inPartitions`): no write is refused for its date.
    insertGuarded: (input, check, guard) => inPartitions(horizon, [input.createdAt], () => writer.insertGuarded(input, check, guard)),
    createLocked: (input, check, decide) => inPartitions(horizon, [input.createdAt], () => writer.createLocked(input, check, decide)),
    importMany: (inputs, check, importOptions) =>
      inPartitions(
        horizon,
        inputs.map((input) => input.createdAt),
        () => importer(inputs, check, importOptions),
      ),

    async get(id) {
      if (!isStorable(id)) return null
      const row = await db.selectFrom('responses').select(columns).where('responses.id', '=', id).executeTakeFirst()
      return row ? toResponseRecord(row) : null
    },

    async list(environmentId, query) {
      const filtered = filterResponses(db.selectFrom('responses').select(columns), names, environmentId, query)
      if (!filtered) return []
      let paged = pageResponses(filtered, listOrder(query), query.after).limit(query.limit + 1)
      if (query.skip) paged = paged.offset(query.skip)
      return (await paged.execute()).map(toResponseRecord)
    },

    listForExport: (environmentId, query) => listResponsesForExport(db, names, environmentId, query),

    summarize: (environmentId, surveyId, query) =>
      summarizeResponses(db, names, environmentId, surveyId, query, oneStatementAtATime, summaryParts),
    listAnswers: (environmentId, surveyId, query) => listAnswers(db, names, environmentId, surveyId, query),

    async count(environmentId, filter, options) {
      if (oneStatementAtATime) return countInSlices(db, names, environmentId, filter, options?.upTo)
      const filtered = filterResponses(db.selectFrom('responses').select(sql.lit(1).as('one')), names, environmentId, filter)
      if (!filtered) return 0
      // Bounded: the matching rows are read only up to one past `upTo`, never the whole environment.
      const matching = options?.upTo === undefined ? filtered : filtered.limit(options.upTo + 1)
      const { count } = await db
        .selectFrom(matching.as('matching'))
        .select((eb) => eb.cast<string>(eb.fn.countAll(), 'text').as('count'))
        .executeTakeFirstOrThrow()
      return Number(count)
    },

    async update(id, change, options) {
      if (!isStorable(id)) return null
      const scales = options?.answerScales === true
      // Optimistic first: a read without a lock, then a write that applies only to the version that was read
      // (its `xmin`, which every update of the row changes), in one statement. Two round trips instead of the
      // four of a transaction; a response answered one question at a time is updated this way.
      const row = (await db.executeQuery(readUnlocked(scales)({ id }))).rows[0]
      if (!row) return null
      // A throw here writes nothing and propagates.
      const current = toResponseRecord(row)
      const patch = change(current, surveyFields(row))
      if (patch === null) return current
      // A response becoming finished counts towards `autoComplete` under the survey's lock: the locked path.
      // Without `autoComplete` there is nothing to count, and the survey is not locked: every finishing
      // update of one survey would otherwise wait for the one before it, on every instance, and for as long
      // as an instance that holds the lock is stalled (a paused process, a long GC).
      const finishing = patch.finished === true && !row.finished
      // New tags are written in the update's transaction, before the statement that records its events.
      if (patch.tagIds === undefined && (!finishing || row.auto_complete === null)) {
        const statement = writesFor(options, row)[finishing ? 'finishing' : 'unchanged']
        const updated = (await db.executeQuery(statement(writeValues(id, row, patch)))).rows[0]
        if (updated) return toResponseRecord(updated)
      }
      // Another write came between the read and the write (or the response is becoming finished): the row is
      // locked, and `change` is handed the response as it now is.
      return updateLocked(id, row.survey_id, change, patch.finished === true, options)
    },

    async delete(environmentId, id) {
      if (!isStorable(id) || !isStorable(environmentId)) return null
      return db.transaction().execute(async (trx) => {
        // Its files into the blob-deletion journal, in the same transaction as the delete.
        await recordResponseFileDeletions(trx, names, { environmentId, responseIds: [id] })
        // `returning` is evaluated before the cascades to notes and tags run, so it still sees them.
        const row = await trx
          .with('written', (qc) =>
            qc.deleteFrom('responses').where('responses.id', '=', id).where('responses.environment_id', '=', environmentId).returningAll(),
          )
          .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
          .selectFrom('written as responses')
          .select(columns)
          .executeTakeFirst()
        return row ? toResponseRecord(row) : null
      })
    },
    async deleteMany(environmentId, ids, options = {}) {
      let wanted = [...new Set(ids)]
      if (wanted.length === 0) return { deleted: 0 }
      const storable = wanted.filter(isStorable)
      if (!isStorable(environmentId)) return options.skipMissing ? { deleted: 0 } : { missing: wanted }
      return db.transaction().execute(async (trx) => {
        // Locked first, so that a concurrent delete cannot take one of them between this count and the delete.
        const found =
          storable.length === 0
            ? []
            : await trx
                .selectFrom('responses')
                .select('id')
                .where('environment_id', '=', environmentId)
                .where('id', 'in', storable)
                .forUpdate()
                .execute()
        const present = new Set(found.map((row) => row.id))
        const missing = wanted.filter((id) => !present.has(id))
        if (missing.length > 0 && !options.skipMissing) return { missing }
        wanted = wanted.filter((id) => present.has(id))
        if (wanted.length === 0) return { deleted: 0 }
        // Their files into the blob-deletion journal, in the same transaction as the delete.
        await recordResponseFileDeletions(trx, names, { environmentId, responseIds: wanted })
        const deleted = await trx
          .with('written', (qc) =>
            qc
              .deleteFrom('responses')
              .where('environment_id', '=', environmentId)
              .where('id', 'in', wanted)
              .returning(['survey_id', 'created_at']),
          )
          .with('changed', () => sql`(${responseChangesSql(names, 'written')})`)
          .selectFrom('written')
          .select(sql<string>`count(*)::text`.as('count'))
          .executeTakeFirst()
        return { deleted: Number(deleted?.count ?? 0) }
      })
    },
    anonymize(environmentId, selection, options) {
      return anonymizeResponses(db, names, environmentId, selection, options)
    },
  }
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
  has_quotas: boolean
  questions: unknown
}): ResponseSurveyFields {
  const fields: ResponseSurveyFields = {
    environmentId: row.environment_id,
    status: row.status,
    runOnDate: row.run_on_date,
    closeOnDate: row.close_on_date,
    hasPin: row.pin_set,
    hasQuotas: row.has_quotas,
  }
  // Read only when asked for (`ResponseUpdateOptions.answerScales`).
  if (row.questions !== null) fields.answerScales = answerScalesOf(row.questions)
  return fields
}

/** The values of `writeIfUnchanged`. */
function writeValues(id: string, read: { version: string; finished: boolean }, patch: ResponsePatch) {
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
    version: read.version,
    wasFinished: read.finished,
  }
}
