import { responseCreateRefusal } from '@canvass/core'
import type { CreateResponseCheck, CreateResponseResult, NewResponse, SurveyWriteFacts } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { completeIfFilled } from './complete-survey'
import { contactAttributesJson } from './contact-attributes-json'
import type { Database } from './database'
import { hasQuotasSql } from './has-quotas-sql'
import { unscreenedSql } from './unscreened-sql'
import { linkContactSql } from './link-contact-sql'
import { precompiled, slots } from './precompiled'
import type { Precompiled } from './precompiled'
import { createResponseBatcher } from './response-batch'
import type { ResponseBatchOptions, Written } from './response-batch'
import { WRITTEN_COLUMNS, responseEventsSql } from './response-events-sql'
import { RESPONSE_SLOTS, responseValues } from './response-values'
import type { ResponseValues } from './response-values'
import type { SchemaNames } from './schema-names'
import { isForeignKeyViolation } from './sql-state'
import type { SurveyWriteFactsReader } from './survey-write-facts'
import { linkResponseTags, tagCreatedEvents } from './response-tags'
import { uniqueViolation } from './unique-violation'
import { responseChangesSql } from './summary-parts'

/** `ResponseStore.create`, and the create of one import row in the import's transaction. */
export interface ResponseWriter {
  create(input: NewResponse, check: CreateResponseCheck): Promise<CreateResponseResult>
  /**
   * Decides and writes a create in `trx`, under the survey's lock (taken here unless `locked`), and completes
   * the survey when a finished response fills its `autoComplete`. A unique violation propagates.
   */
  createInTransaction(
    trx: Kysely<Database>,
    input: NewResponse,
    check: CreateResponseCheck,
    locked?: boolean,
  ): Promise<CreateResponseResult>
}

/**
 * The one write path of a response create (docs/architecture.md, "A response write"): core decides the create
 * (`responseCreateRefusal`) from its survey's facts, those this storage keeps by the survey's version or, when
 * it keeps none or they refuse, those read now (one query); the write is one statement guarded by that version
 * (and by the display being as decided), which writes the row and its webhook events. A lost guard means the
 * survey changed since the decision: the facts are read again and the create decided again. Creates that
 * arrive together are written by one statement (`response-batch.ts`). A finished response to a survey with
 * `autoComplete`, and a create whose guard was lost on every attempt, are decided and written in a transaction
 * holding the survey's lock, so that concurrent finishers count each other exactly.
 */
export function createResponseWriter(
  db: Kysely<Database>,
  names: SchemaNames,
  facts: SurveyWriteFactsReader,
  batch: ResponseBatchOptions | false = {},
): ResponseWriter {
  // One statement per kind of create: with a contact or without, marked for quota screening or not.
  const statements = {
    anonymous: guardedInsertStatement(db, names, false, false),
    withContact: guardedInsertStatement(db, names, true, false),
    anonymousScreened: guardedInsertStatement(db, names, false, true),
    withContactScreened: guardedInsertStatement(db, names, true, true),
  }
  const insert = async (executor: Kysely<Database>, values: ResponseValues, guard: Guard, screen: boolean): Promise<Written> => {
    const kind = values.userId === null ? 'anonymous' : 'withContact'
    const statement = statements[screen ? (`${kind}Screened` as const) : kind]
    const row = (await executor.executeQuery(statement({ ...values, ...guard }))).rows[0]
    return row ? { hasQuotas: row.has_quotas } : false
  }
  /** The guarded write outside a transaction: a refusal of the unique indexes is an outcome. */
  const writeOne = async (values: ResponseValues, guard: Guard, screen: boolean): Promise<Written | CreateResponseResult> => {
    try {
      return await insert(db, values, guard, screen)
    } catch (error) {
      const taken = takenOutcome(error)
      if (taken) return taken
      // The survey (or display) was deleted after the decision: decided again, it is reported.
      if (isForeignKeyViolation(error)) return false
      throw error
    }
  }
  // One batcher per kind of create a batch takes (a batch is one statement): marked for screening or not.
  const batcher = (screen: boolean) =>
    batch === false
      ? undefined
      : createResponseBatcher(
          db,
          names,
          batch,
          async ({ values, version }) => {
            const written = await writeOne(values, { version, displayContactId: null }, screen)
            return typeof written === 'object' && !('outcome' in written) && written
          },
          screen,
        )
  const batchers = { plain: batcher(false), screened: batcher(true) }

  /** Reads what decides the create, as it is now, and decides it. */
  async function readAndDecide(
    executor: Kysely<Database>,
    input: NewResponse,
    values: ResponseValues,
    check: CreateResponseCheck,
    lock: boolean,
  ): Promise<Decided | CreateResponseResult> {
    const survey = values.surveyId === null ? null : await facts.read(executor, values.surveyId, lock)
    const display =
      input.displayId === null ? undefined : values.displayId === null ? null : await facts.display(executor, values.displayId)
    const environmentFound =
      (survey !== null && survey.environmentId === check.environmentId) ||
      !check.checkEnvironment ||
      (values.environmentId !== null && (await facts.environmentFound(executor, values.environmentId)))
    const refusal = responseCreateRefusal({ survey, environmentFound, display }, input, check)
    if (refusal) return refusal
    return { survey: survey as SurveyWriteFacts, displayContactId: display?.contactId ?? null }
  }

  async function createInTransaction(
    trx: Kysely<Database>,
    input: NewResponse,
    check: CreateResponseCheck,
    locked = false,
  ): Promise<CreateResponseResult> {
    const values = responseValues(input, check)
    const decided = await readAndDecide(trx, input, values, check, !locked)
    if (!isDecided(decided)) return decided
    // With the survey locked its version holds; only the display can have changed meanwhile.
    const written = await insert(trx, values, guardOf(decided), check.screenQuotas === true)
    if (!written) return { outcome: 'display_not_found' }
    if (input.tagIds !== undefined && input.tagIds.length > 0) {
      await linkResponseTags(trx, decided.survey.environmentId, values.id, input.tagIds)
      await tagCreatedEvents(trx, values.id)
    }
    if (values.finished && decided.survey.autoComplete !== null) await completeIfFilled(trx, decided.survey.id, input.createdAt)
    return created(values.id, written.hasQuotas)
  }

  /** `createInTransaction` in a transaction of its own: finishers of one survey run one after another. */
  async function createLocked(input: NewResponse, check: CreateResponseCheck): Promise<CreateResponseResult> {
    try {
      return await db.transaction().execute((trx) => createInTransaction(trx, input, check))
    } catch (error) {
      const taken = takenOutcome(error)
      if (taken) return taken
      if (isForeignKeyViolation(error)) return { outcome: 'survey_not_found' }
      throw error
    }
  }

  async function create(input: NewResponse, check: CreateResponseCheck): Promise<CreateResponseResult> {
    // A create with tags writes the row, its tags and its events' tags in one transaction.
    if (input.tagIds !== undefined && input.tagIds.length > 0) return createLocked(input, check)
    const values = responseValues(input, check)
    // Allowed on the facts kept, the write's guard says whether they still hold; a refusal is only ever
    // answered from facts read now. A display is taken to be the survey's and of no contact, which the guard
    // checks too.
    const kept = values.surveyId === null ? undefined : facts.cached(values.surveyId)
    let decided: Decided | CreateResponseResult | undefined
    if (kept && values.displayStorable) {
      const display = input.displayId === null ? undefined : { surveyId: kept.id, contact: null }
      if (responseCreateRefusal({ survey: kept, environmentFound: true, display }, input, check) === null) {
        decided = { survey: kept, displayContactId: null }
      }
    }
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      decided ??= await readAndDecide(db, input, values, check, false)
      if (!isDecided(decided)) return decided
      if (values.finished && decided.survey.autoComplete !== null) return createLocked(input, check)
      const screen = check.screenQuotas === true
      const writeInBatch = batchers[screen ? 'screened' : 'plain']
      const written =
        writeInBatch !== undefined && batchable(input) && decided.displayContactId === null
          ? await writeInBatch({ values, version: decided.survey.version })
          : await writeOne(values, guardOf(decided), screen)
      if (written !== false) return 'outcome' in written ? written : created(values.id, written.hasQuotas)
      // The guard was lost: the survey (or the display) changed after the decision.
      decided = undefined
    }
    return createLocked(input, check)
  }

  return { create, createInTransaction }
}

/** A create core allowed: the survey facts it was decided on, and the contact of the display it names. */
interface Decided {
  survey: SurveyWriteFacts
  displayContactId: string | null
}

/** What the write's guard holds to: the survey's version, and the contact of the display named (if any). */
type Guard = Record<keyof typeof GUARD_SLOTS, string | null>

const guardOf = (decided: Decided): Guard => ({ version: decided.survey.version, displayContactId: decided.displayContactId })

const isDecided = (decision: Decided | CreateResponseResult): decision is Decided => 'survey' in decision

/** How often a create is decided and written before it takes the survey's lock (each loss is a survey write). */
const WRITE_ATTEMPTS = 3

/** What the batch can write: no `userId`, no single-use id (its unique violation would fail the whole batch), no `updatedAt` of its own. */
const batchable = (input: NewResponse): boolean => input.userId === null && input.singleUseId === null && input.updatedAt === undefined

/** A create's result, with `hasQuotas` only when the survey has quotas (as the port asks). */
const created = (id: string, hasQuotas: boolean): CreateResponseResult =>
  hasQuotas ? { outcome: 'created', id, hasQuotas } : { outcome: 'created', id }

/** The outcome of a unique index's refusal, if `error` is one. */
function takenOutcome(error: unknown): CreateResponseResult | undefined {
  if (isSingleUseIdTaken(error)) return { outcome: 'single_use_id_taken' }
  if (isDisplayTaken(error)) return { outcome: 'display_taken' }
  return undefined
}

const GUARD_SLOTS = slots(['version', 'displayContactId'])

/**
 * The guarded insert, compiled once per storage (every create runs it): the row is written only while the
 * survey is at the version the decision read and the display it names (if any) is the survey's and made for
 * the contact the decision saw. With `withContact`, the contact of `userId` is linked (created if absent) by
 * the same statement, only when the row is written. It writes the row's webhook events and returns whether the
 * survey has quotas; no row when a guard failed. With `screen` (`CreateResponseCheck.screenQuotas`), the same
 * statement marks the row unscreened when its survey has quotas (`unscreenedSql`): the probe of the survey's
 * quotas it makes anyway then also decides the mark.
 */
function guardedInsertStatement(
  db: Kysely<Database>,
  names: SchemaNames,
  withContact: boolean,
  screen: boolean,
): Precompiled<{ has_quotas: boolean }, keyof typeof RESPONSE_SLOTS | keyof typeof GUARD_SLOTS> {
  const slot = { ...RESPONSE_SLOTS, ...GUARD_SLOTS }
  const now = sql`${slot.createdAt}::timestamptz`
  return precompiled(
    sql<{ has_quotas: boolean }>`
    with allowed as (
      select s.id, s.environment_id from ${names.ref('surveys')} s
      where s.id = ${slot.surveyId}::text and s.xmin = ${slot.version}::xid
        and (${slot.displayId}::text is null or exists (
          select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.survey_id = s.id
            and d.contact_id is not distinct from ${slot.displayContactId}::text
        ))
    ),
    ${withContact ? linkContactSql(names, slot.newContactId, slot.userId, now) : sql``}
    written as (
      insert into ${names.ref('responses')} (
        id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
        language, single_use_id, display_id, ending_id, contact_id, contact_attributes
      )
      select ${slot.id}::text, ${now}, ${slot.updatedAt}::timestamptz, allowed.id, allowed.environment_id, ${slot.finished}::boolean,
        ${slot.data}::jsonb, ${slot.meta}::jsonb, ${slot.ttc}::jsonb, ${slot.variables}::jsonb, ${slot.language}::text,
        ${slot.singleUseId}::text, ${slot.displayId}::text, ${slot.endingId}::text,
        ${withContact ? sql`contact.id, ${contactAttributesJson(names, sql.ref('contact.id'))}` : sql`null, null`}
      from allowed ${withContact ? sql`cross join contact` : sql``}
      returning ${WRITTEN_COLUMNS}
    ),
    events as (${responseEventsSql(names, { rows: 'written', kind: 'create', contacts: withContact ? sql.raw('contact') : 'none' })}),
    changed as (${responseChangesSql(names, 'written')})
    ${
      screen
        ? sql`, marked as (${unscreenedSql(names, 'written')})
          select exists (select from marked) as has_quotas from written`
        : sql`select ${hasQuotasSql(names, sql.ref('written.survey_id'))} as has_quotas from written`
    }`.compile(db),
    slot,
  )
}

/** A second response with the survey's single-use id: the unique index of migration 0004 refused it. */
export const isSingleUseIdTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_survey_id_single_use_id_key'

/** A second response naming a display: the unique index of migration 0019 refused it. */
export const isDisplayTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_display_id_key'
