import { validationError } from '../../errors'
import type { CanvassError } from '../../errors'
import type { AnswerScale, JsonObject } from '../../ports/storage/index'

/**
 * docs/design.md, "Limits and input": numbers a summary aggregates are bounded on input. A number answered to a scale question
 * (`AnswerScale`) must be an integer on its scale. Creates and updates are judged by `answerOffScale`, against
 * the scales `answerScalesOf` reads from the survey's questions; a v3 write and its validate judge each answer
 * with `offScale` first (`element-validation.ts`), on the same scales (`answerScaleOf`).
 */

/** The scale of one question or element (`AnswerScale`), or undefined when it has none. */
export function answerScaleOf(question: unknown): AnswerScale | undefined {
  if (typeof question !== 'object' || question === null) return undefined
  const { id, type, range } = question as { id?: unknown; type?: unknown; range?: unknown }
  if (typeof id !== 'string' || !(type === 'nps' || type === 'rating' || type === 'csat' || type === 'ces')) return undefined
  const max = type === 'nps' ? 10 : typeof range === 'number' ? range : type === 'rating' ? 10 : 5
  return { questionId: id, min: type === 'nps' ? 0 : 1, max }
}

/** The scale questions of a survey's `questions`, in its order (`AnswerScale`); a value that is not an array has none. */
export function answerScalesOf(questions: unknown): AnswerScale[] {
  if (!Array.isArray(questions)) return []
  return questions.flatMap((question) => answerScaleOf(question) ?? [])
}

/** Whether `answer` leaves `scale`: a number that is not an integer from its min to its max (other values are not the scale's). */
export function offScale(scale: AnswerScale, answer: unknown): boolean {
  return typeof answer === 'number' && !(Number.isInteger(answer) && answer >= scale.min && answer <= scale.max)
}

/** Whether an answer in `data` is a number: only then is there anything for the scales to judge. */
export function hasNumberAnswer(data: JsonObject | undefined): boolean {
  for (const key in data) if (typeof data[key] === 'number') return true
  return false
}

/** The first of `scales` (in the survey's order) that an answer in `data` leaves, if any. */
export function answerOffScale(scales: readonly AnswerScale[] | undefined, data: JsonObject | undefined): AnswerScale | undefined {
  if (data === undefined || scales === undefined || scales.length === 0) return undefined
  return scales.find((scale) => offScale(scale, Object.hasOwn(data, scale.questionId) ? data[scale.questionId] : undefined))
}

/** What to fix in an answer off `scale`. */
export const offScaleReason = (scale: AnswerScale): string => `Must be an integer from ${scale.min} to ${scale.max}, or "" when skipped`

/** The 400 for an answer off its question's scale, naming the field. */
export const answerOutOfRange = (scale: AnswerScale): CanvassError =>
  validationError({ [`data.${scale.questionId}`]: offScaleReason(scale) })
