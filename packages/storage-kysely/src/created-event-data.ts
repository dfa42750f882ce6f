import { sql } from 'kysely'
import type { RawBuilder } from 'kysely'

/**
 * The `data` of an event of a response create (SQL), made from the row of `webhook_events` named `event`: the
 * response as the API shows it plus `survey{id,name,type,status}`. The insert trigger (migration
 * `0009-created-event-columns`) copies the response's columns into the event row as they are, which costs the
 * write a fraction of building this JSON; the dispatcher builds it once per event, when it turns the event
 * into deliveries. Every value comes from the event row, so the data is the response as it was created,
 * whatever happened to it since. A new response has no notes or tags yet. Events written before these columns
 * existed carry their `data` already built. The fields and their order are those of the update trigger's
 * data in that migration: a create's and an update's events carry the same shape.
 */
export function createdEventData(event: string): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${event}.${name}`)
  return sql<Record<string, unknown>>`jsonb_build_object(
      'id', ${column('response_id')},
      'createdAt', ${iso(column('response_created_at'))},
      'updatedAt', ${iso(column('created_at'))},
      'surveyId', ${column('survey_id')},
      'finished', ${column('finished')},
      'data', ${column('answers')},
      'variables', ${column('variables')},
      'ttc', ${column('ttc')},
      'meta', ${column('meta')},
      'language', ${column('language')},
      'singleUseId', ${column('single_use_id')},
      'displayId', ${column('display_id')},
      'endingId', ${column('ending_id')},
      'notes', '[]'::jsonb,
      'tags', '[]'::jsonb,
      'person', ${column('person')},
      'personAttributes', ${column('person_attributes')},
      'survey', jsonb_build_object('id', ${column('survey_id')}, 'name', ${column('survey_name')},
        'type', ${column('survey_type')}, 'status', ${column('survey_status')}))`
}

/** A `timestamptz` column (SQL) as the API writes times: ISO 8601 in UTC with milliseconds. */
const iso = (column: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
