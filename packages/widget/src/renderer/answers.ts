/**
 * Answers in the reference's stored form and back: choices are stored by their label in the respondent's
 * language (the "other" option by the text typed), matrix rows as `row label → column label`, address and
 * contact info as one string per input in a fixed order.
 */
import { localize } from './i18n'
import type {
  AddressField,
  AddressQuestion,
  Answer,
  Choice,
  ContactField,
  ContactInfoQuestion,
  Localized,
  MatrixLabel,
  MultipleChoiceQuestion,
  Question,
} from './types'
import { ADDRESS_FIELDS, CONTACT_FIELDS } from './types'

/** The id the reference gives the free-text "other" choice. */
export const OTHER_ID = 'other'

/** Which choices an answer selects (by id) and the "other" text it holds. */
export interface ChoiceSelection {
  ids: string[]
  other: string
}

/**
 * The selection a stored answer stands for. A label is looked up in every language, so that an answer given
 * before a language switch still selects its choice; a text that is no label is the "other" text.
 */
export function choiceSelection(question: Pick<MultipleChoiceQuestion, 'choices'>, answer: Answer | undefined): ChoiceSelection {
  const labels = answer === undefined ? [] : Array.isArray(answer) ? answer : typeof answer === 'string' && answer !== '' ? [answer] : []
  const ids: string[] = []
  let other = ''
  for (const label of labels) {
    const choice = question.choices.find((c) => c.id !== OTHER_ID && Object.values(c.label ?? {}).includes(label))
    if (choice) {
      if (!ids.includes(choice.id)) ids.push(choice.id)
    } else if (question.choices.some((c) => c.id === OTHER_ID)) {
      if (!ids.includes(OTHER_ID)) ids.push(OTHER_ID)
      other = label
    }
  }
  return { ids, other }
}

/** The stored answer for a selection: a label (or the other text) for single choice, a list for multi. */
export function choiceAnswer(question: MultipleChoiceQuestion, selection: ChoiceSelection, lang: string): Answer {
  const labels = question.choices
    .filter((choice) => selection.ids.includes(choice.id))
    .map((choice) => (choice.id === OTHER_ID ? selection.other.trim() : localize(choice.label, lang)))
  if (question.type === 'multipleChoiceSingle') return labels[0] ?? ''
  return labels.filter((label) => label !== '')
}

/** A choice's id by its label in any language, or undefined. */
export function choiceIdOfLabel(choices: readonly Choice[], label: string): string | undefined {
  return choices.find((choice) => Object.values(choice.label ?? {}).includes(label))?.id
}

/** A matrix row or column label as text; rows and columns are `{id, label}` or a bare localized text. */
export function matrixLabel(entry: MatrixLabel, lang: string): string {
  return localize(isLabelled(entry) ? entry.label : entry, lang)
}

function isLabelled(entry: MatrixLabel): entry is { id: string; label: Localized } {
  return typeof entry === 'object' && entry !== null && typeof (entry as { label?: unknown }).label === 'object'
}

/** One input of an address or contact info question, with the reference's defaults filled in. */
export interface FieldInput<F extends string> {
  field: F
  show: boolean
  required: boolean
  placeholder: Localized | undefined
}

/** The inputs of an address question, in the stored order; questions without the objects show every one. */
export function addressInputs(question: AddressQuestion): FieldInput<AddressField>[] {
  return ADDRESS_FIELDS.map((field) => toggle(field, question[field], question.required))
}

/** The inputs of a contact info question, in the stored order. */
export function contactInputs(question: ContactInfoQuestion): FieldInput<ContactField>[] {
  return CONTACT_FIELDS.map((field) => toggle(field, question[field], question.required))
}

function toggle<F extends string>(
  field: F,
  input: { show?: boolean; required?: boolean; placeholder?: Localized } | undefined,
  required: boolean,
): FieldInput<F> {
  return {
    field,
    show: input?.show !== false,
    required: input ? input.required === true : required,
    placeholder: input?.placeholder,
  }
}

/** Whether an answer says nothing: a blank text, an empty list or matrix, or a list of blank texts. */
export function isEmptyAnswer(value: Answer | undefined): boolean {
  if (value === undefined) return true
  if (typeof value === 'number') return false
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every((item) => typeof item !== 'string' || item.trim() === '')
  return Object.values(value).every((item) => item === '')
}

/**
 * `items` in the order a shuffle option asks for, as the reference orders them: `all` shuffles everything,
 * `exceptLast` keeps the last item last, `reverseOrderOccasionally` reverses them half of the time and
 * `reverseOrderExceptLast` reverses all but the last half of the time; the "other" choice always stays last.
 * `random` returns numbers in [0, 1).
 */
export function shuffled<T extends object>(items: readonly T[], option: string | undefined, random: () => number): T[] {
  const isOther = (item: T | undefined) => (item as { id?: unknown } | undefined)?.id === OTHER_ID
  if (!option || !SHUFFLES.has(option)) return [...items]
  const fixedTail: T[] = []
  const movable = [...items]
  const keepsLast = option === 'exceptLast' || option === 'reverseOrderExceptLast'
  // The last item stays in place; when that is "other", the rule below already keeps it.
  if (keepsLast && movable.length > 0 && !isOther(movable[movable.length - 1])) fixedTail.push(movable.pop() as T)
  const other = movable.findIndex(isOther)
  if (other !== -1) fixedTail.push(...movable.splice(other, 1))
  if (option === 'reverseOrderOccasionally' || option === 'reverseOrderExceptLast') {
    if (random() < 0.5) movable.reverse()
    return [...movable, ...fixedTail]
  }
  for (let i = movable.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[movable[i], movable[j]] = [movable[j] as T, movable[i] as T]
  }
  return [...movable, ...fixedTail]
}

/** The shuffle options that change the order (`none` keeps it). */
const SHUFFLES = new Set(['all', 'exceptLast', 'reverseOrderOccasionally', 'reverseOrderExceptLast'])

/**
 * The answer as stored: an unanswered question gets the reference's empty value for its type, a matrix
 * every row (unanswered rows as empty texts), address and contact info either every input or nothing.
 */
export function storedAnswer(question: Question, value: Answer | undefined, lang: string): Answer {
  switch (question.type) {
    case 'multipleChoiceMulti':
    case 'ranking':
    case 'pictureSelection':
    case 'fileUpload':
      return Array.isArray(value) ? value : []
    case 'matrix': {
      const cells = value && typeof value === 'object' && !Array.isArray(value) ? value : {}
      if (Object.values(cells).every((cell) => cell === '')) return {}
      return Object.fromEntries(question.rows.map((row) => [matrixLabel(row, lang), cells[matrixLabel(row, lang)] ?? '']))
    }
    case 'address':
    case 'contactInfo': {
      const size = question.type === 'address' ? ADDRESS_FIELDS.length : CONTACT_FIELDS.length
      const texts = Array.from({ length: size }, (_, i) => (Array.isArray(value) ? (value[i] ?? '') : '').trim())
      return texts.every((text) => text === '') ? [] : texts
    }
    case 'nps':
    case 'rating':
    case 'csat':
    case 'ces':
      return typeof value === 'number' ? value : ''
    case 'openText':
      return typeof value === 'string' ? value.trim() : value === undefined ? '' : String(value)
    default:
      return value ?? ''
  }
}

/** The most time a response may give one question, in ms: the server refuses more (one day). */
export const MAX_TTC_MS = 86_400_000

/**
 * A question's time after `elapsedMs` more of it: whole ms, never less than before (a clock that went back),
 * and at most `MAX_TTC_MS`, so that a tab left open for days still saves its answer.
 */
export function addTime(previous: number | undefined, elapsedMs: number): number {
  const added = Number.isFinite(elapsedMs) ? Math.max(0, Math.round(elapsedMs)) : 0
  return Math.min(MAX_TTC_MS, (previous ?? 0) + added)
}
