import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import { notesJson, personJson, tagsJson } from '../responses/response-columns'
import type { SchemaNames } from '../postgres/schema-names'

/**
 * The columns a statement's CTE of written responses returns for `responseEventsSql`: the row as written
 * (an insert's or update's `returning`).
 */
export const WRITTEN_COLUMNS = sql`id, environment_id, survey_id, created_at, updated_at, finished, data, variables, ttc, meta,
  language, single_use_id, display_id, ending_id, contact_id, contact_attributes`

/** How `responseEventsSql` reads the rows a statement wrote. */
export interface WrittenResponses {
  /** The CTE of the written rows (`WRITTEN_COLUMNS`), by name (a constant of this package, never input). */
  rows: string
  /**
   * `create`: each row is `responseCreated`, and `responseFinished` when finished. `update`: `responseUpdated`,
   * and `responseFinished` when it became finished; the CTE then also returns `was_finished`, whether the row
   * was finished before the update.
   */
  kind: 'create' | 'update'
  /**
   * Where the rows' contacts are: the table (the default), the CTE that linked the contact in the same
   * statement (whose row the table does not show that statement), or `none` for rows written without a contact.
   */
  contacts?: RawBuilder<unknown> | 'none'
}

/**
 * The body of a CTE (`events as (…)`) that records the webhook events of the responses a statement
 * writes, in that statement: each written row whose environment has a webhook that is not disabled becomes one
 * row of `webhook_events`, holding what the dispatcher builds the event's data from (the response as written,
 * its person, notes and tags, its survey's name, type, status, schedule and own dates) and, in `hooks`, what
 * core matches when it makes the event into deliveries (`expandEvents`, `eventDeliveries`): the write's kind,
 * whether an update's row was finished before, and the environment's active webhooks as they are now (id,
 * triggers, survey ids). Nothing is matched here:
 * one probe of the index of an environment's active webhooks per row, which for the many environments without
 * one settles it. Event ids are the time prefix of a message id and a number from `webhook_event_ids`, so the
 * queue grows at the end of its primary key.
 */
export function responseEventsSql(names: SchemaNames, written: WrittenResponses): RawBuilder<unknown> {
  // What core's matching reads at `expandEvents`: the write's kind, and whether an update's row was finished before.
  const wasFinished = written.kind === 'create' ? sql`false` : sql`responses.was_finished`
  // The person, notes and tags are read like a response read reads them, from the row aliased `responses`.
  const person = written.contacts === 'none' ? sql`null::json` : personJson(names, sql.ref('responses.contact_id'), written.contacts)
  const created = written.kind === 'create'
  return sql`insert into ${names.ref('webhook_events')} (id, response_id, hooks, created_at, survey_id, response_created_at, finished,
      answers, variables, ttc, meta, language, single_use_id, display_id, ending_id, person, person_attributes, notes, tags,
      survey_name, survey_type, survey_status, survey_run_on_date, survey_close_on_date, survey_created_at, survey_updated_at)
    select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
        || lpad(to_hex(nextval('${sql.id(names.schema)}.webhook_event_ids')), 20, '0'),
      responses.id, m.hooks, responses.updated_at, responses.survey_id, responses.created_at, responses.finished,
      responses.data, responses.variables, responses.ttc, responses.meta, responses.language, responses.single_use_id,
      responses.display_id, responses.ending_id, ${person}, responses.contact_attributes,
      ${created ? sql`'[]'::jsonb` : notesJson()}, ${created ? sql`'[]'::jsonb` : tagsJson()},
      s.name, s.type, s.status, s.run_on_date, s.close_on_date, s.created_at, s.updated_at
    from ${sql.raw(written.rows)} as responses
    cross join lateral (
      select jsonb_build_object('write', ${sql.lit(written.kind)}, 'wasFinished', ${wasFinished}, 'webhooks',
          jsonb_agg(jsonb_build_object('id', w.id, 'triggers', w.triggers, 'surveyIds', w.survey_ids) order by w.id)) as hooks
      from ${names.ref('webhooks')} w
      where w.environment_id = responses.environment_id and w.disabled_at is null
      having count(*) > 0
    ) m
    join ${names.ref('surveys')} s on s.id = responses.survey_id
    where m.hooks is not null`
}
