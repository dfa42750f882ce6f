import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The outbox as events: a response change that webhooks want is written as one `webhook_events` row (its
 * data and, per event, the ids of the webhooks that matched), in the same transaction as the change; the
 * dispatcher turns each event into one delivery per webhook in a transaction of its own. Writing a delivery
 * per webhook on the ingestion path cost a third of the create rate with three webhooks (each delivery row
 * with its payload, three indexes and a foreign-key check that locks the webhook row); one narrow row per
 * change costs the same for one webhook or ten. A new table, nothing removed (docs/design.md, "Data and ids": migrations only
 * add): the table has only its primary key, so each event pays for one index entry. Replaces the trigger
 * functions.
 */
export function webhookEvents(schema: string): Migration {
  return {
    async up(db) {
      await sql`create table ${sql.table(`${schema}.webhook_events`)} (
        id text primary key,
        response_id text not null,
        hooks jsonb not null,
        data jsonb not null,
        created_at timestamptz(3) not null
      ) with (
        -- A queue: rows live for milliseconds, and the dispatcher reads it from the head of its primary key,
        -- past every deleted row that vacuum has not yet removed. Vacuum it after every thousand, at full speed.
        autovacuum_vacuum_scale_factor = 0,
        autovacuum_vacuum_threshold = 1000,
        autovacuum_vacuum_cost_delay = 0
      )`.execute(db)
      await onInsert(schema).execute(db)
      await onUpdate(schema).execute(db)
      await bindTriggers(db, schema)
    },
  }
}

/**
 * The outbox trigger functions (docs/design.md, "Events and webhooks"), as events. Events: an insert is `responseCreated` (and
 * `responseFinished` when finished); an update is `responseUpdated` (and `responseFinished` when it made the
 * response finished). Only writes of the response itself (which always set `updated_at`) are events: a
 * contact's deletion nulling `contact_id` is not. A webhook matches when it is in the response's
 * environment, not disabled, lists the event and has empty `survey_ids` or lists the survey: one indexed
 * lookup per changed row when nothing matches, and nothing else. A matched row's event data is built once,
 * after the statement (so it sees the contact a response create linked in the same statement): the response
 * as the API shows it plus `survey{id,name,type,status}`, stored as jsonb. Each changed row that some webhook
 * wants becomes one event row with, per event, the webhooks that matched; the dispatcher fans it out.
 */
const onInsert = (
  schema: string,
): RawBuilder<unknown> => sql`create or replace function ${sql.id(schema, 'enqueue_webhook_deliveries_on_insert')}() returns trigger language plpgsql as $fn$
begin

  with matched as (
    select p.id, jsonb_object_agg(p.event, p.hooks) as hooks
    from (
      select r.id, ev.event, jsonb_agg(w.id order by w.id) as hooks
      from changed r
      cross join lateral unnest(case when r.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end) as ev(event)
      join ${sql.id(schema, 'webhooks')} w on w.environment_id = r.environment_id and w.disabled_at is null
        and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? r.survey_id)
      group by r.id, ev.event
    ) p
    group by p.id
  )
  insert into ${sql.id(schema, 'webhook_events')} (id, response_id, hooks, data, created_at)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), r.id, m.hooks, jsonb_build_object(
      'id', r.id,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'surveyId', r.survey_id,
      'finished', r.finished,
      'data', r.data,
      'variables', r.variables,
      'ttc', r.ttc,
      'meta', r.meta,
      'language', r.language,
      'singleUseId', r.single_use_id,
      'displayId', r.display_id,
      'endingId', r.ending_id,
      'notes', '[]'::jsonb,
      'tags', '[]'::jsonb,
      'person', (
        select jsonb_build_object(
          'id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
          'attributes', coalesce((
            select jsonb_object_agg(k.key, a.value)
            from ${sql.id(schema, 'contact_attributes')} a join ${sql.id(schema, 'contact_attribute_keys')} k on k.id = a.attribute_key_id
            where a.contact_id = c.id), '{}'::jsonb),
          'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from ${sql.id(schema, 'contacts')} c where c.id = r.contact_id),
      'personAttributes', r.contact_attributes,
      'survey', jsonb_build_object('id', s.id, 'name', s.name, 'type', s.type, 'status',
        case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end)), r.updated_at
  from changed r
  join matched m on m.id = r.id
  join ${sql.id(schema, 'surveys')} s on s.id = r.survey_id;
  return null;
end
$fn$`

/** The function of the update trigger, as `onInsert` for an update's events. */
const onUpdate = (
  schema: string,
): RawBuilder<unknown> => sql`create or replace function ${sql.id(schema, 'enqueue_webhook_deliveries_on_update')}() returns trigger language plpgsql as $fn$
begin

  with matched as (
    select p.id, jsonb_object_agg(p.event, p.hooks) as hooks
    from (
      select r.id, ev.event, jsonb_agg(w.id order by w.id) as hooks
      from changed r join previous o on o.id = r.id and o.updated_at is distinct from r.updated_at
      cross join lateral unnest(case when r.finished and not o.finished then array['responseUpdated', 'responseFinished'] else array['responseUpdated'] end) as ev(event)
      join ${sql.id(schema, 'webhooks')} w on w.environment_id = r.environment_id and w.disabled_at is null
        and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? r.survey_id)
      group by r.id, ev.event
    ) p
    group by p.id
  )
  insert into ${sql.id(schema, 'webhook_events')} (id, response_id, hooks, data, created_at)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), r.id, m.hooks, jsonb_build_object(
      'id', r.id,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'surveyId', r.survey_id,
      'finished', r.finished,
      'data', r.data,
      'variables', r.variables,
      'ttc', r.ttc,
      'meta', r.meta,
      'language', r.language,
      'singleUseId', r.single_use_id,
      'displayId', r.display_id,
      'endingId', r.ending_id,
      'notes', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', n.id, 'createdAt', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(n.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'text', n.text,
          'isResolved', n.is_resolved, 'isEdited', n.is_edited,
          'user', case when n.user_id is null then null else jsonb_build_object('id', n.user_id, 'name', n.user_name) end
        ) order by n.created_at, n.id)
        from ${sql.id(schema, 'response_notes')} n where n.response_id = r.id), '[]'::jsonb),
      'tags', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', tg.id, 'createdAt', to_char(tg.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(tg.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'name', tg.name,
          'environmentId', tg.environment_id
        ) order by tg.name, tg.id)
        from ${sql.id(schema, 'response_tags')} rt join ${sql.id(schema, 'tags')} tg on tg.id = rt.tag_id where rt.response_id = r.id), '[]'::jsonb),
      'person', (
        select jsonb_build_object(
          'id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
          'attributes', coalesce((
            select jsonb_object_agg(k.key, a.value)
            from ${sql.id(schema, 'contact_attributes')} a join ${sql.id(schema, 'contact_attribute_keys')} k on k.id = a.attribute_key_id
            where a.contact_id = c.id), '{}'::jsonb),
          'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from ${sql.id(schema, 'contacts')} c where c.id = r.contact_id),
      'personAttributes', r.contact_attributes,
      'survey', jsonb_build_object('id', s.id, 'name', s.name, 'type', s.type, 'status',
        case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end)), r.updated_at
  from changed r join previous o on o.id = r.id and o.updated_at is distinct from r.updated_at
  join matched m on m.id = r.id
  join ${sql.id(schema, 'surveys')} s on s.id = r.survey_id;
  return null;
end
$fn$`

/**
 * The two statement-level triggers on `responses`, made anew so that they call the functions of `schema` (a
 * database whose tables were moved out of `public` by an earlier Canvass still called those left there).
 */
async function bindTriggers(db: Kysely<any>, schema: string): Promise<void> {
  const responses = sql.table(`${schema}.responses`)
  await sql`drop trigger if exists enqueue_webhook_deliveries_on_insert on ${responses}`.execute(db)
  await sql`drop trigger if exists enqueue_webhook_deliveries_on_update on ${responses}`.execute(db)
  // Statement-level, with the statement's rows as a transition table: one set-based insert per
  // statement, so that a batch of creates pays for matching and payloads once, not once per row.
  await sql`create trigger enqueue_webhook_deliveries_on_insert after insert on ${responses}
    referencing new table as changed
    for each statement execute function ${sql.id(schema, 'enqueue_webhook_deliveries_on_insert')}()`.execute(db)
  await sql`create trigger enqueue_webhook_deliveries_on_update after update on ${responses}
    referencing old table as previous new table as changed
    for each statement execute function ${sql.id(schema, 'enqueue_webhook_deliveries_on_update')}()`.execute(db)
}
