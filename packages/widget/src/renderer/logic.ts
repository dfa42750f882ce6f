/**
 * The reference's survey logic, evaluated after a question is answered: each rule of the question whose
 * conditions hold runs its actions in order — `jumpToQuestion` (the first one wins), `requireAnswer` (makes a
 * later question required) and `calculate` (changes a variable). Conditions compare answers, hidden fields
 * and variables; choice answers are compared by choice id, whatever language they were given in. The
 * conditions are core's (`@canvass/core/conditions`, which imports nothing else of core), so that the server
 * judges a quota as the renderer judges a rule. Rules of the reference's first logic (`condition`, `value`,
 * `destination`) are understood too.
 */
import { compare, equals, groupHolds, operandValue } from '@canvass/core/conditions'
import { isEmptyAnswer } from './answers'
import type { Answer, ConditionGroup, LogicAction, LogicRule, Question, ResponseData, SurveyVariable, Variables } from './types'

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

/** Whether a condition group holds (`and`: every condition, `or`: any), as the server judges a quota's. */
export function evaluateGroup(group: ConditionGroup, ctx: LogicContext): boolean {
  return groupHolds(group, ctx)
}

/** The variables' starting values, by id. */
export function initialValues(variables: readonly SurveyVariable[]): Variables {
  const values: Variables = {}
  for (const variable of variables)
    values[variable.id] = variable.type === 'number' ? Number(variable.value) || 0 : String(variable.value ?? '')
  return values
}

type Value = Answer | undefined

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

function isGroup(value: unknown): value is ConditionGroup {
  return typeof value === 'object' && value !== null && Array.isArray((value as ConditionGroup).conditions)
}

function isRecord(value: Value): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
