import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * What webhook delivery needs beyond the first migration's tables, added only (docs/design.md, "Data and ids"):
 * - `webhook_deliveries.attempt_log`: one entry per attempt (time, status, duration, error class; never the
 *   receiver's body), shown by `GET /webhooks/{id}/deliveries`;
 * - `webhook_deliveries.claim_token`: the claim that currently owns a delivery, so that a dispatcher whose
 *   lease ran out cannot record over the one that claimed it after;
 * - `webhook_deliveries.response_id`: the response the event is about, for operators (no foreign key: a
 *   deleted response's deliveries are still sent);
 * - no index on deliveries beyond the first migration's (`(status, next_attempt_at)` for the dispatcher's
 *   claim, `webhook_id` for a webhook's list): each index is paid for on every response write that matches;
 * - the outbox itself: triggers on `responses` that write one delivery per matching webhook in the same
 *   transaction as the response change, whichever statement made it (`onInsert`, `onUpdate`). Later
 *   migrations replace their functions (`0006-webhook-events` records events instead of deliveries).
 */
export function webhooks(schema: string): Migration {
  return {
    async up(db) {
      const deliveries = sql.table(`${schema}.webhook_deliveries`)
      await sql`alter table ${deliveries}
        add column attempt_log jsonb not null default '[]'::jsonb,
        add column claim_token text,
        add column response_id text`.execute(db)
      // Matching on the ingestion path: the webhooks of one environment that are not disabled.
      await sql`create index webhooks_environment_id_active_idx
        on ${sql.table(`${schema}.webhooks`)} (environment_id) where disabled_at is null`.execute(db)
      await onInsert(schema).execute(db)
      await onUpdate(schema).execute(db)
      const responses = sql.table(`${schema}.responses`)
      // Statement-level, with the statement's rows as a transition table: one set-based insert per
      // statement, so that a batch of creates pays for matching and payloads once, not once per row.
      await sql`create trigger enqueue_webhook_deliveries_on_insert after insert on ${responses}
        referencing new table as changed
        for each statement execute function ${sql.id(schema, 'enqueue_webhook_deliveries_on_insert')}()`.execute(db)
      await sql`create trigger enqueue_webhook_deliveries_on_update after update on ${responses}
        referencing old table as previous new table as changed
        for each statement execute function ${sql.id(schema, 'enqueue_webhook_deliveries_on_update')}()`.execute(db)
    },
  }
}

/**
 * The outbox trigger functions (docs/design.md, "Events and webhooks"). Events: an insert is `responseCreated` (and
 * `responseFinished` when finished); an update is `responseUpdated` (and `responseFinished` when it made the
 * response finished). Only writes of the response itself (which always set `updated_at`) are events: a
 * contact's deletion nulling `contact_id` is not. A webhook matches when it is in the response's
 * environment, not disabled, lists the event and has empty `survey_ids` or lists the survey: one indexed
 * lookup per changed row when nothing matches, and nothing else. Each matched row's payload is built once,
 * after the statement (so it sees the contact a response create linked in the same statement):
 * `{webhookId, event, data}`, `data` the response as the API shows it plus `survey{id,name,type,status}`.
 * Stored as jsonb, whose text form is the same on every read: every attempt sends the same bytes. Notes and
 * tags point at a response, so a response being inserted has none yet.
 */
const onInsert = (
  schema: string,
): RawBuilder<unknown> => sql`create function ${sql.id(schema, 'enqueue_webhook_deliveries_on_insert')}() returns trigger language plpgsql as $fn$
begin

  with bodies as materialized (
    select r.id, r.environment_id, r.survey_id, r.updated_at, e.events, jsonb_build_object(
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
        end)) as body
    from changed r
    cross join lateral (select case when r.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end as events) e
    join ${sql.id(schema, 'surveys')} s on s.id = r.survey_id
    where exists (
      select from ${sql.id(schema, 'webhooks')} w
      where w.environment_id = r.environment_id and w.disabled_at is null
        and w.triggers ?| e.events and (w.survey_ids = '[]'::jsonb or w.survey_ids ? r.survey_id))
  )
  insert into ${sql.id(schema, 'webhook_deliveries')}
    (id, webhook_id, event, payload, response_id, created_at, updated_at, next_attempt_at)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), w.id, ev.event,
    jsonb_build_object('webhookId', w.id, 'event', ev.event, 'data', b.body),
    b.id, b.updated_at, b.updated_at, b.updated_at
  from bodies b
  cross join lateral unnest(b.events) as ev(event)
  join ${sql.id(schema, 'webhooks')} w on w.environment_id = b.environment_id and w.disabled_at is null
    and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? b.survey_id);
  return null;
end
$fn$`

/** The function of the update trigger, as `onInsert` for an update's events. */
const onUpdate = (
  schema: string,
): RawBuilder<unknown> => sql`create function ${sql.id(schema, 'enqueue_webhook_deliveries_on_update')}() returns trigger language plpgsql as $fn$
begin

  with bodies as materialized (
    select r.id, r.environment_id, r.survey_id, r.updated_at, e.events, jsonb_build_object(
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
        end)) as body
    from changed r join previous o on o.id = r.id and o.updated_at is distinct from r.updated_at
    cross join lateral (select case when r.finished and not o.finished then array['responseUpdated', 'responseFinished'] else array['responseUpdated'] end as events) e
    join ${sql.id(schema, 'surveys')} s on s.id = r.survey_id
    where exists (
      select from ${sql.id(schema, 'webhooks')} w
      where w.environment_id = r.environment_id and w.disabled_at is null
        and w.triggers ?| e.events and (w.survey_ids = '[]'::jsonb or w.survey_ids ? r.survey_id))
  )
  insert into ${sql.id(schema, 'webhook_deliveries')}
    (id, webhook_id, event, payload, response_id, created_at, updated_at, next_attempt_at)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), w.id, ev.event,
    jsonb_build_object('webhookId', w.id, 'event', ev.event, 'data', b.body),
    b.id, b.updated_at, b.updated_at, b.updated_at
  from bodies b
  cross join lateral unnest(b.events) as ev(event)
  join ${sql.id(schema, 'webhooks')} w on w.environment_id = b.environment_id and w.disabled_at is null
    and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? b.survey_id);
  return null;
end
$fn$`
