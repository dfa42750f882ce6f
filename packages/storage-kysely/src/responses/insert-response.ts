import type {
  AutoCompleteDecision,
  CreateDecision,
  CreateResponseCheck,
  GuardedInsert,
  LockedCreate,
  NewResponse,
  ResponseCreateFacts,
  ResponseStore,
  SurveyWriteFacts,
  WriteFactsQuery,
  WriteGuard,
} from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { completeIfFilled } from './complete-survey'
import { contactAttributesJson } from '../sql/contact-attributes-json'
import type { Database } from '../postgres/database'
import { hasQuotasSql } from '../sql/has-quotas-sql'
import { unscreenedSql } from '../sql/unscreened-sql'
import { linkContactSql } from '../sql/link-contact-sql'
import { precompiled, slots } from '../postgres/precompiled'
import type { Precompiled } from '../postgres/precompiled'
import { createResponseBatcher } from './response-batch'
import type { ResponseBatchOptions, Written } from './response-batch'
import { WRITTEN_COLUMNS, responseEventsSql } from '../sql/response-events-sql'
import { RESPONSE_SLOTS, allStorable, isLean, responseValues } from './response-values'
import type { ResponseValues } from './response-values'
import type { SchemaNames } from '../postgres/schema-names'
import { isForeignKeyViolation } from '../postgres/sql-state'
import type { SurveyWriteFactsReader } from './survey-write-facts'
import { linkResponseTags, tagCreatedEvents } from './response-tags'
import { uniqueViolation } from '../postgres/unique-violation'
import { claimsSql } from '../sql/claims-sql'
import { ofCurrentDaySql, responseChangesSql } from './summary-parts'

/** The write primitives of `ResponseStore` (core's `createResponse` runs the loop), and an import row's create. */
export interface ResponseWriter extends Pick<ResponseStore, 'keptFacts' | 'writeFacts' | 'insertGuarded' | 'createLocked'> {
  /**
   * Reads the facts in `trx` under the survey's lock (taken here unless `locked`), hands them to `decide`, and
   * writes the create when it allows it, completing the survey when `completes` says a finished response fills
   * its `autoComplete`. A unique violation propagates.
   */
  createInTransaction(
    trx: Kysely<Database>,
    input: NewResponse,
    check: CreateResponseCheck,
    decide: CreateDecision,
    completes: AutoCompleteDecision,
    locked?: boolean,
  ): Promise<LockedCreate>
}

/**
 * The write primitives of a response create (docs/architecture.md, "A response write"); core decides, retries
 * and chooses the lock (`createResponse`). The facts are those this storage keeps by the survey's version
 * (`survey-write-facts.ts`) or those read now (one query); the guarded insert is one statement, guarded by that
 * version (and by the display being as decided), which writes the row and its webhook events. Inserts that
 * arrive together are written by one statement (`response-batch.ts`), how this storage performs many guarded
 * inserts at once. The locked write runs in a transaction holding the survey's lock, so that concurrent
 * finishers count each other exactly.
 */
export function createResponseWriter(
  db: Kysely<Database>,
  names: SchemaNames,
  facts: SurveyWriteFactsReader,
  batch: ResponseBatchOptions | false = {},
): ResponseWriter {
  const insert = guardedInserter(db, names)
  /** The guarded write outside a transaction: a refusal of the unique indexes is an outcome. */
  const writeOne = async (values: ResponseValues, guard: WriteGuard, screen: boolean): Promise<GuardedInsert> => {
    try {
      return inserted(await insert(db, values, guard, screen, isLean(values)))
    } catch (error) {
      const taken = takenOutcome(error)
      if (taken) return taken
      // The survey (or display) was deleted after the decision: the guard did not hold.
      if (isForeignKeyViolation(error)) return LOST
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
            return written.outcome === 'written' && { hasQuotas: written.hasQuotas }
          },
          screen,
        )
  const batchers = { plain: batcher(false), screened: batcher(true) }

  /** Reads what decides a create, as it is now (and keeps the survey's facts). */
  async function readFacts(executor: Kysely<Database>, query: WriteFactsQuery, lock: boolean): Promise<ResponseCreateFacts> {
    const survey = await facts.read(executor, query.surveyId, lock)
    const environmentFound =
      query.environmentId === undefined ||
      survey?.environmentId === query.environmentId ||
      (await facts.environmentFound(executor, query.environmentId))
    if (query.displayId === null) return { survey, environmentFound }
    return { survey, environmentFound, display: await facts.display(executor, query.displayId) }
  }

  async function createInTransaction(
    trx: Kysely<Database>,
    input: NewResponse,
    check: CreateResponseCheck,
    decide: CreateDecision,
    completes: AutoCompleteDecision,
    locked = false,
  ): Promise<LockedCreate> {
    const query = {
      surveyId: input.surveyId,
      displayId: input.displayId,
      ...(check.checkEnvironment ? { environmentId: check.environmentId } : {}),
    }
    const read = await readFacts(trx, query, !locked)
    const refusal = decide(read)
    if (refusal) return refusal
    const survey = read.survey as SurveyWriteFacts
    const values = responseValues(input, check)
    // With the survey locked its version holds; only the display can have changed meanwhile.
    const guard = { version: survey.version, displayContactId: read.display?.contact?.id ?? null }
    const written = await insert(trx, values, guard, check.screenQuotas === true)
    if (!written) return LOST
    if (input.tagIds !== undefined && input.tagIds.length > 0) {
      await linkResponseTags(trx, survey.environmentId, values.id, input.tagIds)
      await tagCreatedEvents(trx, values.id)
    }
    if (values.finished && survey.autoComplete !== null) await completeIfFilled(trx, survey.id, input.createdAt, completes)
    return inserted(written)
  }

  return {
    keptFacts: (surveyId) => facts.cached(surveyId),

    writeFacts: (query) => readFacts(db, query, false),

    async insertGuarded(input, check, guard) {
      const values = responseValues(input, check)
      // An id Postgres cannot store names no row: the survey or display decided on is not this one.
      if (!allStorable(values)) return LOST
      const screen = check.screenQuotas === true
      const writeInBatch = batchers[screen ? 'screened' : 'plain']
      if (writeInBatch !== undefined && batchable(input) && guard.displayContactId === null) {
        return inserted(await writeInBatch({ values, version: guard.version }))
      }
      return writeOne(values, guard, screen)
    },

    async createLocked(input, check, decide, completes) {
      try {
        return await db.transaction().execute((trx) => createInTransaction(trx, input, check, decide, completes))
      } catch (error) {
        const taken = takenOutcome(error)
        if (taken) return taken
        // Under the survey's lock only the display can have gone: the guard did not hold.
        if (isForeignKeyViolation(error)) return LOST
        throw error
      }
    },

    createInTransaction,
  }
}

/**
 * The guarded insert: one statement per kind of create, with a contact or without, marked for quota screening or
 * not, and full or lean (`isLean`). `lean` only where a lost guard is tried again (never under the survey's lock).
 */
function guardedInserter(
  db: Kysely<Database>,
  names: SchemaNames,
): (executor: Kysely<Database>, values: ResponseValues, guard: WriteGuard, screen: boolean, lean?: boolean) => Promise<Written> {
  const statements = {
    full: {
      anonymous: guardedInsertStatement(db, names, false, false, false),
      withContact: guardedInsertStatement(db, names, true, false, false),
      anonymousScreened: guardedInsertStatement(db, names, false, true, false),
      withContactScreened: guardedInsertStatement(db, names, true, true, false),
    },
    lean: {
      anonymous: guardedInsertStatement(db, names, false, false, true),
      withContact: guardedInsertStatement(db, names, true, false, true),
      anonymousScreened: guardedInsertStatement(db, names, false, true, true),
      withContactScreened: guardedInsertStatement(db, names, true, true, true),
    },
  }
  return async (executor: Kysely<Database>, values: ResponseValues, guard: WriteGuard, screen: boolean, lean = false): Promise<Written> => {
    const kind = values.userId === null ? 'anonymous' : 'withContact'
    const statement = statements[lean ? 'lean' : 'full'][screen ? (`${kind}Screened` as const) : kind]
    const row = (await executor.executeQuery(statement({ ...values, ...guard }))).rows[0]
    return row ? { hasQuotas: row.has_quotas } : false
  }
}

const LOST = { outcome: 'lost' } as const

/** A guarded insert's outcome from whether its row came back. */
const inserted = (written: Written): GuardedInsert => (written ? { outcome: 'written', hasQuotas: written.hasQuotas } : LOST)

/** What the batch can write: no `userId`, no single-use id (its unique violation would fail the whole batch), no `updatedAt` of its own. */
const batchable = (input: NewResponse): boolean => input.userId === null && input.singleUseId === null && input.updatedAt === undefined

/** The outcome of a unique index's refusal, if `error` is one. */
function takenOutcome(error: unknown): GuardedInsert | undefined {
  if (isSingleUseIdTaken(error)) return { outcome: 'single_use_id_taken' }
  if (isDisplayTaken(error)) return { outcome: 'display_taken' }
  return undefined
}

const GUARD_SLOTS = slots(['version', 'displayContactId'])

/**
 * The guarded insert, compiled once per storage (every create runs it): the row is written only while the
 * survey is at the version the decision read and the display it names (if any) is the survey's and made for
 * the contact the decision saw. With `withContact`, the contact of `userId` is linked (created if absent) by
 * the same statement, only when the row is written. It writes the row's claims of its single-use id and display
 * (`claimsSql`, whose unique indexes refuse a second response of either) and its webhook events, and returns whether the
 * survey has quotas; no row when a guard failed. With `screen` (`CreateResponseCheck.screenQuotas`), the same
 * statement marks the row unscreened when its survey has quotas (`unscreenedSql`): the probe of the survey's
 * quotas it makes anyway then also decides the mark. It counts a row of a past day in `response_changes`
 * (`responseChangesSql`). With `lean` (`isLean`), it writes only a row with no single-use id or display, of the
 * current day by the database's clock, and leaves out the claims and the count, which such a row never has:
 * two parts of a statement that cost every create their setup even when they write nothing.
 */
function guardedInsertStatement(
  db: Kysely<Database>,
  names: SchemaNames,
  withContact: boolean,
  screen: boolean,
  lean: boolean,
): Precompiled<{ has_quotas: boolean }, keyof typeof RESPONSE_SLOTS | keyof typeof GUARD_SLOTS> {
  const slot = { ...RESPONSE_SLOTS, ...GUARD_SLOTS }
  const now = sql`${slot.createdAt}::timestamptz`
  return precompiled(
    sql<{ has_quotas: boolean }>`
    with allowed as (
      select s.id, s.environment_id from ${names.ref('surveys')} s
      where s.id = ${slot.surveyId}::text and s.xmin = ${slot.version}::xid
        and ${
          lean
            ? sql`${slot.displayId}::text is null and ${slot.singleUseId}::text is null and ${ofCurrentDaySql(now)}`
            : sql`(${slot.displayId}::text is null or exists (
          select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.survey_id = s.id
            and d.contact_id is not distinct from ${slot.displayContactId}::text
        ))`
        }
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
    ${lean ? sql`` : sql`claimed as (${claimsSql(names, 'written')}),`}
    events as (${responseEventsSql(names, { rows: 'written', kind: 'create', contacts: withContact ? sql.raw('contact') : 'none' })})
    ${lean ? sql`` : sql`, changed as (${responseChangesSql(names, 'written')})`}
    ${
      screen
        ? sql`, marked as (${unscreenedSql(names, 'written')})
          select exists (select from marked) as has_quotas from written`
        : sql`select ${hasQuotasSql(names, sql.ref('written.survey_id'))} as has_quotas from written`
    }`.compile(db),
    slot,
  )
}

/** A second response with the survey's single-use id: the unique index (of `response_claims`, migration 0038) refused it. */
export const isSingleUseIdTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_survey_id_single_use_id_key'

/** A second response naming a display: the unique index (of `response_claims`, migration 0038) refused it. */
export const isDisplayTaken = (error: unknown): boolean => uniqueViolation(error) === 'responses_display_id_key'
