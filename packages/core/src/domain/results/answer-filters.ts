import type { ResponseCondition } from '../../ports/storage/index'
import { questionsFromBlocks } from '../surveys/survey-structure'
import { answerOptionsKind, elementOptions, storedForms } from './answer-resolution'

/**
 * A filter on a choice matches the answer in every language (docs/api.md, "Answers in every language"): a
 * condition `data.<element>` `in` (`eq`) naming one of a choice's forms (its id, or its label in any of the
 * survey's languages) is widened to all of them before the storage reads it, so that "is Somewhat
 * disappointed" also finds "Etwas enttäuscht"; `data.<matrix>.<row>` likewise, for the row and its columns.
 * The one place every route that lists, counts, exports or summarises a survey's responses widens its filters.
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
    const key = condition.field.path[0] as string
    const element = elements.get(key)
    if (element && answerOptionsKind(element.type) === 'choices')
      return { ...condition, values: widened(element, 'choices', condition.values) }
    return matrixCondition(elements, key, condition.values) ?? condition
  })
  return { ...filter, where }
}

/** Each value with every stored form of the option it names among the element's `list`. */
function widened(element: Record<string, unknown>, list: 'choices' | 'columns', values: readonly string[]): string[] {
  const set = elementOptions(element, list)
  return [...new Set(values.flatMap((value) => storedForms(set, value)))]
}

/**
 * `data.<matrixId>.<row>` `in` columns: the answers whose row (named by its id or its label in any language)
 * holds one of the columns, in any of their forms; undefined when `key` names no matrix of the survey.
 * Element ids hold no dot, so the first dot ends the id.
 */
function matrixCondition(elements: Map<string, Record<string, unknown>>, key: string, values: string[]): ResponseCondition | undefined {
  const dot = key.indexOf('.')
  const element = dot > 0 ? elements.get(key.slice(0, dot)) : undefined
  if (!element || answerOptionsKind(element.type) !== 'matrix') return undefined
  const columns = widened(element, 'columns', values)
  const rows = storedForms(elementOptions(element, 'rows'), key.slice(dot + 1))
  return {
    on: 'any',
    conditions: rows.map((row) => ({ on: 'json', field: { column: 'data', path: [key.slice(0, dot), row] }, op: 'in', values: columns })),
  }
}

function onData(condition: ResponseCondition): condition is Extract<ResponseCondition, { on: 'json' }> {
  return condition.on === 'json' && condition.field.column === 'data' && condition.field.path.length === 1
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
