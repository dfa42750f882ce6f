import { effectiveSurveyStatus, eventDeliveries, eventSurveyOutput, responseEventData } from '@canvass/core'
import type { EventDelivery, EventWebhook, JsonObject, SurveyStatus, WebhookEvent } from '@canvass/core'
import type { Selectable } from 'kysely'
import type { Database } from '../postgres/database'
import { toPersonRecord } from '../responses/response-columns'
import type { PersonJson } from '../responses/response-columns'

/** A row of `webhook_events` as the dispatcher takes it. */
export type EventRow = Selectable<Database['webhook_events']>

/**
 * The deliveries an event makes, as core's `eventDeliveries` matches them on what its write recorded in `hooks`
 * (`response-events-sql.ts`: the write's kind, whether an update's row was finished before, the environment's
 * active webhooks at the write). An event recorded before the matching was core's holds its matches instead
 * (event name → webhook ids), taken as they are.
 */
export function recordedDeliveries(row: EventRow): EventDelivery[] {
  const hooks = row.hooks as RecordedHooks | Record<string, string[]>
  if (isRecordedHooks(hooks)) {
    return eventDeliveries({
      write: hooks.write,
      surveyId: row.survey_id as string,
      finished: row.finished === true,
      wasFinished: hooks.wasFinished,
      webhooks: hooks.webhooks,
    })
  }
  return Object.entries(hooks).flatMap(([event, ids]) => ids.map((webhookId) => ({ webhookId, event: event as WebhookEvent })))
}

/** What a write records in `hooks` for core's matching. */
interface RecordedHooks {
  write: 'create' | 'update'
  wasFinished: boolean
  webhooks: EventWebhook[]
}

const isRecordedHooks = (hooks: object): hooks is RecordedHooks => Array.isArray((hooks as { webhooks?: unknown }).webhooks)

/**
 * The `data` of an event: the response as it was written and its survey, built by core's `responseEventData`
 * from what the event row stored (`response-events-sql.ts`), so that every event of every write has the one
 * shape of the API's response. The survey's status is the one it had at the event's time. An event written
 * before migration `0031-events-written-with-responses` may carry its data built already: it gets the fields
 * that data lacked (`contact`, `contactAttributes`, and the survey's in today's shape, its dates null).
 */
export function eventData(row: EventRow): Record<string, unknown> {
  if (row.data !== null) {
    const data = row.data as Record<string, unknown> & { person?: { id: string; userId: string | null } | null }
    const person = data.person
    const survey = data.survey as { id: string; name: string; type: string; status: string } | undefined
    return {
      ...data,
      contact: typeof person === 'object' && person !== null ? { id: person.id, userId: person.userId } : null,
      contactAttributes: data.personAttributes ?? null,
      ...(survey ? { survey: eventSurveyOutput({ ...survey, createdAt: null, updatedAt: null }) } : {}),
    }
  }
  const person = row.person as PersonJson | null
  const surveyId = row.survey_id as string
  return responseEventData(
    {
      id: row.response_id,
      createdAt: row.response_created_at as Date,
      updatedAt: row.created_at,
      surveyId,
      finished: row.finished === true,
      data: row.answers as JsonObject,
      variables: row.variables as JsonObject,
      ttc: row.ttc as Record<string, number>,
      meta: row.meta as JsonObject,
      language: row.language,
      singleUseId: row.single_use_id,
      displayId: row.display_id,
      endingId: row.ending_id,
      notes: (row.notes as unknown[] | null) ?? [],
      tags: (row.tags as unknown[] | null) ?? [],
      person: person && toPersonRecord(person),
      personAttributes: row.person_attributes as Record<string, string> | null,
    },
    {
      id: surveyId,
      name: row.survey_name as string,
      type: row.survey_type as string,
      createdAt: row.survey_created_at,
      updatedAt: row.survey_updated_at,
      status: effectiveSurveyStatus(
        { status: row.survey_status as SurveyStatus, runOnDate: row.survey_run_on_date, closeOnDate: row.survey_close_on_date },
        row.created_at,
      ),
    },
  )
}
