import type { ResponseCondition } from '../../ports/storage/index'
import { questionsFromBlocks } from '../surveys/survey-structure'
import { answerOptionsKind, elementOptions, storedForms } from './answer-resolution'

/**
 * A filter on a choice matches the answer in every language (docs/api.md, "Answers in every language"): a
 * condition `data.<element>` `in` (`eq`) naming one of a choice's forms (its id, or its label in any of the
 * survey's languages) is widened to all of them before the storage reads it, so that "is Somewhat
 * disappointed" also finds "Etwas enttäuscht". The one place every route that lists, counts, exports or
 * summarises a survey's responses widens its filters.
 */
export function withAnswerForms<T extends { where?: ResponseCondition[] | undefined }>(
  survey: { questions: readonly unknown[]; blocks: readonly unknown[] },
  filter: T,
): T {
  if (!filter.where?.some(onData)) return filter
  const elements = new Map<string, Record<string, unknown>>()
  const questions = survey.questions.length > 0 ? survey.questions : questionsFromBlocks(survey.blocks)
  for (const element of questions)
    if (isRecord(element) && typeof element.id === 'string' && !elements.has(element.id)) elements.set(element.id, element)
  const where = filter.where.map((condition): ResponseCondition => {
    if (!onData(condition) || condition.op !== 'in') return condition
    const element = elements.get(condition.field.path[0] as string)
    if (!element || answerOptionsKind(element.type) !== 'choices') return condition
    const set = elementOptions(element, 'choices')
    return { ...condition, values: [...new Set(condition.values.flatMap((value) => storedForms(set, value)))] }
  })
  return { ...filter, where }
}

function onData(condition: ResponseCondition): condition is Extract<ResponseCondition, { on: 'json' }> {
  return condition.on === 'json' && condition.field.column === 'data' && condition.field.path.length === 1
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
