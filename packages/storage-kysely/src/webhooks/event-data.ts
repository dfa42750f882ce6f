import type { EventWebhook, JsonObject, OutboxEvent, SurveyStatus } from '@canvass/core'
import type { Selectable } from 'kysely'
import type { Database } from '../postgres/database'
import { toPersonRecord } from '../responses/response-columns'
import type { PersonJson } from '../responses/response-columns'

/** A row of `webhook_events` as the outbox takes it. */
export type EventRow = Selectable<Database['webhook_events']>

/**
 * An event row as core makes it into deliveries (`OutboxEvent`): what its write recorded in `hooks`
 * (`response-events-sql.ts`: the write's kind, whether an update's row was finished before, the environment's
 * active webhooks at the write; or, for an event recorded before the match was core's, its matches), and the
 * response and survey as the write stored them, or, for an event written before migration
 * `0031-events-written-with-responses`, the data it was built with then.
 */
export function outboxEvent(row: EventRow): OutboxEvent {
  const hooks = row.hooks as RecordedHooks | Record<string, string[]>
  const surveyId = row.survey_id as string
  return {
    responseId: row.response_id,
    surveyId,
    finished: row.finished === true,
    writtenAt: row.created_at,
    hooks: isRecordedHooks(hooks) ? { write: hooks.write, wasFinished: hooks.wasFinished, webhooks: hooks.webhooks } : { matched: hooks },
    written: row.data !== null ? { built: row.data as Record<string, unknown> } : written(row, surveyId),
  }
}

/** What a write records in `hooks` for core's match. */
interface RecordedHooks {
  write: 'create' | 'update'
  wasFinished: boolean
  webhooks: EventWebhook[]
}

const isRecordedHooks = (hooks: object): hooks is RecordedHooks => Array.isArray((hooks as { webhooks?: unknown }).webhooks)

/** The response and its survey as the event row stored them. */
function written(row: EventRow, surveyId: string): Extract<OutboxEvent['written'], { response: unknown }> {
  const person = row.person as PersonJson | null
  return {
    response: {
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
    survey: {
      id: surveyId,
      name: row.survey_name as string,
      type: row.survey_type as string,
      createdAt: row.survey_created_at,
      updatedAt: row.survey_updated_at,
      status: row.survey_status as SurveyStatus,
      runOnDate: row.survey_run_on_date,
      closeOnDate: row.survey_close_on_date,
    },
  }
}
