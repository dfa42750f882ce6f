import type { ResponsePatch, ResponseStore, ResponseSurveyFields, SurveyStatusFields } from '@canvass/core'
import { answerScalesOf } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { completeIfFilled, lockSurveyStatement } from './complete-survey'
import type { Database } from '../postgres/database'
import { hasQuotasSql } from '../sql/has-quotas-sql'
import { isStorable } from '../postgres/is-storable'
import { precompiled, slots } from '../postgres/precompiled'
import { responseColumns, toResponseRecord } from './response-columns'
import { responseEventsSql } from '../sql/response-events-sql'
import { replaceResponseTags } from './response-tags'
import type { SchemaNames } from '../postgres/schema-names'
import { toJsonb } from '../sql/to-jsonb'
import { unscreenedSql } from '../sql/unscreened-sql'
import { responseChangesSql } from './summary-parts'

/**
 * The update primitives of `ResponseStore` (core's `updateResponse` runs the loop): the read an update is
 * decided on, the guarded write of the version read (one statement, with its webhook events), and the locked
 * update. Every statement is built once per storage (`precompiled`).
 */
export function createResponseUpdates(
  db: Kysely<Database>,
  names: SchemaNames,
): Pick<ResponseStore, 'readForUpdate' | 'updateGuarded' | 'updateLocked'> {
  const lockSurvey = lockSurveyStatement(db, names)
  const { readUnlocked, readLocked, writes } = updateStatements(db, names)
  /**
   * The locked update (`ResponseStore.updateLocked`): the survey's lock first when asked (as creates take it,
   * insert-response.ts: one lock order for both), then the response's, which serialises concurrent updates of
   * one response, so that each decision sees the last write.
   */
  const updateLocked: ResponseStore['updateLocked'] = (id, lockOptions, decide) => {
    if (!isStorable(id)) return Promise.resolve(MISSING)
    return db.transaction().execute(async (trx) => {
      if (lockOptions.lockSurvey !== null) await trx.executeQuery(lockSurvey({ surveyId: lockOptions.lockSurvey }))
      const locked = (await trx.executeQuery(readLocked(lockOptions.answerScales)({ id }))).rows[0]
      if (!locked) return MISSING
      // A throw here rolls the transaction back and propagates.
      const current = toResponseRecord(locked)
      const patch = decide.patch(current, surveyFields(locked))
      if (patch === null) return { outcome: 'unchanged', response: current }
      if (patch === 'lock_survey') return { outcome: 'lock_survey' }
      if (patch.tagIds !== undefined) await replaceResponseTags(trx, locked.environment_id, id, patch.tagIds)
      // The version read under the lock is still the row's: nobody else can have written it.
      const statements = lockOptions.screenQuotas && locked.has_quotas ? writes.marked : writes.plain
      const updated = (await trx.executeQuery(statements.unchanged(writeValues(id, locked, patch)))).rows[0]
      if (!updated) throw new Error(`response ${id} changed while it was locked`)
      if (patch.finished === true && !locked.finished && locked.auto_complete !== null) {
        await completeIfFilled(trx, locked.survey_id, patch.updatedAt, decide.completes)
      }
      return { outcome: 'written', response: toResponseRecord(updated) }
    })
  }

  return {
    async readForUpdate(id, readOptions) {
      if (!isStorable(id)) return null
      const row = (await db.executeQuery(readUnlocked(readOptions?.answerScales === true)({ id }))).rows[0]
      if (!row) return null
      return { response: toResponseRecord(row), survey: surveyFields(row), autoComplete: row.auto_complete, version: row.version }
    },

    // One statement: the write applies only to the version that was read (its `xmin`, which every update of
    // the row changes), so that a read and this write are two round trips instead of a transaction's four.
    async updateGuarded(id, patch, guard) {
      if (!isStorable(id)) return null
      const finishing = patch.finished === true && !guard.wasFinished
      const statement = (guard.screenQuotas ? writes.marked : writes.plain)[finishing ? 'finishing' : 'unchanged']
      const read = { version: guard.version, finished: guard.wasFinished }
      const updated = (await db.executeQuery(statement(writeValues(id, read, patch)))).rows[0]
      return updated ? toResponseRecord(updated) : null
    },

    updateLocked,
  }
}

/**
 * An update's statements, built once (see `precompiled`): the read of the response with its survey's status
 * fields, whether the survey has quotas (core screens the write only then), its scales when asked, and its row
 * version, without a lock or under one; and the write of the version read.
 */
function updateStatements(db: Kysely<Database>, names: SchemaNames) {
  const columns = responseColumns(names)
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
  return { readUnlocked, readLocked, writes }
}

const MISSING = { outcome: 'missing' } as const

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
