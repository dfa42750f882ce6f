/**
 * The shared results page's fixtures: the survey and its responses come from the test bed
 * (`seedSharedSurvey`, which the browser test uses too); here, what `shareAnswers` would answer for them.
 */
import type { ResponseRecord } from '../src/ports/storage'
import type { ShareAnswerPage, ShareField } from '../src/pages/share-page'
import { shareFieldParam } from '../src/pages/share-page'

export { seedSharedSurvey } from '@canvass/test-bed'
export type { SharedSurveySeed } from '@canvass/test-bed'

/** A field's non-empty values, newest first, `limit` of them (what `shareAnswers` answers, from the responses). */
export function answersFrom(responses: ResponseRecord[], field: ShareField, limit: number): ShareAnswerPage {
  const items = responses.flatMap((response) => {
    const value = response[field.source][field.key]
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
    return empty ? [] : [{ responseId: response.id, createdAt: response.createdAt, value }]
  })
  return { items: items.slice(0, limit), next: items.length > limit ? `cursor-${items[limit - 1]?.responseId}` : null }
}

/** The latest answers of each field, keyed as the page looks them up. */
export function latestFrom(responses: ResponseRecord[], fields: ShareField[], limit: number): Record<string, ShareAnswerPage> {
  return Object.fromEntries(fields.map((field) => [shareFieldParam(field), answersFrom(responses, field, limit)]))
}
