import { sql } from 'kysely'
import type { Kysely, RawBuilder } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * Cheaper outbox trigger functions. A statement whose environments have no active webhook stops
 * after one index probe. Otherwise a statement's changed rows are matched against webhooks once
 * per environment, survey and set of events, rather than once per row (a batch of creates for one survey
 * looks its webhooks up once), and a response without a contact skips the contact lookup of its payload.
 * Same events, same rows written; only the functions are replaced.
 */
export function outboxMatching(schema: string): Migration {
  return {
    async up(db) {
      await onInsert(schema).execute(db)
      await onUpdate(schema).execute(db)
      await bindTriggers(db, schema)
    },
  }
}

/**
 * The outbox trigger functions (docs/design.md, "Events and webhooks"), matching once per environment, survey and set of events
 * among a statement's rows (see the migration). Setting up the matching query costs a single-row write about
 * 0.1 ms even when it finds nothing: the probe of the index of active webhooks first costs a tenth of that
 * and settles the writes of environments without one.
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
      -- Most responses have no contact: no subquery for them.
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
      'survey', jsonb_build_object('id', s.id, 'name', s.name, 'type', s.type, 'status',
        case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end)), r.updated_at
  from changed r
  join matched m on m.environment_id = r.environment_id and m.survey_id = r.survey_id and m.events = case when r.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end
  join ${sql.id(schema, 'surveys')} s on s.id = r.survey_id;
  return null;
end
$fn$`

/** The function of the update trigger, as `onInsert` for an update's events. */
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
      -- Most responses have no contact: no subquery for them.
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
      'survey', jsonb_build_object('id', s.id, 'name', s.name, 'type', s.type, 'status',
        case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end)), r.updated_at
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
