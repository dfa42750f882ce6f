import { LIMITS } from '../schemas/common'
import type { Element } from './conversion'
import { textMap } from './conversion'

/**
 * The Canvass elements converters build, each in the shape the v3 create validates (docs/surveys.md), from
 * plain texts the converter has already cleaned. Ids are the converter's.
 */

export interface ElementBase {
  id: string
  headline: string
  subheader?: string
  required: boolean
}

/** The common fields: headline, an optional subheader, required. */
function base({ id, headline, subheader, required }: ElementBase) {
  return { id, headline: textMap(headline), ...(subheader ? { subheader: textMap(subheader) } : {}), required }
}

export type InputType = 'text' | 'email' | 'url' | 'number' | 'phone'

export function openText(
  fields: ElementBase,
  options: { inputType?: InputType; longAnswer?: boolean; placeholder?: string } = {},
): Element {
  return {
    ...base(fields),
    type: 'openText',
    inputType: options.inputType ?? 'text',
    longAnswer: options.longAnswer ?? false,
    ...(options.placeholder ? { placeholder: textMap(options.placeholder) } : {}),
  }
}

export interface ChoiceInput {
  /** The source's id for the choice, kept when it is unique. */
  id?: unknown
  label: string
}

/** Choices with unique ids; the `other` one (a choice with a text box) takes the id `other`, as Canvass's renderer expects. */
export function choiceList(choices: ChoiceInput[], other?: string) {
  const seen = new Set<string>()
  const list = choices.map((choice, index) => {
    const candidate = typeof choice.id === 'string' || typeof choice.id === 'number' ? String(choice.id).slice(0, LIMITS.id) : ''
    const id = candidate === '' || candidate === 'other' || seen.has(candidate) ? `c${index + 1}` : candidate
    seen.add(id)
    return { id, label: textMap(choice.label || `Choice ${index + 1}`) }
  })
  return other === undefined ? list : [...list, { id: 'other', label: textMap(other || 'Other') }]
}

export function multipleChoice(
  fields: ElementBase,
  multi: boolean,
  choices: ChoiceInput[],
  options: { other?: string; dropdown?: boolean; shuffle?: boolean } = {},
): Element {
  return {
    ...base(fields),
    type: multi ? 'multipleChoiceMulti' : 'multipleChoiceSingle',
    choices: choiceList(choices, options.other),
    shuffleOption: options.shuffle ? 'all' : 'none',
    ...(options.dropdown ? { displayType: 'dropdown' } : {}),
  }
}

export function ranking(fields: ElementBase, choices: ChoiceInput[], shuffle = false): Element {
  return { ...base(fields), type: 'ranking', choices: choiceList(choices), ...(shuffle ? { shuffleOption: 'all' } : {}) }
}

export function matrix(fields: ElementBase, rows: string[], columns: string[]): Element {
  const labels = (texts: string[], prefix: string) =>
    texts.map((text, index) => ({ id: `${prefix}${index + 1}`, label: textMap(text || `${index + 1}`) }))
  return { ...base(fields), type: 'matrix', rows: labels(rows, 'r'), columns: labels(columns, 'c'), shuffleOption: 'none' }
}

/** The most points a scale becomes a single choice of; a longer one (a 0 to 100 slider) is no question to pick from. */
const MAX_CHOICE_POINTS = 11

/** The ranges a Canvass rating takes. */
const RATING_RANGES: readonly number[] = [3, 4, 5, 6, 7, 10]

export interface ScaleInput {
  /** The lowest and highest points, whole numbers. */
  min: number
  max: number
  shape: 'number' | 'star' | 'smiley'
  lowerLabel?: string
  upperLabel?: string
}

/**
 * A scale of whole points: 0 to 10 is an NPS, 1 to a rating's range a rating, any other a single choice of
 * its points (`asChoices` says so, for the report) when it has at most 11, else why it has no element.
 */
export function scale(fields: ElementBase, input: ScaleInput): { element: Element; asChoices: boolean } | string {
  const labels = {
    ...(input.lowerLabel ? { lowerLabel: textMap(input.lowerLabel) } : {}),
    ...(input.upperLabel ? { upperLabel: textMap(input.upperLabel) } : {}),
  }
  if (input.min === 0 && input.max === 10 && input.shape === 'number')
    return { element: { ...base(fields), type: 'nps', ...labels, isColorCodingEnabled: false }, asChoices: false }
  const range = input.max - input.min + 1
  if (input.min === 1 && RATING_RANGES.includes(range))
    return {
      element: { ...base(fields), type: 'rating', scale: input.shape, range, ...labels, isColorCodingEnabled: false },
      asChoices: false,
    }
  if (range > MAX_CHOICE_POINTS || range < 2) return `a scale of ${range} points has no Canvass element`
  const points: ChoiceInput[] = []
  for (let point = input.min; point <= input.max; point++) points.push({ id: String(point), label: String(point) })
  return { element: multipleChoice(fields, false, points), asChoices: true }
}

export function nps(fields: ElementBase, lowerLabel?: string, upperLabel?: string): Element {
  const labels = {
    ...(lowerLabel ? { lowerLabel: textMap(lowerLabel) } : {}),
    ...(upperLabel ? { upperLabel: textMap(upperLabel) } : {}),
  }
  return { ...base(fields), type: 'nps', ...labels, isColorCodingEnabled: false }
}

/** A text to read, with nothing to answer (a statement, a descriptive text); its button is its block's. */
export function statement(fields: Omit<ElementBase, 'required'>): Element {
  return { ...base({ ...fields, required: false }), type: 'cta' }
}

export function consent(fields: ElementBase, label: string): Element {
  return { ...base(fields), type: 'consent', label: textMap(label || 'I agree') }
}

export function date(fields: ElementBase, format: 'M-d-y' | 'd-M-y' | 'y-M-d' = 'y-M-d'): Element {
  return { ...base(fields), type: 'date', format }
}

export function fileUpload(fields: ElementBase, allowMultipleFiles: boolean, maxSizeInMB?: number): Element {
  return {
    ...base(fields),
    type: 'fileUpload',
    allowMultipleFiles,
    ...(maxSizeInMB !== undefined && Number.isFinite(maxSizeInMB) && maxSizeInMB > 0 ? { maxSizeInMB: Math.min(maxSizeInMB, 1024) } : {}),
  }
}

const CONTACT_INPUTS = ['firstName', 'lastName', 'email', 'phone', 'company'] as const
const ADDRESS_INPUTS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country'] as const
const PLACEHOLDERS: Readonly<Record<string, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  country: 'Country',
}

/** Contact info or an address: each input shown when `shown` has it, required as `required` says. */
export function fieldSet(
  fields: ElementBase,
  type: 'contactInfo' | 'address',
  shown: ReadonlyMap<string, { required: boolean; placeholder?: string }>,
): Element {
  const inputs = type === 'contactInfo' ? CONTACT_INPUTS : ADDRESS_INPUTS
  const element: Element = { ...base(fields), type }
  for (const input of inputs) {
    const field = shown.get(input)
    element[input] = {
      show: field !== undefined,
      required: field?.required ?? false,
      placeholder: textMap(field?.placeholder || (PLACEHOLDERS[input] as string)),
    }
  }
  return element
}
