import type { CreateResponseCheck, NewResponse } from '@canvass/core'
import { isStorable } from '../postgres/is-storable'
import { slots } from '../postgres/precompiled'
import { toJsonb } from '../sql/to-jsonb'
import { ofCurrentDay } from './summary-parts'

/**
 * The one mapping of a create to the values its statements take, whichever writes it (`insert-response.ts`,
 * or `response-batch.ts` for creates that arrive together): each statement names the values it uses by their
 * slot (`RESPONSE_SLOTS`).
 */
export interface ResponseValues {
  id: string
  /** Timestamps as ISO text: `pg` would format a Date in the process's time zone, which costs more. */
  createdAt: string
  updatedAt: string
  /** NULL when Postgres cannot store the id: it then names no row. */
  surveyId: string | null
  environmentId: string | null
  finished: boolean
  /** The JSON columns as JSON text (`toJsonb`). */
  data: string
  meta: string
  ttc: string
  variables: string
  language: string | null
  singleUseId: string | null
  /** NULL as well when Postgres cannot store the id; `displayStorable` then says the display is unknown. */
  displayId: string | null
  displayStorable: boolean
  endingId: string | null
  userId: string | null
  /** The id of the contact made for `userId` when it has none yet. */
  newContactId: string | null
}

/** The slot of each value, for statements compiled once (`precompiled`). */
export const RESPONSE_SLOTS = slots([
  'id',
  'createdAt',
  'updatedAt',
  'surveyId',
  'environmentId',
  'finished',
  'data',
  'meta',
  'ttc',
  'variables',
  'language',
  'singleUseId',
  'displayId',
  'displayStorable',
  'endingId',
  'userId',
  'newContactId',
] satisfies Array<keyof ResponseValues>)

export function responseValues(input: NewResponse, check: CreateResponseCheck): ResponseValues {
  const displayStorable = input.displayId === null || isStorable(input.displayId)
  return {
    id: input.id,
    createdAt: input.createdAt.toISOString(),
    updatedAt: (input.updatedAt ?? input.createdAt).toISOString(),
    surveyId: isStorable(input.surveyId) ? input.surveyId : null,
    environmentId: isStorable(check.environmentId) ? check.environmentId : null,
    finished: input.finished,
    data: toJsonb(input.data),
    meta: toJsonb(input.meta),
    ttc: toJsonb(input.ttc),
    variables: toJsonb(input.variables),
    language: input.language,
    singleUseId: input.singleUseId,
    displayId: displayStorable ? input.displayId : null,
    displayStorable,
    endingId: input.endingId,
    userId: input.userId,
    newContactId: input.userId !== null ? input.newId() : null,
  }
}

/**
 * Whether a create may take a lean statement (single-row or batch), the one most creates take: no single-use id
 * and no display (nothing to claim in `response_claims`), and stamped in the current day (nothing to count in
 * `response_changes`, `ofCurrentDay`). The statement's own guard checks all three, the day by the database's
 * clock; a row it refuses is lost, and tried again as core's loop does, at the latest by the locked write,
 * which always takes the full statement.
 */
export const isLean = (values: ResponseValues): boolean =>
  values.singleUseId === null && values.displayId === null && ofCurrentDay(values.createdAt)

/** Whether every id of the create can be stored: otherwise no row can match it. */
export const allStorable = (values: ResponseValues): boolean =>
  values.surveyId !== null && values.environmentId !== null && values.displayStorable

/**
 * The values a batch row takes (`response-batch.ts`), as the JSON object its statement reads with
 * `jsonb_to_recordset`, keyed by its record columns. Written out rather than built and stringified: the JSON
 * columns already are JSON text, and go in as they are.
 */
export function batchRowJson(values: ResponseValues, version: string): string {
  const text = JSON.stringify
  return (
    `{"id":${text(values.id)},"created_at":${text(values.createdAt)},"finished":${values.finished},"data":${values.data},"version":${text(version)},` +
    `"meta":${values.meta},"ttc":${values.ttc},"variables":${values.variables},"language":${text(values.language)},` +
    `"display_id":${text(values.displayId)},"ending_id":${text(values.endingId)},"survey_id":${text(values.surveyId)}}`
  )
}
