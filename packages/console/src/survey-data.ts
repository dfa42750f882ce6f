import type { AnswerData } from '@canvass/api-client'

/**
 * The survey fields the console reads (a v1 survey, `GET /api/v1/management/surveys/{surveyId}`) and answers in
 * words. Written here, not taken from the OpenAPI types, because the document passes a survey's questions and
 * blocks through as open records: these are the fields of them the console relies on.
 */
export interface V1Survey {
  id: string
  name: string
  type: string
  status: string
  environmentId: string
  questions?: Array<{ id: string; type: string; headline?: Record<string, string> }>
  blocks?: Array<{ id: string; name?: string; elements: Array<{ id: string; type?: string; headline?: Record<string, string> }> }>
  hiddenFields?: { enabled?: boolean; fieldIds?: string[] }
  variables?: Array<{ id: string; name: string }>
  singleUse?: { enabled?: boolean } | null
  resultShareKey?: string | null
  languages?: Array<{ language?: { code?: string }; default?: boolean; enabled?: boolean }>
}

/** The v3 list's item (`GET /api/v3/surveys`). */
export type SurveyListItem = AnswerData<'/api/v3/surveys'>[number]

/**
 * A v1 response (`GET /api/v1/management/responses`). Written here for the same reason as `V1Survey`: the
 * document leaves tags and notes open.
 */
export interface V1Response {
  id: string
  createdAt: string
  updatedAt: string
  finished: boolean
  data: Record<string, unknown>
  meta?: Record<string, unknown>
  variables?: Record<string, unknown>
  language?: string | null
  tags?: Array<{ id: string; name: string } | string>
  notes?: Array<{ id?: string; text: string; createdAt?: string; user?: { name?: string } | null }>
  contact?: { id: string; userId?: string | null } | null
}

export const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  inProgress: 'In progress',
  paused: 'Paused',
  completed: 'Completed',
  scheduled: 'Scheduled',
}

export const TYPE_WORDS: Record<string, string> = { link: 'Link', app: 'App', website: 'Website' }

/** A survey's questions, in order: its flat `questions`, else its blocks' elements. */
export function surveyQuestions(survey: V1Survey): Array<{ id: string; type: string; headline: string }> {
  const flat = survey.questions ?? survey.blocks?.flatMap((block) => block.elements) ?? []
  return flat.map((question) => ({ id: question.id, type: question.type ?? '', headline: question.headline?.default ?? question.id }))
}

/** An answer as one line of text: a list joined, an object as `key: value` pairs. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ')
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${answerText(item)}`)
      .join('; ')
  return String(value)
}

/** A tag's name, whichever shape the response carries it in. */
export const tagName = (tag: { id: string; name: string } | string): string => (typeof tag === 'string' ? tag : tag.name)
