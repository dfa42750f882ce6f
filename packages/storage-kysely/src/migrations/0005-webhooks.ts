import { sql } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * What webhook delivery needs beyond the first migration's tables, added only (contract §1):
 * - `webhook_deliveries.attempt_log`: one entry per attempt (time, status, duration, error class; never the
 *   receiver's body), shown by `GET /webhooks/{id}/deliveries`;
 * - `webhook_deliveries.claim_token`: the claim that currently owns a delivery, so that a dispatcher whose
 *   lease ran out cannot record over the one that claimed it after;
 * - `webhook_deliveries.response_id`: the response the event is about, for operators (no foreign key: a
 *   deleted response's deliveries are still sent);
 * - no index on deliveries beyond the first migration's (`(status, next_attempt_at)` for the dispatcher's
 *   claim, `webhook_id` for a webhook's list): each index is paid for on every response write that matches;
 * - the outbox itself: triggers on `responses` that write one delivery per matching webhook in the same
 *   transaction as the response change, whichever statement made it (see `enqueueSql`).
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
      await sql.raw(enqueueSql(schema)).execute(db)
      const responses = sql.table(`${schema}.responses`)
      const fn = sql.raw(`"${schema}".enqueue_webhook_deliveries()`)
      await sql`create trigger enqueue_webhook_deliveries_on_insert after insert on ${responses}
        for each row execute function ${fn}`.execute(db)
      // Only writes of the response itself (which always set updated_at) are events: a contact's deletion
      // nulling `contact_id` is not.
      await sql`create trigger enqueue_webhook_deliveries_on_update after update on ${responses}
        for each row when (old.updated_at is distinct from new.updated_at) execute function ${fn}`.execute(db)
    },
  }
}

/**
 * The outbox trigger function (contract §6, §7). Events: an insert is `responseCreated` (and
 * `responseFinished` when finished); an update is `responseUpdated` (and `responseFinished` when it made the
 * response finished). A webhook matches when it is in the response's environment, not disabled, lists the
 * event and has empty `survey_ids` or lists the survey: one indexed lookup when nothing matches. The payload
 * is built once per row, after the statement (an AFTER trigger sees the contact a response create linked in
 * the same statement): `{webhookId, event, data}`, `data` the response as the API shows it plus
 * `survey{id,name,type,status}`. Stored as jsonb, whose text form is the same on every read: every attempt
 * sends the same bytes.
 */
function enqueueSql(schema: string): string {
  const t = (name: string) => `"${schema}"."${name}"`
  const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  return `
create function "${schema}".enqueue_webhook_deliveries() returns trigger language plpgsql as $fn$
declare
  events text[];
  body jsonb;
begin
  if tg_op = 'INSERT' then
    events := case when new.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end;
  else
    events := case when new.finished and not old.finished then array['responseUpdated', 'responseFinished'] else array['responseUpdated'] end;
  end if;
  perform from ${t('webhooks')} w
    where w.environment_id = new.environment_id and w.disabled_at is null
      and w.triggers ?| events and (w.survey_ids = '[]'::jsonb or w.survey_ids ? new.survey_id)
    limit 1;
  if not found then
    return null;
  end if;
  select jsonb_build_object(
      'id', new.id,
      'createdAt', ${iso('new.created_at')},
      'updatedAt', ${iso('new.updated_at')},
      'surveyId', new.survey_id,
      'finished', new.finished,
      'data', new.data,
      'variables', new.variables,
      'ttc', new.ttc,
      'meta', new.meta,
      'language', new.language,
      'singleUseId', new.single_use_id,
      'displayId', new.display_id,
      'endingId', new.ending_id,
      'notes', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', n.id, 'createdAt', ${iso('n.created_at')}, 'updatedAt', ${iso('n.updated_at')}, 'text', n.text,
          'isResolved', n.is_resolved, 'isEdited', n.is_edited,
          'user', case when n.user_id is null then null else jsonb_build_object('id', n.user_id, 'name', n.user_name) end
        ) order by n.created_at, n.id)
        from ${t('response_notes')} n where n.response_id = new.id), '[]'::jsonb),
      'tags', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', tg.id, 'createdAt', ${iso('tg.created_at')}, 'updatedAt', ${iso('tg.updated_at')}, 'name', tg.name,
          'environmentId', tg.environment_id
        ) order by tg.name, tg.id)
        from ${t('response_tags')} rt join ${t('tags')} tg on tg.id = rt.tag_id where rt.response_id = new.id), '[]'::jsonb),
      'person', (
        select jsonb_build_object(
          'id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
          'attributes', coalesce((
            select jsonb_object_agg(k.key, a.value)
            from ${t('contact_attributes')} a join ${t('contact_attribute_keys')} k on k.id = a.attribute_key_id
            where a.contact_id = c.id), '{}'::jsonb),
          'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')})
        from ${t('contacts')} c where c.id = new.contact_id),
      'personAttributes', new.contact_attributes,
      'survey', jsonb_build_object('id', s.id, 'name', s.name, 'type', s.type, 'status',
        case
          when s.status = 'scheduled' and s.run_on_date <= new.updated_at
            then case when s.close_on_date <= new.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= new.updated_at then 'completed'
          else s.status
        end))
    into body
    from ${t('surveys')} s where s.id = new.survey_id;
  insert into ${t('webhook_deliveries')}
    (id, webhook_id, event, payload, response_id, created_at, updated_at, next_attempt_at)
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select 'msg_' || lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20), w.id, e.event,
    jsonb_build_object('webhookId', w.id, 'event', e.event, 'data', body),
    new.id, new.updated_at, new.updated_at, new.updated_at
  from ${t('webhooks')} w cross join unnest(events) as e(event)
  where w.environment_id = new.environment_id and w.disabled_at is null
    and w.triggers ? e.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? new.survey_id);
  return null;
end
$fn$`
}
