/**
 * The reference's survey logic, evaluated after a question is answered: each rule of the question whose
 * conditions hold runs its actions in order — `jumpToQuestion` (the first one wins), `requireAnswer` (makes a
 * later question required) and `calculate` (changes a variable). Conditions compare answers, hidden fields
 * and variables; choice answers are compared by choice id, whatever language they were given in. Rules of
 * the reference's first logic (`condition`, `value`, `destination`) are understood too.
 */
import { OTHER_ID, choiceIdOfLabel, isEmptyAnswer, matrixLabelTexts } from './answers'
import type {
  Answer,
  ConditionGroup,
  LogicAction,
  LogicRule,
  Operand,
  Question,
  ResponseData,
  SingleCondition,
  SurveyVariable,
  Variables,
} from './types'

export interface LogicContext {
  questions: readonly Question[]
  variables: readonly SurveyVariable[]
  data: ResponseData
  /** The variables' current values (each variable's own `value` where it has none yet). */
  values: Variables
}

export interface LogicOutcome {
  /** Where to go next (a question or ending id, or `end`), when a rule said so. */
  jumpTarget: string | undefined
  /** Questions a rule made required. */
  requiredIds: string[]
  /** The variables after every calculation. */
  values: Variables
}

/** The logic of `question` run against the answers so far. */
export function runLogic(question: Pick<Question, 'id' | 'logic'>, ctx: LogicContext): LogicOutcome {
  let jumpTarget: string | undefined
  const requiredIds: string[] = []
  let values = { ...ctx.values }
  for (const rule of Array.isArray(question.logic) ? question.logic : []) {
    if (isLegacyRule(rule)) {
      if (jumpTarget === undefined && legacyConditionHolds(rule, ctx.data[question.id])) jumpTarget = rule.destination
      continue
    }
    if (!rule || !isGroup(rule.conditions) || !evaluateGroup(rule.conditions, { ...ctx, values })) continue
    for (const action of Array.isArray(rule.actions) ? rule.actions : []) {
      if (action.objective === 'jumpToQuestion' || action.objective === 'jumpToBlock') {
        jumpTarget ??= action.target
      } else if (action.objective === 'requireAnswer') {
        if (!requiredIds.includes(action.target)) requiredIds.push(action.target)
      } else if (action.objective === 'calculate') {
        const result = calculate(action, { ...ctx, values })
        if (result !== undefined) values = { ...values, [action.variableId]: result }
      }
    }
  }
  return { jumpTarget, requiredIds, values }
}

/** Whether a condition group holds (`and`: every condition, `or`: any). */
export function evaluateGroup(group: ConditionGroup, ctx: LogicContext): boolean {
  const conditions = Array.isArray(group.conditions) ? group.conditions : []
  const holds = (condition: SingleCondition | ConditionGroup) =>
    isGroup(condition) ? evaluateGroup(condition, ctx) : evaluateCondition(condition, ctx)
  return group.connector === 'or' ? conditions.some(holds) : conditions.every(holds)
}

/** The variables' starting values, by id. */
export function initialValues(variables: readonly SurveyVariable[]): Variables {
  const values: Variables = {}
  for (const variable of variables)
    values[variable.id] = variable.type === 'number' ? Number(variable.value) || 0 : String(variable.value ?? '')
  return values
}

type Value = Answer | undefined

function evaluateCondition(condition: SingleCondition, ctx: LogicContext): boolean {
  const left = leftValue(condition.leftOperand, ctx)
  const right = condition.rightOperand ? operandValue(condition.rightOperand, ctx) : undefined
  const leftQuestion = operandQuestion(condition.leftOperand, ctx)
  const isDate = leftQuestion?.type === 'date'
  switch (condition.operator) {
    case 'equals':
      if (isDate) return sameDay(left, right)
      return equals(left, right)
    case 'doesNotEqual':
      if (isDate) return typeof left === 'string' && typeof right === 'string' && !sameDay(left, right)
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
      return !isEmptyAnswer(left) && left !== 'skipped' && left !== 'dismissed'
    case 'isSkipped':
      return isEmptyAnswer(left) || left === 'skipped' || left === 'dismissed'
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
      return dayOf(left) !== undefined && dayOf(right) !== undefined && (dayOf(left) as number) < (dayOf(right) as number)
    case 'isAfter':
      return dayOf(left) !== undefined && dayOf(right) !== undefined && (dayOf(left) as number) > (dayOf(right) as number)
    case 'isPartiallySubmitted':
      return isRecord(left) && Object.values(left).some((cell) => cell === '') && Object.values(left).some((cell) => cell !== '')
    case 'isCompletelySubmitted':
      return isRecord(left) && completeMatrix(left, leftQuestion)
    case 'isSet':
    case 'isNotEmpty':
      return left !== undefined && left !== '' && !(Array.isArray(left) && left.length === 0)
    case 'isNotSet':
      return left === undefined || left === ''
    case 'isEmpty':
      return isEmptyAnswer(left)
    default:
      return false
  }
}

/**
 * The left operand's value. Choice answers become choice ids (text that is no label becomes `other`), number
 * inputs numbers, and a matrix row (`meta.row`, its index) the index of the column chosen in it.
 */
function leftValue(operand: Operand, ctx: LogicContext): Value {
  const question = operandQuestion(operand, ctx)
  if (!question) return operandValue(operand, ctx)
  const answer = ctx.data[question.id]
  if (answer === undefined) return undefined
  switch (question.type) {
    case 'openText':
      if (question.inputType !== 'number') return answer
      if (typeof answer === 'string' && answer.trim() === '') return undefined
      return Number.isFinite(Number(answer)) ? Number(answer) : undefined
    case 'multipleChoiceSingle':
    case 'multipleChoiceMulti': {
      const hasOther = question.choices.some((choice) => choice.id === OTHER_ID)
      const idOf = (label: string) => choiceIdOfLabel(question.choices, label) ?? (hasOther && label !== '' ? OTHER_ID : undefined)
      if (typeof answer === 'string') return idOf(answer)
      if (Array.isArray(answer)) return [...new Set(answer.map(idOf).filter((id): id is string => id !== undefined))]
      return undefined
    }
    case 'matrix': {
      const row = 'meta' in operand ? operand.meta?.row : undefined
      if (row === undefined || !isRecord(answer)) return answer
      const rowEntry = question.rows[Number(row)]
      if (!rowEntry) return undefined
      const cell = matrixLabelTexts(rowEntry)
        .map((label) => answer[label])
        .find((value) => value !== undefined)
      if (cell === undefined || cell === '') return cell
      const column = question.columns.findIndex((entry) => matrixLabelTexts(entry).includes(cell))
      return column === -1 ? undefined : String(column)
    }
    default:
      return answer
  }
}

function operandValue(operand: Operand, ctx: LogicContext): Value {
  switch (operand.type) {
    case 'static':
      return operand.value
    case 'variable': {
      const variable = ctx.variables.find((v) => v.id === operand.value)
      if (!variable) return undefined
      const value = ctx.values[variable.id] ?? variable.value
      return variable.type === 'number' ? Number(value) || 0 : String(value ?? '')
    }
    case 'question':
    case 'element':
    case 'hiddenField':
      return ctx.data[operand.value]
    default:
      return undefined
  }
}

function operandQuestion(operand: Operand, ctx: LogicContext): Question | undefined {
  if (operand.type !== 'question' && operand.type !== 'element') return undefined
  return ctx.questions.find((question) => question.id === operand.value)
}

/**
 * The variable after one `calculate` action, or `undefined` to leave it as it is. As in the reference,
 * numbers take `add`, `subtract`, `multiply`, `divide` (never by zero) and `assign`, texts `assign` and
 * `concat`; a number stays a finite number (a NaN or an infinity would be sent as `null`, which the server
 * refuses), so an overflow, a text that is no number, or an operator of the other type changes nothing.
 */
function calculate(action: Extract<LogicAction, { objective: 'calculate' }>, ctx: LogicContext): string | number | undefined {
  const variable = ctx.variables.find((v) => v.id === action.variableId)
  if (!variable || !action.value) return undefined
  const raw = operandValue(action.value, ctx)
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined
  if (variable.type === 'text') {
    const current = String(ctx.values[variable.id] ?? '')
    if (action.operator === 'assign') return String(raw)
    if (action.operator === 'concat') return current + String(raw)
    return undefined
  }
  const current = Number(ctx.values[variable.id] ?? 0)
  const operand = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw)
  if (!Number.isFinite(operand) || !Number.isFinite(current)) return undefined
  let result: number
  switch (action.operator) {
    case 'assign':
      result = operand
      break
    case 'add':
      result = current + operand
      break
    case 'subtract':
      result = current - operand
      break
    case 'multiply':
      result = current * operand
      break
    case 'divide':
      if (operand === 0) return undefined
      result = current / operand
      break
    default:
      return undefined
  }
  return Number.isFinite(result) ? result : undefined
}

type LegacyRule = Extract<LogicRule, { condition: string }>

function isLegacyRule(rule: LogicRule): rule is LegacyRule {
  return (
    typeof rule === 'object' &&
    rule !== null &&
    typeof (rule as LegacyRule).condition === 'string' &&
    typeof (rule as LegacyRule).destination === 'string'
  )
}

/** A rule of the reference's first logic, on the answer to its own question. */
function legacyConditionHolds(rule: LegacyRule, answer: Value): boolean {
  const expected = rule.value
  switch (rule.condition) {
    case 'submitted':
      return !isEmptyAnswer(answer) && answer !== 'dismissed'
    case 'skipped':
      return isEmptyAnswer(answer) || answer === 'dismissed'
    case 'equals':
      return equals(answer, expected)
    case 'notEquals':
      return !equals(answer, expected)
    case 'lessThan':
      return compare(answer, expected, (a, b) => a < b)
    case 'lessEqual':
      return compare(answer, expected, (a, b) => a <= b)
    case 'greaterThan':
      return compare(answer, expected, (a, b) => a > b)
    case 'greaterEqual':
      return compare(answer, expected, (a, b) => a >= b)
    case 'includesAll':
      return Array.isArray(answer) && Array.isArray(expected) && expected.every((item) => answer.includes(item))
    case 'includesOne':
      return Array.isArray(answer) && Array.isArray(expected) && expected.some((item) => answer.includes(item))
    case 'accepted':
      return answer === 'accepted'
    case 'clicked':
      return answer === 'clicked'
    case 'booked':
      return answer === 'booked'
    case 'isCompletelySubmitted':
      return isRecord(answer) && Object.values(answer).length > 0 && !Object.values(answer).includes('')
    case 'isPartiallySubmitted':
      return isRecord(answer) && Object.values(answer).includes('')
    default:
      return false
  }
}

function equals(left: Value, right: Value): boolean {
  if (left === undefined || right === undefined) return false
  if (Array.isArray(left) && typeof right === 'string') return left.length === 1 && left[0] === right
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item) => right.includes(item))
  if (typeof left === 'number' || typeof right === 'number') return left !== '' && right !== '' && Number(left) === Number(right)
  return left === right
}

function compare(left: Value, right: Value, test: (a: number, b: number) => boolean): boolean {
  if (left === undefined || right === undefined || left === '' || right === '') return false
  const a = Number(left)
  const b = Number(right)
  return Number.isFinite(a) && Number.isFinite(b) && test(a, b)
}

function text(value: Value): string {
  if (value === undefined) return ''
  return Array.isArray(value) ? value.join(',') : typeof value === 'object' ? '' : String(value)
}

function dayOf(value: Value): number | undefined {
  if (typeof value !== 'string') return undefined
  const time = new Date(value).getTime()
  return Number.isNaN(time) ? undefined : time
}

function sameDay(left: Value, right: Value): boolean {
  const a = dayOf(left)
  return a !== undefined && a === dayOf(right)
}

function completeMatrix(answer: Record<string, string>, question: Question | undefined): boolean {
  const cells = Object.values(answer)
  const rows = question?.type === 'matrix' ? question.rows.length : cells.length
  return cells.length >= rows && rows > 0 && cells.every((cell) => cell !== '')
}

function isGroup(value: unknown): value is ConditionGroup {
  return typeof value === 'object' && value !== null && Array.isArray((value as ConditionGroup).conditions)
}

function isRecord(value: Value): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
