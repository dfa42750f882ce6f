/**
 * Which condition operators apply to which operand, and what each compares with. The lists follow the
 * reference's logic editor; the meaning of each operator is `@canvass/core/conditions` (what the widget and
 * quotas evaluate), so an operator listed here is one the survey actually obeys.
 */
import { elementTypeInfo } from '@canvass/core/element-types'
import type { SurveyDocument, Element, Operand, Variable } from './types'

/** What a condition's right side holds: nothing, a typed value, one choice id, several, or a date. */
export type ValueKind = 'none' | 'text' | 'number' | 'choice' | 'choices' | 'date'

export interface OperatorSpec {
  operator: string
  right: ValueKind
}

const presence = [op('isSubmitted', 'none'), op('isSkipped', 'none')]
const numberOps = [
  op('equals', 'number'),
  op('doesNotEqual', 'number'),
  op('isLessThan', 'number'),
  op('isLessThanOrEqual', 'number'),
  op('isGreaterThan', 'number'),
  op('isGreaterThanOrEqual', 'number'),
]
const textOps = [
  op('equals', 'text'),
  op('doesNotEqual', 'text'),
  op('contains', 'text'),
  op('doesNotContain', 'text'),
  op('startsWith', 'text'),
  op('doesNotStartWith', 'text'),
  op('endsWith', 'text'),
  op('doesNotEndWith', 'text'),
]
const multiOps = [
  op('equals', 'choice'),
  op('doesNotEqual', 'choice'),
  op('includesAllOf', 'choices'),
  op('includesOneOf', 'choices'),
  op('doesNotIncludeAllOf', 'choices'),
  op('doesNotIncludeOneOf', 'choices'),
]

/** Whether an element's answer is a point of a scale, which is a number. */
const isScale = (type: string) => elementTypeInfo(type)?.options === 'scale'

/** The operators a question of this element type takes. */
export function elementOperators(element: Pick<Element, 'type' | 'inputType'>): OperatorSpec[] {
  switch (element.type) {
    case 'openText':
      return element.inputType === 'number' ? [...numberOps, ...presence] : [...textOps, ...presence]
    case 'multipleChoiceSingle':
      return [op('equals', 'choice'), op('doesNotEqual', 'choice'), op('equalsOneOf', 'choices'), ...presence]
    case 'multipleChoiceMulti':
    case 'pictureSelection':
      return [...multiOps, ...presence]
    case 'date':
      return [op('equals', 'date'), op('doesNotEqual', 'date'), op('isBefore', 'date'), op('isAfter', 'date'), ...presence]
    case 'cta':
      return [op('isClicked', 'none'), op('isSkipped', 'none')]
    case 'consent':
      return [op('isAccepted', 'none'), op('isSkipped', 'none')]
    case 'cal':
      return [op('isBooked', 'none'), op('isSkipped', 'none')]
    case 'matrix':
      return [op('isPartiallySubmitted', 'none'), op('isCompletelySubmitted', 'none'), op('isSkipped', 'none')]
    default:
      return isScale(element.type) ? [...numberOps, ...presence] : presence
  }
}

/** The operators a condition on `operand` takes (none for an operand naming nothing the survey has). */
export function operatorsFor(survey: SurveyDocument, operand: Operand): OperatorSpec[] {
  switch (operand.type) {
    case 'element':
    case 'question': {
      const element = findElement(survey, String(operand.value))
      return element ? elementOperators(element) : []
    }
    case 'variable': {
      const variable = findVariable(survey, String(operand.value))
      if (!variable) return []
      return variable.type === 'number' ? numberOps : textOps
    }
    case 'hiddenField':
      return [...textOps, op('isSet', 'none'), op('isNotSet', 'none')]
    default:
      return []
  }
}

/** The kind of value an operand yields when compared with (or used in a calculation). */
export function valueKindOf(survey: SurveyDocument, operand: Operand): 'number' | 'text' | 'other' {
  if (operand.type === 'variable') return findVariable(survey, String(operand.value))?.type ?? 'other'
  if (operand.type === 'hiddenField') return 'text'
  if (operand.type === 'static') return typeof operand.value === 'number' ? 'number' : typeof operand.value === 'string' ? 'text' : 'other'
  const element = findElement(survey, String(operand.value))
  return element ? elementValueKind(element) : 'other'
}

/** `number` for scales and number inputs, `text` for other open text, `other` for the rest. */
export function elementValueKind(element: Pick<Element, 'type' | 'inputType'>): 'number' | 'text' | 'other' {
  if (isScale(element.type)) return 'number'
  if (element.type === 'openText') return element.inputType === 'number' ? 'number' : 'text'
  return 'other'
}

/** The operators of a `calculate` action on a variable of this type (the widget's, logic.ts `calculate`). */
export function calculateOperators(type: Variable['type'] | undefined): string[] {
  return type === 'text' ? ['assign', 'concat'] : ['add', 'subtract', 'multiply', 'divide', 'assign']
}

export function findElement(survey: SurveyDocument, id: string): Element | undefined {
  for (const block of survey.blocks ?? []) {
    const element = block.elements.find((item) => item.id === id)
    if (element) return element
  }
  return undefined
}

export function findVariable(survey: SurveyDocument, id: string): Variable | undefined {
  return survey.variables?.find((variable) => variable.id === id)
}

function op(operator: string, right: ValueKind): OperatorSpec {
  return { operator, right }
}
