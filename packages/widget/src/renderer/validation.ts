/**
 * Whether an answer may be submitted: the question's required flag (as logic may have changed it), the
 * input type of open texts, character limits, complete rankings, the required inputs of address and contact
 * info questions. An error names a UI string; `field` points at the input it concerns, if one.
 */
import { isEmailAnswer, isHttpUrlAnswer, isPhoneAnswer } from '@canvass/core/answer-formats'
import { OTHER_ID, addressInputs, contactInputs, isEmptyAnswer } from './answers'
import { scaleRange } from './scale-points'
import type { Answer, Question } from './types'
import type { UiKey } from './ui-text'

export interface ValidationError {
  key: UiKey
  values?: Record<string, string | number>
  /** The input of an address or contact info question, or `other` for the "other" text. */
  field?: string
}

/** What a question component knows beyond the answer: whether "other" is ticked (its text may be empty). */
export interface AnswerState {
  otherSelected?: boolean
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The first problem of `value` as an answer to `question`, or undefined when it may be submitted. */
export function validateAnswer(
  question: Question,
  value: Answer | undefined,
  required: boolean,
  state: AnswerState = {},
): ValidationError | undefined {
  if (state.otherSelected && (question.type === 'multipleChoiceSingle' || question.type === 'multipleChoiceMulti')) {
    const hasOther = question.choices.some((choice) => choice.id === OTHER_ID)
    if (hasOther && !otherTextGiven(question, value)) return { key: 'otherRequired', field: OTHER_ID }
  }
  if (question.type === 'address' || question.type === 'contactInfo') return validateInputs(question, value, required)
  if (question.type === 'cta') return undefined
  if (question.type === 'ranking') {
    const ranked = Array.isArray(value) ? value.length : 0
    if (ranked === 0) return required ? { key: 'answerRequired' } : undefined
    return ranked < question.choices.length ? { key: 'rankAll' } : undefined
  }
  if (question.type === 'matrix') {
    const answered = value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value).filter((v) => v !== '').length : 0
    if (required && answered < question.rows.length) return { key: 'answerRequired' }
    return undefined
  }
  if (question.type === 'consent') return required && value !== 'accepted' ? { key: 'answerRequired' } : undefined
  if (question.type === 'cal') return required && value !== 'booked' ? { key: 'calRequired' } : undefined
  if (isEmptyAnswer(value)) return required ? { key: 'answerRequired' } : undefined
  switch (question.type) {
    case 'openText':
      return validateText(question, String(value).trim())
    case 'nps':
      return isIntegerIn(value, 0, 10) ? undefined : { key: 'answerRequired' }
    case 'rating':
    case 'csat':
    case 'ces':
      return isIntegerIn(value, 1, scaleRange(question)) ? undefined : { key: 'answerRequired' }
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? undefined : { key: 'invalidDate' }
    default:
      return undefined
  }
}

function validateText(question: Extract<Question, { type: 'openText' }>, text: string): ValidationError | undefined {
  switch (question.inputType) {
    case 'email':
      if (!isEmailAnswer(text)) return { key: 'invalidEmail' }
      break
    case 'url':
      if (!isHttpUrlAnswer(text)) return { key: 'invalidUrl' }
      break
    case 'phone':
      if (!isPhoneAnswer(text)) return { key: 'invalidPhone' }
      break
    case 'number':
      if (!Number.isFinite(Number(text))) return { key: 'invalidNumber' }
      return undefined
  }
  const limit = question.charLimit
  if (limit?.enabled) {
    const length = [...text].length
    if (typeof limit.min === 'number' && length < limit.min) return { key: 'tooShort', values: { n: limit.min } }
    if (typeof limit.max === 'number' && length > limit.max) return { key: 'tooLong', values: { n: limit.max } }
  }
  return undefined
}

/** Address and contact info: each shown input that is required is filled, email and phone are valid. */
function validateInputs(
  question: Extract<Question, { type: 'address' | 'contactInfo' }>,
  value: Answer | undefined,
  required: boolean,
): ValidationError | undefined {
  const values = Array.isArray(value) ? value : []
  const inputs = question.type === 'address' ? addressInputs(question) : contactInputs(question)
  const shown = inputs.map((input, index) => ({ ...input, text: (values[index] ?? '').trim() })).filter((input) => input.show)
  if (shown.every((input) => input.text === '')) return required ? { key: 'answerRequired', field: shown[0]?.field } : undefined
  for (const input of shown) {
    // A required question whose inputs are all optional still wants something: checked above.
    if (input.required && input.text === '') return { key: 'answerRequired', field: input.field }
    if (input.text === '') continue
    if (input.field === 'email' && !isEmailAnswer(input.text)) return { key: 'invalidEmail', field: input.field }
    if (input.field === 'phone' && !isPhoneAnswer(input.text)) return { key: 'invalidPhone', field: input.field }
  }
  return undefined
}

function otherTextGiven(
  question: Extract<Question, { type: 'multipleChoiceSingle' | 'multipleChoiceMulti' }>,
  value: Answer | undefined,
): boolean {
  const labels = new Set(question.choices.filter((c) => c.id !== OTHER_ID).flatMap((c) => Object.values(c.label ?? {})))
  const given = Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
  return given.some((text) => text.trim() !== '' && !labels.has(text))
}

const isIntegerIn = (value: Answer | undefined, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max

/** `yyyy-mm-dd` naming a day that exists. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toISOString().slice(0, 10) === text
}
