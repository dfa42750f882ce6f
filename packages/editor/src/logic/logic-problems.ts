/**
 * What is wrong with the survey's logic, found in the browser: the server keeps logic rules as sent (they
 * changed shape across the reference's versions, schemas/survey.ts `logicRules`), so a jump to nowhere or a
 * condition on a removed question would be saved and then silently ignored by the widget. Each problem has
 * the dot path the server's `invalid_params` would use and a key of the texts.
 */
import { isEditableRule, isGroup } from './model'
import { calculateOperators, findVariable, operatorsFor } from './operators'
import type { Block, Condition, SurveyDocument, LogicAction, LogicTexts, Operand } from './types'

export type LogicProblemKey =
  | 'problemOperand'
  | 'problemOperator'
  | 'problemValue'
  | 'problemTarget'
  | 'problemRequire'
  | 'problemVariable'
  | 'problemNoActions'

export interface LogicProblem {
  path: string
  key: LogicProblemKey
}

/** Every problem of every block's logic and fallback. */
export function logicProblems(survey: SurveyDocument): LogicProblem[] {
  return (survey.blocks ?? []).flatMap((block, index) => blockProblems(survey, block, `blocks.${index}`))
}

/** `logicProblems` as the editor's error events name problems: `{ path, message }`. */
export function logicProblemMessages(survey: SurveyDocument, texts: LogicTexts): Array<{ path: string; message: string }> {
  return logicProblems(survey).map((problem) => ({ path: problem.path, message: texts[problem.key] }))
}

/** The problems of one block; `at` is the block's path (`blocks.2`). */
export function blockProblems(survey: SurveyDocument, block: Block, at: string): LogicProblem[] {
  const blocks = survey.blocks ?? []
  const index = blocks.findIndex((item) => item.id === block.id)
  const earlier = new Set(blocks.slice(0, index + 1).flatMap((item) => item.elements.map((element) => element.id)))
  const later = new Set(blocks.slice(index + 1).flatMap((item) => item.elements.map((element) => element.id)))
  // The editor offers later blocks and endings; an earlier block (set by another client) is taken, the block itself is a loop.
  const targets = new Set([
    ...blocks.filter((item) => item.id !== block.id).map((item) => item.id),
    ...(survey.endings ?? []).map((ending) => ending.id),
  ])
  const problems: LogicProblem[] = []
  const add = (path: string, key: LogicProblemKey) => problems.push({ path, key })
  const names = (operand: Operand): boolean => {
    const id = String(operand.value)
    if (operand.type === 'element' || operand.type === 'question') return earlier.has(id)
    if (operand.type === 'variable') return findVariable(survey, id) !== undefined
    if (operand.type === 'hiddenField') return (survey.hiddenFields?.fieldIds ?? []).includes(id)
    return operand.type === 'static'
  }
  const condition = (item: Condition, path: string) => {
    if (!item.leftOperand || !names(item.leftOperand)) return add(`${path}.leftOperand`, 'problemOperand')
    const spec = operatorsFor(survey, item.leftOperand).find((entry) => entry.operator === item.operator)
    if (!spec) return add(`${path}.operator`, 'problemOperator')
    if (spec.right === 'none') return
    const right = item.rightOperand
    if (right === undefined) return add(`${path}.rightOperand`, 'problemValue')
    if (right.type !== 'static') {
      if (!names(right)) add(`${path}.rightOperand`, 'problemOperand')
      return
    }
    const empty = Array.isArray(right.value) ? right.value.length === 0 : String(right.value).trim() === ''
    if (empty && spec.right !== 'text') add(`${path}.rightOperand`, 'problemValue')
  }
  const action = (item: LogicAction, path: string) => {
    if (item.objective === 'jumpToBlock' && !targets.has(item.target)) add(`${path}.target`, 'problemTarget')
    if (item.objective === 'requireAnswer' && !later.has(item.target)) add(`${path}.target`, 'problemRequire')
    if (item.objective === 'calculate') {
      const variable = findVariable(survey, item.variableId)
      if (!variable) return add(`${path}.variableId`, 'problemVariable')
      if (!calculateOperators(variable.type).includes(item.operator)) return add(`${path}.operator`, 'problemOperator')
      if (item.value === undefined || !names(item.value)) add(`${path}.value`, 'problemValue')
    }
  }
  ;(block.logic ?? []).forEach((rule, r) => {
    if (!isEditableRule(rule)) return
    const path = `${at}.logic.${r}`
    rule.conditions.conditions.forEach((item, c) => {
      if (!isGroup(item)) condition(item, `${path}.conditions.conditions.${c}`)
    })
    if (rule.actions.length === 0) add(`${path}.actions`, 'problemNoActions')
    rule.actions.forEach((item, a) => action(item, `${path}.actions.${a}`))
  })
  if (block.logicFallback !== undefined && !targets.has(block.logicFallback)) add(`${at}.logicFallback`, 'problemTarget')
  return problems
}
