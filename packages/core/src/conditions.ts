/**
 * @module
 * The reference's logic conditions (`evaluateLogic`), judged the same way on the server (a quota's conditions)
 * and in the browser (the widget's renderer bundles this entry, `@canvass/core/conditions`, for its logic
 * rules): it imports nothing, so that a bundle of it holds nothing else of core.
 *
 * Conditions read answers (choice answers by choice id, whatever language their label was given in; number
 * inputs as numbers; a matrix row, named by `meta.row`, as the index of its column), hidden fields and
 * variables (a variable without a current value has the survey's starting value). A group's `and` needs every
 * condition, `or` one (so without conditions, every answer meets `and` and none meets `or`); a condition may
 * be a group itself.
 */

/** What conditions are judged against. */
export interface ConditionContext {
  /** The survey's questions (`{id, type, …}`), to read answers the way their type asks. */
  questions: readonly unknown[]
  /** The survey's variables (`{id, type, value}`). */
  variables: readonly unknown[]
  /** The answers and hidden fields, by id. */
  data: Readonly<Record<string, unknown>>
  /** The variables' current values, by id (a variable without one has its `value`). */
  values: Readonly<Record<string, unknown>>
}

/** A group of conditions, in the reference's shape (`conditions` may hold groups). */
export interface ConditionGroupShape {
  connector: 'and' | 'or'
  conditions: readonly unknown[]
}

/** An operand of a condition or a `calculate` action, in the reference's shape. */
export interface OperandShape {
  type: string
  value: unknown
  meta?: Record<string, string>
}

/** Whether a condition group holds (`and`: every condition, `or`: any); nested groups are judged alike. */
export function groupHolds(group: ConditionGroupShape, ctx: ConditionContext): boolean {
  const conditions = Array.isArray(group.conditions) ? group.conditions : []
  const holds = (condition: unknown) => (isGroup(condition) ? groupHolds(condition, ctx) : conditionHolds(condition as Condition, ctx))
  return group.connector === 'or' ? conditions.some(holds) : conditions.every(holds)
}

/** An operand's value: a static value, a variable's (typed as the variable is), an answer or hidden field as stored. */
export function operandValue(operand: OperandShape, ctx: ConditionContext): unknown {
  switch (operand.type) {
    case 'static':
      return operand.value
    case 'variable': {
      const variable = ctx.variables.find((entry) => isRecord(entry) && entry.id === operand.value) as
        | { id: string; type: string; value?: unknown }
        | undefined
      if (!variable) return undefined
      const value = own(ctx.values, variable.id) ?? variable.value
      return variable.type === 'number' ? Number(value) || 0 : String(value ?? '')
    }
    case 'question':
    case 'element':
    case 'hiddenField':
      return own(ctx.data, operand.value as string)
    default:
      return undefined
  }
}

/** Whether two values are equal as conditions compare them (a one-item list equals its item; numbers as numbers). */
export function equals(left: unknown, right: unknown): boolean {
  if (left === undefined || right === undefined) return false
  if (Array.isArray(left) && typeof right === 'string') return left.length === 1 && left[0] === right
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item) => right.includes(item))
  if (typeof left === 'number' || typeof right === 'number') return left !== '' && right !== '' && Number(left) === Number(right)
  return left === right
}

/** Whether `test` holds of two values read as numbers (`Number`): a blank or a record is no number. */
export function compare(left: unknown, right: unknown, test: (a: number, b: number) => boolean): boolean {
  // As the reference's surveys do (`Number(left) > Number(right)`): a list of one number compares as that number.
  if (left === undefined || right === undefined || left === '' || right === '') return false
  const a = Number(left)
  const b = Number(right)
  return Number.isFinite(a) && Number.isFinite(b) && test(a, b)
}

interface Condition {
  leftOperand: OperandShape
  operator: string
  rightOperand?: OperandShape
}

interface Question {
  id: string
  type: string
  inputType?: string
  choices?: Array<{ id: string; label?: Record<string, unknown> }>
  rows?: unknown[]
  columns?: unknown[]
}

function conditionHolds(condition: Condition, ctx: ConditionContext): boolean {
  const question = questionOf(condition.leftOperand, ctx)
  const left = question ? answerOf(question, condition.leftOperand, ctx.data) : operandValue(condition.leftOperand, ctx)
  const right = condition.rightOperand ? operandValue(condition.rightOperand, ctx) : undefined
  const isDate = question?.type === 'date'
  switch (condition.operator) {
    case 'equals':
      return isDate ? sameTime(left, right) : equals(left, right)
    case 'doesNotEqual':
      if (isDate) return typeof left === 'string' && typeof right === 'string' && !sameTime(left, right)
      if (Array.isArray(left) && typeof right === 'string') return !left.includes(right)
      return !equals(left, right)
    case 'contains':
      return text(left).includes(text(right))
    case 'doesNotContain':
      return !text(left).includes(text(right))
    case 'startsWith':
      return text(left).startsWith(text(right))
    case 'doesNotStartWith':
      return !text(left).startsWith(text(right))
    case 'endsWith':
      return text(left).endsWith(text(right))
    case 'doesNotEndWith':
      return !text(left).endsWith(text(right))
    case 'isSubmitted':
      return !isEmpty(left) && left !== 'skipped' && left !== 'dismissed'
    case 'isSkipped':
      return isEmpty(left) || left === 'skipped' || left === 'dismissed'
    case 'isGreaterThan':
      return compare(left, right, (a, b) => a > b)
    case 'isLessThan':
      return compare(left, right, (a, b) => a < b)
    case 'isGreaterThanOrEqual':
      return compare(left, right, (a, b) => a >= b)
    case 'isLessThanOrEqual':
      return compare(left, right, (a, b) => a <= b)
    case 'equalsOneOf':
    case 'isAnyOf':
      return Array.isArray(right) && (typeof left === 'string' || typeof left === 'number') && right.includes(String(left))
    case 'includesAllOf':
      return Array.isArray(left) && Array.isArray(right) && right.every((item) => left.includes(item))
    case 'includesOneOf':
      return Array.isArray(left) && Array.isArray(right) && right.some((item) => left.includes(item))
    case 'doesNotIncludeAllOf':
      return Array.isArray(left) && Array.isArray(right) && !right.every((item) => left.includes(item))
    case 'doesNotIncludeOneOf':
      return Array.isArray(left) && Array.isArray(right) && !right.some((item) => left.includes(item))
    case 'isAccepted':
      return left === 'accepted'
    case 'isClicked':
      return left === 'clicked'
    case 'isNotClicked':
      return left !== 'clicked'
    case 'isBooked':
      return left === 'booked'
    case 'isBefore':
      return order(left, right, (a, b) => a < b)
    case 'isAfter':
      return order(left, right, (a, b) => a > b)
    case 'isPartiallySubmitted':
      return isRecord(left) && Object.values(left).some((cell) => cell === '') && Object.values(left).some((cell) => cell !== '')
    case 'isCompletelySubmitted':
      return isRecord(left) && Object.values(left).length > 0 && Object.values(left).every((cell) => cell !== '')
    case 'isSet':
    case 'isNotEmpty':
      return left !== undefined && left !== '' && !(Array.isArray(left) && left.length === 0)
    case 'isNotSet':
      return left === undefined || left === ''
    case 'isEmpty':
      return isEmpty(left)
    default:
      return false
  }
}

function questionOf(operand: OperandShape, ctx: ConditionContext): Question | undefined {
  if (operand.type !== 'element' && operand.type !== 'question') return undefined
  return ctx.questions.find((question) => isRecord(question) && question.id === operand.value) as Question | undefined
}

/** A question's answer as conditions compare it (see the module comment; text that is no label is `other`). */
function answerOf(question: Question, operand: OperandShape, data: ConditionContext['data']): unknown {
  const answer = own(data, question.id)
  if (answer === undefined) return undefined
  switch (question.type) {
    case 'openText':
      if (question.inputType !== 'number') return answer
      if (typeof answer === 'string' && answer.trim() === '') return undefined
      return Number.isFinite(Number(answer)) ? Number(answer) : undefined
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti': {
      const choices = question.choices ?? []
      const hasOther = choices.some((choice) => choice.id === 'other')
      const idOf = (label: unknown) =>
        choices.find((choice) => Object.values(choice.label ?? {}).includes(label))?.id ?? (hasOther && label !== '' ? 'other' : undefined)
      if (typeof answer === 'string') return idOf(answer)
      if (Array.isArray(answer)) return [...new Set(answer.map(idOf).filter((id): id is string => id !== undefined))]
      return undefined
    }
    case 'matrix': {
      const row = operand.meta?.row
      if (row === undefined || !isRecord(answer)) return answer
      const entry = question.rows?.[Number(row)]
      if (entry === undefined) return undefined
      const cell = labelTexts(entry)
        .map((label) => own(answer, label))
        .find((value) => value !== undefined)
      if (cell === undefined || cell === '') return cell
      const column = (question.columns ?? []).findIndex((column) => labelTexts(column).includes(cell as string))
      return column === -1 ? undefined : String(column)
    }
    default:
      return answer
  }
}

/** Every language's text of a matrix row or column (`{id, label}` or a bare localized text). */
function labelTexts(entry: unknown): string[] {
  if (!isRecord(entry)) return []
  const label = isRecord(entry.label) ? entry.label : entry
  return Object.values(label).filter((value): value is string => typeof value === 'string')
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'number' || typeof value === 'boolean') return false
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.every((item) => typeof item !== 'string' || item.trim() === '')
  return isRecord(value) && Object.values(value).every((item) => item === '')
}

function text(value: unknown): string {
  if (value === undefined || value === null) return ''
  return Array.isArray(value) ? value.join(',') : typeof value === 'object' ? '' : String(value)
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined
  const time = new Date(value).getTime()
  return Number.isNaN(time) ? undefined : time
}

function sameTime(left: unknown, right: unknown): boolean {
  const a = timeOf(left)
  return a !== undefined && a === timeOf(right)
}

function order(left: unknown, right: unknown, test: (a: number, b: number) => boolean): boolean {
  const a = timeOf(left)
  const b = timeOf(right)
  return a !== undefined && b !== undefined && test(a, b)
}

function isGroup(value: unknown): value is ConditionGroupShape {
  return isRecord(value) && Array.isArray(value.conditions)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `record[key]` when it is the record's own: an answer or a label may be named `toString` or `constructor`. */
function own(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined
}
