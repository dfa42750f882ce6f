import { sql } from 'kysely'
import type { Kysely } from 'kysely'

/**
 * The start of every message id made at the time `timestamp` (SQL): `msg_` and the time in milliseconds as 12
 * hex digits, so that ids sort by creation and a range of them is a range of time.
 */
export const messageIdPrefix = (timestamp: string): string =>
  `'msg_' || lpad(to_hex((extract(epoch from ${timestamp}) * 1000)::bigint), 12, '0')`

/**
 * A Standard Webhooks message id made in SQL: its time prefix (a primary key of such ids grows at its end)
 * and 20 random hex digits.
 */
export const MESSAGE_ID = `${messageIdPrefix('clock_timestamp()')}
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`

/**
 * The id of an event row, made in SQL (`schema` is a checked plain identifier): the time prefix of a message
 * id, then a number from the sequence `webhook_event_ids` as 20 hex digits. Event ids only order and key the
 * queue (every delivery gets a random `MESSAGE_ID` of its own when an event is expanded), so they need to be
 * unique, not unguessable: a sequence number is, and costs a write a fraction of what `gen_random_uuid()`
 * does, for every response a webhook wants.
 */
const eventId = (schema: string): string =>
  `${messageIdPrefix('clock_timestamp()')} || lpad(to_hex(nextval('"${schema}".webhook_event_ids')), 20, '0')`

/** A `timestamptz` column (SQL) as the API writes times: ISO 8601 in UTC with milliseconds. */
const iso = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Where each field of an event's `data` comes from: an SQL expression per field. */
interface DataSource {
  id: string
  /** `timestamptz` expressions, written as the API writes times. */
  createdAt: string
  updatedAt: string
  surveyId: string
  finished: string
  data: string
  variables: string
  ttc: string
  meta: string
  language: string
  singleUseId: string
  displayId: string
  endingId: string
  notes: string
  tags: string
  person: string
  personAttributes: string
  surveyName: string
  surveyType: string
  surveyStatus: string
}

/**
 * An event's `data` (SQL): the response as the API shows it plus `survey{id,name,type,status}`. The one list
 * of its fields, whether the update trigger builds it from the response or the dispatcher from a create's
 * event row, so the two cannot drift apart.
 */
const responseData = (from: DataSource): string => `jsonb_build_object(
      'id', ${from.id},
      'createdAt', ${iso(from.createdAt)},
      'updatedAt', ${iso(from.updatedAt)},
      'surveyId', ${from.surveyId},
      'finished', ${from.finished},
      'data', ${from.data},
      'variables', ${from.variables},
      'ttc', ${from.ttc},
      'meta', ${from.meta},
      'language', ${from.language},
      'singleUseId', ${from.singleUseId},
      'displayId', ${from.displayId},
      'endingId', ${from.endingId},
      'notes', ${from.notes},
      'tags', ${from.tags},
      'person', ${from.person},
      'personAttributes', ${from.personAttributes},
      'survey', jsonb_build_object('id', ${from.surveyId}, 'name', ${from.surveyName}, 'type', ${from.surveyType},
        'status', ${from.surveyStatus}))`

/**
 * The `person` of a response `r` (SQL) as the API shows it, `t` naming Canvass's tables. Most responses have
 * no contact: no subquery for them.
 */
const personSql = (t: (name: string) => string): string => `case when r.contact_id is null then null else (
        select jsonb_build_object(
          'id', c.id, 'userId', c.user_id, 'environmentId', c.environment_id,
          'attributes', coalesce((
            select jsonb_object_agg(k.key, a.value)
            from ${t('contact_attributes')} a join ${t('contact_attribute_keys')} k on k.id = a.attribute_key_id
            where a.contact_id = c.id), '{}'::jsonb),
          'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')})
        from ${t('contacts')} c where c.id = r.contact_id) end`

/** The status of survey `s` at the write of response `r` (SQL), as the API computes it from dates. */
const SURVEY_STATUS = `case
          when s.status = 'scheduled' and s.run_on_date <= r.updated_at
            then case when s.close_on_date <= r.updated_at then 'completed' else 'inProgress' end
          when s.status = 'inProgress' and s.close_on_date <= r.updated_at then 'completed'
          else s.status
        end`

/**
 * The columns of `webhook_events` that hold a created response `r` of survey `s` as it was written, each with
 * what the insert trigger stores in it (see `createdEventData`).
 */
const createdColumns = (t: (name: string) => string): Record<string, string> => ({
  survey_id: 'r.survey_id',
  response_created_at: 'r.created_at',
  finished: 'r.finished',
  answers: 'r.data',
  variables: 'r.variables',
  ttc: 'r.ttc',
  meta: 'r.meta',
  language: 'r.language',
  single_use_id: 'r.single_use_id',
  display_id: 'r.display_id',
  ending_id: 'r.ending_id',
  person: personSql(t),
  person_attributes: 'r.contact_attributes',
  survey_name: 's.name',
  survey_type: 's.type',
  survey_status: SURVEY_STATUS,
})

/**
 * The `data` of an event of a response create (SQL), made from the row of `webhook_events` named `event`. The
 * insert trigger copies the response's columns into the event row as they are (`createdColumns`), which costs
 * the write a fraction of building this JSON; the dispatcher builds it once per event, when it turns the event
 * into deliveries. Every value comes from the event row, so the data is the response as it was created,
 * whatever happened to it since. A new response has no notes or tags yet. Events written before these columns
 * existed carry their `data` already built.
 */
export const createdEventData = (event: string): string =>
  responseData({
    id: `${event}.response_id`,
    createdAt: `${event}.response_created_at`,
    updatedAt: `${event}.created_at`,
    surveyId: `${event}.survey_id`,
    finished: `${event}.finished`,
    data: `${event}.answers`,
    variables: `${event}.variables`,
    ttc: `${event}.ttc`,
    meta: `${event}.meta`,
    language: `${event}.language`,
    singleUseId: `${event}.single_use_id`,
    displayId: `${event}.display_id`,
    endingId: `${event}.ending_id`,
    notes: `'[]'::jsonb`,
    tags: `'[]'::jsonb`,
    person: `${event}.person`,
    personAttributes: `${event}.person_attributes`,
    surveyName: `${event}.survey_name`,
    surveyType: `${event}.survey_type`,
    surveyStatus: `${event}.survey_status`,
  })

/**
 * Creates (or replaces) the outbox's trigger functions in `schema` and their triggers on `schema.responses`,
 * and the sequence behind event ids when it is missing. The functions name their tables with the schema, so
 * tables moved to another schema need them created anew there. Migrations call it whenever the functions
 * change; it always installs the current ones.
 */
export async function installOutboxTriggers(db: Kysely<any>, schema: string): Promise<void> {
  await sql`create sequence if not exists ${sql.id(schema, 'webhook_event_ids')} as bigint`.execute(db)
  for (const statement of enqueueSql(schema)) await sql.raw(statement).execute(db)
  const responses = sql.table(`${schema}.responses`)
  for (const event of ['insert', 'update']) {
    await sql`drop trigger if exists ${sql.id(`enqueue_webhook_deliveries_on_${event}`)} on ${responses}`.execute(db)
  }
  // Statement-level, with the statement's rows as a transition table: one set-based insert per
  // statement, so that a batch of creates pays for matching and payloads once, not once per row.
  await sql`create trigger enqueue_webhook_deliveries_on_insert after insert on ${responses}
    referencing new table as changed
    for each statement execute function ${sql.raw(`"${schema}".enqueue_webhook_deliveries_on_insert()`)}`.execute(db)
  await sql`create trigger enqueue_webhook_deliveries_on_update after update on ${responses}
    referencing old table as previous new table as changed
    for each statement execute function ${sql.raw(`"${schema}".enqueue_webhook_deliveries_on_update()`)}`.execute(db)
}

/**
 * The outbox trigger functions (contract §6, §7). Events: an insert is `responseCreated` (and
 * `responseFinished` when finished); an update is `responseUpdated` (and `responseFinished` when it made the
 * response finished). Only writes of the response itself (which always set `updated_at`) are events: a
 * contact's deletion nulling `contact_id` is not. A webhook matches when it is in the response's
 * environment, not disabled, lists the event and has empty `survey_ids` or lists the survey: when nothing
 * matches, a statement costs one indexed lookup per environment, survey and set of events among its rows, and
 * nothing else. A matched row's event content is taken once, after the statement (so it sees the contact a
 * response create linked in the same statement). An update's event stores its data built: the response as the
 * API shows it plus `survey{id,name,type,status}`. A create's event stores the response's columns, its contact
 * and its survey's name, type and status as they are, and the dispatcher builds the same data from them
 * (`createdEventData`): creates are the hot path, and copying values costs a batch of creates about half of
 * what building their JSON did. Either way the data is fixed when the response is written, and each delivery
 * stores it as jsonb, whose text form is the same on every read, inside its `{webhookId, event, data}`: every
 * attempt sends the same bytes.
 */
function enqueueSql(schema: string): string[] {
  const t = (name: string) => `"${schema}"."${name}"`
  // The data of an update's event, built in the statement, notes and tags included.
  const updateColumns = {
    names: 'data',
    values: responseData({
      id: 'r.id',
      createdAt: 'r.created_at',
      updatedAt: 'r.updated_at',
      surveyId: 'r.survey_id',
      finished: 'r.finished',
      data: 'r.data',
      variables: 'r.variables',
      ttc: 'r.ttc',
      meta: 'r.meta',
      language: 'r.language',
      singleUseId: 'r.single_use_id',
      displayId: 'r.display_id',
      endingId: 'r.ending_id',
      notes: `coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', n.id, 'createdAt', ${iso('n.created_at')}, 'updatedAt', ${iso('n.updated_at')}, 'text', n.text,
          'isResolved', n.is_resolved, 'isEdited', n.is_edited,
          'user', case when n.user_id is null then null else jsonb_build_object('id', n.user_id, 'name', n.user_name) end
        ) order by n.created_at, n.id)
        from ${t('response_notes')} n where n.response_id = r.id), '[]'::jsonb)`,
      tags: `coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', tg.id, 'createdAt', ${iso('tg.created_at')}, 'updatedAt', ${iso('tg.updated_at')}, 'name', tg.name,
          'environmentId', tg.environment_id
        ) order by tg.name, tg.id)
        from ${t('response_tags')} rt join ${t('tags')} tg on tg.id = rt.tag_id where rt.response_id = r.id), '[]'::jsonb)`,
      person: personSql(t),
      personAttributes: 'r.contact_attributes',
      surveyName: 's.name',
      surveyType: 's.type',
      surveyStatus: SURVEY_STATUS,
    }),
  }
  // A create's event stores a copy of the response instead (`createdEventData` builds its data later, in the
  // dispatcher).
  const created = createdColumns(t)
  const createColumns = { names: Object.keys(created).join(', '), values: Object.values(created).join(', ') }
  // `from` names the changed rows `r`; `events` is the array of events of one of them. Each changed row that
  // some webhook wants becomes one event row: its content (see above) and, per event, the webhooks that matched,
  // found through the index of an environment's active webhooks. Matching runs once per environment, survey
  // and set of events among the statement's rows, not once per row: a batch of creates for one survey looks
  // its webhooks up once. The dispatcher fans an event out (see `webhook-delivery-store.ts`), so a write pays
  // for one row however many webhooks match.
  const enqueue = (from: string, events: string, content: { names: string; values: string }) => `
  with wanted as (
    select distinct r.environment_id, r.survey_id, ${events} as events from ${from}
  ), matched as (
    select k.environment_id, k.survey_id, k.events, jsonb_object_agg(e.event, e.hooks) as hooks
    from wanted k
    cross join lateral (
      select ev.event, jsonb_agg(w.id order by w.id) as hooks
      from unnest(k.events) as ev(event)
      join ${t('webhooks')} w on w.environment_id = k.environment_id and w.disabled_at is null
        and w.triggers ? ev.event and (w.survey_ids = '[]'::jsonb or w.survey_ids ? k.survey_id)
      group by ev.event
    ) e
    group by k.environment_id, k.survey_id, k.events
  )
  insert into ${t('webhook_events')} (id, response_id, hooks, created_at, ${content.names})
  -- Ids start with the time in hex so that the primary key grows at its end instead of at random places.
  select ${eventId(schema)}, r.id, m.hooks, r.updated_at, ${content.values}
  from ${from}
  join matched m on m.environment_id = r.environment_id and m.survey_id = r.survey_id and m.events = ${events}
  join ${t('surveys')} s on s.id = r.survey_id;`
  // Most writes happen in environments without an active webhook. Setting up the query above costs a
  // single-row write about 0.1 ms even when it finds nothing (its execution is a few µs of that): this probe of
  // the index of active webhooks costs a tenth of that and settles those writes.
  const noWebhooks = `
  if not exists (
    select from ${t('webhooks')} w
    where w.disabled_at is null and w.environment_id in (select environment_id from changed)
  ) then
    return null;
  end if;`
  return [
    `create or replace function "${schema}".enqueue_webhook_deliveries_on_insert() returns trigger language plpgsql as $fn$
begin${noWebhooks}
${enqueue(
  'changed r',
  `case when r.finished then array['responseCreated', 'responseFinished'] else array['responseCreated'] end`,
  createColumns,
)}
  return null;
end
$fn$`,
    `create or replace function "${schema}".enqueue_webhook_deliveries_on_update() returns trigger language plpgsql as $fn$
begin${noWebhooks}
${enqueue(
  'changed r join previous o on o.id = r.id and o.updated_at is distinct from r.updated_at',
  `case when r.finished and not o.finished then array['responseUpdated', 'responseFinished'] else array['responseUpdated'] end`,
  updateColumns,
)}
  return null;
end
$fn$`,
  ]
}
