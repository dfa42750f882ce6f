import { elementTypeInfo } from '../element-types'
import { isEmailAnswer, isHttpUrlAnswer, isPhoneAnswer } from '../answer-formats'
import type { InvalidParam } from '../http/problem'
import { answerScaleOf, offScale, offScaleReason } from './answer-scales'
import { extensionOf } from '../uploads/file-name'
import { storedFileOf } from '../uploads/file-url'
import { allowedExtensionsOf } from '../uploads/upload-element'
import { compileSafePattern } from './safe-pattern'

/**
 * An answer checked against its own element, as a v3 response write and its validate check each answer it carries
 * (docs/api.md, "Responses in v3"): a required element's answer is not empty; a number answered to a scale
 * element (NPS, rating, CSAT, CES) is on its scale, as `answer-scales.ts` bounds it; the element's `validation.rules`, combined by
 * its `logic`, hold; an open text's `inputType` and `charLimit` hold as the widget checks them; a contact info
 * element's shown email and phone are valid; a file upload's URLs are files of this environment's storage with
 * an extension the element allows. Each broken check is one `invalid_params` entry named `data.<elementId>`.
 * A rule of a type this module does not know, or with unusable params, is skipped; so is a `pattern` that
 * `safe-pattern.ts` cannot run. A value of the wrong shape for its element is left to the read (`unresolved`).
 */

type Json = Record<string, unknown>

/** The longest text a `pattern` rule is run on, and the longest pattern (longer ones fail the rule). */
export const MAX_PATTERN_TEXT = 4096
export const MAX_PATTERN_SOURCE = 512
/**
 * The pattern steps (text length × program size, `safe-pattern.ts`) one write may spend, a fraction of a second:
 * a rule that would go past it fails, so that no survey makes a write slow however many rules it has.
 */
export const PATTERN_STEPS_PER_WRITE = 10_000_000

/** What the checks of one write share: the environment, and the pattern steps left (`patternBudget()`). */
export interface AnswerContext {
  environmentId: string
  patternSteps: { left: number }
}

export const patternBudget = (): { left: number } => ({ left: PATTERN_STEPS_PER_WRITE })

const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country']
const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company']

/** Every entry for one answered element. `value` is the answer as sent (present in the write's `data`). */
export function answerProblems(element: Json, value: unknown, context: AnswerContext): InvalidParam[] {
  const id = String(element.id)
  const name = `data.${id}`
  const problems: InvalidParam[] = []
  const type = element.type
  if (isMissing(element, value)) {
    problems.push({
      name,
      reason: 'Required: the element may not be answered empty',
      code: 'missing_required_field',
      identifier: id,
      referenceType: 'element',
    })
    return problems
  }
  const scale = answerScaleOf(element)
  if (scale && offScale(scale, value)) problems.push({ name, reason: offScaleReason(scale) })
  const validation = isRecord(element.validation) ? element.validation : {}
  const rules = Array.isArray(validation.rules) ? validation.rules.filter(isRecord) : []
  const failed: Array<{ rule: Json; reason: string }> = []
  let held = false
  for (const rule of rules) {
    const verdict = checkRule(rule, element, value, context.patternSteps)
    if (verdict === undefined) continue
    if (verdict === true) held = true
    else failed.push({ rule, reason: verdict })
  }
  const anyOf = validation.logic === 'or'
  if (!(anyOf && held)) {
    for (const { rule, reason } of failed)
      problems.push({
        name,
        reason: anyOf && failed.length > 1 ? `${reason} (no rule of this element holds)` : reason,
        ...(typeof rule.id === 'string' ? { identifier: rule.id } : {}),
      })
  }
  const ruleTypes = new Set(rules.map((rule) => rule.type))
  if (type === 'openText') problems.push(...openTextProblems(element, value, ruleTypes, name))
  if (type === 'contactInfo') problems.push(...contactInfoProblems(element, value, rules, name))
  if (type === 'fileUpload') problems.push(...fileUploadProblems(element, value, context.environmentId, name))
  return problems
}

// ---- required

/** The reference's emptiness: nothing, `""`, `[]` or `{}`. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isRecord(value) && Object.keys(value).length === 0)
  )
}

/** A required element sent with an empty answer (a call to action is never required; a matrix needs a row). */
function isMissing(element: Json, value: unknown): boolean {
  if (element.required !== true || elementTypeInfo(element.type)?.answered === false) return false
  if (isEmpty(value)) return true
  if (element.type === 'matrix' && isRecord(value)) return !Object.values(value).some((cell) => cell !== '' && cell != null)
  return false
}

// ---- rules

/** `true` when the rule holds, its reason when it does not, undefined when it cannot be evaluated. */
function checkRule(rule: Json, element: Json, answer: unknown, steps: { left: number }): true | string | undefined {
  const params = isRecord(rule.params) ? rule.params : {}
  const value = typeof rule.field === 'string' ? fieldValue(element, answer, rule.field) : answer
  const input: RuleInput = {
    type: rule.type,
    element,
    value,
    params,
    text: typeof value === 'string' && value !== '' ? value : undefined,
    num: (key) => (typeof params[key] === 'number' && Number.isFinite(params[key]) ? (params[key] as number) : undefined),
    str: (key) => (typeof params[key] === 'string' ? (params[key] as string) : undefined),
  }
  switch (rule.type) {
    case 'minLength':
    case 'maxLength':
    case 'isLongerThan':
    case 'isShorterThan':
    case 'pattern':
    case 'email':
    case 'url':
    case 'phone':
    case 'equals':
    case 'doesNotEqual':
    case 'contains':
    case 'doesNotContain':
      return checkTextRule(input, steps)
    case 'minValue':
    case 'maxValue':
    case 'isGreaterThan':
    case 'isLessThan':
    case 'minSelections':
    case 'maxSelections':
    case 'isLaterThan':
    case 'isEarlierThan':
    case 'isBetween':
    case 'isNotBetween':
      return checkValueRule(input)
    case 'minRanked':
    case 'rankAll':
    case 'minRowsAnswered':
    case 'answerAllRows':
    case 'fileExtensionIs':
    case 'fileExtensionIsNot':
      return checkShapeRule(input)
    default:
      return undefined
  }
}

/** What a rule is checked against: its type and params, the element, and the answer (or the input it names). */
interface RuleInput {
  type: unknown
  element: Json
  value: unknown
  params: Json
  /** The answer when it is a non-empty string. */
  text: string | undefined
  /** A finite number param. */
  num: (key: string) => number | undefined
  /** A string param. */
  str: (key: string) => string | undefined
}

const holds = (condition: boolean, reason: string): true | string => (condition ? true : reason)

/** The rules of a text answer: lengths, a pattern (within the write's budget of `steps`), formats, and comparisons. */
function checkTextRule(input: RuleInput, steps: { left: number }): true | string | undefined {
  const { value, text, num, str } = input
  switch (input.type) {
    case 'minLength': {
      const min = num('min')
      if (min === undefined) return undefined
      return text === undefined || holds(text.length >= min, `Must be at least ${min} characters long`)
    }
    case 'maxLength': {
      const max = num('max')
      if (max === undefined) return undefined
      return typeof value !== 'string' || holds(value.length <= max, `Must be at most ${max} characters long`)
    }
    case 'isLongerThan': {
      const min = num('min')
      if (min === undefined) return undefined
      return text === undefined || holds(text.length > min, `Must be longer than ${min} characters`)
    }
    case 'isShorterThan': {
      const max = num('max')
      if (max === undefined) return undefined
      return typeof value !== 'string' || holds(value.length < max, `Must be shorter than ${max} characters`)
    }
    case 'pattern': {
      const source = str('pattern')
      if (source === undefined || source === '') return undefined
      if (text === undefined) return true
      if (source.length > MAX_PATTERN_SOURCE || text.length > MAX_PATTERN_TEXT)
        return `Too long to check against the element's pattern (at most ${MAX_PATTERN_TEXT} characters)`
      const pattern = compileSafePattern(source, str('flags') ?? '')
      // An invalid pattern holds, as in the reference; one that cannot be run in linear time is not checked.
      if (!pattern.ok) return pattern.reason === 'invalid' ? true : undefined
      const cost = ([...text].length + 1) * pattern.size
      if (cost > steps.left) return "Too costly to check against the element's pattern in one write: send fewer or shorter answers"
      steps.left -= cost
      return holds(pattern.test(text), 'Does not match the required format')
    }
    case 'email':
      return text === undefined || holds(isRuleEmail(text), 'Must be a valid email address')
    case 'url':
      return text === undefined || holds(isAnyUrl(text), 'Must be a valid URL')
    case 'phone':
      return text === undefined || holds(isRulePhone(text), 'Must be a valid phone number')
    case 'equals':
    case 'doesNotEqual':
    case 'contains':
    case 'doesNotContain': {
      const expected = str('value')
      if (expected === undefined) return undefined
      if (text === undefined) return true
      if (input.type === 'equals') return holds(text === expected, `Must equal "${expected}"`)
      if (input.type === 'doesNotEqual') return holds(text !== expected, `Must not equal "${expected}"`)
      if (input.type === 'contains') return holds(text.includes(expected), `Must contain "${expected}"`)
      return holds(!text.includes(expected), `Must not contain "${expected}"`)
    }
    default:
      return undefined
  }
}

/** The rules of a number, the count of selections, and a date's place against bounds. */
function checkValueRule(input: RuleInput): true | string | undefined {
  const { value, text, num, str } = input
  switch (input.type) {
    case 'minValue':
    case 'maxValue':
    case 'isGreaterThan':
    case 'isLessThan': {
      const bound = num(input.type === 'minValue' || input.type === 'isGreaterThan' ? 'min' : 'max')
      if (bound === undefined) return undefined
      const n = isEmpty(value) ? null : numberOf(value)
      if (n === null) return true
      if (input.type === 'minValue') return holds(n >= bound, `Must be at least ${bound}`)
      if (input.type === 'maxValue') return holds(n <= bound, `Must be at most ${bound}`)
      if (input.type === 'isGreaterThan') return holds(n > bound, `Must be greater than ${bound}`)
      return holds(n < bound, `Must be less than ${bound}`)
    }
    case 'minSelections': {
      const min = num('min')
      if (min === undefined) return undefined
      return holds(Array.isArray(value) && countSelections(value) >= min, `Select at least ${min} options`)
    }
    case 'maxSelections': {
      const max = num('max')
      if (max === undefined) return undefined
      return !Array.isArray(value) || holds(countSelections(value) <= max, `Select at most ${max} options`)
    }
    case 'isLaterThan':
    case 'isEarlierThan': {
      const date = str('date')
      if (date === undefined) return undefined
      if (text === undefined) return true
      // Compared as `yyyy-mm-dd` strings, as the reference does.
      return input.type === 'isLaterThan'
        ? holds(text > date, `Must be later than ${date}`)
        : holds(text < date, `Must be earlier than ${date}`)
    }
    case 'isBetween':
    case 'isNotBetween': {
      const start = str('startDate')
      const end = str('endDate')
      if (start === undefined || end === undefined) return undefined
      if (text === undefined) return true
      return input.type === 'isBetween'
        ? holds(text > start && text < end, `Must be between ${start} and ${end}`)
        : holds(text < start || text > end, `Must not be between ${start} and ${end}`)
    }
    default:
      return undefined
  }
}

/** The rules of a ranking, a matrix and uploaded files. */
function checkShapeRule(input: RuleInput): true | string | undefined {
  const { element, value, params, num } = input
  switch (input.type) {
    case 'minRanked': {
      const min = num('min')
      if (min === undefined) return undefined
      if (element.type !== 'ranking' || !Array.isArray(value) || value.length === 0) return true
      return holds(value.length >= min, `Rank at least ${min} options`)
    }
    case 'rankAll': {
      if (element.type !== 'ranking' || !Array.isArray(value) || value.length === 0) return true
      const choices = Array.isArray(element.choices) ? element.choices.length : 0
      return holds(value.length === choices, 'Rank every option')
    }
    case 'minRowsAnswered':
    case 'answerAllRows': {
      if (element.type !== 'matrix' || !isRecord(value)) return true
      const answered = Object.values(value).filter((cell) => cell !== '' && cell != null).length
      if (input.type === 'answerAllRows') {
        const rows = Array.isArray(element.rows) ? element.rows.length : 0
        return holds(answered === rows, 'Answer every row')
      }
      const min = num('min')
      if (min === undefined) return undefined
      return holds(answered >= min, `Answer at least ${min} rows`)
    }
    case 'fileExtensionIs':
    case 'fileExtensionIsNot': {
      const listed = Array.isArray(params.extensions) ? params.extensions.filter((e): e is string => typeof e === 'string') : []
      if (listed.length === 0) return undefined
      if (element.type !== 'fileUpload' || !Array.isArray(value)) return true
      const extensions = new Set(listed.map((e) => (e.startsWith('.') ? e.slice(1) : e).toLowerCase()))
      const shown = [...extensions].map((e) => `.${e}`).join(', ')
      for (const url of value) {
        if (typeof url !== 'string') continue
        const extension = urlExtension(url)
        if (input.type === 'fileExtensionIs' && (extension === '' || !extensions.has(extension))) return `Files must be ${shown}`
        if (input.type === 'fileExtensionIsNot' && extension !== '' && extensions.has(extension)) return `Files must not be ${shown}`
      }
      return true
    }
    default:
      return undefined
  }
}

/** The value of one input of an address or contact info answer (stored in a fixed order), else `""`. */
function fieldValue(element: Json, answer: unknown, field: string): unknown {
  const order = element.type === 'address' ? ADDRESS_FIELDS : element.type === 'contactInfo' ? CONTACT_FIELDS : []
  const index = order.indexOf(field)
  if (!Array.isArray(answer) || index < 0 || index >= answer.length) return ''
  return answer[index] ?? ''
}

/** Selections of a multi-select answer: the "other" marker `""` and the text after it count as one. */
function countSelections(value: readonly unknown[]): number {
  let count = 0
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '' || (i > 0 && value[i - 1] === '')) continue
    count++
  }
  return value.includes('') ? count + 1 : count
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const parsed = Number.parseFloat(value)
  return Number.isNaN(parsed) ? null : parsed
}

// ---- open text, contact info: as the widget checks them

function openTextProblems(element: Json, value: unknown, ruleTypes: Set<unknown>, name: string): InvalidParam[] {
  if (typeof value !== 'string' && typeof value !== 'number') return []
  const text = String(value).trim()
  if (text === '') return []
  const problems: InvalidParam[] = []
  const inputType = element.inputType
  // A rule of the same kind already said it (the reference adds the input type's rule only when none is there).
  const check = (kind: string, valid: boolean, reason: string) => {
    if (!ruleTypes.has(kind) && !valid) problems.push({ name, reason, identifier: 'inputType' })
  }
  if (inputType === 'email') check('email', isEmailAnswer(text), 'Must be a valid email address')
  else if (inputType === 'url') check('url', isHttpUrlAnswer(text), 'Must be a valid URL (http or https)')
  else if (inputType === 'phone') check('phone', isPhoneAnswer(text), 'Must be a valid phone number')
  else if (inputType === 'number') check('number', Number.isFinite(Number(text)), 'Must be a number')
  const limit = isRecord(element.charLimit) ? element.charLimit : undefined
  if (limit?.enabled === true && inputType !== 'number') {
    const length = [...text].length
    if (typeof limit.min === 'number' && length < limit.min)
      problems.push({ name, reason: `Must be at least ${limit.min} characters long`, identifier: 'charLimit' })
    if (typeof limit.max === 'number' && length > limit.max)
      problems.push({ name, reason: `Must be at most ${limit.max} characters long`, identifier: 'charLimit' })
  }
  return problems
}

/** A contact info answer's shown email and phone inputs, when filled, are valid (unless a rule checks them). */
function contactInfoProblems(element: Json, value: unknown, rules: Json[], name: string): InvalidParam[] {
  if (!Array.isArray(value)) return []
  const problems: InvalidParam[] = []
  const shown = (field: string) => isRecord(element[field]) && (element[field] as Json).show === true
  const ruled = (type: string, field: string) => rules.some((rule) => rule.type === type && rule.field === field)
  const email = typeof value[2] === 'string' ? value[2].trim() : ''
  const phone = typeof value[3] === 'string' ? value[3].trim() : ''
  if (shown('email') && !ruled('email', 'email') && email !== '' && !isEmailAnswer(email))
    problems.push({ name, reason: 'email: Must be a valid email address', identifier: 'email' })
  if (shown('phone') && !ruled('phone', 'phone') && phone !== '' && !isPhoneAnswer(phone))
    problems.push({ name, reason: 'phone: Must be a valid phone number', identifier: 'phone' })
  return problems
}

// ---- file uploads

/**
 * Each URL of a file upload answer names a file of this environment's storage (`storedFileOf`, on any origin:
 * `PUBLIC_URL` may have changed) whose extension the element's `allowedFileExtensions` (when set) allow.
 * Non-string entries are left to the read.
 */
function fileUploadProblems(element: Json, value: unknown, environmentId: string, name: string): InvalidParam[] {
  if (!Array.isArray(value)) return []
  const allowed = allowedExtensionsOf(element)
  const problems: InvalidParam[] = []
  value.forEach((url, index) => {
    if (typeof url !== 'string') return
    const at = `${name}.${index}`
    const file = storedFileOf(url)
    if (!file || file.environmentId !== environmentId) {
      problems.push({ name: at, reason: "Not a file uploaded to this workspace's storage", code: 'invalid_reference' })
      return
    }
    if (allowed && !allowed.includes(extensionOf(file.fileName)))
      problems.push({ name: at, reason: `A file type this element does not allow (${allowed.join(', ')})` })
  })
  return problems
}

/** The extension of a URL's last path segment (`extensionOf`), `''` without one. */
const urlExtension = (url: string): string => extensionOf(url.split('?')[0]?.split('/').pop() ?? '')

// ---- formats (each linear in the text)

/** The reference's email rule: `local@domain.tld`, a letters-only top level of two or more. */
function isRuleEmail(text: string): boolean {
  if (text.length > 320) return false
  const at = text.indexOf('@')
  if (at <= 0 || at !== text.lastIndexOf('@')) return false
  const local = text.slice(0, at)
  const domain = text.slice(at + 1)
  if (!/^[a-zA-Z0-9._%+-]+$/.test(local) || !/^[a-zA-Z0-9.-]+$/.test(domain)) return false
  const dot = domain.lastIndexOf('.')
  return dot > 0 && /^[a-zA-Z]{2,}$/.test(domain.slice(dot + 1))
}

/** The reference's phone rule: starts with a digit or `+`, ends with a digit, digits, `+`, `-` and spaces. */
function isRulePhone(text: string): boolean {
  return /^[\d+][\d+\- ]*$/.test(text) && text.length >= 2 && /\d$/.test(text)
}

function isAnyUrl(text: string): boolean {
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
