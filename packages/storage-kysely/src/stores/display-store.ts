import type { DisplayStore } from '@canvass/core'
import { sql } from 'kysely'
import type { Kysely } from 'kysely'
import { isForeignKeyViolation } from '../postgres/sql-state'
import type { Database } from '../postgres/database'
import { isStorable } from '../postgres/is-storable'
import { linkContactSql } from '../sql/link-contact-sql'
import { precompiled, slots } from '../postgres/precompiled'
import type { SchemaNames } from '../postgres/schema-names'
import { listDisplaysByContact } from './display-list'

/**
 * Displays. Whether the survey accepts submissions, and what to do when the insert is refused, is core's
 * (`createDisplay`), from the survey's write facts (`survey-write-facts.ts`, through `storage.responses`); the
 * insert is one statement guarded by the facts' version: it checks the environment, the survey and the response
 * the display names (one of that survey, and as `responseGuard` expects), links (or creates) the contact of
 * `userId` and inserts, and reports enough for core to name a refusal. Nothing is written on a refusal.
 */
export function createDisplayStore(db: Kysely<Database>, names: SchemaNames): DisplayStore {
  // Built and compiled once per storage, for a display with a contact and one without: every respondent who
  // is shown a survey creates a display.
  const statements = { anonymous: displayStatement(db, names, false), withContact: displayStatement(db, names, true) }
  return {
    listByContact: (environmentId, contactId, page) => listDisplaysByContact(db, environmentId, contactId, page),
    async insertGuarded(input, guard) {
      const withContact = input.userId !== null && isStorable(input.userId)
      const responseGuard = input.responseGuard
      const query = statements[withContact ? 'withContact' : 'anonymous']({
        version: guard.version,
        accepting: guard.accepting,
        // As text: `pg` would format a Date in the process's time zone.
        createdAt: input.createdAt.toISOString(),
        environmentId: isStorable(input.environmentId) ? input.environmentId : null,
        surveyId: isStorable(input.surveyId) ? input.surveyId : null,
        newContactId: withContact ? input.newId() : null,
        userId: withContact ? input.userId : null,
        id: input.id,
        // An id Postgres cannot store names no response: refused below, never stored as null.
        responseStorable: input.responseId === null || isStorable(input.responseId),
        responseId: input.responseId !== null && isStorable(input.responseId) ? input.responseId : null,
        guarded: responseGuard !== undefined,
        guardContactId: responseGuard?.contactId ?? null,
      })
      const claimed = responseGuard !== undefined && input.responseId !== null && isStorable(input.responseId) ? input.responseId : null
      let row
      try {
        row =
          claimed === null
            ? (await db.executeQuery(query)).rows[0]
            : // The response's row lock comes first and the insert reads after it, in a statement of its own: a
              // concurrent claim of the same response waits here and then sees the display that won.
              await db.transaction().execute(async (trx) => {
                await trx.selectFrom('responses').select('id').where('id', '=', claimed).forUpdate().execute()
                return (await trx.executeQuery(query)).rows[0]
              })
      } catch (error) {
        // The survey was deleted while this statement ran: no survey, as the port reports it.
        if (isForeignKeyViolation(error)) return { ...NO_SURVEY }
        throw error
      }
      if (row?.created_id) return { outcome: 'written' }
      return {
        outcome: 'refused',
        environmentFound: row?.environment_found === true,
        surveyEnvironmentId: row?.survey_environment_id ?? null,
        surveyCurrent: row?.survey_current === true,
        responseFound: row?.response_found === true,
      }
    },

    async responseClaim(environmentId, responseId) {
      if (!isStorable(environmentId) || !isStorable(responseId)) return null
      const row = await db
        .selectFrom('responses as r')
        .leftJoin('contacts as c', 'c.id', 'r.contact_id')
        .where('r.id', '=', responseId)
        .where('r.environment_id', '=', environmentId)
        .select((eb) => [
          'r.survey_id',
          'r.contact_id',
          'c.user_id',
          'r.display_id',
          eb.exists(eb.selectFrom('displays as d').select('d.id').whereRef('d.response_id', '=', 'r.id')).as('named'),
        ])
        .executeTakeFirst()
      if (!row) return null
      return {
        surveyId: row.survey_id,
        contactId: row.contact_id,
        contactUserId: row.user_id,
        named: row.display_id !== null || Boolean(row.named),
      }
    },

    async responseOf(environmentId, displayId) {
      if (!isStorable(environmentId) || !isStorable(displayId)) return null
      const row = await db
        .selectFrom('displays as d')
        .where('d.id', '=', displayId)
        .where('d.environment_id', '=', environmentId)
        .select((eb) => [
          eb
            .selectFrom('responses as r')
            .whereRef('r.display_id', '=', 'd.id')
            .where('r.environment_id', '=', environmentId)
            .select('r.id')
            .orderBy('r.created_at')
            .limit(1)
            .as('display_response_id'),
          'd.response_id',
        ])
        .executeTakeFirst()
      if (!row) return null
      return { responseId: row.display_response_id ?? row.response_id ?? null }
    },
  }
}

/** What a display insert reports when its survey was deleted while the statement ran. */
const NO_SURVEY = {
  outcome: 'refused',
  environmentFound: true,
  surveyEnvironmentId: null,
  surveyCurrent: false,
  responseFound: false,
} as const

/** The create statement, as a function of its values; without a contact, `newContactId` goes unused and `userId` is null. */
function displayStatement(db: Kysely<Database>, names: SchemaNames, withContact: boolean) {
  const placeholders = slots([
    'version',
    'accepting',
    'createdAt',
    'environmentId',
    'surveyId',
    'newContactId',
    'userId',
    'id',
    'responseStorable',
    'responseId',
    'guarded',
    'guardContactId',
  ])
  const {
    version,
    accepting,
    createdAt,
    environmentId,
    surveyId,
    newContactId,
    userId,
    id,
    responseStorable,
    responseId,
    guarded,
    guardContactId,
  } = placeholders
  const now = sql<Date>`${createdAt}::timestamptz`
  const contactCte = withContact ? linkContactSql(names, newContactId, userId, now) : sql``
  const statement = sql<{
    environment_found: boolean
    survey_environment_id: string | null
    survey_current: boolean | null
    created_id: string | null
    response_found: boolean
  }>`
    with environment as (select id from ${names.ref('environments')} where id = ${environmentId}::text),
    survey as (
      select s.id, s.environment_id, s.xmin = ${version}::xid as current
      from ${names.ref('surveys')} s where s.id = ${surveyId}::text
    ),
    response as (
      select ${responseStorable}::boolean and (${responseId}::text is null or exists (
        select from ${names.ref('responses')} r where r.id = ${responseId}::text and r.survey_id = ${surveyId}::text
          and (not ${guarded}::boolean or case when ${guardContactId}::text is null
            then r.contact_id is null and r.display_id is null
              and not exists (select from ${names.ref('displays')} d where d.response_id = r.id)
            else r.contact_id = ${guardContactId}::text
              and exists (select from ${names.ref('contacts')} c where c.id = r.contact_id and c.user_id = ${userId}::text)
          end)
      )) as ok
    ),
    allowed as (
      select s.id, s.environment_id from survey s
      where s.environment_id = ${environmentId}::text and s.current and ${accepting}::boolean and (select ok from response)
    ),
    ${contactCte}
    inserted as (
      insert into ${names.ref('displays')} (id, survey_id, environment_id, contact_id, response_id, created_at, updated_at)
      select ${id}::text, allowed.id, allowed.environment_id, ${withContact ? sql<string>`contact.id` : sql<null>`null`},
        ${responseId}::text, ${now}, ${now}
      from allowed ${withContact ? sql`cross join contact` : sql``}
      returning id
    )
    select exists (select from environment) as environment_found,
      (select environment_id from survey) as survey_environment_id,
      (select current from survey) as survey_current,
      (select id from inserted) as created_id,
      exists (select from ${names.ref('responses')} r where r.id = ${responseId}::text and r.survey_id = ${surveyId}::text) as response_found`
  return precompiled(statement.compile(db), placeholders)
}
