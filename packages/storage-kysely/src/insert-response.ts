import type { CreateResponseCheck, CreateResponseResult, NewResponse } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { anyAnswerOffScaleSql } from './answer-scales-sql'
import { lockSurveyStatement } from './complete-survey-sql'
import type { Database } from './database'
import { effectiveStatusSql } from './effective-status-sql'
import { hasQuotasSql } from './has-quotas-sql'
import { precompiled } from './precompiled'
import type { Precompiled } from './precompiled'
import { createResponseBatcher } from './response-batch'
import type { ResponseBatchOptions, Written } from './response-batch'
import { created, outcomeOfRow, outcomeStatements } from './response-outcome-sql'
import type { OutcomeRow, OutcomeShape, OutcomeStatements } from './response-outcome-sql'
import { WRITTEN_COLUMNS, responseEventsSql } from './response-events-sql'
import { RESPONSE_SLOTS, allStorable, responseValues } from './response-values'
import type { ResponseValues } from './response-values'
import type { SchemaNames } from './schema-names'
import { isForeignKeyViolation } from './sql-state'
import { uniqueViolation } from './unique-violation'

/**
 * `Storage.createResponse`. Every create is mapped once to its values (`responseValues`), then written by the
 * first of these that applies:
 *
 * 1. the batch (`response-batch.ts`): concurrent creates without `userId` or single-use id, one statement for
 *    all of them (what lets `bench:ingest` reach 1.8–2.7 × a naive server at 32 and 128 connections);
 * 2. the accepted insert: a respondent without `userId` answering an accepting survey, the simplest statement
 *    Postgres can plan, one round trip (also what a batch of one runs);
 * 3. the outcome statement (`response-outcome-sql.ts`): to link a contact, or to name a refusal of 1 or 2. It
 *    checks again from scratch, so a survey that changed in between is judged as it is now. A finished
 *    response for a survey with `auto_complete` takes it in a transaction that locks the survey row first, so
 *    that concurrent submits count each other.
 *
 * Nothing is written unless the outcome is `created`, which says whether the survey has quotas. Imports, many
 * creates in one transaction, are `response-importer.ts`.
 */
export function createResponseInserter(
  db: Kysely<Database>,
  names: SchemaNames,
  batch: ResponseBatchOptions | false = {},
): (input: NewResponse, check: CreateResponseCheck) => Promise<CreateResponseResult> {
  const accepted = acceptedInsertStatements(db, names)
  const full: FullStatements = { statement: outcomeStatements(db, names), lockSurvey: lockSurveyStatement(db, names) }
  const insertAccepted = (values: ResponseValues) => insertAcceptedResponse(db, accepted, values)
  const writeInBatch =
    batch === false
      ? undefined
      : createResponseBatcher(db, names, batch, async (values) => {
          const written = await insertAccepted(values)
          return typeof written === 'object' && written
        })
  return async (input, check) => {
    const values = responseValues(input, check)
    if (values.userId === null && allStorable(values)) {
      // Written together with the creates queued at the same moment when the batch can write it: not with a
      // single-use id (its unique violation would fail the whole batch) nor with an `updatedAt` of its own (the
      // batch writes `createdAt` for both).
      const written = writeInBatch !== undefined && batchable(input) ? await writeInBatch(values) : await insertAccepted(values)
      if (written === SINGLE_USE_ID_TAKEN) return { outcome: 'single_use_id_taken' }
      if (written === DISPLAY_TAKEN) return { outcome: 'display_taken' }
      if (written) return created(values.id, written.hasQuotas)
    }
    // A contact's finished response first tries without the survey's lock, which only a survey with
    // `auto_complete` needs; a refusal is named by the statement that takes the lock when it may matter.
    return insertResponseWithOutcome(db, full, values, check, values.userId !== null)
  }
}

/** What the batch can write beside what the accepted insert can: no single-use id, no `updatedAt` of its own. */
const batchable = (input: NewResponse): boolean => input.singleUseId === null && input.updatedAt === undefined

const SINGLE_USE_ID_TAKEN = Symbol('single use id taken')
const DISPLAY_TAKEN = Symbol('display taken')

/**
 * The accepted insert: inserts from the survey row when every check holds (a respondent without `userId`: a
 * display of a contact is not theirs; numbers answered on their question's scale, judged only when `data`
 * holds a number). Not written (`false`) when a check
 * fails; what was wrong is then for the outcome statement to find out.
 */
async function insertAcceptedResponse(
  db: Kysely<Database>,
  statements: AcceptedInsertStatements,
  values: ResponseValues,
): Promise<Written | typeof SINGLE_USE_ID_TAKEN | typeof DISPLAY_TAKEN> {
  const query = statements[values.requireAccepting ? 'accepting' : 'owned'][values.finished ? 'finishing' : 'plain'](values)
  try {
    const row = (await db.executeQuery(query)).rows[0]
    return row ? { hasQuotas: row.has_quotas } : false
  } catch (error) {
    if (isSingleUseIdTaken(error)) return SINGLE_USE_ID_TAKEN
    if (isDisplayTaken(error)) return DISPLAY_TAKEN
    // The survey was deleted between the read and the insert: let the outcome statement report it.
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

type AcceptedInsert = Precompiled<{ has_quotas: boolean }, keyof typeof RESPONSE_SLOTS>
type AcceptedInsertStatements = Record<'accepting' | 'owned', Record<'plain' | 'finishing', AcceptedInsert>>

/**
 * Compiled once per storage rather than built per call: this path runs for nearly every submit, and its text
 * is constant, so a prepared-statement pool can reuse one plan. `finishing` inserts only for a survey without
 * `auto_complete`: counting towards it needs the survey's lock, which the outcome statement takes.
 */
function acceptedInsertStatements(db: Kysely<Database>, names: SchemaNames): AcceptedInsertStatements {
  const slot = RESPONSE_SLOTS
  const createdAt = sql`${slot.createdAt}::timestamptz`
  const statement = (requireAccepting: boolean, finishing: boolean): AcceptedInsert =>
    precompiled(
      sql<{ has_quotas: boolean }>`
      with written as (insert into ${names.ref('responses')} (
        id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
        language, single_use_id, display_id, ending_id
      )
      select ${slot.id}::text, ${createdAt}, ${slot.updatedAt}::timestamptz, s.id, s.environment_id, ${slot.finished}::boolean,
        a.data, ${slot.meta}::jsonb, ${slot.ttc}::jsonb, ${slot.variables}::jsonb, ${slot.language}::text,
        ${slot.singleUseId}::text, ${slot.displayId}::text, ${slot.endingId}::text
      from ${names.ref('surveys')} s cross join (select ${slot.data}::jsonb as data) a
      where s.id = ${slot.surveyId}::text and s.environment_id = ${slot.environmentId}::text
        and (${slot.displayId}::text is null or exists (
          select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.survey_id = s.id and d.contact_id is null
        ))
        and (not ${slot.numbers}::boolean or not ${anyAnswerOffScaleSql(sql.ref('s.questions'), sql.ref('a.data'))})
        ${requireAccepting ? sql`and ${effectiveStatusSql('s', createdAt)} in ('draft', 'inProgress')` : sql``}
        ${finishing ? sql`and s.auto_complete is null` : sql``}
        and (s.pin is null or ${slot.pinProven}::boolean)
      returning ${WRITTEN_COLUMNS}),
      events as (${responseEventsSql(names, { rows: 'written', kind: 'create', contacts: 'none' })})
      select ${hasQuotasSql(names, sql.ref('written.survey_id'))} as has_quotas from written`.compile(db),
      slot,
    )
  return {
    accepting: { plain: statement(true, false), finishing: statement(true, true) },
    owned: { plain: statement(false, false), finishing: statement(false, true) },
  }
}

/** What the outcome statement's path runs: the statement of a shape, and the survey's lock. */
export interface FullStatements {
  statement: OutcomeStatements
  lockSurvey: Precompiled<unknown, 'surveyId'>
}

/** The outcome statement for one create: it links the contact, inserts when allowed, and names the outcome. */
async function insertResponseWithOutcome(
  db: Kysely<Database>,
  full: FullStatements,
  values: ResponseValues,
  check: CreateResponseCheck,
  /**
   * A finished response is written without the survey's lock when the survey has no `auto_complete` (one
   * round trip instead of four), and with it otherwise, in a second call.
   */
  lockOnlyForAutoComplete = false,
): Promise<CreateResponseResult> {
  const unlocked = values.finished && lockOnlyForAutoComplete
  const shape = outcomeShape(values, check, { unlocked, completes: values.finished && !unlocked })
  const statement = full.statement(shape, values)
  let row: OutcomeRow | undefined
  try {
    row = shape.completes
      ? await db.transaction().execute(async (trx) => {
          // A finished response may be the one `auto_complete` waits for. With the survey locked, concurrent
          // finished creates run one after another, and the statement (whose snapshot is taken after the
          // lock is granted) sees every earlier one and the completion it made: exactly `auto_complete`
          // are accepted by an accepting check, and the survey completes.
          await trx.executeQuery(full.lockSurvey({ surveyId: values.surveyId }))
          return (await trx.executeQuery(statement)).rows[0]
        })
      : (await db.executeQuery(statement)).rows[0]
  } catch (error) {
    // The survey was deleted between this statement's snapshot and its insert (a foreign key violation):
    // to the caller that is an unknown survey, not a server error.
    if (isForeignKeyViolation(error)) return { outcome: 'survey_not_found' }
    if (isSingleUseIdTaken(error)) return { outcome: 'single_use_id_taken' }
    if (isDisplayTaken(error)) return { outcome: 'display_taken' }
    throw error
  }
  // Refused for want of the lock `auto_complete` needs (or for a reason the locked statement names as well).
  if (!row?.created_id && unlocked && row?.auto_complete_set) return insertResponseWithOutcome(db, full, values, check)
  return outcomeOfRow(row, check)
}

export const outcomeShape = (
  values: ResponseValues,
  check: CreateResponseCheck,
  lock: Pick<OutcomeShape, 'unlocked' | 'completes'>,
): OutcomeShape => ({
  checkEnvironment: check.checkEnvironment,
  requireAccepting: check.requireAccepting,
  withContact: values.userId !== null,
  ...lock,
})

/** A second response with the survey's single-use id: the unique index of migration 0004 refused it. */
export const isSingleUseIdTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_survey_id_single_use_id_key'

/** A second response naming a display: the unique index of migration 0019 refused it. */
export const isDisplayTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_display_id_key'
