import type { CreateResponseCheck, CreateResponseResult, NewResponse } from '@canvass/core'
import { CompiledQuery, sql } from 'kysely'
import type { Kysely } from 'kysely'
import { contactAttributesJson } from './contact-attributes-json'
import type { Database } from './database'
import { completeSurveySql } from './complete-survey-sql'
import { effectiveStatusSql } from './effective-status-sql'
import { isStorable } from './is-storable'
import { linkContactSql } from './link-contact-sql'
import { createResponseBatcher } from './response-batch'
import type { ResponseBatchOptions } from './response-batch'
import type { SchemaNames } from './schema-names'
import { toJsonb } from './to-jsonb'

/**
 * `Storage.createResponse`: one statement (one round trip, atomic without a transaction) on the hot path of
 * every respondent's submit, and a second one only to link a contact or to explain a refusal.
 *
 * The full statement is made of data-modifying CTEs:
 *
 * - `environment` (only when `check.checkEnvironment`) and `survey` read what decides the outcome;
 *   `allowed` keeps the survey only if it belongs to `check.environmentId` and, when
 *   `check.requireAccepting`, its effective status accepts submissions;
 * - with a `userId`, `contact` upserts the contact from `allowed` (so never for a refused response);
 *   `on conflict … do update` returns the id of an existing contact too, race-free;
 * - `inserted` inserts the response from `allowed`, with the contact and its attributes as they were
 *   before this statement (the `personAttributes` snapshot; a new contact has none);
 * - the final select reports enough to pick the outcome. Nothing is written unless it is `created`.
 *
 * A finished response for a survey with `auto_complete` takes the full statement, in a transaction that
 * locks the survey row first, so that concurrent submits count each other (see `insertResponseWithOutcome`).
 */
export function createResponseInserter(
  db: Kysely<Database>,
  names: SchemaNames,
  batch: ResponseBatchOptions | false = {},
): (input: NewResponse, check: CreateResponseCheck) => Promise<CreateResponseResult> {
  const statements = acceptedInsertStatements(names)
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
      return insertResponseWithOutcome(db, names, input, check)
    }
    if (input.userId === null) {
      const id = await insertAcceptedResponse(db, statements, input, check)
      if (id === SINGLE_USE_ID_TAKEN) return { outcome: 'single_use_id_taken' }
      if (id !== undefined) return { outcome: 'created', id }
    }
    // A contact to link, or a refusal to explain: the statement that reports every outcome. It checks again
    // from scratch, so a survey that changed in between is judged as it is now. A contact's finished response
    // first tries without the survey's lock, which only a survey with `auto_complete` needs.
    return insertResponseWithOutcome(db, names, input, check, input.userId !== null)
  }
}

/**
 * What the batch can write: no single-use id (a unique violation would fail the whole statement) and ids
 * Postgres can store.
 */
const batchable = (input: NewResponse, check: CreateResponseCheck): boolean =>
  input.singleUseId === null &&
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
): Promise<string | typeof SINGLE_USE_ID_TAKEN | undefined> {
  if (input.displayId !== null && !isStorable(input.displayId)) return undefined
  if (!isStorable(check.environmentId) || !isStorable(input.surveyId)) return undefined
  const kind = check.requireAccepting ? 'accepting' : 'owned'
  const query = CompiledQuery.raw(statements[kind][input.finished ? 'finishing' : 'plain'], [
    input.id,
    // As text: `pg` would format a Date in the process's time zone, which costs more than the ISO form.
    input.createdAt.toISOString(),
    input.finished,
    toJsonb(input.data),
    toJsonb(input.meta),
    toJsonb(input.ttc),
    toJsonb(input.variables),
    input.language,
    input.singleUseId,
    input.displayId,
    input.endingId,
    input.surveyId,
    check.environmentId,
  ])
  try {
    // The row count says whether the row went in: no `returning`, so no row description and no row to parse.
    const { numAffectedRows } = await db.executeQuery(query)
    return numAffectedRows === 1n ? input.id : undefined
  } catch (error) {
    if (isUniqueViolation(error)) return SINGLE_USE_ID_TAKEN
    // The survey was deleted between the read and the insert: let the full statement report it.
    if (isForeignKeyViolation(error)) return undefined
    throw error
  }
}

type AcceptedInsertStatements = Record<'accepting' | 'owned', Record<'plain' | 'finishing', string>>

/**
 * Written out once per storage rather than built per call: this path runs for nearly every submit, and its
 * text is constant, so a prepared-statement pool can reuse one plan. `finishing` inserts only for a survey
 * without `auto_complete`: counting towards it needs the survey's lock, which the full statement takes.
 */
function acceptedInsertStatements(names: SchemaNames): AcceptedInsertStatements {
  const ifOwned = `
  insert into ${names.table('responses')} (
    id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
    language, single_use_id, display_id, ending_id
  )
  select $1::text, $2::timestamptz, $2::timestamptz, s.id, s.environment_id, $3::boolean,
    $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8::text, $9::text, $10::text, $11::text
  from ${names.table('surveys')} s
  where s.id = $12::text and s.environment_id = $13::text
    and ($10::text is null or exists (
      select from ${names.table('displays')} d where d.id = $10::text and d.survey_id = s.id
    ))`
  const ifAccepting = `${ifOwned}
    and ${effectiveStatusSql('s', '$2::timestamptz')} in ('draft', 'inProgress')`
  const withoutAutoComplete = `
    and s.auto_complete is null`
  return {
    accepting: { plain: ifAccepting, finishing: ifAccepting + withoutAutoComplete },
    owned: { plain: ifOwned, finishing: ifOwned + withoutAutoComplete },
  }
}

/**
 * The full statement, for a `userId` or after a refusal: it links the contact, inserts when allowed, and
 * always reports enough to name the outcome.
 */
async function insertResponseWithOutcome(
  db: Kysely<Database>,
  names: SchemaNames,
  input: NewResponse,
  check: CreateResponseCheck,
  /**
   * A finished response is written without the survey's lock when the survey has no `auto_complete` (one
   * round trip instead of four), and with it otherwise, in a second call.
   */
  lockOnlyForAutoComplete = false,
): Promise<CreateResponseResult> {
  const unlocked = input.finished && lockOnlyForAutoComplete
  // The time of the check is the response's own timestamp, core's clock, as for updates.
  const now = sql`${input.createdAt}::timestamptz`
  // NULL matches nothing: ids Postgres cannot store name no row.
  const environmentId = isStorable(check.environmentId) ? check.environmentId : null
  const surveyId = isStorable(input.surveyId) ? input.surveyId : null
  const withContact = input.userId !== null
  const displayId = input.displayId !== null && isStorable(input.displayId) ? input.displayId : null
  const displayUnstorable = input.displayId !== null && displayId === null

  const environmentCte = check.checkEnvironment
    ? sql`environment as (select id from ${sql.raw(names.table('environments'))} where id = ${environmentId}::text),`
    : sql``
  const accepting = check.requireAccepting ? sql`and s.status in ('draft', 'inProgress')` : sql``
  const contactCte = withContact && input.userId !== null ? linkContactSql(names, input.newId(), input.userId, now) : sql``

  const statement = sql<OutcomeRow>`
    with ${environmentCte}
    clock as (select ${now} as now),
    survey as (
      select s.id, s.environment_id, s.auto_complete, ${sql.raw(effectiveStatusSql('s', 'clock.now'))} as status
      from ${sql.raw(names.table('surveys'))} s cross join clock where s.id = ${surveyId}::text
    ),
    display as (
      select ${!displayUnstorable}::boolean and (${displayId}::text is null or exists (
        select from ${sql.raw(names.table('displays'))} d where d.id = ${displayId}::text and d.survey_id = ${surveyId}::text
      )) as ok
    ),
    allowed as (
      select s.id, s.environment_id from survey s where s.environment_id = ${environmentId}::text ${accepting}
        and (select ok from display) ${unlocked ? sql`and s.auto_complete is null` : sql``}
    ),
    ${contactCte}
    inserted as (
      insert into ${sql.raw(names.table('responses'))} (
        id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
        language, single_use_id, display_id, ending_id, contact_id, contact_attributes
      )
      select
        ${input.id}::text, ${now}, ${now}, allowed.id, allowed.environment_id, ${input.finished}::boolean,
        ${toJsonb(input.data)}::jsonb, ${toJsonb(input.meta)}::jsonb, ${toJsonb(input.ttc)}::jsonb,
        ${toJsonb(input.variables)}::jsonb, ${input.language}::text, ${input.singleUseId}::text,
        ${displayId}::text, ${input.endingId}::text,
        ${withContact ? sql`contact.id, ${contactAttributesJson(names, sql.ref('contact.id'))}` : sql`null, null`}
      from allowed ${withContact ? sql`cross join contact` : sql``}
      returning id
    )
    ${
      input.finished && !unlocked
        ? sql`, completed as (
            ${sql.raw(completeSurveySql(names, '(select id from allowed)', '(select now from clock)', 1))}
            and exists (select from inserted)
          )`
        : sql``
    }
    select
      ${check.checkEnvironment ? sql`exists (select from environment)` : sql`true`} as environment_found,
      (select environment_id from survey) as survey_environment_id,
      (select id from inserted) as created_id,
      (select ok from display) as display_found,
      (select auto_complete is not null from survey) as auto_complete_set
  `

  let row: OutcomeRow | undefined
  try {
    row = input.finished && !unlocked
      ? await db.transaction().execute(async (trx) => {
          // A finished response may be the one `auto_complete` waits for. With the survey locked, concurrent
          // finished creates run one after another, and the statement (whose snapshot is taken after the
          // lock is granted) sees every earlier one and the completion it made: exactly `auto_complete`
          // are accepted by an accepting check, and the survey completes. `no key update`, not `update`: a
          // plain insert's foreign key check takes a key-share lock on the survey, which `update` would wait
          // for, so a finished create holding the lock and a plain insert holding the same single-use id
          // would deadlock.
          await sql`select 1 from ${sql.raw(names.table('surveys'))} where id = ${surveyId}::text for no key update`.execute(trx)
          return (await statement.execute(trx)).rows[0]
        })
      : (await statement.execute(db)).rows[0]
  } catch (error) {
    // The survey was deleted between this statement's snapshot and its insert (a foreign key violation):
    // to the caller that is an unknown survey, not a server error.
    if (isForeignKeyViolation(error)) return { outcome: 'survey_not_found' }
    if (isUniqueViolation(error)) return { outcome: 'single_use_id_taken' }
    throw error
  }
  if (row?.created_id) return { outcome: 'created', id: row.created_id }
  // Refused for want of the lock `auto_complete` needs (or for a reason the locked statement names as well).
  if (unlocked && row?.auto_complete_set) return insertResponseWithOutcome(db, names, input, check)
  if (check.checkEnvironment && !row?.environment_found) return { outcome: 'environment_not_found' }
  if (!row?.survey_environment_id) return { outcome: 'survey_not_found' }
  if (row.survey_environment_id !== check.environmentId) return { outcome: 'survey_in_other_environment' }
  if (!row.display_found || displayUnstorable) return { outcome: 'display_not_found' }
  return { outcome: 'survey_not_accepting' }
}

interface OutcomeRow {
  environment_found: boolean
  survey_environment_id: string | null
  created_id: string | null
  display_found: boolean
  auto_complete_set: boolean | null
}

/** A second response with the survey's single-use id (the unique index of migration 0004). */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'

const SINGLE_USE_ID_TAKEN = Symbol('single use id taken')

const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23503'
