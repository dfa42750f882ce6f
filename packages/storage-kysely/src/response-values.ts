import type { CreateResponseCheck, NewResponse } from '@canvass/core'
import { isStorable } from './is-storable'
import { slots } from './precompiled'
import { toJsonb } from './to-jsonb'

/**
 * The one mapping of a create to the values its statements take, whichever writes it (`insert-response.ts`,
 * `response-batch.ts`): each statement names the values it uses by their slot (`RESPONSE_SLOTS`).
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
  /**
   * Whether an answer in `data` is a number: only then are the answers judged against the survey's scales
   * (`answer-scales-sql.ts`), so that a response of texts does not read the survey's questions.
   */
  numbers: boolean
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
  requireAccepting: boolean
  pinProven: boolean
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
  'numbers',
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
  'requireAccepting',
  'pinProven',
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
    numbers: hasNumberAnswer(input.data),
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
    requireAccepting: check.requireAccepting,
    pinProven: check.pinProven,
  }
}

function hasNumberAnswer(data: NewResponse['data']): boolean {
  for (const key in data) if (typeof data[key] === 'number') return true
  return false
}

/** Whether every id of the create can be stored: otherwise no row can match it. */
export const allStorable = (values: ResponseValues): boolean =>
  values.surveyId !== null && values.environmentId !== null && values.displayStorable

/**
 * The values a batch row takes (`response-batch.ts`), as the JSON object its statement reads with
 * `jsonb_to_recordset`, keyed by its record columns. Written out rather than built and stringified: the JSON
 * columns already are JSON text, and go in as they are.
 */
export function batchRowJson(values: ResponseValues): string {
  const text = JSON.stringify
  return (
    `{"id":${text(values.id)},"created_at":${text(values.createdAt)},"finished":${values.finished},"data":${values.data},"numbers":${values.numbers},` +
    `"meta":${values.meta},"ttc":${values.ttc},"variables":${values.variables},"language":${text(values.language)},` +
    `"display_id":${text(values.displayId)},"ending_id":${text(values.endingId)},"survey_id":${text(values.surveyId)},` +
    `"environment_id":${text(values.environmentId)},"accepting":${values.requireAccepting}}`
  )
}
