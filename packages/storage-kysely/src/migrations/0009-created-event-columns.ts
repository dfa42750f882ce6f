import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * The event of a response create stores the response's columns as they are instead of its data built as
 * JSON, which the dispatcher builds from them when it turns the event into deliveries (`createdEventData` in
 * `created-event-data.ts`). Building the JSON was half of what the outbox cost a batch of creates. Adds the
 * columns, lets `data` be empty for such events (events written before keep theirs, and the dispatcher uses
 * it when present), makes sure no delivery goes out without data, and replaces the trigger functions.
 */
export function createdEventColumns(schema: string): Migration {
  return {
    async up(db) {
      await sql`alter table ${sql.table(`${schema}.webhook_events`)}
        alter column data drop not null,
        add column survey_id text,
        add column response_created_at timestamptz(3),
        add column finished boolean,
        add column answers jsonb,
        add column variables jsonb,
        add column ttc jsonb,
        add column meta jsonb,
        add column language text,
        add column single_use_id text,
        add column display_id text,
        add column ending_id text,
        add column person jsonb,
        add column person_attributes jsonb,
        add column survey_name text,
        add column survey_type text,
        add column survey_status text`.execute(db)
      // A dispatcher of an earlier Canvass, still running while instances are being upgraded, knows nothing of
      // these columns: it would turn such an event into deliveries whose `data` is null. With this check its
      // statement fails instead and changes nothing, and the event waits for a dispatcher that builds its data.
      // `not valid`: rows already there are not read; every new delivery is checked.
      await sql`alter table ${sql.table(`${schema}.webhook_deliveries`)}
        add constraint webhook_deliveries_payload_has_data check (jsonb_typeof(payload -> 'data') = 'object') not valid`.execute(db)
      await installOutbox(db, schema)
    },
  }
}

/**
 * Creates (or replaces) the outbox's trigger functions of this migration in `schema` and their triggers on
 * `schema.responses`, and the sequence behind event ids when it is missing. The functions name their tables
 * with the schema, so tables moved to another schema need them created anew there (`move-from-public.ts`).
 */
export async function installOutbox(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create sequence if not exists ${sql.id(schema, 'webhook_event_ids')} as bigint`.execute(db)
  await onInsert(schema).execute(db)
  await onUpdate(schema).execute(db)
  await bindTriggers(db, schema)
}

/**
 * The outbox trigger functions (docs/design.md, "Events and webhooks"). Events: an insert is `responseCreated` (and
 * `responseFinished` when finished); an update is `responseUpdated` (and `responseFinished` when it made the
 * response finished). Only writes of the response itself (which always set `updated_at`) are events: a
 * contact's deletion nulling `contact_id` is not. A webhook matches when it is in the response's
 * environment, not disabled, lists the event and has empty `survey_ids` or lists the survey: when nothing
 * matches, a statement costs one indexed lookup per environment, survey and set of events among its rows, and
 * nothing else. A matched row's event content is taken once, after the statement (so it sees the contact a
 * response create linked in the same statement). An update's event stores its data built: the response as the
 * API shows it plus `survey{id,name,type,status}`. A create's event stores the response's columns, its contact
 * and its survey's name, type and status as they are, and the dispatcher builds the same data from them
 * (`createdEventData`, whose list of fields is the update's below): creates are the hot path, and copying
 * values costs a batch of creates about half of what building their JSON did. Either way the data is fixed
 * when the response is written, and each delivery stores it as jsonb, whose text form is the same on every
 * read, inside its `{webhookId, event, data}`: every attempt sends the same bytes.
 *
 * Each changed row that some webhook wants becomes one event row: its content and, per event, the webhooks
 * that matched, found through the index of an environment's active webhooks. Matching runs once per
 * environment, survey and set of events among the statement's rows, not once per row. Most writes happen in
 * environments without an active webhook: the first probe of the index of active webhooks settles those.
 * Event ids are the time prefix of a message id and a number from `webhook_event_ids`.
 */
const onInsert = (
  schema: string,
): RawBuilder<unknown> => sql`create or replace function ${sql.id(schema, 'enqueue_webhook_deliveries_on_insert')}() returns trigger language plpgsql as $fn$
begin
  if not exists (
    select from ${sql.id(schema, 'webhooks')} w
    where w.disabled_at is null and w.environment_id in (select environment_id from changed)
  ) then
    return null;
  end if;

  with wanted as (
    select distinct r.environment_id, r.survey_id, case when r.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end as events from changed r
  ), matched as (
    select k.environment_id, k.survey_id, k.events, jsonb_object_agg(e.event, e.hooks) as hooks
    from wanted k
    cross join lateral (
      select ev.event, jsonb_agg(w.id order by w.id) as hooks
      from unnest(k.events) as ev(event)
      join ${sql.id(schema, 'webhooks')} w on w.environment_id = k.environment_id and w.disabled_at is null
        and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? k.survey_id)
      group by ev.event
    ) e
    group by k.environment_id, k.survey_id, k.events
  )
  insert into ${sql.id(schema, 'webhook_events')} (id, response_id, hooks, created_at, survey_id, response_created_at, finished, answers, variables, ttc, meta, language, single_use_id, display_id, ending_id, person, person_attributes, survey_name, survey_type, survey_status)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || lpad(to_hex(nextval('${sql.id(schema)}.webhook_event_ids')), 20, '0'), r.id, m.hooks, r.updated_at, r.survey_id, r.created_at, r.finished, r.data, r.variables, r.ttc, r.meta, r.language, r.single_use_id, r.display_id, r.ending_id, case when r.contact_id is null then null else (
        select jsonb_build_object(
          'id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
          'attributes', coalesce((
            select jsonb_object_agg(k.key, a.value)
            from ${sql.id(schema, 'contact_attributes')} a join ${sql.id(schema, 'contact_attribute_keys')} k on k.id = a.attribute_key_id
            where a.contact_id = c.id), '{}'::jsonb),
          'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from ${sql.id(schema, 'contacts')} c where c.id = r.contact_id) end, r.contact_attributes, s.name, s.type, case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end
  from changed r
  join matched m on m.environment_id = r.environment_id and m.survey_id = r.survey_id and m.events = case when r.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end
  join ${sql.id(schema, 'surveys')} s on s.id = r.survey_id;
  return null;
end
$fn$`

/** The function of the update trigger, as `onInsert` for an update's events, its data built with notes and tags. */
const onUpdate = (
  schema: string,
): RawBuilder<unknown> => sql`create or replace function ${sql.id(schema, 'enqueue_webhook_deliveries_on_update')}() returns trigger language plpgsql as $fn$
begin
  if not exists (
    select from ${sql.id(schema, 'webhooks')} w
    where w.disabled_at is null and w.environment_id in (select environment_id from changed)
  ) then
    return null;
  end if;

  with wanted as (
    select distinct r.environment_id, r.survey_id, case when r.finished and not o.finished then array['responseUpdated', 'responseFinished'] else array['responseUpdated'] end as events from changed r join previous o on o.id = r.id and o.updated_at is distinct from r.updated_at
  ), matched as (
    select k.environment_id, k.survey_id, k.events, jsonb_object_agg(e.event, e.hooks) as hooks
    from wanted k
    cross join lateral (
      select ev.event, jsonb_agg(w.id order by w.id) as hooks
      from unnest(k.events) as ev(event)
      join ${sql.id(schema, 'webhooks')} w on w.environment_id = k.environment_id and w.disabled_at is null
        and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? k.survey_id)
      group by ev.event
    ) e
    group by k.environment_id, k.survey_id, k.events
  )
  insert into ${sql.id(schema, 'webhook_events')} (id, response_id, hooks, created_at, data)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || lpad(to_hex(nextval('${sql.id(schema)}.webhook_event_ids')), 20, '0'), r.id, m.hooks, r.updated_at, jsonb_build_object(
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
      'person', case when r.contact_id is null then null else (
        select jsonb_build_object(
          'id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
          'attributes', coalesce((
            select jsonb_object_agg(k.key, a.value)
            from ${sql.id(schema, 'contact_attributes')} a join ${sql.id(schema, 'contact_attribute_keys')} k on k.id = a.attribute_key_id
            where a.contact_id = c.id), '{}'::jsonb),
          'createdAt', to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updatedAt', to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from ${sql.id(schema, 'contacts')} c where c.id = r.contact_id) end,
      'personAttributes', r.contact_attributes,
      'survey', jsonb_build_object('id', r.survey_id, 'name', s.name, 'type', s.type,
        'status', case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end))
  from changed r join previous o on o.id = r.id and o.updated_at is distinct from r.updated_at
  join matched m on m.environment_id = r.environment_id and m.survey_id = r.survey_id and m.events = case when r.finished and not o.finished then array['responseUpdated', 'responseFinished'] else array['responseUpdated'] end
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
