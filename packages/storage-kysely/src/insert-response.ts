import type { CreateResponseCheck, CreateResponseResult, NewResponse } from '@canvass/core'
import { CompiledQuery, sql } from 'kysely'
import type { Kysely } from 'kysely'
import { contactAttributesJson } from './contact-attributes-json'
import type { Database } from './database'
import { completeSurveySql } from './complete-survey-sql'
import { effectiveStatusSql } from './effective-status-sql'
import { isStorable } from './is-storable'
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
 */
export function createResponseInserter(
  db: Kysely<Database>,
  names: SchemaNames,
): (input: NewResponse, check: CreateResponseCheck) => Promise<CreateResponseResult> {
  const statements = acceptedInsertStatements(names)
  return async (input, check) => {
    if (input.userId === null) {
      const id = await insertAcceptedResponse(db, statements, input, check)
      if (id !== undefined) return { outcome: 'created', id }
    }
    // A contact to link, or a refusal to explain: the statement that reports every outcome. It checks again
    // from scratch, so a survey that changed in between is judged as it is now.
    return insertResponseWithOutcome(db, names, input, check)
  }
}

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
): Promise<string | undefined> {
  if (!isStorable(check.environmentId) || !isStorable(input.surveyId)) return undefined
  const kind = check.requireAccepting ? 'accepting' : 'owned'
  const query = CompiledQuery.raw(statements[kind][input.finished ? 'finishing' : 'plain'], [
    input.id,
    input.createdAt,
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
    const { rows } = await db.executeQuery<{ id: string }>(query)
    return rows[0]?.id
  } catch (error) {
    // The survey was deleted between the read and the insert: let the full statement report it.
    if (isForeignKeyViolation(error)) return undefined
    throw error
  }
}

type AcceptedInsertStatements = Record<'accepting' | 'owned', Record<'plain' | 'finishing', string>>

/**
 * Written out once per storage rather than built per call: this path runs for nearly every submit, and its
 * text is constant, so a prepared-statement pool can reuse one plan. `finishing` also completes the survey
 * when this finished response is the one `auto_complete` waits for.
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
  where s.id = $12::text and s.environment_id = $13::text`
  const ifAccepting = `${ifOwned}
    and ${effectiveStatusSql('s', '$2::timestamptz')} in ('draft', 'inProgress')
  returning id`
  const ifOwnedReturning = `${ifOwned}
  returning id`
  const finishing = (insert: string) => `with inserted as (${insert}),
      completed as (${completeSurveySql(names, '$12::text', '$2::timestamptz', 1)} and exists (select from inserted))
      select id from inserted`
  return {
    accepting: { plain: ifAccepting, finishing: finishing(ifAccepting) },
    owned: { plain: ifOwnedReturning, finishing: finishing(ifOwnedReturning) },
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
): Promise<CreateResponseResult> {
  // The time of the check is the response's own timestamp, core's clock, as for updates.
  const now = sql`${input.createdAt}::timestamptz`
  // NULL matches nothing: ids Postgres cannot store name no row.
  const environmentId = isStorable(check.environmentId) ? check.environmentId : null
  const surveyId = isStorable(input.surveyId) ? input.surveyId : null
  const withContact = input.userId !== null

  const environmentCte = check.checkEnvironment
    ? sql`environment as (select id from ${sql.raw(names.table('environments'))} where id = ${environmentId}::text),`
    : sql``
  const accepting = check.requireAccepting ? sql`and s.status in ('draft', 'inProgress')` : sql``
  const contactCte = withContact
    ? sql`contact as (
        insert into ${sql.raw(names.table('contacts'))} (id, environment_id, user_id, created_at, updated_at)
        select ${input.newId()}::text, allowed.environment_id, ${input.userId}::text, ${now}, ${now} from allowed
        on conflict (environment_id, user_id) do update set user_id = excluded.user_id
        returning id
      ),`
    : sql``

  const statement = sql<OutcomeRow>`
    with ${environmentCte}
    clock as (select ${now} as now),
    survey as (
      select s.id, s.environment_id, ${sql.raw(effectiveStatusSql('s', 'clock.now'))} as status
      from ${sql.raw(names.table('surveys'))} s cross join clock where s.id = ${surveyId}::text
    ),
    allowed as (
      select s.id, s.environment_id from survey s where s.environment_id = ${environmentId}::text ${accepting}
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
        ${input.displayId}::text, ${input.endingId}::text,
        ${withContact ? sql`contact.id, ${contactAttributesJson(names, sql.ref('contact.id'))}` : sql`null, null`}
      from allowed ${withContact ? sql`cross join contact` : sql``}
      returning id
    )
    ${
      input.finished
        ? sql`, completed as (
            ${sql.raw(completeSurveySql(names, '(select id from allowed)', '(select now from clock)', 1))}
            and exists (select from inserted)
          )`
        : sql``
    }
    select
      ${check.checkEnvironment ? sql`exists (select from environment)` : sql`true`} as environment_found,
      (select environment_id from survey) as survey_environment_id,
      (select id from inserted) as created_id
  `

  let row: OutcomeRow | undefined
  try {
    row = (await statement.execute(db)).rows[0]
  } catch (error) {
    // The survey was deleted between this statement's snapshot and its insert (a foreign key violation):
    // to the caller that is an unknown survey, not a server error.
    if (isForeignKeyViolation(error)) return { outcome: 'survey_not_found' }
    throw error
  }
  if (row?.created_id) return { outcome: 'created', id: row.created_id }
  if (check.checkEnvironment && !row?.environment_found) return { outcome: 'environment_not_found' }
  if (!row?.survey_environment_id) return { outcome: 'survey_not_found' }
  if (row.survey_environment_id !== check.environmentId) return { outcome: 'survey_in_other_environment' }
  return { outcome: 'survey_not_accepting' }
}

interface OutcomeRow {
  environment_found: boolean
  survey_environment_id: string | null
  created_id: string | null
}

const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23503'
