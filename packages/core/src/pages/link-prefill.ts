/**
 * Answers prefilled from a link page's URL, as the reference's link pages read them: a query parameter named
 * by a question's id holds its answer, parsed by the question's type; a value its question cannot take is
 * left out (never an error), and so is a question of a type the reference does not prefill (CTA, date,
 * ranking, matrix, address, contact info, file upload, cal). `?skipPrefilled=true` asks the renderer to pass
 * over the questions that got an answer this way.
 *
 * What is read is bounded: only the survey's own question ids are looked up (so a URL with many parameters
 * costs no more than one with few), the first value of each, at most `PREFILL_MAX_CHARS` characters; the
 * answers reach the page inside its JSON boot data, never as markup.
 */
import { LIMITS } from '../schemas/common'
import type { SurveyRecord } from '../ports/storage'
import { surveyLanguageOf } from './link-page'

export type PrefillValue = string | number | string[]

/** The longest value read (longer ones are left out): an open text answer's own limit. */
export const PREFILL_MAX_CHARS = LIMITS.text

/** The id the reference gives the free-text "other" choice (the last choice when a question has it). */
const OTHER_ID = 'other'

/**
 * The answers the query prefills, by question id. `lang` is the `?lang=` of the page: choice labels are
 * matched (and answered) in that language, the default language when the survey does not have it.
 */
export function prefillFromQuery(
  survey: Pick<SurveyRecord, 'questions' | 'languages'>,
  query: Record<string, string | string[] | undefined>,
  lang: string | undefined,
): Record<string, PrefillValue> {
  const key = textKey(survey, lang)
  // Entries, then one object: a question id such as `__proto__` becomes a key like any other.
  const answers: [string, PrefillValue][] = []
  for (const question of survey.questions) {
    if (!isRecord(question) || typeof question.id !== 'string' || !Object.hasOwn(query, question.id)) continue
    const given = query[question.id]
    const value = Array.isArray(given) ? given[0] : given
    if (typeof value !== 'string' || value.length > PREFILL_MAX_CHARS) continue
    const answer = prefillAnswer(question, value, key)
    if (answer !== undefined) answers.push([question.id, answer])
  }
  return Object.fromEntries(answers)
}

/** The answer `value` gives `question`, or undefined when the question cannot take it. */
export function prefillAnswer(question: Record<string, unknown>, value: string, key = 'default'): PrefillValue | undefined {
  // An empty value is no answer to a required question (as in the reference).
  if (question.required !== false && value === '') return undefined
  switch (question.type) {
    case 'openText':
      return value
    case 'multipleChoiceSingle':
      return singleChoice(choicesOf(question), value, key)
    case 'multipleChoiceMulti':
      return multipleChoice(choicesOf(question), value, key)
    case 'nps':
      return integerIn(value, 0, 10)
    case 'rating':
    case 'csat':
    case 'ces':
      return integerIn(value, 1, typeof question.range === 'number' ? question.range : 5)
    case 'consent':
      // `dismissed` leaves an optional consent unticked; a required one cannot be dismissed.
      if (value === 'accepted') return 'accepted'
      return value === 'dismissed' && question.required === false ? '' : undefined
    case 'pictureSelection':
      return pictures(question, value)
    default:
      return undefined
  }
}

interface Choice {
  id: string
  label: Record<string, unknown>
}

function choicesOf(question: Record<string, unknown>): Choice[] {
  if (!Array.isArray(question.choices)) return []
  return question.choices.flatMap((choice) =>
    isRecord(choice) && typeof choice.id === 'string' ? [{ id: choice.id, label: isRecord(choice.label) ? choice.label : {} }] : [],
  )
}

/** A choice's label in the language `key`, the default language's when it has none. */
function labelOf(choice: Choice, key: string): string {
  const own = Object.hasOwn(choice.label, key) ? choice.label[key] : undefined
  if (typeof own === 'string' && own !== '') return own
  return typeof choice.label.default === 'string' ? choice.label.default : ''
}

/** The choice a value names: by id first, then by its label in the language. */
function matchChoice(choices: Choice[], value: string, key: string): Choice | undefined {
  return choices.find((choice) => choice.id === value) ?? choices.find((choice) => labelOf(choice, key) === value)
}

const hasOther = (choices: Choice[]) => choices.at(-1)?.id === OTHER_ID

/** A single choice answers its label; a text that names no choice is the "other" text when there is one. */
function singleChoice(choices: Choice[], value: string, key: string): string | undefined {
  if (choices.length === 0) return undefined
  const match = matchChoice(choices, value, key)
  // Naming the "other" choice itself gives no text to answer with.
  if (match) return match.id === OTHER_ID ? undefined : labelOf(match, key)
  if (hasOther(choices) && value.trim() !== '') return value
  return undefined
}

/**
 * Comma-separated choices (ids or labels) answer their labels, in the order given; the "other" label itself is
 * passed over, and at most one text that names no choice is the "other" text (none without an "other" choice).
 */
function multipleChoice(choices: Choice[], value: string, key: string): string[] | undefined {
  if (choices.length === 0) return undefined
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  if (parts.length === 0 || parts.length > choices.length + 1) return undefined
  const other = hasOther(choices) ? choices.at(-1) : undefined
  const labels: string[] = []
  const others: string[] = []
  for (const part of parts) {
    const match = matchChoice(choices, part, key)
    if (match && match !== other) {
      const label = labelOf(match, key)
      if (label !== '' && !labels.includes(label)) labels.push(label)
    } else if (match === other && other !== undefined) {
      // The "other" choice itself is passed over.
    } else if (other && others.length === 0) {
      others.push(part)
    } else {
      return undefined
    }
  }
  const answer = [...labels, ...others]
  return answer.length > 0 ? answer : undefined
}

/** Pictures by their position (1 for the first), comma-separated; only the first when one may be picked. */
function pictures(question: Record<string, unknown>, value: string): string[] | undefined {
  const choices = choicesOf(question)
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  if (choices.length === 0 || parts.length === 0 || parts.length > choices.length) return undefined
  const ids: string[] = []
  for (const part of parts) {
    const position = integerIn(part, 1, choices.length)
    if (position === undefined) return undefined
    const id = (choices[position - 1] as Choice).id
    if (!ids.includes(id)) ids.push(id)
  }
  return question.allowMulti === true ? ids : ids.slice(0, 1)
}

/** A whole number from `min` to `max` written in decimal (as the renderer's scales take them), or undefined. */
function integerIn(value: string, min: number, max: number): number | undefined {
  if (!/^\s*-?\d{1,3}(?:\.0+)?\s*$/.test(value)) return undefined
  const number = Number(value)
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined
}

/**
 * The text key of a requested language: its code when the survey has it enabled and not as default, else
 * `default`. Matched as the page matches it (`surveyLanguageOf`).
 */
function textKey(survey: Pick<SurveyRecord, 'languages'>, requested: string | undefined): string {
  if (!requested || requested === 'default') return 'default'
  const match = surveyLanguageOf(survey, requested)
  return !match || match.default ? 'default' : match.language.code
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
