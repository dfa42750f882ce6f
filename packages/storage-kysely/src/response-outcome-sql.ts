import type { CreateResponseCheck, CreateResponseResult } from '@canvass/core'
import { sql } from 'kysely'
import type { CompiledQuery, Kysely } from 'kysely'
import { answerOffScaleSql } from './answer-scales-sql'
import { completeSurveySql } from './complete-survey-sql'
import { contactAttributesJson } from './contact-attributes-json'
import type { Database } from './database'
import { effectiveStatusSql } from './effective-status-sql'
import { hasQuotasSql } from './has-quotas-sql'
import { linkContactSql } from './link-contact-sql'
import { precompiled } from './precompiled'
import type { Precompiled } from './precompiled'
import { WRITTEN_COLUMNS, responseEventsSql } from './response-events-sql'
import { RESPONSE_SLOTS } from './response-values'
import type { ResponseValues } from './response-values'
import type { SchemaNames } from './schema-names'

/** What decides the text of the outcome statement; everything else is a value. */
export interface OutcomeShape {
  checkEnvironment: boolean
  requireAccepting: boolean
  withContact: boolean
  /** A finished response written only if the survey has no `auto_complete`, without the survey's lock. */
  unlocked: boolean
  /** A finished response under the survey's lock, which may complete the survey. */
  completes: boolean
}

/** What an outcome statement's row says. */
export interface OutcomeRow {
  environment_found: boolean
  survey_environment_id: string | null
  created_id: string | null
  display_found: boolean
  /** False when the display was made for a contact and this response is not that contact's. */
  display_contact_ok: boolean
  /** The first answer off its question's scale, as `{questionId, min, max}`, or null. */
  off_scale: { questionId: string; min: number; max: number } | null
  auto_complete_set: boolean | null
  pin_set: boolean | null
  survey_accepting: boolean | null
  has_quotas: boolean
}

export type OutcomeStatements = (shape: OutcomeShape, values: ResponseValues) => CompiledQuery<OutcomeRow>

/**
 * The outcome statements, for a `userId` or after a refusal: each links the contact, inserts when allowed, and
 * always reports enough to name the outcome. Every shape a create can take (24: a finished response is either
 * unlocked or completes, never both) is built and compiled when the storage is made: a respondent with a
 * `userId` takes this path on every submit.
 */
export function outcomeStatements(db: Kysely<Database>, names: SchemaNames): OutcomeStatements {
  const built = new Map<string, Precompiled<OutcomeRow, keyof typeof RESPONSE_SLOTS>>()
  for (const checkEnvironment of [false, true]) {
    for (const requireAccepting of [false, true]) {
      for (const withContact of [false, true]) {
        for (const [unlocked, completes] of [
          [false, false],
          [true, false],
          [false, true],
        ] as const) {
          const shape = { checkEnvironment, requireAccepting, withContact, unlocked, completes }
          built.set(shapeKey(shape), precompiled(outcomeStatement(names, shape).compile(db), RESPONSE_SLOTS))
        }
      }
    }
  }
  return (shape, values) => {
    const make = built.get(shapeKey(shape))
    if (make === undefined) throw new Error(`no outcome statement for the shape ${shapeKey(shape)}`)
    return make(values)
  }
}

/** What an outcome statement's row says happened. */
export function outcomeOfRow(row: OutcomeRow | undefined, check: CreateResponseCheck): CreateResponseResult {
  if (row?.created_id) return created(row.created_id, row.has_quotas)
  if (check.checkEnvironment && !row?.environment_found) return { outcome: 'environment_not_found' }
  if (!row?.survey_environment_id) return { outcome: 'survey_not_found' }
  if (row.survey_environment_id !== check.environmentId) return { outcome: 'survey_in_other_environment' }
  if (!row.display_found) return { outcome: 'display_not_found' }
  if (!row.display_contact_ok) return { outcome: 'display_of_other_contact' }
  // The survey's status before its PIN, as the reference checks them.
  const statusOk = row.survey_accepting || !check.requireAccepting
  if (row.pin_set && !check.pinProven && statusOk) return { outcome: 'pin_required' }
  if (row.off_scale && statusOk) return { outcome: 'answer_out_of_range', ...row.off_scale }
  return { outcome: 'survey_not_accepting' }
}

/** A create's result, with `hasQuotas` only when the survey has quotas (as the port asks). */
export const created = (id: string, hasQuotas: boolean): CreateResponseResult =>
  hasQuotas ? { outcome: 'created', id, hasQuotas } : { outcome: 'created', id }

const shapeKey = (shape: OutcomeShape): string =>
  `${+shape.checkEnvironment}${+shape.requireAccepting}${+shape.withContact}${+shape.unlocked}${+shape.completes}`

/**
 * The outcome statement of one shape:
 *
 * - `environment` (only when `checkEnvironment`) and `survey` read what decides the outcome; `allowed` keeps
 *   the survey only if it belongs to the environment and, when `requireAccepting`, its effective status
 *   accepts submissions, the display (if any) is the survey's and of no other contact, and every number
 *   answered to a scale question is on its scale (`answer-scales-sql.ts`; read only when `data` holds one);
 * - with a contact, `contact` upserts it from `allowed` (so never for a refused response);
 * - `inserted` inserts the response from `allowed`, with the contact's attributes as they were before;
 * - `completed` (only when `completes`) completes an `auto_complete` survey this response fills.
 */
function outcomeStatement(names: SchemaNames, shape: OutcomeShape) {
  const slot = RESPONSE_SLOTS
  // The time of the check is the response's own timestamp, core's clock, as for updates.
  const now = sql`${slot.createdAt}::timestamptz`
  const environmentCte = shape.checkEnvironment
    ? sql`environment as (select id from ${names.ref('environments')} where id = ${slot.environmentId}::text),`
    : sql``
  const accepting = shape.requireAccepting ? sql`and s.status in ('draft', 'inProgress')` : sql``
  const contactCte = shape.withContact ? linkContactSql(names, slot.newContactId, slot.userId, now) : sql``
  return sql<OutcomeRow>`
    with ${environmentCte}
    clock as (select ${now} as now),
    answers as (select ${slot.data}::jsonb as data),
    survey as (
      select s.id, s.environment_id, s.auto_complete, s.pin is not null as pin_set,
        ${effectiveStatusSql('s', sql.ref('clock.now'))} as status,
        case when ${slot.numbers}::boolean then ${answerOffScaleSql(sql.ref('s.questions'), sql`(select data from answers)`)} end as off_scale
      from ${names.ref('surveys')} s cross join clock where s.id = ${slot.surveyId}::text
    ),
    display as (
      select ${slot.displayStorable}::boolean and (${slot.displayId}::text is null or exists (
        select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.survey_id = ${slot.surveyId}::text
      )) as ok,
      not exists (
        select from ${names.ref('displays')} d where d.id = ${slot.displayId}::text and d.contact_id is not null
          ${
            shape.withContact
              ? sql`and not exists (
                  select from ${names.ref('contacts')} c
                  where c.id = d.contact_id and c.environment_id = ${slot.environmentId}::text and c.user_id = ${slot.userId}::text
                )`
              : sql``
          }
      ) as contact_ok
    ),
    allowed as (
      select s.id, s.environment_id from survey s where s.environment_id = ${slot.environmentId}::text ${accepting}
        and (select ok and contact_ok from display) ${shape.unlocked ? sql`and s.auto_complete is null` : sql``}
        and (not s.pin_set or ${slot.pinProven}::boolean)
        and s.off_scale is null
    ),
    ${contactCte}
    inserted as (
      insert into ${names.ref('responses')} (
        id, created_at, updated_at, survey_id, environment_id, finished, data, meta, ttc, variables,
        language, single_use_id, display_id, ending_id, contact_id, contact_attributes
      )
      select
        ${slot.id}::text, ${now}, ${slot.updatedAt}::timestamptz, allowed.id, allowed.environment_id, ${slot.finished}::boolean,
        (select data from answers), ${slot.meta}::jsonb, ${slot.ttc}::jsonb, ${slot.variables}::jsonb,
        ${slot.language}::text, ${slot.singleUseId}::text, ${slot.displayId}::text, ${slot.endingId}::text,
        ${shape.withContact ? sql`contact.id, ${contactAttributesJson(names, sql.ref('contact.id'))}` : sql`null, null`}
      from allowed ${shape.withContact ? sql`cross join contact` : sql``}
      returning ${WRITTEN_COLUMNS}
    ),
    events as (${responseEventsSql(names, { rows: 'inserted', kind: 'create', ...(shape.withContact ? { contacts: sql.raw('contact') } : {}) })})
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
      (select contact_ok from display) as display_contact_ok,
      (select off_scale from survey) as off_scale,
      (select auto_complete is not null from survey) as auto_complete_set,
      (select pin_set from survey) as pin_set,
      (select status in ('draft', 'inProgress') from survey) as survey_accepting,
      ${hasQuotasSql(names, sql`(select id from allowed)`)} as has_quotas
  `
}
