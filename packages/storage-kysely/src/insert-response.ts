import type { CreateResponseCheck, CreateResponseResult, NewResponse } from '@canvass/core'
import { CompiledQuery, sql } from 'kysely'
import type { Kysely } from 'kysely'
import { contactAttributesJson } from './contact-attributes-json'
import type { Database } from './database'
import { completeSurveySql, lockSurveyStatement } from './complete-survey-sql'
import { effectiveStatusSql } from './effective-status-sql'
import { isForeignKeyViolation } from './sql-state'
import { isStorable } from './is-storable'
import { linkContactSql } from './link-contact-sql'
import { precompiled, slots } from './precompiled'
import type { Precompiled } from './precompiled'
import { createResponseBatcher } from './response-batch'
import type { ResponseBatchOptions } from './response-batch'
import type { SchemaNames } from './schema-names'
import { toJsonb } from './to-jsonb'
import { uniqueViolation } from './unique-violation'

/**
 * `Storage.createResponse`: one statement (one round trip, atomic without a transaction) on the hot path of
 * every respondent's submit, and a second one only to link a contact or to explain a refusal.
 *
 * The full statement (`outcomeStatement`) is made of data-modifying CTEs that check, link the contact, insert,
 * and report enough to pick the outcome. Nothing is written unless it is `created`.
 *
 * A finished response for a survey with `auto_complete` takes the full statement, in a transaction that
 * locks the survey row first, so that concurrent submits count each other (see `insertResponseWithOutcome`).
 */
export function createResponseInserter(
  db: Kysely<Database>,
  names: SchemaNames,
  batch: ResponseBatchOptions | false = {},
): (input: NewResponse, check: CreateResponseCheck) => Promise<CreateResponseResult> {
  const statements = acceptedInsertStatements(db, names)
  const full: FullStatements = { statement: outcomeStatements(db, names), lockSurvey: lockSurveyStatement(db, names) }
  const writeInBatch =
    batch === false
      ? undefined
      : createResponseBatcher(db, names, batch, async (input, check) => {
          const id = await insertAcceptedResponse(db, statements, input, check)
          return typeof id === 'string'
        })
  return async (input, check) => {
    if (writeInBatch !== undefined && input.userId === null && batchable(input, check)) {
      // Written together with the creates queued at the same moment; a row the batch did not write takes
      // the statement that names its outcome.
      if (await writeInBatch(input, check)) return { outcome: 'created', id: input.id }
      return insertResponseWithOutcome(db, full, input, check)
    }
    if (input.userId === null) {
      const id = await insertAcceptedResponse(db, statements, input, check)
      if (id === SINGLE_USE_ID_TAKEN) return { outcome: 'single_use_id_taken' }
      if (id === DISPLAY_TAKEN) return { outcome: 'display_taken' }
      if (id !== undefined) return { outcome: 'created', id }
    }
    // A contact to link, or a refusal to explain: the statement that reports every outcome. It checks again
    // from scratch, so a survey that changed in between is judged as it is now. A contact's finished response
    // first tries without the survey's lock, which only a survey with `auto_complete` needs.
    return insertResponseWithOutcome(db, full, input, check, input.userId !== null)
  }
}

/**
 * What the batch can write: no single-use id (a unique violation would fail the whole statement), no
 * `updatedAt` of its own, and ids Postgres can store.
 */
const batchable = (input: NewResponse, check: CreateResponseCheck): boolean =>
  input.singleUseId === null &&
  // An import's own `updatedAt` takes the single statements, which write it.
  input.updatedAt === undefined &&
  isStorable(check.environmentId) &&
  isStorable(input.surveyId) &&
  (input.displayId === null || isStorable(input.displayId))

/**
 * The common case, a respondent without `userId` answering an accepting survey, as the simplest statement
 * Postgres can plan: an insert from the survey row when every check holds. Returns undefined when nothing
 * was inserted; what was wrong is then for `insertResponseWithOutcome` to find out.
 */
async function insertAcceptedResponse(
  db: Kysely<Database>,
  statements: AcceptedInsertStatements,
  input: NewResponse,
  check: CreateResponseCheck,
): Promise<string | typeof SINGLE_USE_ID_TAKEN | typeof DISPLAY_TAKEN | undefined> {
  if (input.displayId !== null && !isStorable(input.displayId)) return undefined
  if (!isStorable(check.environmentId) || !isStorable(input.surveyId)) return undefined
  const kind = check.requireAccepting ? 'accepting' : 'owned'
  const query = statements[kind][input.finished ? 'finishing' : 'plain']({
    id: input.id,
    // As text: `pg` would format a Date in the process's time zone, which costs more than the ISO form.
    createdAt: input.createdAt.toISOString(),
    updatedAt: (input.updatedAt ?? input.createdAt).toISOString(),
    finished: input.finished,
    data: toJsonb(input.data),
    meta: toJsonb(input.meta),
    ttc: toJsonb(input.ttc),
    variables: toJsonb(input.variables),
    language: input.language,
    singleUseId: input.singleUseId,
    displayId: input.displayId,
    endingId: input.endingId,
    surveyId: input.surveyId,
    environmentId: check.environmentId,
    pinProven: check.pinProven,
  })
  try {
    // The row count says whether the row went in: no `returning`, so no row description and no row to parse.
    const { numAffectedRows } = await db.executeQuery(query)
    return numAffectedRows === 1n ? input.id : undefined
  } catch (error) {
    if (isSingleUseIdTaken(error)) return SINGLE_USE_ID_TAKEN
    if (isDisplayTaken(error)) return DISPLAY_TAKEN
    // The survey was deleted between the read and the insert: let the full statement report it.
    if (isForeignKeyViolation(error)) return undefined
    throw error
  }
}

/** The values of the accepted-insert statements, each with its slot. */
const ACCEPTED_SLOTS = slots([
  'id',
  'createdAt',
  'updatedAt',
  'finished',
  'data',
  'meta',
  'ttc',
  'variables',
  'language',
  'singleUseId',
  'displayId',
  'endingId',
  'surveyId',
  'environmentId',
  'pinProven',
])

type AcceptedInsert = Precompiled<unknown, keyof typeof ACCEPTED_SLOTS>
type AcceptedInsertStatements = Record<'accepting' | 'owned', Record<'plain' | 'finishing', AcceptedInsert>>

/**
 * Compiled once per storage rather than built per call: this path runs for nearly every submit, and its text
 * is constant, so a prepared-statement pool can reuse one plan. `finishing` inserts only for a survey without
 * `auto_complete`: counting towards it needs the survey's lock, which the full statement takes.
 */
function acceptedInsertStatements(db: Kysely<Database>, names: SchemaNames): AcceptedInsertStatements {
  const slot = ACCEPTED_SLOTS
  const createdAt = sql`${slot.createdAt}::timestamptz`
  const statement = (requireAccepting: boolean, finishing: boolean): AcceptedInsert =>
    precompiled(
      sql`
      insert into ${names.ref('responses')} (
        id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
        language, single_use_id, display_id, ending_id
      )
      select ${slot.id}::text, ${createdAt}, ${slot.updatedAt}::timestamptz, s.id, s.environment_id, ${slot.finished}::boolean,
        ${slot.data}::jsonb, ${slot.meta}::jsonb, ${slot.ttc}::jsonb, ${slot.variables}::jsonb, ${slot.language}::text,
        ${slot.singleUseId}::text, ${slot.displayId}::text, ${slot.endingId}::text
      from ${names.ref('surveys')} s
      where s.id = ${slot.surveyId}::text and s.environment_id = ${slot.environmentId}::text
        and (${slot.displayId}::text is null or exists (
          select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.survey_id = s.id
        ))
        ${requireAccepting ? sql`and ${effectiveStatusSql('s', createdAt)} in ('draft', 'inProgress')` : sql``}
        ${finishing ? sql`and s.auto_complete is null` : sql``}
        and (s.pin is null or ${slot.pinProven}::boolean)`.compile(db),
      slot,
    )
  return {
    accepting: { plain: statement(true, false), finishing: statement(true, true) },
    owned: { plain: statement(false, false), finishing: statement(false, true) },
  }
}

/** What decides the text of the full statement; everything else is a parameter. */
interface OutcomeShape {
  checkEnvironment: boolean
  requireAccepting: boolean
  withContact: boolean
  /** A finished response written only if the survey has no `auto_complete`, without the survey's lock. */
  unlocked: boolean
  /** A finished response under the survey's lock, which may complete the survey. */
  completes: boolean
}

/** The values of the full statement, each with its slot. */
const OUTCOME_SLOTS = slots([
  'now',
  'updatedAt',
  'environmentId',
  'surveyId',
  'displayStorable',
  'displayId',
  'newContactId',
  'userId',
  'id',
  'finished',
  'data',
  'meta',
  'ttc',
  'variables',
  'language',
  'singleUseId',
  'endingId',
  'pinProven',
])

type OutcomeValues = Record<keyof typeof OUTCOME_SLOTS, unknown>

/** What the full statement's path runs: the statement of a shape, and the survey's lock. */
interface FullStatements {
  statement: (shape: OutcomeShape, values: OutcomeValues) => CompiledQuery<OutcomeRow>
  lockSurvey: Precompiled<unknown, 'surveyId'>
}

const shapeKey = (shape: OutcomeShape): string =>
  `${+shape.checkEnvironment}${+shape.requireAccepting}${+shape.withContact}${+shape.unlocked}${+shape.completes}`

/**
 * The full statements, for a `userId` or after a refusal: each links the contact, inserts when allowed, and
 * always reports enough to name the outcome. Every shape a create can take (24: a finished response is either
 * unlocked or completes, never both) is built and compiled when the storage is made: a respondent with a
 * `userId` takes this path on every submit.
 */
function outcomeStatements(db: Kysely<Database>, names: SchemaNames): FullStatements['statement'] {
  const built = new Map<string, Precompiled<OutcomeRow, keyof typeof OUTCOME_SLOTS>>()
  for (const checkEnvironment of [false, true]) {
    for (const requireAccepting of [false, true]) {
      for (const withContact of [false, true]) {
        for (const [unlocked, completes] of [[false, false], [true, false], [false, true]] as const) {
          const shape = { checkEnvironment, requireAccepting, withContact, unlocked, completes }
          built.set(shapeKey(shape), precompiled(outcomeStatement(names, shape, OUTCOME_SLOTS).compile(db), OUTCOME_SLOTS))
        }
      }
    }
  }
  return (shape, values) => {
    const make = built.get(shapeKey(shape))
    if (make === undefined) throw new Error(`no full statement for the shape ${shapeKey(shape)}`)
    return make(values)
  }
}

/**
 * The full statement of one shape, with `slot` naming where each value goes.
 *
 * - `environment` (only when `checkEnvironment`) and `survey` read what decides the outcome; `allowed` keeps
 *   the survey only if it belongs to the environment and, when `requireAccepting`, its effective status
 *   accepts submissions;
 * - with a contact, `contact` upserts it from `allowed` (so never for a refused response);
 * - `inserted` inserts the response from `allowed`, with the contact's attributes as they were before;
 * - `completed` (only when `completes`) completes an `auto_complete` survey this response fills.
 */
function outcomeStatement(
  names: SchemaNames,
  shape: OutcomeShape,
  slot: typeof OUTCOME_SLOTS,
) {
  // The time of the check is the response's own timestamp, core's clock, as for updates.
  const now = sql`${slot.now}::timestamptz`
  const environmentCte = shape.checkEnvironment
    ? sql`environment as (select id from ${names.ref('environments')} where id = ${slot.environmentId}::text),`
    : sql``
  const accepting = shape.requireAccepting ? sql`and s.status in ('draft', 'inProgress')` : sql``
  const contactCte = shape.withContact ? linkContactSql(names, slot.newContactId, slot.userId, now) : sql``
  return sql<OutcomeRow>`
    with ${environmentCte}
    clock as (select ${now} as now),
    survey as (
      select s.id, s.environment_id, s.auto_complete, s.pin is not null as pin_set,
        ${effectiveStatusSql('s', sql.ref('clock.now'))} as status
      from ${names.ref('surveys')} s cross join clock where s.id = ${slot.surveyId}::text
    ),
    display as (
      select ${slot.displayStorable}::boolean and (${slot.displayId}::text is null or exists (
        select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.survey_id = ${slot.surveyId}::text
      )) as ok
    ),
    allowed as (
      select s.id, s.environment_id from survey s where s.environment_id = ${slot.environmentId}::text ${accepting}
        and (select ok from display) ${shape.unlocked ? sql`and s.auto_complete is null` : sql``}
        and (not s.pin_set or ${slot.pinProven}::boolean)
    ),
    ${contactCte}
    inserted as (
      insert into ${names.ref('responses')} (
        id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
        language, single_use_id, display_id, ending_id, contact_id, contact_attributes
      )
      select
        ${slot.id}::text, ${now}, ${slot.updatedAt}::timestamptz, allowed.id, allowed.environment_id, ${slot.finished}::boolean,
        ${slot.data}::jsonb, ${slot.meta}::jsonb, ${slot.ttc}::jsonb, ${slot.variables}::jsonb,
        ${slot.language}::text, ${slot.singleUseId}::text, ${slot.displayId}::text, ${slot.endingId}::text,
        ${shape.withContact ? sql`contact.id, ${contactAttributesJson(names, sql.ref('contact.id'))}` : sql`null, null`}
      from allowed ${shape.withContact ? sql`cross join contact` : sql``}
      returning id
    )
    ${
      shape.completes
        ? sql`, completed as (
            ${completeSurveySql(names, sql`(select id from allowed)`, sql`(select now from clock)`, 1)}
            and exists (select from inserted)
          )`
        : sql``
    }
    select
      ${shape.checkEnvironment ? sql`exists (select from environment)` : sql`true`} as environment_found,
      (select environment_id from survey) as survey_environment_id,
      (select id from inserted) as created_id,
      (select ok from display) as display_found,
      (select auto_complete is not null from survey) as auto_complete_set,
      (select pin_set from survey) as pin_set,
      (select status in ('draft', 'inProgress') from survey) as survey_accepting
  `
}

/**
 * The full statement for one create: it links the contact, inserts when allowed, and names the outcome.
 */
async function insertResponseWithOutcome(
  db: Kysely<Database>,
  full: FullStatements,
  input: NewResponse,
  check: CreateResponseCheck,
  /**
   * A finished response is written without the survey's lock when the survey has no `auto_complete` (one
   * round trip instead of four), and with it otherwise, in a second call.
   */
  lockOnlyForAutoComplete = false,
): Promise<CreateResponseResult> {
  const unlocked = input.finished && lockOnlyForAutoComplete
  // NULL matches nothing: ids Postgres cannot store name no row.
  const surveyId = isStorable(input.surveyId) ? input.surveyId : null
  const displayId = input.displayId !== null && isStorable(input.displayId) ? input.displayId : null
  const displayUnstorable = input.displayId !== null && displayId === null
  const shape: OutcomeShape = {
    checkEnvironment: check.checkEnvironment,
    requireAccepting: check.requireAccepting,
    withContact: input.userId !== null,
    unlocked,
    completes: input.finished && !unlocked,
  }
  const statement = full.statement(shape, outcomeValues(input, check, surveyId, displayId, displayUnstorable))

  let row: OutcomeRow | undefined
  try {
    row = shape.completes
      ? await db.transaction().execute(async (trx) => {
          // A finished response may be the one `auto_complete` waits for. With the survey locked, concurrent
          // finished creates run one after another, and the statement (whose snapshot is taken after the
          // lock is granted) sees every earlier one and the completion it made: exactly `auto_complete`
          // are accepted by an accepting check, and the survey completes.
          await trx.executeQuery(full.lockSurvey({ surveyId }))
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
  if (!row?.created_id && unlocked && row?.auto_complete_set) return insertResponseWithOutcome(db, full, input, check)
  return outcomeOfRow(row, check, displayUnstorable)
}

/** The values of the full statement for one create. */
function outcomeValues(input: NewResponse, check: CreateResponseCheck, surveyId: string | null, displayId: string | null, displayUnstorable: boolean): OutcomeValues {
  return {
    // As text: `pg` would format a Date in the process's time zone.
    now: input.createdAt.toISOString(),
    updatedAt: (input.updatedAt ?? input.createdAt).toISOString(),
    environmentId: isStorable(check.environmentId) ? check.environmentId : null,
    surveyId,
    displayStorable: !displayUnstorable,
    displayId,
    newContactId: input.userId !== null ? input.newId() : null,
    userId: input.userId,
    id: input.id,
    finished: input.finished,
    data: toJsonb(input.data),
    meta: toJsonb(input.meta),
    ttc: toJsonb(input.ttc),
    variables: toJsonb(input.variables),
    language: input.language,
    singleUseId: input.singleUseId,
    endingId: input.endingId,
    pinProven: check.pinProven,
  }
}

/** What a full statement's row says happened. */
function outcomeOfRow(row: OutcomeRow | undefined, check: CreateResponseCheck, displayUnstorable: boolean): CreateResponseResult {
  if (row?.created_id) return { outcome: 'created', id: row.created_id }
  if (check.checkEnvironment && !row?.environment_found) return { outcome: 'environment_not_found' }
  if (!row?.survey_environment_id) return { outcome: 'survey_not_found' }
  if (row.survey_environment_id !== check.environmentId) return { outcome: 'survey_in_other_environment' }
  if (!row.display_found || displayUnstorable) return { outcome: 'display_not_found' }
  // The survey's status before its PIN, as the reference checks them.
  if (row.pin_set && !check.pinProven && (row.survey_accepting || !check.requireAccepting)) return { outcome: 'pin_required' }
  return { outcome: 'survey_not_accepting' }
}

/**
 * Imports: many creates in one transaction. The surveys named are locked first (in id order, so two imports
 * never wait on each other in a circle), so that every finished response counts towards `auto_complete`
 * exactly, and each create runs the full statement. A create refused for its own reason (an unknown survey, a
 * taken single-use id or display) is reported and the others go in; an error of the database fails them all.
 * Without `webhooks`, the events the inserts recorded are deleted in the same transaction: no delivery is made.
 */
export function createResponseImporter(db: Kysely<Database>, names: SchemaNames) {
  const full: FullStatements = { statement: outcomeStatements(db, names), lockSurvey: lockSurveyStatement(db, names) }
  const importOnce = (inputs: NewResponse[], check: CreateResponseCheck, options: { webhooks: boolean }): Promise<CreateResponseResult[]> =>
    db.transaction().execute(async (trx) => {
      const surveyIds = [...new Set(inputs.map((input) => input.surveyId).filter((id) => isStorable(id)))].sort()
      for (const surveyId of surveyIds) await trx.executeQuery(full.lockSurvey({ surveyId }))
      const results: CreateResponseResult[] = []
      for (const input of inputs) {
        const surveyId = isStorable(input.surveyId) ? input.surveyId : null
        const displayId = input.displayId !== null && isStorable(input.displayId) ? input.displayId : null
        const displayUnstorable = input.displayId !== null && displayId === null
        if (input.singleUseId !== null) {
          // Checked first: a unique violation would end the transaction for every create.
          const taken = await sql`select from ${names.ref('responses')} where survey_id = ${surveyId} and single_use_id = ${input.singleUseId}`.execute(trx)
          if (taken.rows.length > 0) {
            results.push({ outcome: 'single_use_id_taken' })
            continue
          }
        }
        if (displayId !== null) {
          const taken = await sql`select from ${names.ref('responses')} where display_id = ${displayId}`.execute(trx)
          if (taken.rows.length > 0) {
            results.push({ outcome: 'display_taken' })
            continue
          }
        }
        const shape: OutcomeShape = {
          checkEnvironment: check.checkEnvironment,
          requireAccepting: check.requireAccepting,
          withContact: input.userId !== null,
          unlocked: false,
          completes: input.finished,
        }
        const row = (await trx.executeQuery(full.statement(shape, outcomeValues(input, check, surveyId, displayId, displayUnstorable)))).rows[0]
        results.push(outcomeOfRow(row, check, displayUnstorable))
      }
      const created = results.flatMap((result) => (result.outcome === 'created' ? [result.id] : []))
      if (!options.webhooks && created.length > 0) {
        await sql`delete from ${names.ref('webhook_events')} where response_id = any(${created}::text[])`.execute(trx)
      }
      return results
    })
  return async (inputs: NewResponse[], check: CreateResponseCheck, options: { webhooks: boolean }): Promise<CreateResponseResult[]> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await importOnce(inputs, check, options)
      } catch (error) {
        // A create committed while the import ran took a single-use id or display that the import found free:
        // nothing of the import was written, and the import runs again, which then sees it taken.
        if (attempt < IMPORT_ATTEMPTS && (isSingleUseIdTaken(error) || isDisplayTaken(error))) continue
        throw error
      }
    }
  }
}

/** How often an import runs when a concurrent create takes what it found free (see `createResponseImporter`). */
const IMPORT_ATTEMPTS = 3

interface OutcomeRow {
  environment_found: boolean
  survey_environment_id: string | null
  created_id: string | null
  display_found: boolean
  auto_complete_set: boolean | null
  pin_set: boolean | null
  survey_accepting: boolean | null
}

/** A second response with the survey's single-use id: the unique index of migration 0004 refused it. */
const isSingleUseIdTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_survey_id_single_use_id_key'

const SINGLE_USE_ID_TAKEN = Symbol('single use id taken')

/** A second response naming a display: the unique index of migration 0019 refused it. */
const isDisplayTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_display_id_key'

const DISPLAY_TAKEN = Symbol('display taken')
